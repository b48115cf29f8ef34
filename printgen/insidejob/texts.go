package insidejob

// Every text printed on an Inside Job piece, in every language, written for
// fieldkit (the retail texts are not published; the mission conditions are
// fieldkit's own deck, ../shared/insidejob.md §3). Keys are mission ids (M01..
// M24, R1..R4), role names, and label names; each maps a language code to its
// text. TestTextTables checks that every key has every language.

// Langs are the languages a set can be printed in.
var Langs = []string{"en", "pl", "cs", "pt"}

// tr is one text in every language: language code to text.
type tr map[string]string

// missionTexts are the conditions on the mission cards.
var missionTexts = map[string]tr{
	"M01": {"en": "Every card is 7 or higher.", "pl": "Każda karta ma wartość co najmniej 7.", "cs": "Každá karta má hodnotu 7 nebo víc.", "pt": "Todas as cartas valem 7 ou mais."},
	"M02": {"en": "Every card is 7 or lower.", "pl": "Każda karta ma wartość co najwyżej 7.", "cs": "Každá karta má hodnotu 7 nebo méně.", "pt": "Todas as cartas valem 7 ou menos."},
	"M03": {"en": "Every card is odd.", "pl": "Wszystkie karty są nieparzyste.", "cs": "Všechny karty jsou liché.", "pt": "Todas as cartas são ímpares."},
	"M04": {"en": "Every card is even.", "pl": "Wszystkie karty są parzyste.", "cs": "Všechny karty jsou sudé.", "pt": "Todas as cartas são pares."},
	"M05": {"en": "The middle card is odd (4 cards: both middle cards).", "pl": "Środkowa karta jest nieparzysta (przy 4 kartach: obie środkowe).", "cs": "Prostřední karta je lichá (při 4 kartách obě prostřední).", "pt": "A carta do meio é ímpar (com 4 cartas: as duas do meio)."},
	"M06": {"en": "Each card is higher than the one before.", "pl": "Każda karta jest wyższa od poprzedniej.", "cs": "Každá karta je vyšší než ta předchozí.", "pt": "Cada carta é maior do que a anterior."},
	"M07": {"en": "Each card is lower than the one before.", "pl": "Każda karta jest niższa od poprzedniej.", "cs": "Každá karta je nižší než ta předchozí.", "pt": "Cada carta é menor do que a anterior."},
	"M08": {"en": "The first card wins.", "pl": "Wygrywa pierwsza karta.", "cs": "Vyhrává první karta.", "pt": "A primeira carta vence."},
	"M09": {"en": "The last card wins.", "pl": "Wygrywa ostatnia karta.", "cs": "Vyhrává poslední karta.", "pt": "A última carta vence."},
	"M10": {"en": "The second card wins.", "pl": "Wygrywa druga karta.", "cs": "Vyhrává druhá karta.", "pt": "A segunda carta vence."},
	"M11": {"en": "The winning card is not the highest number.", "pl": "Zwycięska karta nie ma najwyższej wartości.", "cs": "Vítězná karta nemá nejvyšší hodnotu.", "pt": "A carta vencedora não tem o número mais alto."},
	"M12": {"en": "The winning card is 6 or lower.", "pl": "Zwycięska karta ma wartość 6 lub mniej.", "cs": "Vítězná karta má hodnotu 6 nebo méně.", "pt": "A carta vencedora vale 6 ou menos."},
	"M13": {"en": "All cards are one colour.", "pl": "Wszystkie karty w jednym kolorze.", "cs": "Všechny karty mají stejnou barvu.", "pt": "Todas as cartas são da mesma cor."},
	"M14": {"en": "No trump.", "pl": "Żadnego atutu.", "cs": "Žádný trumf.", "pt": "Nenhum trunfo."},
	"M15": {"en": "Exactly two colours.", "pl": "Dokładnie dwa kolory.", "cs": "Přesně dvě barvy.", "pt": "Exatamente duas cores."},
	"M16": {"en": "Exactly one trump.", "pl": "Dokładnie jeden atut.", "cs": "Přesně jeden trumf.", "pt": "Exatamente um trunfo."},
	"M17": {"en": "Nobody raises the stakes.", "pl": "Nikt nie podbija stawki.", "cs": "Nikdo nezvyšuje sázku.", "pt": "Ninguém aumenta a aposta."},
	"M18": {"en": "Someone raises the stakes.", "pl": "Ktoś podbija stawkę.", "cs": "Někdo zvýší sázku.", "pt": "Alguém aumenta a aposta."},
	"M19": {"en": "Two cards share a number.", "pl": "Dwie karty o tej samej wartości.", "cs": "Dvě karty mají stejnou hodnotu.", "pt": "Duas cartas têm o mesmo número."},
	"M20": {"en": "The total is odd.", "pl": "Suma wartości jest nieparzysta.", "cs": "Součet hodnot je lichý.", "pt": "A soma dos valores é ímpar."},
	"M21": {"en": "The total is at least 8 per card.", "pl": "Suma wartości co najmniej 8 na kartę.", "cs": "Součet je aspoň 8 na každou kartu.", "pt": "A soma é pelo menos 8 por carta."},
	"M22": {"en": "The total is at most 6 per card.", "pl": "Suma wartości co najwyżej 6 na kartę.", "cs": "Součet je nejvýš 6 na každou kartu.", "pt": "A soma é no máximo 6 por carta."},
	"M23": {"en": "The first and last cards share a colour.", "pl": "Pierwsza i ostatnia karta w tym samym kolorze.", "cs": "První a poslední karta mají stejnou barvu.", "pt": "A primeira e a última carta têm a mesma cor."},
	"M24": {"en": "A trump wins.", "pl": "Wygrywa atut.", "cs": "Vyhrává trumf.", "pt": "Um trunfo vence."},
	"R1":  {"en": "Every card is 9 or higher.", "pl": "Każda karta ma wartość co najmniej 9.", "cs": "Každá karta má hodnotu 9 nebo víc.", "pt": "Todas as cartas valem 9 ou mais."},
	"R2":  {"en": "All cards in the led colour, which is not trump; no raises.", "pl": "Wszystkie karty w kolorze wiodącym, który nie jest atutem; bez podbijania.", "cs": "Všechny karty ve vynesené barvě, která není trumf; bez zvyšování sázky.", "pt": "Todas as cartas na cor de saída, que não é trunfo; sem aumentar a aposta."},
	"R3":  {"en": "The winning card is 3 or lower; no raises.", "pl": "Zwycięska karta ma wartość 3 lub mniej; bez podbijania.", "cs": "Vítězná karta má hodnotu 3 nebo méně; bez zvyšování sázky.", "pt": "A carta vencedora vale 3 ou menos; sem aumentar a aposta."},
	"R4":  {"en": "Every card within 2 of the first card.", "pl": "Każda karta różni się od pierwszej o najwyżej 2.", "cs": "Každá karta se od první liší nejvýš o 2.", "pt": "Cada carta difere da primeira em 2 no máximo."},
}

// roleKeys are the role cards in marker-id order (markers.RoleBase + index):
// the Insider, four Agents, the eight special roles and the blank card.
var roleKeys = []string{"insider", "agent", "agent", "agent", "agent", "wiretapped", "paranoid", "risktaking", "decoy", "accomplice", "shady", "sleeper", "professor", "blank"}

// roleNames are the names printed at the top of the role cards.
var roleNames = map[string]tr{
	"insider":    {"en": "Insider", "pl": "Kret", "cs": "Krtek", "pt": "Infiltrado"},
	"agent":      {"en": "Agent", "pl": "Agent", "cs": "Agent", "pt": "Agente"},
	"wiretapped": {"en": "Wiretapped agent", "pl": "Agent na podsłuchu", "cs": "Odposlouchávaný agent", "pt": "Agente sob escuta"},
	"paranoid":   {"en": "Paranoid agent", "pl": "Przewrażliwiony agent", "cs": "Paranoidní agent", "pt": "Agente paranoico"},
	"risktaking": {"en": "Risk-taking agent", "pl": "Agent-ryzykant", "cs": "Riskující agent", "pt": "Agente arriscado"},
	"decoy":      {"en": "Decoy", "pl": "Przynęta", "cs": "Návnada", "pt": "Isco"},
	"accomplice": {"en": "Accomplice", "pl": "Wspólnik", "cs": "Komplic", "pt": "Cúmplice"},
	"shady":      {"en": "Shady type", "pl": "Typ spod ciemnej gwiazdy", "cs": "Pochybný týpek", "pt": "Tipo suspeito"},
	"sleeper":    {"en": "Sleeper agent", "pl": "Uśpiony agent", "cs": "Spící agent", "pt": "Agente adormecido"},
	"professor":  {"en": "Professor No", "pl": "Profesor No", "cs": "Profesor No", "pt": "Professor No"},
	"blank":      {"en": "Your own role", "pl": "Własna rola", "cs": "Vlastní role", "pt": "Papel próprio"},
}

// roleRules are each role's rule in short.
var roleRules = map[string]tr{
	"insider": {
		"en": "You need not follow colour. You win at once with 6/5/4 intel (3/4/5 players), or if the vote misses you.",
		"pl": "Nie musisz przestrzegać koloru. Wygrywasz od razu z 6/5/4 żetonami danych (3/4/5 graczy) albo gdy głosowanie cię nie wskaże.",
		"cs": "Nemusíš přiznávat barvu. Vyhráváš hned s 6/5/4 žetony (3/4/5 hráčů), nebo když tě hlasování mine.",
		"pt": "Não precisas de seguir a cor. Vences logo com 6/5/4 fichas (3/4/5 jogadores) ou se a votação não te apontar.",
	},
	"agent": {
		"en": "Follow colour if you can. The Agents win at once with 9/7/6 missions (3/4/5 players), or by voting out the Insider.",
		"pl": "Przestrzegaj koloru, jeśli możesz. Agenci wygrywają od razu po 9/7/6 misjach (3/4/5 graczy) albo wskazując Kreta w głosowaniu.",
		"cs": "Přiznávej barvu, můžeš-li. Agenti vyhrávají hned po 9/7/6 misích (3/4/5 hráčů), nebo když odhlasují Krtka.",
		"pt": "Segue a cor se puderes. Os Agentes vencem logo com 9/7/6 missões (3/4/5 jogadores) ou votando no Infiltrado.",
	},
	"wiretapped": {
		"en": "Reveal this card at once. You win with the Agents. If you ever hold more than 1 intel, the Insider wins.",
		"pl": "Odkryj tę kartę od razu. Wygrywasz z Agentami. Jeśli kiedykolwiek masz więcej niż 1 żeton danych, wygrywa Kret.",
		"cs": "Tuto kartu hned odhal. Vyhráváš s agenty. Máš-li kdykoli víc než 1 žeton, vyhrává Krtek.",
		"pt": "Revela esta carta já. Vences com os Agentes. Se alguma vez tiveres mais de 1 ficha, o Infiltrado vence.",
	},
	"paranoid": {
		"en": "You win with the Agents. In the vote you point at two different players; once revealed, both votes may go to one.",
		"pl": "Wygrywasz z Agentami. W głosowaniu wskazujesz dwóch różnych graczy; po odkryciu możesz oba głosy oddać na jednego.",
		"cs": "Vyhráváš s agenty. Při hlasování ukážeš na dva různé hráče; po odhalení smíš oba hlasy dát jednomu.",
		"pt": "Vences com os Agentes. Na votação apontas para dois jogadores diferentes; depois de revelado, podes dar os dois votos a um só.",
	},
	"risktaking": {
		"en": "Shuffle in the 4 risky missions: a drawn risky mission must be chosen. You win with the Agents; revealed by intel, the Agents win at once.",
		"pl": "Wtasuj 4 ryzykowne misje: dobraną ryzykowną misję trzeba wybrać. Wygrywasz z Agentami; gdy odkryją cię żetony, Agenci od razu wygrywają.",
		"cs": "Zamíchej do balíčku 4 riskantní mise: líznutá riskantní mise se musí zvolit. Vyhráváš s agenty; odhalí-li tě žetony, agenti hned vyhrávají.",
		"pt": "Junta as 4 missões arriscadas: uma missão arriscada tirada tem de ser escolhida. Vences com os Agentes; revelado por fichas, os Agentes vencem logo.",
	},
	"decoy": {
		"en": "You win alone if you get the most votes: everyone else loses. Tied with the Insider, you both win.",
		"pl": "Wygrywasz sam, jeśli dostaniesz najwięcej głosów: wszyscy inni przegrywają. Remis z Kretem: wygrywacie obaj.",
		"cs": "Vyhráváš sám, dostaneš-li nejvíc hlasů: všichni ostatní prohrávají. Remíza s Krtkem: vyhráváte oba.",
		"pt": "Vences sozinho se tiveres mais votos: todos os outros perdem. Empatado com o Infiltrado, venceis os dois.",
	},
	"accomplice": {
		"en": "Reveal at once, pick a partner and look at their role: you win if they win. You hold no intel; if you win a trick, your partner loses 1 and wagers go back. You do not vote.",
		"pl": "Odkryj od razu, wybierz wspólnika i podejrzyj jego rolę: wygrywasz, gdy on wygra. Nie masz żetonów; gdy wygrasz stawkę, wspólnik traci 1, a podbicia wracają do puli. Nie głosujesz.",
		"cs": "Hned se odhal, vyber si partnera a podívej se na jeho roli: vyhráváš, když vyhraje on. Nemáš žetony; vyhraješ-li štych, partner ztratí 1 a sázky jdou zpět. Nehlasuješ.",
		"pt": "Revela-te já, escolhe um parceiro e vê o papel dele: vences se ele vencer. Não tens fichas; se venceres uma vaza, o parceiro perde 1 e as apostas voltam à reserva. Não votas.",
	},
	"shady": {
		"en": "You win only if the player on your right loses. Revealed by intel: take 1 intel from that player; you no longer vote.",
		"pl": "Wygrywasz tylko, gdy gracz po twojej prawej przegra. Gdy odkryją cię żetony, weź od niego 1 żeton; nie głosujesz.",
		"cs": "Vyhráváš, jen když hráč po tvé pravici prohraje. Odhalí-li tě žetony, vezmi mu 1 žeton; už nehlasuješ.",
		"pt": "Só vences se o jogador à tua direita perder. Revelado por fichas, tira-lhe 1 ficha; deixas de votar.",
	},
	"sleeper": {
		"en": "Unrevealed, you win with the Agents. Once revealed you change sides: you win only if the Insider wins, and you no longer vote.",
		"pl": "Nieodkryty wygrywasz z Agentami. Po odkryciu zmieniasz stronę: wygrywasz tylko, gdy wygra Kret, i nie głosujesz.",
		"cs": "Neodhalený vyhráváš s agenty. Po odhalení měníš stranu: vyhráváš, jen když vyhraje Krtek, a nehlasuješ.",
		"pt": "Sem seres revelado, vences com os Agentes. Revelado, mudas de lado: só vences se o Infiltrado vencer e deixas de votar.",
	},
	"professor": {
		"en": "Replaces the Insider; you need not follow colour. Roles are revealed at 4 intel (4 players) or 3 (5 players). You win when all others are revealed, you lose when you are.",
		"pl": "Zastępuje Kreta; nie musisz przestrzegać koloru. Role odkrywa się przy 4 żetonach (4 graczy) lub 3 (5 graczy). Wygrywasz, gdy wszyscy inni są odkryci, przegrywasz, gdy ty.",
		"cs": "Nahrazuje Krtka; nemusíš přiznávat barvu. Role se odhalují při 4 žetonech (4 hráči) nebo 3 (5 hráčů). Vyhráváš, když jsou odhaleni všichni ostatní, prohráváš, když ty.",
		"pt": "Substitui o Infiltrado; não precisas de seguir a cor. Os papéis revelam-se com 4 fichas (4 jogadores) ou 3 (5). Vences quando todos os outros forem revelados, perdes se fores tu.",
	},
	"blank": {
		"en": "Agree on this role's goal and power before dealing:",
		"pl": "Przed rozdaniem ustalcie cel i zdolność tej roli:",
		"cs": "Před rozdáním se dohodněte na cíli a schopnosti role:",
		"pt": "Combinem o objetivo e o poder deste papel antes de dar:",
	},
}

// roleTeams says whose side each role plays on: a label key.
var roleTeams = map[string]string{
	"insider": "team-insider", "agent": "team-agents", "wiretapped": "team-agents", "paranoid": "team-agents",
	"risktaking": "team-agents", "decoy": "team-neutral", "accomplice": "team-neutral", "shady": "team-neutral",
	"sleeper": "team-agents", "professor": "team-insider", "blank": "team-own",
}

// labels are the short words on pieces.
var labels = map[string]tr{
	"mission":      {"en": "MISSION", "pl": "MISJA", "cs": "MISE", "pt": "MISSÃO"},
	"risky":        {"en": "RISKY MISSION", "pl": "RYZYKOWNA MISJA", "cs": "RISKANTNÍ MISE", "pt": "MISSÃO ARRISCADA"},
	"risky-rule":   {"en": "If drawn, it must be chosen.", "pl": "Dobrana musi zostać wybrana.", "cs": "Líznutou musíš zvolit.", "pt": "Se sair, tem de ser escolhida."},
	"trump":        {"en": "TRUMP", "pl": "ATUT", "cs": "TRUMF", "pt": "TRUNFO"},
	"yellow":       {"en": "YELLOW", "pl": "ŻÓŁTY", "cs": "ŽLUTÁ", "pt": "AMARELO"},
	"pink":         {"en": "PINK", "pl": "RÓŻOWY", "cs": "RŮŽOVÁ", "pt": "ROSA"},
	"green":        {"en": "GREEN", "pl": "ZIELONY", "cs": "ZELENÁ", "pt": "VERDE"},
	"blue":         {"en": "BLUE", "pl": "NIEBIESKI", "cs": "MODRÁ", "pt": "AZUL"},
	"role":         {"en": "ROLE", "pl": "ROLA", "cs": "ROLE", "pt": "PAPEL"},
	"aid":          {"en": "PLAYER AID", "pl": "KARTA POMOCY", "cs": "POMŮCKA", "pt": "AJUDA"},
	"intel":        {"en": "INTEL", "pl": "DANE", "cs": "INFO", "pt": "INFO"},
	"seat":         {"en": "SEAT", "pl": "MIEJSCE", "cs": "MÍSTO", "pt": "LUGAR"},
	"reveal":       {"en": "REVEAL AT ONCE", "pl": "ODKRYJ OD RAZU", "cs": "HNED ODHAL", "pt": "REVELA JÁ"},
	"team-agents":  {"en": "AGENTS", "pl": "AGENCI", "cs": "AGENTI", "pt": "AGENTES"},
	"team-insider": {"en": "INSIDER", "pl": "KRET", "cs": "KRTEK", "pt": "INFILTRADO"},
	"team-neutral": {"en": "NEUTRAL", "pl": "NEUTRALNY", "cs": "NEUTRÁLNÍ", "pt": "NEUTRO"},
	"team-own":     {"en": "YOUR RULES", "pl": "WASZE ZASADY", "cs": "VAŠE PRAVIDLA", "pt": "AS VOSSAS REGRAS"},
	"trick":        {"en": "A TRICK", "pl": "STAWKA", "cs": "ŠTYCH", "pt": "UMA VAZA"},
	"larry-fold":   {"en": "fold here", "pl": "zegnij tutaj", "cs": "ohnout zde", "pt": "dobrar aqui"},
	"aid-missions": {"en": "Missions the Agents need", "pl": "Misje do wygranej Agentów", "cs": "Mise k výhře agentů", "pt": "Missões para os Agentes"},
	"aid-intel":    {"en": "Intel the Insider needs", "pl": "Żetony do wygranej Kreta", "cs": "Žetony k výhře Krtka", "pt": "Fichas para o Infiltrado"},
	"aid-cards":    {"en": "Cards per player", "pl": "Karty na gracza", "cs": "Karet na hráče", "pt": "Cartas por jogador"},
	"aid-tricks":   {"en": "Tricks, then the vote", "pl": "Stawki, potem głosowanie", "cs": "Štychy, pak hlasování", "pt": "Vazas, depois a votação"},
	"aid-larry":    {"en": "Larry's intel at the start", "pl": "Żetony Larry'ego na start", "cs": "Žetony Larryho na začátku", "pt": "Fichas iniciais do Larry"},
}

// aidTitles are the player-aid titles, by player count 2..5.
var aidTitles = map[string][4]string{
	"en": {"2 PLAYERS", "3 PLAYERS", "4 PLAYERS", "5 PLAYERS"},
	"pl": {"2 GRACZY", "3 GRACZY", "4 GRACZY", "5 GRACZY"},
	"cs": {"2 HRÁČI", "3 HRÁČI", "4 HRÁČI", "5 HRÁČŮ"},
	"pt": {"2 JOGADORES", "3 JOGADORES", "4 JOGADORES", "5 JOGADORES"},
}

// aidSteps are the order of a trick for 3 to 5 players, one step a line.
var aidSteps = tr{
	"en": "1. The lead draws 2 missions, shows 1 and boxes the other unseen.\n2. Play clockwise; follow the led colour if you can. The Insider need not.\n3. A card with intel on it (a wager) counts as trump.\n4. The highest trump wins, else the highest card of the led colour; equal trumps: the later card.\n5. The winner takes 1 intel from the supply and all wagers, and leads next.",
	"pl": "1. Rozpoczynający dobiera 2 misje, pokazuje 1, drugą odkłada do pudełka.\n2. Zagrywajcie zgodnie z ruchem zegara; przestrzegaj koloru, jeśli możesz. Kret nie musi.\n3. Karta z żetonem danych (podbicie) liczy się jak atut.\n4. Wygrywa najwyższy atut, inaczej najwyższa karta w kolorze wiodącym; równe atuty: późniejsza karta.\n5. Zwycięzca bierze 1 żeton z puli i wszystkie podbicia i rozpoczyna następną stawkę.",
	"cs": "1. Vynášející si lízne 2 mise, 1 ukáže a druhou neviděnou vrátí do krabice.\n2. Hrajte po směru hodin; přiznávej barvu, můžeš-li. Krtek nemusí.\n3. Karta se žetonem (sázka) platí jako trumf.\n4. Vyhrává nejvyšší trumf, jinak nejvyšší karta vynesené barvy; stejné trumfy: pozdější karta.\n5. Vítěz bere 1 žeton ze zásoby a všechny sázky a vynáší další štych.",
	"pt": "1. Quem sai tira 2 missões, mostra 1 e guarda a outra na caixa sem a mostrar.\n2. Joguem no sentido horário; segue a cor de saída se puderes. O Infiltrado não precisa.\n3. Uma carta com ficha (aposta) conta como trunfo.\n4. Vence o trunfo mais alto, senão a carta mais alta da cor de saída; trunfos iguais: a carta posterior.\n5. O vencedor leva 1 ficha da reserva e todas as apostas e sai a seguir.",
}

// aidSteps2 are the order of a trick in the two-player game with Larry.
var aidSteps2 = tr{
	"en": "1. The lead draws 2 missions, shows 1 and boxes the other unseen.\n2. Order: the lead, Larry (played by the other player), player 2.\n3. Larry: draw 3, play 1, put 1 back on top, box 1. Larry always follows colour and never wagers.\n4. A card with intel on it counts as trump; equal trumps: the later card wins.\n5. The winner takes 1 intel and all wagers. If Larry or his player won, Larry changes hands.\n6. Vote: if an Agent points at an Agent, the Insider wins.",
	"pl": "1. Rozpoczynający dobiera 2 misje, pokazuje 1, drugą odkłada do pudełka.\n2. Kolejność: rozpoczynający, Larry (gra nim drugi gracz), gracz 2.\n3. Larry: dobierz 3, zagraj 1, 1 połóż z powrotem na talię, 1 do pudełka. Larry zawsze przestrzega koloru i nie podbija.\n4. Karta z żetonem liczy się jak atut; równe atuty: wygrywa późniejsza karta.\n5. Zwycięzca bierze 1 żeton i wszystkie podbicia. Gdy wygrał Larry lub jego gracz, Larry zmienia gracza.\n6. Głosowanie: jeśli Agent wskaże Agenta, wygrywa Kret.",
	"cs": "1. Vynášející si lízne 2 mise, 1 ukáže a druhou neviděnou vrátí do krabice.\n2. Pořadí: vynášející, Larry (hraje ho druhý hráč), hráč 2.\n3. Larry: lízni 3, 1 zahraj, 1 vrať navrch, 1 do krabice. Larry vždy přiznává barvu a nesází.\n4. Karta se žetonem platí jako trumf; stejné trumfy: vyhrává pozdější karta.\n5. Vítěz bere 1 žeton a všechny sázky. Vyhrál-li Larry nebo jeho hráč, Larry mění hráče.\n6. Hlasování: ukáže-li agent na agenta, vyhrává Krtek.",
	"pt": "1. Quem sai tira 2 missões, mostra 1 e guarda a outra na caixa sem a mostrar.\n2. Ordem: quem sai, o Larry (jogado pelo outro jogador), o jogador 2.\n3. Larry: tira 3, joga 1, devolve 1 ao topo, guarda 1 na caixa. O Larry segue sempre a cor e nunca aposta.\n4. Uma carta com ficha conta como trunfo; trunfos iguais: vence a carta posterior.\n5. O vencedor leva 1 ficha e todas as apostas. Se venceu o Larry ou quem o joga, o Larry muda de mãos.\n6. Votação: se um Agente apontar para outro Agente, vence o Infiltrado.",
}
