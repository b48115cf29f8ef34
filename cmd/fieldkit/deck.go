package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"fieldkit/deck"
	"fieldkit/markers"
	cnprint "fieldkit/printgen/codenames"
	"fieldkit/wordlists"
)

func init() {
	commands["deck"] = command{
		summary: "show a printed deck: marker ids and words",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "deck", args, map[string]command{
				"show": {summary: "list a deck's marker ids and words from its manifest or code", run: runDeckShow},
			})
		},
	}
}

func runDeckShow(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("deck show", "deck show MANIFEST|CODE [--json]",
		"fieldkit deck show set/deck.json",
		"fieldkit deck show W4NQR-FBS8W-UA",
		"fieldkit deck show W4NQR-FBS8W-UA --json > deck.json")
	asJSON := fs.Bool("json", false, "print the deck manifest (JSON)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef(fs, "want a deck manifest file or a deck code")
	}
	// A code read aloud may come in pieces: "W4NQR FBS8W UA".
	d, err := loadDeck(strings.Join(pos, " "))
	if err != nil {
		return err
	}
	if *asJSON {
		return cnprint.WriteManifest(m.Stdout, d)
	}
	w := bufio.NewWriter(m.Stdout)
	lang := d.Lang
	if lang == "" {
		lang = "custom list"
	}
	fmt.Fprintf(w, "deck %s: %s (%s), %d words on %d cards, seed %d\n", d.Code(), d.Name, lang, len(d.Words), d.Cards(), d.Seed)
	fmt.Fprintf(w, "%-5s %-5s %-6s %s\n", "id", "card", "side", "word")
	for _, f := range d.Faces() {
		fmt.Fprintf(w, "%-5d %-5d %-6s %s\n", f.ID, f.Card, f.Side, f.Word)
	}
	fmt.Fprintln(w, "pieces:")
	for _, r := range markers.Codenames {
		ids := fmt.Sprint(r.First)
		if r.Count > 1 {
			ids = fmt.Sprintf("%d-%d", r.First, r.First+r.Count-1)
		}
		fmt.Fprintf(w, "%-9s %s\n", ids, r.Kind)
	}
	return w.Flush()
}

// loadDeck reads a deck manifest file, or rebuilds a built-in deck from its code.
func loadDeck(arg string) (*deck.Deck, error) {
	b, err := os.ReadFile(arg)
	if err == nil {
		var d deck.Deck
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("%s: %w", arg, err)
		}
		return &d, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	info, cerr := deck.ParseCode(arg)
	if cerr != nil {
		return nil, fmt.Errorf("%q is neither a file nor a deck code: %w", arg, cerr)
	}
	if info.Lang == "" {
		return nil, fmt.Errorf("deck %s uses a custom word list, which its code does not carry: give its manifest file (deck.json) instead", arg)
	}
	list, err := wordlists.Builtin(info.Lang)
	if err != nil {
		return nil, err
	}
	return deck.FromCode(info, list.Name, list.Words)
}
