package retail

import (
	"strings"
	"testing"

	"fieldkit/wordlists"
)

// TestTurnedWay: rendered word cards left in doubt read the wrong way up
// (their quads off the card, neither end holding a band's worth of ink, or
// the band cut at an end) read their word the other way up
// (Reader.turnedWay); without it they stay in doubt.
func TestTurnedWay(t *testing.T) {
	checkWordCards(t, []wordCardCase{
		{"pt", "card-300165-chapeu.png", "CHAPÉU"},     // "ADA|CHAPÉL|PM" the first way
		{"pl", "card-300129-rynek.png", "RYNEK"},       // "PANEK|SA|"
		{"pl", "card-300161-kolejka.png", "KOLEJKA"},   // "RULEJN|EIKA|KULCJN"
		{"cs", "card-300114-kostel.png", ""},           // KOSTEL cut: "KOS|STEL|KOST" and "TEL|KOST", not KOST
		{"en", "card-300295-hand.png", ""},             // a quad on a hand: "||" one way, "BAG|" the other; the card is CAMERA
		{"pl", "card-301120-niemowle.png", "NIEMOWLĘ"}, // far, blurred: "NIEM||NIEMOWI" and "NEROWLĘ|NIEMCO" (bothWays)
	})
}

// TestNamesOther: the turned way's word is refused when a read of the
// first way named another word for sure.
func TestNamesOther(t *testing.T) {
	m := NewMatcher([]string{"RYNEK", "PANEK", "ROCKET", "BUCKET", "KOST", "KOSTEL", "NOS"})
	for _, tc := range []struct {
		first, word string
		want        bool
	}{
		{"PANEK|SA|", "RYNEK", true}, // PANEK, read exactly
		{"PANFK|SA|", "RYNEK", true}, // an edit from PANEK, sure
		{"PA|SA|", "RYNEK", false},
		{"RYNEK|SA|", "RYNEK", false},
		{"", "RYNEK", false},
		{"OCKET|BUCKE", "ROCKET", true}, // BUCKE an edit from BUCKET, two from ROCKET
		{"OCKE|UCKE", "ROCKET", false},
		{"KOS|STEL|KOST|TEL|KOST", "KOST", true}, // 300114: STEL is KOSTEL's, which holds KOST
		{"KOS|KOST|KOST", "KOST", false},         // neither sure
	} {
		if got := m.namesOther(tc.first, tc.word); got != tc.want {
			t.Errorf("namesOther(%q, %q) = %v, want %v", tc.first, tc.word, got, tc.want)
		}
	}
}

// TestSupported: the turned way's word needs a strong read or two reads
// naming it (or runs of its letters).
func TestSupported(t *testing.T) {
	m := NewMatcher([]string{"BAG", "BAT", "BOX", "MLÉKO", "KUCHAŘ", "CHAPÉU", "CHAPA"})
	for _, tc := range []struct {
		text, word string
		want       bool
	}{
		{"BAG|", "BAG", false}, // 300295: one read, one edit of margin
		{"BAG|BAG", "BAG", true},
		{"CHAPÉU", "CHAPÉU", true},           // strong
		{"EKO|MLÉK", "MLÉKO", true},          // two pieces
		{"KYCA|KUCH|KUCHAX", "KUCHAŘ", true}, // a piece and a sure read
		{"KYCA|KUCHAX", "KUCHAŘ", false},
		{"", "BAG", false},
	} {
		if got := m.supported(tc.text, tc.word); got != tc.want {
			t.Errorf("supported(%q, %q) = %v, want %v", tc.text, tc.word, got, tc.want)
		}
	}
}

// TestUnletteredNotTurned: a card whose first way read no two letters is
// not read the other way up (lettered): rendered 300295's quad on a hand
// reads "||" the first way, and costs that way's lines only; without the
// rule it read two more lines the other way up, nothing there either.
func TestUnletteredNotTurned(t *testing.T) {
	list, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	c, calls := readWordCard(t, "en", list.Words, "card-300295-hand.png", 0)
	if c.Word != "" || strings.Contains(c.Text, "/") || calls > 4 {
		t.Errorf("read %q (text %q) in %d lines, want nothing in the first way's lines (4 at most)", c.Word, c.Text, calls)
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"||", false}, {"V||", false}, {"|KUCH|", true}, {"PA|P", true}, {"", false},
	} {
		if got := lettered(tc.text); got != tc.want {
			t.Errorf("lettered(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestTurnedBandUnlettered: a card read the other way up is read no further
// there when that way's band shows no two letters (readWay): rendered
// 300484-webcam's NÓ (not legible, blurred) read "|PA|" the first way, and
// the other way up "" on its band, then "", "TES" and "PAES" (four lines,
// no word); now that way costs its band's line alone. On the rendered
// tuning sets and the regression set every cell reads as before without
// the other way's further lines.
func TestTurnedBandUnlettered(t *testing.T) {
	list, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	c, calls := readWordCard(t, "pt", list.Words, "card-300484-no.png", 0)
	first, turned, ok := strings.Cut(c.Text, "/")
	if c.Word != "" || !ok || turned != "" || calls != strings.Count(first, "|")+2 {
		t.Errorf("read %q (text %q) in %d lines, want nothing, the other way up its band's line alone", c.Word, c.Text, calls)
	}
}

// TestBothWays: a word named for sure by a read of each of the card's two
// ends, the two ways' reads sorted by end (the first way's band and the
// turned way's copy at one end).
func TestBothWays(t *testing.T) {
	m := NewMatcher([]string{"NIEMOWLĘ", "NIEMIEC", "BAG", "BAT", "CAMERA"})
	for _, tc := range []struct {
		first, turned, word string
		want                bool
	}{
		// rendered lamp 301120-webcam: the first way's sharpened band
		// and the turned way's band
		{"NIEM||NIEMOWI", "NEROWLĘ|NIEMCO", "NIEMOWLĘ", true},
		// the first way's copy and the turned way's band: one end
		{"NIEM|NIEMOWI|", "NEROWLĘ|NIEMCO", "NIEMOWLĘ", false},
		// the first way's band and the turned way's copy: one end
		{"NIEMOWI||", "NIEM|NEROWLĘ", "NIEMOWLĘ", false},
		// the first way's copy and the turned way's copy: two ends
		{"NIEM|NIEMOWI|", "NIEM|NEROWLĘ", "NIEMOWLĘ", true},
		// one end only, or nothing sure
		{"||", "BAG|", "BAG", false},
		{"NIEM||", "NIEMCO|", "NIEMOWLĘ", false},
	} {
		if got := m.bothWays(tc.first, tc.turned, tc.word); got != tc.want {
			t.Errorf("bothWays(%q, %q, %q) = %v, want %v", tc.first, tc.turned, tc.word, got, tc.want)
		}
	}
}
