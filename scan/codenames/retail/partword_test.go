package retail

import (
	"testing"

	"fieldkit/wordlists"
)

// TestPartWord: a word that is a run of another candidate's letters (RIO
// of ARMÁRIO, RAK of MRAK; diacritics ignored) is never enough on its
// own: a card half under a hand shows it. Rendered held-out 300172-webcam's
// ARMÁRIO (a light, speckled hand over the band's first four letters,
// which the occlusion test, looking for dark, does not see) read "RIO", a
// word of the Portuguese list, as sure; its copy at the other end, whole,
// reads ARMÁRIO, so the card is in doubt.
func TestPartWord(t *testing.T) {
	m := NewMatcher([]string{"ARMÁRIO", "RIO", "MRAK", "RAK", "MESA"})
	for _, tc := range []struct {
		text   string
		part   bool
		strong bool
	}{
		{"RIO", true, false},
		{"RAK", true, false},
		{"ARMÁRIO", false, true},
		{"MESA", false, true},
	} {
		got := m.Match(tc.text)
		if got.Part != tc.part || got.Strong() != tc.strong {
			t.Errorf("%s: part %v strong %v, want %v %v", tc.text, got.Part, got.Strong(), tc.part, tc.strong)
		}
	}
	list, err := wordlists.Builtin("pt")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := readWordCard(t, "pt", list.Words, "card-300172-armario.jpg", 2)
	t.Logf("read %q (%s, text %q)", c.Word, c.Why, c.Text)
	if c.Word != "" && c.Word != "ARMÁRIO" {
		t.Errorf("read %q (text %q), want ARMÁRIO or nothing", c.Word, c.Text)
	}
}
