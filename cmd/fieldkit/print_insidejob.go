package main

import (
	"context"
	"fmt"
	"strings"

	"fieldkit/printgen/insidejob"
)

// runPrintInsideJob prints an Inside Job deck: `fieldkit print insidejob`,
// and `fieldkit print set --game insidejob`.
func runPrintInsideJob(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("print insidejob", "print insidejob [--lang pl|cs|pt|en] --out DIR [--paper a4|letter] [--low-ink] [--bleed] [--png DIR]",
		"fieldkit print insidejob --lang pl --out krecia",
		"fieldkit print insidejob --lang cs --out krtek --paper letter --low-ink",
		"fieldkit print set --game insidejob --lang pt --out infiltrado --bleed --png infiltrado/png")
	pf := addPrintFlags(fs)
	lang := addLabelFlag(fs)
	out := fs.String("out", "", "write the PDFs into this `DIR` (made if missing)")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef(fs, "--out DIR is required")
	}
	l, err := m.printLang(fs, *lang, "")
	if err != nil {
		return err
	}
	opts, err := pf.options(fs)
	if err != nil {
		return err
	}
	set, err := insidejob.New(l, opts)
	if err != nil {
		return usagef(fs, "--lang: %v", err)
	}
	if err := m.reportSet(set.Write(*out)); err != nil {
		return err
	}
	if *pf.png != "" {
		man, err := set.ExportPNG(*pf.png, pngDPI)
		if err != nil {
			return err
		}
		m.reportPNG(*pf.png, len(man.Files))
	}
	return nil
}

// printSetOtherGame runs `print set --game G` for a game other than
// Codenames: done is false when args ask for Codenames (no --game, or
// --game codenames), which print set prints itself.
func printSetOtherGame(m *Main, ctx context.Context, args []string) (done bool, err error) {
	game, rest := "", make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			rest = append(rest, a)
			continue
		}
		if !hasVal && i+1 < len(args) {
			i++
			val = args[i]
		}
		game = val
	}
	switch game {
	case "", "codenames":
		return false, nil
	case "insidejob":
		return true, runPrintInsideJob(m, ctx, rest)
	}
	return true, &usageError{msg: fmt.Sprintf("--game: unknown game %q (want codenames or insidejob)", game), usage: "usage: fieldkit print set [--game codenames|insidejob] ...\n\nRun 'fieldkit print set -h' or 'fieldkit print insidejob -h' for the flags.\n"}
}
