package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"fieldkit/keycards"
)

func init() {
	commands["keycard"] = command{
		summary: "create, show and check key cards",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "keycard", args, map[string]command{
				"new":   {summary: "draw new random key cards", run: runKeycardNew},
				"show":  {summary: "show a key card from its code", run: runKeycardShow},
				"check": {summary: "check a key card code", run: runKeycardCheck},
			})
		},
	}
}

// colorOutput reports whether w should get ANSI colours: a terminal, and NO_COLOR unset.
func (m *Main) colorOutput(w io.Writer) bool {
	if m.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func runKeycardNew(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("keycard new", "keycard new --game duet|classic [--seed S] [--count N] [--json] [--show]",
		"fieldkit keycard new --game duet",
		"fieldkit keycard new --game classic --seed picnic --count 3 --json")
	game := fs.String("game", "duet", "which game: duet or classic")
	seed := fs.String("seed", "", "draw reproducible cards from this seed (any text); default: fresh randomness")
	count := fs.Int("count", 1, "how many cards")
	asJSON := fs.Bool("json", false, "print one JSON object per card, one per line")
	show := fs.Bool("show", false, "also draw each card as a grid")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	g, err := keycards.ParseGame(*game)
	if err != nil {
		return usagef(fs, "--game: %v", err)
	}
	if *count < 1 {
		return usagef(fs, "--count must be at least 1, got %d", *count)
	}
	if *asJSON && *show {
		return usagef(fs, "--json and --show do not go together")
	}
	src := keycards.NewSource()
	if *seed != "" {
		src = keycards.SeededSource(*seed)
	}
	w := bufio.NewWriterSize(m.Stdout, 64<<10)
	color := m.colorOutput(m.Stdout)
	enc := json.NewEncoder(w)
	for i := range *count {
		if i%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		var c keycards.Card
		if g == keycards.Duet {
			c = keycards.NewDuet(src)
		} else {
			c = keycards.NewClassic(src)
		}
		switch {
		case *asJSON:
			err = enc.Encode(c)
		case *show:
			if i > 0 {
				fmt.Fprintln(w)
			}
			if d, ok := c.(keycards.DuetCard); ok {
				err = keycards.RenderBoth(w, d, color)
			} else {
				err = keycards.Render(w, c, keycards.SideA, color)
			}
		default:
			_, err = fmt.Fprintln(w, c.Code())
		}
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

func runKeycardShow(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("keycard show", "keycard show CODE|SIDE-A-CODE SIDE-B-CODE [--side a|b] [--json]",
		"fieldkit keycard show DKQ7M-2XP9R-TWHA",
		"fieldkit keycard show A2AQF-SP5Y B29KG-RJPV       # a printed Duet card's two side codes",
		"fieldkit keycard show dkq7m2xp9rtwha --side b",
		"fieldkit keycard show CKQ7M-2XP9R --json")
	sideFlag := fs.String("side", "a", "Duet: which side to show, as seen from its own seat")
	asJSON := fs.Bool("json", false, "print the card as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usagef(fs, "want one key card code or a printed card's two side codes, got %d arguments", len(pos))
	}
	side, err := keycards.ParseSide(*sideFlag)
	if err != nil {
		return usagef(fs, "--side: %v", err)
	}
	c, err := keycards.Read(strings.Join(pos, " "))
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(m.Stdout).Encode(c)
	}
	return keycards.Render(m.Stdout, c, side, m.colorOutput(m.Stdout))
}

func runKeycardCheck(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("keycard check", "keycard check CODE",
		"fieldkit keycard check DKQ7M-2XP9R-TWHA")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef(fs, "want one key card code, got %d arguments", len(pos))
	}
	c, err := keycards.Parse(pos[0])
	if err != nil {
		return err
	}
	if err := c.Validate(); err != nil { // codes only name valid cards; this guards the decoder
		return err
	}
	switch k := c.(type) {
	case keycards.DuetCard:
		fmt.Fprintf(m.Stdout, "%s: valid Duet key card (9 agents, 3 assassins, 13 bystanders a side; 15 agents in all)\n", k.Code())
	case keycards.ClassicCard:
		fmt.Fprintf(m.Stdout, "%s: valid classic key card, %s starts (9 %s, 8 %s, 7 bystanders, 1 assassin)\n", k.Code(), k.Start, k.Start, keycards.Other(k.Start))
	}
	return nil
}
