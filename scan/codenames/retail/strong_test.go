package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestOneEditOff: a band read one whole edit off a word is not enough on
// its own. Rendered 300138-webcam (a tan table, Czech): Tesseract read the
// blurred band of SLUNCE as "EINCE", one edit from MINCE (another word of
// the Czech list) and three from SLUNCE, with a margin of two, so the band
// alone named MINCE, a wrong word. Its copy at the other end reads SLUNCE:
// now the copy is read too and the card is in doubt (or SLUNCE).
func TestOneEditOff(t *testing.T) {
	list, err := wordlists.Builtin("cs")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher(list.Words)
	if got := m.Match("EINCE"); got.Word != "MINCE" || !got.OK() || got.Strong() {
		t.Errorf("Match(EINCE) = %+v, OK %v, strong %v; want MINCE, OK, not strong", got, got.OK(), got.Strong())
	}
	if got := m.Match("SLUNCE"); !got.Strong() {
		t.Errorf("Match(SLUNCE) = %+v, not strong", got)
	}
	c, calls := readWordCard(t, "cs", list.Words, "card-300138-slunce.png", 4)
	t.Logf("read %q (%s, text %q, %d lines)", c.Word, c.Why, c.Text, calls)
	if c.Word != "" && c.Word != "SLUNCE" {
		t.Errorf("read %q (text %q), want SLUNCE or nothing", c.Word, c.Text)
	}
}
