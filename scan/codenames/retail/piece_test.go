package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestPieced: a word read in two pieces, one from each copy, stands only
// when the pieces hold every letter and no other candidate starts and ends
// with them. The texts are the rendered frames' reads (session 13).
func TestPieced(t *testing.T) {
	m := NewMatcher([]string{"MLÉKO", "TIGELA", "MACARRÃO", "RAMENO", "MLÉČ", "TIGRE", "MACACO", "TELA", "RAMEVENO", "KOLEJKA", "KOLO", "MAC", "POLE", "POLÉVKA", "PEPŘ", "BOLHA", "BOCA", "GNIAZDO", "GWIAZDA"})
	for _, tc := range []struct {
		band, copy []string
		want       string
	}{
		{[]string{"EKO", ""}, []string{"MLÉK"}, "MLÉKO"},         // 300114
		{[]string{"LA", "ELA"}, []string{"TIGEL"}, "TIGELA"},     // 300052
		{[]string{"MAC", "MACA"}, []string{"ARRÃO"}, "MACARRÃO"}, // 300237: the band the start
		{[]string{"KO"}, []string{"ML"}, ""},                     // a letter missing between
		{[]string{"KO"}, []string{"MLEK"}, "MLÉKO"},              // diacritics ignored
		{[]string{"O"}, []string{"MLÉK"}, ""},                    // a piece of one letter
		{[]string{"ENO"}, []string{"RAME"}, ""},                  // RAMEVENO starts and ends so too
		{[]string{"EKO"}, []string{"MLÉKO"}, ""},                 // a whole read is the ordinary rules'
		{[]string{"KA"}, []string{"KOLEJ"}, "KOLEJKA"},
		{[]string{"ACO"}, []string{"MAC"}, "MACACO"},
		{[]string{"ARRÃO", "ACO"}, []string{"MAC"}, ""}, // two words pieced
		{[]string{"LA"}, []string{"TIG"}, ""},
		{[]string{"PŘ", "ZR"}, []string{"PE"}, ""},      // 300690 under a warm lamp: a bystander's scraps
		{[]string{"PO", "DO"}, []string{"OLE"}, ""},     // 300066: POLÉVKA holds both pieces           // TIG..LA misses a letter
		{[]string{"A", "HA"}, []string{"BOL"}, ""},      // lamp 301196-webcam's BOCA under -perturb cool: BOCA a slip off each
		{[]string{"LHA"}, []string{"BOL"}, "BOLHA"},     // BOCA's end two letters off
		{[]string{"GNIAZD"}, []string{"DO"}, "GNIAZDO"}, // lamp 301168-webcam: GWIAZDA a letter off each, GNIAZD no scrap
	} {
		if got := m.Pieced(tc.band, tc.copy); got != tc.want {
			t.Errorf("Pieced(%q, %q) = %q, want %q", tc.band, tc.copy, got, tc.want)
		}
	}
}

// TestPiecedCard: rendered word cards whose quad lies off the card along
// its long side, so that the band read the word's end and the copy its
// start; read whole by Matcher.Pieced, in doubt without it.
func TestPiecedCard(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"cs", "card-300114-mleko.png", "MLÉKO"},
		{"pt", "card-300052-tigela.png", "TIGELA"},
		{"pt", "card-300701-paraquedas.png", "PARAQUEDAS"}, // its two ways' bands (wayEnds)
	})
}

// TestPiecesSlipped: a word card read whole, blurred, whose band and
// copy read two pieces of another word, each a letter's slip off the
// card's own word's start and end: lamp 301196-webcam's BOCA under
// -perturb cool, read "A" and "HA" on the band and "BOL" on the copy,
// was BOLHA. A doubt.
func TestPiecesSlipped(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pt", "card-301196-boca.png", ""},
	})
}

// wordCardCase is a word card's crop in testdata, its list's language, and
// the word it must read ("" for a doubt).
type wordCardCase struct{ lang, file, want string }

// checkWordCards reads each crop with a fresh reader of its language's
// built-in list (readWordCard) and wants its word.
func checkWordCards(t *testing.T, cases []wordCardCase) {
	t.Helper()
	checkWordCardsAt(t, 0, cases)
}

// checkWordCardsAt is checkWordCards with readWordCard's lines.
func checkWordCardsAt(t *testing.T, lines int, cases []wordCardCase) {
	t.Helper()
	for _, tc := range cases {
		list, err := wordlists.Builtin(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := readWordCard(t, tc.lang, list.Words, tc.file, lines)
		if c.Word != tc.want {
			t.Errorf("%s: read %q (%s, text %q), want %q", tc.file, c.Word, c.Why, c.Text, tc.want)
		}
	}
}

// TestWayEnds: the reads of a card's two ways sorted by the end they saw,
// short scraps left out.
func TestWayEnds(t *testing.T) {
	m := NewMatcher([]string{"PARAQUEDAS", "PRATA", "ESPONJA", "PARADA"})
	for _, tc := range []struct {
		first, turned string
		want          string
	}{
		{"PARAQ|JEDAS|PARAQUE|PARAQUE", "EDAS|PARAOI|AQUEDAS", "PARAQUEDAS"}, // 300701-phone
		{"||PR|", "ATA||", ""}, // 300493-phone: a hand's scraps
		{"PARAQUE", "AQUEDAS", "PARAQUEDAS"},
	} {
		if got := m.Pieced(wayEnds(tc.first, tc.turned)); got != tc.want {
			one, other := wayEnds(tc.first, tc.turned)
			t.Errorf("wayEnds(%q, %q) = %q, %q: pieced %q, want %q", tc.first, tc.turned, one, other, got, tc.want)
		}
	}
}

// TestFuller: one copy's read a piece of the word the other read exactly.
func TestFuller(t *testing.T) {
	m := NewMatcher([]string{"CIĘŻARÓWKA", "ŻARÓWKA", "TOURO", "OURO", "MINA", "SUBMARINO", "KOT", "KOTWICA"})
	for _, c := range []struct {
		a, b string
		want bool
	}{
		// rendered 300968-webcam: the band's CIĘ paled by a glare
		{"ŻARÓWKA", "CIĘŻARÓWKA", true},
		{"ZAROWKA", "CIĘŻARÓWKA", true},
		// synthetic 190015's TOURO, its copy's T lost
		{"OURO", "TOURO", true},
		// the fuller read not exact
		{"ŻARÓWKA", "CIĘŻAROWKA", false},
		{"OURO", "TOUR", false},
		// the shorter word the exact one, or no piece of it
		{"CIĘŻARÓWKA", "ŻARÓWKA", false},
		{"MINA", "SUBMARINO", false},
		// the same word twice
		{"TOURO", "TOURO", false},
	} {
		if got := m.Fuller(m.Match(c.a), m.Match(c.b)); got != c.want {
			t.Errorf("Fuller(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestFullerRead: rendered 300968-webcam's CIĘŻARÓWKA (heldout18, cell
// 3,2), its band's first letters paled by a glare: the band read
// "ŻARÓWKA", another word, the copy "CIĘŻARÓWKA"; the two copies were
// left disagreeing.
func TestFullerRead(t *testing.T) {
	card := testImage(t, "card-300968-ciezarowka.png")
	defer card.Close()
	r := freshReader(t, "pl")
	c := Cell{Quad: Quad{{1032, 502}, {1268, 554}, {1236, 706}, {990, 648}}}
	var calls int
	if err := r.readWord(card, true, 0, &c, &calls); err != nil {
		t.Fatal(err)
	}
	if c.Word != "CIĘŻARÓWKA" {
		t.Errorf("readWord = %q (read %q, %s), want CIĘŻARÓWKA", c.Word, c.Text, c.Why)
	}
}

// TestContradictedBy: a copy's read of at least minOtherRun letters that
// is a run of another candidate's letters, and no run of the word's give
// or take an edit, shows another word than the other copy names
// (aloneRead): rendered 301204-webcam's band "ARRÃO" against its copy's
// MAGO. A run of the word itself, a read too short, or letters of no
// candidate do not.
func TestContradictedBy(t *testing.T) {
	m := NewMatcher([]string{"MAGO", "MACARRÃO", "BARRO", "LOBO", "CAR", "CARD"})
	for _, tc := range []struct {
		text, word string
		want       bool
	}{
		{"ARRÃO", "MAGO", true},
		{"ARRAO", "MAGO", true},      // diacritics ignored
		{"ARRÃO", "MACARRÃO", false}, // a run of the word
		{"MACA", "MACARRÃO", false},  // the same
		{"ARR", "MAGO", false},       // three letters: under minOtherRun
		{"XQZW", "MAGO", false},      // a run of no candidate
		{"AGO", "MAGO", false},       // short, and the word's own
		{"CARRO", "MACARRÃO", false}, // an edit off a run of the word
		{"|ARRÃO", "LOBO", true},     // any read of the text
	} {
		if got := m.contradictedBy(tc.text, tc.word, minOtherRun); got != tc.want {
			t.Errorf("contradictedBy(%q, %s) = %v, want %v", tc.text, tc.word, got, tc.want)
		}
	}
}
