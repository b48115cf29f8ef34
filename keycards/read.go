package keycards

import (
	"fieldkit/refusal"
	"fmt"
	"strings"

	"fieldkit/codes"
)

// Read reads a key card as people give it: a key card code, or a printed Duet
// card's two side codes in either order (separated by spaces, commas or
// nothing), each of them possibly inside the address its QR code opens
// (".../k/A2AQF-SP5Y"). One side code alone is an error that asks for the
// other side's. It never panics.
func Read(text string) (Card, error) {
	var parts []string
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == ';' || r == '+'
	}) {
		if i := strings.LastIndex(f, "/k/"); i >= 0 {
			f = f[i+3:]
		}
		parts = append(parts, f)
	}
	if len(parts) == 1 {
		// Two side codes typed without a separator: 9 + 9 characters.
		if vals, err := codes.Values(parts[0]); err == nil && len(vals) == 2*(sidePayload+2) && isSideLetter(vals[0]) && isSideLetter(vals[sidePayload+2]) {
			clean := strings.NewReplacer("-", "", " ", "").Replace(parts[0])
			parts = []string{clean[:sidePayload+2], clean[sidePayload+2:]}
		}
	}
	switch len(parts) {
	case 0:
		return nil, refusal.New(ErrCodeLength, "cn.code.none", "no code; type the code printed under the card's QR code")
	case 1:
		if vals, err := codes.Values(parts[0]); err == nil && len(vals) == sidePayload+2 && isSideLetter(vals[0]) {
			s, _, err := ParseSideCode(parts[0])
			if err != nil {
				return nil, err
			}
			other := "B"
			if s == SideB {
				other = "A"
			}
			return nil, refusal.New(nil, "cn.code.one_side", fmt.Sprintf("%s is the code of side %s of a printed Duet card: give side %s's code too (printed on the other side), in either order", parts[0], strings.ToUpper(s.String()), other), "code", parts[0], "side", strings.ToUpper(s.String()), "other", other)
		}
		return Parse(parts[0])
	case 2:
		return JoinSides(parts[0], parts[1])
	}
	return nil, refusal.New(ErrCodeLength, "cn.code.many", fmt.Sprintf("%d codes; give one key card code, or the two side codes of a printed Duet card", len(parts)), "n", len(parts))
}

func isSideLetter(v int) bool { return Alphabet[v] == 'A' || Alphabet[v] == 'B' }
