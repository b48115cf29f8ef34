package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"fieldkit/scan"
	"fieldkit/scan/codenames/retail"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

func init() {
	commands["scan-retail"] = command{summary: "read a table of the boxed game's own Codenames cards (no markers) by their words", run: runScanRetail}
}

func runScanRetail(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("scan-retail", "scan-retail IMAGE... [--lang pl|cs|pt|en] [--words W1,W2,...|--list FILE] [--json] [--annotate OUT.png]",
		"fieldkit scan-retail --lang pl table.jpg",
		"fieldkit scan-retail --lang cs --words \"ČÁP,DĚLO,...\" --json table.jpg",
		"fieldkit scan-retail --list mybox.txt --annotate seen.png table.jpg")
	lang := fs.String("lang", "en", "the cards' language: pl, cs, pt or en (the OCR model, and the built-in list when no words are given)")
	words := fs.String("words", "", "the game's 25 words, comma-separated, row by row from seat A (the reading is then turned to seat A's view)")
	list := fs.String("list", "", "a word list file (the edition's words, one per line) instead of the built-in list")
	asJSON := fs.Bool("json", false, "one JSON object (the scan JSON form) per image")
	annotate := fs.String("annotate", "", "write what the reader saw over the image to this PNG (IMAGE-N.png for several images)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usagef(fs, "give an image to read")
	case *words != "" && *list != "":
		return usagef(fs, "give --words or --list, not both")
	}
	var cands, board []string
	switch {
	case *words != "":
		for _, w := range strings.Split(*words, ",") {
			if w = strings.TrimSpace(w); w != "" {
				cands = append(cands, w)
			}
		}
		if len(cands) == 25 {
			board = cands
		}
	case *list != "":
		l, err := wordlists.Load(*list)
		if err != nil {
			return err
		}
		cands = l.Words
	default:
		l, err := wordlists.Builtin(*lang)
		if err != nil {
			return usagef(fs, "%v", err)
		}
		cands = l.Words
	}
	r, err := retail.NewReader(*lang, cands)
	if err != nil {
		return err
	}
	defer r.Close()
	r.Fresh = true // each image on its own
	return m.eachImage(pos, *annotate, func(path, out string) (bool, error) {
		return readRetail(m, r, board, path, out, *asJSON)
	})
}

func readRetail(m *Main, r *retail.Reader, board []string, path, annotate string, asJSON bool) (bool, error) {
	img, err := scan.ReadImage(path, true) // colour: covers are read by it
	if err != nil {
		return false, err
	}
	defer img.Close()
	obs, err := r.Read(img)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	rd := retail.Orient(obs.Reading(), board)
	if err := m.writeReading(annotate, func() (gocv.Mat, error) { return retail.Annotate(img, &obs, "en") }, asJSON, rd); err != nil || asJSON {
		return obs.OK && err == nil, err
	}
	printRetail(m.Stdout, path, &obs)
	return obs.OK, nil
}

// printRetail writes a reading for people: one line per cell.
func printRetail(w io.Writer, name string, o *retail.Observation) {
	if !o.OK {
		fmt.Fprintf(w, "%s: not read: %s (%.0f ms)\n", name, o.Reason, o.MS)
		return
	}
	fmt.Fprintf(w, "%s: %d cards, fit %.3f cells, %d OCR lines, %.0f ms\n", name, o.Cards, o.FitError, o.OCRCalls, o.MS)
	for k, c := range o.Cells {
		what := c.Word
		switch {
		case c.Cover != "":
			what = "cover " + c.Cover
		case c.Word == "":
			what = "? (" + c.Why + ")"
		}
		tok := ""
		if c.Token {
			tok = " + token"
		}
		fmt.Fprintf(w, "  %d,%d %s%s\n", k/5, k%5, what, tok)
	}
}
