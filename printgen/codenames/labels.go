package codenames

import "fmt"

// Labels are the words printed on the Codenames pieces (key cards, covers,
// tokens, the mission map sheet), in one language: a Polish set says
// everything in Polish. The terms follow each language's rulebook (karta
// klucza, zabójca; karta klíče, vrah, kolemjdoucí; cartão de acesso,
// assassino, civil).
type Labels struct {
	Lang string

	DuetKeyCard string // "DUET KEY CARD · SIDE %s"
	Starts      [2]string
	Number      string // "No. %d"
	Edge        string
	DuetLegend  [3]string    // 9 agents, 3 assassins, 13 bystanders
	TeamCount   [2][2]string // [red, blue][9, 8]: "9 red", "8 red", ...
	ClassicRest [2]string    // 7 bystanders, 1 assassin

	Agent, Assassin, RedAgent, BlueAgent, DoubleAgent, Bystander string // covers
	Timer                                                        string // "TIMER %d"
	Guess, Grid, SeatA                                           string // tokens

	MapTitle, Team, HowToRead, Notes, MapCode, Start, Easier, Harder string
	TurnsMistakes                                                    string // "%d–%d: %d turns, %d mistakes"
	WinChance                                                        string // "%.0f%%: estimated win chance"
	MapRules                                                         [3]string
}

// labels are the built-in languages, English first.
var labels = []Labels{
	{
		Lang:        "en",
		DuetKeyCard: "DUET KEY CARD · SIDE %s",
		Starts:      [2]string{"KEY CARD · RED STARTS", "KEY CARD · BLUE STARTS"},
		Number:      "No. %d",
		Edge:        "YOUR EDGE OF THE TABLE",
		DuetLegend:  [3]string{"9 agents", "3 assassins", "13 bystanders"},
		TeamCount:   [2][2]string{{"9 red", "8 red"}, {"9 blue", "8 blue"}},
		ClassicRest: [2]string{"7 bystanders", "1 assassin"},
		Agent:       "AGENT", Assassin: "ASSASSIN", RedAgent: "RED AGENT", BlueAgent: "BLUE AGENT",
		DoubleAgent: "DOUBLE AGENT", Bystander: "BYSTANDER",
		Timer: "TIMER %d", Guess: "GUESS", Grid: "GRID", SeatA: "SEAT A",
		MapTitle: "CODENAMES DUET · MISSION MAP", Team: "TEAM", HowToRead: "HOW TO READ A MISSION",
		Notes: "NOTES · DATE · MISSION · SCORE", MapCode: "MAP CODE", Start: "START", Easier: "easier", Harder: "harder",
		TurnsMistakes: "%d–%d: %d turns, %d mistakes",
		WinChance:     "%.0f%%: estimated win chance",
		MapRules: [3]string{
			"Turns: put that many timer tokens in the bank.",
			"Mistakes: that many of them lie bystander side up, the rest check side up. A bystander hit takes a bystander token; when none are left it costs two check tokens, and if the bank cannot pay, the game is lost.",
			"Tick the circle when you win a mission. Any mission joined to a ticked one may be played next.",
		},
	},
	{
		Lang:        "pl",
		DuetKeyCard: "KARTA KLUCZA DUET · STRONA %s",
		Starts:      [2]string{"KARTA KLUCZA · ZACZYNAJĄ CZERWONI", "KARTA KLUCZA · ZACZYNAJĄ NIEBIESCY"},
		Number:      "Nr %d",
		Edge:        "TWOJA KRAWĘDŹ STOŁU",
		DuetLegend:  [3]string{"9 agentów", "3 zabójców", "13 niewinnych"},
		TeamCount:   [2][2]string{{"9 czerwonych", "8 czerwonych"}, {"9 niebieskich", "8 niebieskich"}},
		ClassicRest: [2]string{"7 niewinnych", "1 zabójca"},
		Agent:       "AGENT", Assassin: "ZABÓJCA", RedAgent: "CZERWONY AGENT", BlueAgent: "NIEBIESKI AGENT",
		DoubleAgent: "PODWÓJNY AGENT", Bystander: "NIEWINNY",
		Timer: "CZAS %d", Guess: "TYP", Grid: "SIATKA", SeatA: "MIEJSCE A",
		MapTitle: "TAJNIACY DUET · MAPA MISJI", Team: "DRUŻYNA", HowToRead: "JAK CZYTAĆ MISJĘ",
		Notes: "NOTATKI · DATA · MISJA · WYNIK", MapCode: "KOD MAPY", Start: "START", Easier: "łatwiej", Harder: "trudniej",
		TurnsMistakes: "%d–%d: %d tur, %d pomyłek",
		WinChance:     "%.0f%%: szacowana szansa wygranej",
		MapRules: [3]string{
			"Tury: tyle żetonów czasu połóżcie w banku.",
			"Pomyłki: tyle z nich leży stroną z niewinnym do góry, reszta stroną z ptaszkiem. Trafienie niewinnego zabiera żeton z niewinnym; gdy ich zabraknie, kosztuje dwa żetony z ptaszkiem, a gdy bank nie może zapłacić, gra jest przegrana.",
			"Po wygranej misji zaznaczcie kółko. Następnie można zagrać każdą misję połączoną z zaznaczoną.",
		},
	},
	{
		Lang:        "cs",
		DuetKeyCard: "KARTA KLÍČE DUET · STRANA %s",
		Starts:      [2]string{"KARTA KLÍČE · ZAČÍNAJÍ ČERVENÍ", "KARTA KLÍČE · ZAČÍNAJÍ MODŘÍ"},
		Number:      "Č. %d",
		Edge:        "TVŮJ OKRAJ STOLU",
		DuetLegend:  [3]string{"9 agentů", "3 vrazi", "13 kolemjdoucích"},
		TeamCount:   [2][2]string{{"9 červených", "8 červených"}, {"9 modrých", "8 modrých"}},
		ClassicRest: [2]string{"7 kolemjdoucích", "1 vrah"},
		Agent:       "AGENT", Assassin: "VRAH", RedAgent: "ČERVENÝ AGENT", BlueAgent: "MODRÝ AGENT",
		DoubleAgent: "DVOJITÝ AGENT", Bystander: "KOLEMJDOUCÍ",
		Timer: "ČAS %d", Guess: "TIP", Grid: "MŘÍŽKA", SeatA: "MÍSTO A",
		MapTitle: "KRYCÍ JMÉNA DUET · MAPA MISÍ", Team: "TÝM", HowToRead: "JAK ČÍST MISI",
		Notes: "POZNÁMKY · DATUM · MISE · SKÓRE", MapCode: "KÓD MAPY", Start: "START", Easier: "snazší", Harder: "těžší",
		TurnsMistakes: "%d–%d: %d kol, %d chyb",
		WinChance:     "%.0f%%: odhad šance na výhru",
		MapRules: [3]string{
			"Kola: tolik žetonů času dejte do banku.",
			"Chyby: tolik z nich leží stranou s kolemjdoucím nahoru, ostatní stranou s fajfkou. Zásah kolemjdoucího stojí žeton s kolemjdoucím; když žádný nezbývá, stojí dva žetony s fajfkou, a když je bank nezaplatí, prohráváte.",
			"Po vyhrané misi zaškrtněte kroužek. Potom lze hrát kteroukoli misi spojenou se zaškrtnutou.",
		},
	},
	{
		Lang:        "pt",
		DuetKeyCard: "CARTÃO DE ACESSO DUET · LADO %s",
		Starts:      [2]string{"CARTÃO DE ACESSO · COMEÇAM OS VERMELHOS", "CARTÃO DE ACESSO · COMEÇAM OS AZUIS"},
		Number:      "N.º %d",
		Edge:        "O SEU LADO DA MESA",
		DuetLegend:  [3]string{"9 agentes", "3 assassinos", "13 civis"},
		TeamCount:   [2][2]string{{"9 vermelhos", "8 vermelhos"}, {"9 azuis", "8 azuis"}},
		ClassicRest: [2]string{"7 civis", "1 assassino"},
		Agent:       "AGENTE", Assassin: "ASSASSINO", RedAgent: "AGENTE VERMELHO", BlueAgent: "AGENTE AZUL",
		DoubleAgent: "AGENTE DUPLO", Bystander: "CIVIL",
		Timer: "TEMPO %d", Guess: "PALPITE", Grid: "GRELHA", SeatA: "LUGAR A",
		MapTitle: "CODENAMES DUET · MAPA DE MISSÕES", Team: "EQUIPA", HowToRead: "COMO LER UMA MISSÃO",
		Notes: "NOTAS · DATA · MISSÃO · PONTOS", MapCode: "CÓDIGO DO MAPA", Start: "INÍCIO", Easier: "mais fácil", Harder: "mais difícil",
		TurnsMistakes: "%d–%d: %d turnos, %d erros",
		WinChance:     "%.0f%%: hipótese estimada de vitória",
		MapRules: [3]string{
			"Turnos: ponham esse número de marcadores de tempo no banco.",
			"Erros: esse número fica com o civil para cima, o resto com o visto. Um civil custa um marcador de civil; sem estes, custa dois marcadores com o visto, e se o banco não os tiver, perdem o jogo.",
			"Marquem o círculo ao vencer uma missão. Qualquer missão ligada a uma marcada pode ser jogada a seguir.",
		},
	},
}

// LabelsFor returns the labels of a language code ("en", "pl", "cs", "pt");
// any other code, or "", gets English.
func LabelsFor(lang string) Labels {
	for _, l := range labels {
		if l.Lang == lang {
			return l
		}
	}
	return labels[0]
}

// Languages lists the languages of the printed labels.
func Languages() []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = l.Lang
	}
	return out
}

func (l Labels) duetKeyCard(side string) string { return fmt.Sprintf(l.DuetKeyCard, side) }
func (l Labels) number(n int) string            { return fmt.Sprintf(l.Number, n) }
func (l Labels) timer(n int) string             { return fmt.Sprintf(l.Timer, n) }
