package leaktest

import (
	"slices"
	"testing"
)

func TestLeaks(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"⟦Śěát ~~⟧", nil},
		{"⟦Śěát ~~⟧ Seat", []string{"Seat"}},
		{"fieldkit · ⟦táblě⟧ x7", nil},
		{"W4NQR-FBS8W-UA 12", nil},
		{"http://127.0.0.1:8080/s/abc", nil},
		{"Ala ⟦jôïñěd⟧", nil},
		{"Ala joined", []string{"joined"}},
		{"(the camera)", []string{"the", "camera"}},
		{"⟦Łěd: ⟦ýěllôw⟧ · trůmp: ⟦pïñk⟧ ~~⟧", nil}, // a message said in another
		{"⟦Łěd: ⟦ýěllôw⟧⟧ trump", []string{"trump"}},
	} {
		if got := Leaks(c.text, "Ala"); !slices.Equal(got, c.want) {
			t.Errorf("Leaks(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestHTML(t *testing.T) {
	page := `<html><head><title>⟦x⟧</title><script>var s = "English";</script></head><body><h1>⟦Ťěšt⟧</h1><p title="Home">⟦ô⟧</p><code>make run</code><p>Start</p></body></html>`
	if got, want := HTML([]byte(page)), []string{"Home", "Start"}; !slices.Equal(got, want) {
		t.Errorf("HTML = %q, want %q", got, want)
	}
}
