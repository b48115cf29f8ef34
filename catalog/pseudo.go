package catalog

import "strings"

// accents are the pseudo-locale's letters for plain ones.
var accents = strings.NewReplacer(
	"a", "á", "e", "ě", "i", "ï", "o", "ô", "u", "ů", "c", "č", "n", "ñ", "s", "š", "z", "ž", "y", "ý",
	"A", "Ą", "E", "Ę", "I", "Î", "O", "Ö", "U", "Ü", "C", "Ç", "N", "Ň", "S", "Ś", "Z", "Ż", "Y", "Ý",
)

// PseudoText is s in the pseudo-locale: letters accented, about 40% longer,
// between ⟦ and ⟧; {placeholders} stay as they are. A visible text without
// the brackets did not come through the catalog.
func PseudoText(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	b.WriteString("⟦")
	letters := 0
	for rest := s; rest != ""; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			i = len(rest)
		}
		b.WriteString(accents.Replace(rest[:i]))
		for _, r := range rest[:i] {
			if r != ' ' {
				letters++
			}
		}
		rest = rest[i:]
		if rest == "" {
			break
		}
		j := strings.IndexByte(rest, '}')
		if j < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:j+1])
		rest = rest[j+1:]
	}
	// About 40% longer: pad with words of up to five tildes.
	for pad := (letters*2 + 4) / 5; pad > 0; pad -= 5 {
		b.WriteString(" ")
		b.WriteString(strings.Repeat("~", min(pad, 5)))
	}
	b.WriteString("⟧")
	return b.String()
}

func pseudoEntry(e Entry) Entry {
	e.Text = PseudoText(e.Text)
	if e.Forms != nil {
		forms := make(map[string]string, len(e.Forms))
		for k, v := range e.Forms {
			forms[k] = PseudoText(v)
		}
		e.Forms = forms
	}
	return e
}
