// Package codes is the code text that every printed code of fieldkit shares
// (key cards, Duet sides, word decks, mission maps): characters of Alphabet,
// read ignoring case, spaces and hyphens, ending in a check character, and
// printed in groups of five.
//
// The check character makes sum((i+1)*value(c_i)) over the whole code divisible
// by 31. 31 is prime and the weights 1..30 are distinct and non-zero modulo 31,
// so every single wrong character and every swap of two different characters is
// caught. Codes are therefore at most 30 characters long.
package codes

import (
	"errors"
	"fieldkit/refusal"
	"fmt"
	"strings"
)

// Alphabet is the characters a code uses: digits 2-9 and the letters without I, L and O,
// so that 0/O and 1/I/L cannot be confused.
const Alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// Base is the number of characters in Alphabet.
const Base = uint64(len(Alphabet))

// MaxLen is the longest code, check character included, that the check protects.
const MaxLen = 30

// ErrChar reports a character that codes do not use.
var ErrChar = errors.New("character not used in codes")

var values = func() (v [256]int8) {
	for i := range v {
		v[i] = -1
	}
	for i := 0; i < len(Alphabet); i++ {
		v[Alphabet[i]] = int8(i)
		v[Alphabet[i]|0x20] = int8(i) // lower case; digits map onto themselves
	}
	return v
}()

// Value returns the value of character c (its index in Alphabet, either case),
// or -1 when codes do not use it.
func Value(c byte) int { return int(values[c]) }

// Format returns vals (indexes in Alphabet) followed by their check character,
// in groups of five separated by hyphens. It panics on more than MaxLen-1 values.
func Format(vals []int) string {
	n := len(vals) + 1
	sum := 0
	for i, v := range vals {
		sum += (i + 1) * v
	}
	// Choose the check value c so that sum + n*c = 0 (mod 31).
	check := (31 - sum%31) * inverse31(n) % 31
	var b strings.Builder
	for i, v := range append(vals[:len(vals):len(vals)], check) {
		if i > 0 && i%5 == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(Alphabet[v])
	}
	return b.String()
}

// Checks reports whether a code's values, check character included, pass the check.
func Checks(vals []int) bool {
	sum := 0
	for i, v := range vals {
		sum += (i + 1) * v
	}
	return sum%31 == 0
}

func inverse31(n int) int {
	for x := 1; x < 31; x++ {
		if n*x%31 == 1 {
			return x
		}
	}
	panic(fmt.Sprintf("codes: a code of %d characters has no check; at most %d", n, MaxLen))
}

// Values returns the values (indexes in Alphabet) of a code's characters,
// skipping spaces, tabs and hyphens and ignoring case. An error, wrapping
// ErrChar, names the first character codes do not use. It never panics.
func Values(code string) ([]int, error) {
	vals := make([]int, 0, 16)
	for i, r := range code {
		switch r {
		case '-', ' ', '\t':
			continue
		}
		if r >= 256 || values[r] < 0 {
			hint := ""
			switch r {
			case '0', 'o', 'O':
				hint = " (codes have no 0 or O)"
			case '1', 'i', 'I', 'l', 'L':
				hint = " (codes have no 1, I or L)"
			}
			return nil, refusal.New(ErrChar, hintIDs[hint], fmt.Sprintf("%q at position %d of %q%s", r, i+1, code, hint), "char", string(r), "n", i+1, "code", code)
		}
		vals = append(vals, int(values[r]))
	}
	return vals, nil
}

// hintIDs are the catalog's messages of a character codes do not use, by
// the hint the English gives.
var hintIDs = map[string]string{
	"":                           "code.char",
	" (codes have no 0 or O)":    "code.char_o",
	" (codes have no 1, I or L)": "code.char_i",
}
