package wordlists_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"fieldkit/wordlists"
)

func ExampleBuiltin() {
	l, err := wordlists.Builtin("cs")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Name, l.Lang, len(l.Words) >= 400)

	_, err = wordlists.Builtin("de")
	fmt.Println(err)
	// Output:
	// Čeština cs true
	// no built-in word list for language "de"; known languages: cs, en, pl, pt
}

func ExampleParse() {
	const party = `# Party words
balloon
Cake
ice cream
cake
`
	_, err := wordlists.Parse("party.txt", strings.NewReader(party))
	var pe *wordlists.ParseError
	if errors.As(err, &pe) {
		for _, p := range pe.Problems {
			fmt.Printf("line %d (%s): %s\n", p.Line, p.Kind, p.Msg)
		}
	}
	fmt.Println(err)
	// Output:
	// line 5 (duplicate): CAKE repeats line 3; delete one of them
	// line 0 (too few words): 3 usable words; a game needs at least 25, add 22 more
	// party.txt:5: CAKE repeats line 3; delete one of them
	// party.txt: 3 usable words; a game needs at least 25, add 22 more
}

func ExampleList_WriteTo() {
	l := &wordlists.List{Name: "animals", Words: []string{"ŻÓŁW", "KOŃ"}}
	l.WriteTo(os.Stdout)
	// Output:
	// # animals
	// ŻÓŁW
	// KOŃ
}

func ExampleNormalize() {
	// A word typed with combining accents is the same word as the precomposed one.
	fmt.Println(wordlists.Normalize("ŻÓŁW") == wordlists.Normalize("z\u0307o\u0301łw"))
	fmt.Println(wordlists.Normalize("Straße") == wordlists.Normalize("STRASSE"))
	// Output:
	// true
	// true
}

func ExampleUpper() {
	fmt.Println(wordlists.Upper("čtyřlístek"), wordlists.Upper("coração"), wordlists.Upper("  ice   cream "), wordlists.Upper("straße"))
	// Output: ČTYŘLÍSTEK CORAÇÃO ICE CREAM STRASSE
}

func ExampleLen() {
	fmt.Println(wordlists.Len("ŻÓŁW"), wordlists.Len("Z\u0307O\u0301ŁW"), wordlists.MaxLen)
	// Output: 4 4 15
}
