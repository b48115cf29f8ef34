package main

import (
	"context"
	"errors"
	"fmt"
	"text/tabwriter"

	"fieldkit/wordlists"
)

func init() {
	commands["words"] = command{
		summary: "show the built-in word lists, check a custom one",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "words", args, map[string]command{
				"list":  {summary: "print a built-in word list, or list the languages", run: runWordsList},
				"check": {summary: "check custom word list files", run: runWordsCheck},
			})
		},
	}
}

func runWordsList(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("words list", "words list [--lang en|pl|cs|pt]",
		"fieldkit words list",
		"fieldkit words list --lang pl",
		"fieldkit words list --lang cs > moje-slova.txt   # a start for a custom list")
	lang := fs.String("lang", "", "print the built-in list of this language, one word per line; without it, list the languages")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *lang == "" {
		tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
		for _, code := range wordlists.Languages() {
			l, err := wordlists.Builtin(code)
			if err != nil {
				return err
			}
			fmt.Fprintf(tw, "%s\t%s\t%d words\n", code, l.Name, len(l.Words))
		}
		return tw.Flush()
	}
	l, err := wordlists.Builtin(*lang)
	if err != nil {
		return usagef(fs, "--lang: %v", err)
	}
	_, err = l.WriteTo(m.Stdout)
	return err
}

func runWordsCheck(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("words check", "words check FILE...",
		"fieldkit words check party.txt",
		"fieldkit words check slowa.txt slova.txt")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef(fs, "give the word list files to check")
	}
	failed := false
	for _, file := range files {
		l, err := wordlists.Load(file)
		var pe *wordlists.ParseError
		switch {
		case errors.As(err, &pe):
			fmt.Fprintln(m.Stderr, pe)
			failed = true
		case err != nil:
			fmt.Fprintf(m.Stderr, "%v\n", err)
			failed = true
		default:
			longest := ""
			for _, w := range l.Words {
				if wordlists.Len(w) > wordlists.Len(longest) {
					longest = w
				}
			}
			fmt.Fprintf(m.Stdout, "%s: %d words, ok; longest %s (%d characters, a card fits %d)\n",
				file, len(l.Words), longest, wordlists.Len(longest), wordlists.MaxLen)
		}
	}
	if failed {
		return errSilent
	}
	return nil
}
