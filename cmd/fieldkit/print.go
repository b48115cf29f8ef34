package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	neturl "net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fieldkit/catalog"
	"fieldkit/deck"
	"fieldkit/keycards"
	"fieldkit/missionmap"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"
	"fieldkit/server"
	"fieldkit/wordlists"
)

func init() {
	commands["print"] = command{
		summary: "print a home-made set: word cards, key cards, pieces (PDF and PNG)",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "print", args, map[string]command{
				"set":      {summary: "every PDF of a full set into a directory", run: runPrintSet},
				"words":    {summary: "word cards of a deck", run: runPrintWords},
				"keycards": {summary: "Duet or classic key cards", run: runPrintKeycards},
				"pieces":   {summary: "agent, assassin and cover cards, timer and guess tokens", run: runPrintPieces},

				// Other games than Codenames.
				"insidejob": {summary: "an Inside Job deck: number, mission and role cards, tokens, aids", run: runPrintInsideJob},
			})
		},
	}
}

// printFlags are the flags every print subcommand shares.
type printFlags struct {
	paper  *string
	lowInk *bool
	bleed  *bool
	png    *string
}

func addPrintFlags(fs *flag.FlagSet) printFlags {
	return printFlags{
		paper:  fs.String("paper", "a4", "paper size: a4 or letter"),
		lowInk: fs.Bool("low-ink", false, "outlines and light tints instead of large colour fills"),
		bleed:  fs.Bool("bleed", false, "3 mm bleed around every piece, for print shops"),
		png:    fs.String("png", "", "also write every card face as a 300 dpi PNG with bleed, plus manifest.json, into this `DIR`"),
	}
}

func (p printFlags) options(fs *flag.FlagSet) (printgen.Options, error) {
	paper, err := printgen.ParsePaper(*p.paper)
	if err != nil {
		return printgen.Options{}, usagef(fs, "--paper: %v", err)
	}
	return printgen.Options{Paper: paper, LowInk: *p.lowInk, Bleed: *p.bleed}, nil
}

// deckFlags choose a deck's words and seed.
type deckFlags struct {
	lang, words, seed *string
}

func addDeckFlags(fs *flag.FlagSet) deckFlags {
	return deckFlags{
		lang:  fs.String("lang", "", "the language of the set: its built-in word list (unless --words gives one) and every printed word: "+strings.Join(catalog.Langs, ", ")),
		words: fs.String("words", "", "custom word list `FILE`: UTF-8, one word per line, # comments"),
		seed:  fs.String("seed", "", "deal the deck (and draw key cards) reproducibly from this text; default: fresh randomness"),
	}
}

// deck loads the word list and deals the deck.
func (d deckFlags) deck(fs *flag.FlagSet) (*deck.Deck, error) {
	var list *wordlists.List
	var err error
	if *d.lang != "" {
		if err := checkLang(fs, *d.lang); err != nil {
			return nil, err
		}
	}
	switch {
	case *d.words != "":
		list, err = wordlists.Load(*d.words)
	case *d.lang != "":
		list, err = wordlists.Builtin(*d.lang)
		if err != nil {
			return nil, usagef(fs, "--lang: %v", err)
		}
	default:
		return nil, usagef(fs, "give --lang en|pl|cs|pt or --words FILE")
	}
	if err != nil {
		return nil, err
	}
	seed := deck.SeedFromText(*d.seed)
	if *d.seed == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		seed = uint32(binary.LittleEndian.Uint64(b[:]) % deck.SeedLimit)
	}
	dk, err := deck.New(list.Name, list.Lang, list.Words, seed)
	if err != nil {
		if *d.words != "" {
			return nil, fmt.Errorf("%s: %w", *d.words, err)
		}
		return nil, err
	}
	return dk, nil
}

func (d deckFlags) source() *keycards.Source {
	if *d.seed == "" {
		return keycards.NewSource()
	}
	return keycards.SeededSource(*d.seed)
}

func (m *Main) reportWritten(w printgen.Written) {
	pages := ""
	if w.Pages > 0 {
		pages = fmt.Sprintf(", %d pages", w.Pages)
		if w.Pages == 1 {
			pages = ", 1 page"
		}
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %s%s, %s\n", w.Path, w.What, pages, size(w.Bytes))
}

func size(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+512)>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// reportSet reports the files a set's Write wrote, also when it failed
// part way, and returns its error.
func (m *Main) reportSet(written []printgen.Written, err error) error {
	for _, w := range written {
		m.reportWritten(w)
	}
	return err
}

// pngDPI is the resolution of --png.
const pngDPI = 300

// reportPNG reports a PNG export of n faces into dir.
func (m *Main) reportPNG(dir string, n int) {
	fmt.Fprintf(m.Stdout, "wrote %s: %d PNG faces at %d dpi with %g mm bleed, and manifest.json\n", dir, n, pngDPI, printgen.Bleed)
}

func (m *Main) exportPNG(dir string, secs []printgen.Section, code string, lowInk bool) error {
	man, err := printgen.ExportPNG(dir, secs, code, pngDPI, lowInk)
	if err != nil {
		return err
	}
	m.reportPNG(dir, len(man.Files))
	return nil
}

func runPrintSet(m *Main, ctx context.Context, args []string) error {
	if done, err := printSetOtherGame(m, ctx, args); done {
		return err
	}
	fs := newFlags("print set", "print set --lang pl|cs|pt|en [--words FILE] --out DIR [--paper a4|letter] [--png DIR]",
		"fieldkit print set --lang pl --out zestaw",
		"fieldkit print set --words party.txt --out party --paper letter --low-ink",
		"fieldkit print set --words party.txt --lang cs --out party",
		"fieldkit print set --lang en --seed picnic --out set --png set/png --bleed")
	df := addDeckFlags(fs)
	pf := addPrintFlags(fs)
	out := fs.String("out", "", "write the PDFs into this `DIR` (made if missing)")
	fs.String("game", "codenames", "which game's set: codenames, or insidejob (see print insidejob -h)")
	nd := fs.Int("duet", 20, "how many Duet key cards")
	nc := fs.Int("classic", 20, "how many classic key cards")
	url := fs.String("url", server.DefaultLocalURL, "table server address for the Duet key cards' QR codes (fieldkit serve announces fieldkit.local on the table's Wi-Fi); none: the side code alone")
	force := fs.Bool("force", false, "replace the deck.json of another deck in --out (its printed cards will no longer match it)")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef(fs, "--out DIR is required")
	}
	if *nd < 0 || *nc < 0 || *nd > 1000 || *nc > 1000 {
		return usagef(fs, "--duet and --classic must be 0..1000")
	}
	opts, err := pf.options(fs)
	if err != nil {
		return err
	}
	d, err := df.deck(fs)
	if err != nil {
		return err
	}
	lang, err := m.printLang(fs, *df.lang, d.Lang)
	if err != nil {
		return err
	}
	rulebook, err := missionmap.Rulebook()
	if err != nil {
		return err
	}
	base, err := qrBase(fs, *url)
	if err != nil {
		return err
	}
	set := &cnprint.Set{Deck: d, URL: base, Map: rulebook, Force: *force, Options: opts, Lang: lang}
	src := df.source()
	for range *nd {
		set.Duet = append(set.Duet, keycards.NewDuet(src))
	}
	for range *nc {
		set.Classic = append(set.Classic, keycards.NewClassic(src))
	}
	if err := m.reportSet(set.Write(*out)); err != nil {
		return err
	}
	if *pf.png != "" {
		return m.exportPNG(*pf.png, set.Sections(), d.Code(), opts.LowInk)
	}
	return nil
}

func runPrintWords(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("print words", "print words --lang pl|cs|pt|en [--words FILE] --out FILE.pdf [--manifest FILE.json] [--paper a4|letter] [--png DIR]",
		"fieldkit print words --lang cs --out slova.pdf",
		"fieldkit print words --words party.txt --seed x --out party.pdf --manifest party.json")
	df := addDeckFlags(fs)
	pf := addPrintFlags(fs)
	out := fs.String("out", "", "write the word cards to this PDF `FILE`")
	man := fs.String("manifest", "", "also write the deck manifest (JSON) to this `FILE`")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef(fs, "--out FILE is required")
	}
	opts, err := pf.options(fs)
	if err != nil {
		return err
	}
	d, err := df.deck(fs)
	if err != nil {
		return err
	}
	lang, err := m.printLang(fs, *df.lang, d.Lang)
	if err != nil {
		return err
	}
	opts.Lang = lang
	secs := []printgen.Section{cnprint.WordSection(d, cnprint.LabelsFor(lang))}
	if err := m.writePDF(*out, fmt.Sprintf("%d word cards, deck %s", d.Cards(), d.Code()), secs, opts); err != nil {
		return err
	}
	if *man != "" {
		f, err := os.Create(*man)
		if err != nil {
			return err
		}
		if err := cnprint.WriteManifest(f, d); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "wrote %s: deck manifest\n", *man)
	}
	if *pf.png != "" {
		return m.exportPNG(*pf.png, secs, d.Code(), opts.LowInk)
	}
	return nil
}

func (m *Main) writePDF(path, what string, secs []printgen.Section, opts printgen.Options) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw := &countWriter{w: f}
	pages, err := printgen.WritePDF(cw, "fieldkit · "+secs[0].Title, secs, opts) // the title a PDF viewer shows, in the set's language
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	m.reportWritten(printgen.Written{Path: path, What: what, Pages: pages, Bytes: cw.n})
	return nil
}

type countWriter struct {
	w interface{ Write([]byte) (int, error) }
	n int
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += n
	return n, err
}

func runPrintKeycards(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("print keycards", "print keycards --game duet|classic [--count N] --out FILE.pdf [--lang pl|cs|pt|en] [--seed S] [--url BASE] [--paper a4|letter] [--png DIR]",
		"fieldkit print keycards --game duet --count 40 --out duet.pdf",
		"fieldkit print keycards --game classic --count 8 --seed picnic --out classic.pdf --low-ink",
		"fieldkit print keycards --game duet --url none --out duet.pdf")
	pf := addPrintFlags(fs)
	game := fs.String("game", "duet", "which game: duet or classic")
	count := fs.Int("count", 8, "how many key cards")
	seed := fs.String("seed", "", "draw reproducible cards from this text; default: fresh randomness")
	out := fs.String("out", "", "write the key cards to this PDF `FILE`")
	url := fs.String("url", server.DefaultLocalURL, "Duet: table server address for the QR codes (fieldkit serve announces fieldkit.local on the table's Wi-Fi); none: the side code alone")
	lang := addLabelFlag(fs)
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	lb, err := m.labelsOf(fs, *lang)
	if err != nil {
		return err
	}
	g, err := keycards.ParseGame(*game)
	if err != nil {
		return usagef(fs, "--game: %v", err)
	}
	if *count < 1 || *count > 1000 {
		return usagef(fs, "--count must be 1..1000, got %d", *count)
	}
	if *out == "" {
		return usagef(fs, "--out FILE is required")
	}
	opts, err := pf.options(fs)
	if err != nil {
		return err
	}
	opts.Lang = lb.Lang
	base, err := qrBase(fs, *url)
	if err != nil {
		return err
	}
	src := keycards.NewSource()
	if *seed != "" {
		src = keycards.SeededSource(*seed)
	}
	var sec printgen.Section
	if g == keycards.Duet {
		cards := make([]keycards.DuetCard, *count)
		for i := range cards {
			cards[i] = keycards.NewDuet(src)
		}
		sec = cnprint.DuetKeySection(cards, base, lb)
	} else {
		cards := make([]keycards.ClassicCard, *count)
		for i := range cards {
			cards[i] = keycards.NewClassic(src)
		}
		sec = cnprint.ClassicKeySection(cards, lb)
	}
	secs := []printgen.Section{sec}
	if err := m.writePDF(*out, fmt.Sprintf("%d %s key cards", *count, g), secs, opts); err != nil {
		return err
	}
	if *pf.png != "" {
		return m.exportPNG(*pf.png, secs, "", opts.LowInk)
	}
	return nil
}

func runPrintPieces(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("print pieces", "print pieces --out FILE.pdf [--lang pl|cs|pt|en] [--paper a4|letter] [--low-ink] [--png DIR]",
		"fieldkit print pieces --out pieces.pdf",
		"fieldkit print pieces --out pieces.pdf --paper letter --low-ink")
	pf := addPrintFlags(fs)
	out := fs.String("out", "", "write the pieces to this PDF `FILE`")
	lang := addLabelFlag(fs)
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	lb, err := m.labelsOf(fs, *lang)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef(fs, "--out FILE is required")
	}
	opts, err := pf.options(fs)
	if err != nil {
		return err
	}
	opts.Lang = lb.Lang
	secs := cnprint.PieceSections(lb)
	if err := m.writePDF(*out, "pieces", secs, opts); err != nil {
		return err
	}
	if *pf.png != "" {
		return m.exportPNG(*pf.png, secs, "", opts.LowInk)
	}
	return nil
}

// addLabelFlag adds --lang for the language of every printed word.
func addLabelFlag(fs *flag.FlagSet) *string {
	return fs.String("lang", "", "the language of every printed word: "+strings.Join(catalog.Langs, ", ")+" (default "+catalog.Langs[0]+")")
}

// checkLang refuses a --lang the prints do not speak.
func checkLang(fs *flag.FlagSet, lang string) error {
	if !slices.Contains(catalog.Langs, lang) {
		return usagef(fs, "--lang %q: want one of %s", lang, strings.Join(catalog.Langs, ", "))
	}
	return nil
}

// printLang returns the language a print speaks: --lang when given, else
// the word list's (listLang; "" for none, or a custom list), else the
// default; it tells stderr which, and why.
func (m *Main) printLang(fs *flag.FlagSet, flagLang, listLang string) (string, error) {
	lang, why := flagLang, "--lang"
	switch {
	case flagLang != "":
		if err := checkLang(fs, flagLang); err != nil {
			return "", err
		}
	case slices.Contains(catalog.Langs, listLang):
		lang, why = listLang, "from the word list"
	default:
		lang, why = catalog.Langs[0], "the default; --lang "+strings.Join(catalog.Langs, "|")+" chooses"
	}
	fmt.Fprintf(m.Stderr, "language: %s (%s)\n", lang, why)
	return lang, nil
}

// labelsOf returns the labels of a --lang value (see printLang).
func (m *Main) labelsOf(fs *flag.FlagSet, lang string) (cnprint.Labels, error) {
	lang, err := m.printLang(fs, lang, "")
	if err != nil {
		return cnprint.Labels{}, err
	}
	return cnprint.LabelsFor(lang), nil
}

// qrBase returns the server address the Duet key cards' QR codes hold, from
// --url: "none" for the side code alone, otherwise an http(s) address (by
// default http://fieldkit.local:8080, the name fieldkit serve announces).
func qrBase(fs *flag.FlagSet, u string) (string, error) {
	if u == "none" {
		return "", nil
	}
	p, err := neturl.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || (p.Path != "" && p.Path != "/") || p.RawQuery != "" {
		return "", usagef(fs, "--url %q: want a server address such as %s or http://192.168.1.20:8080, or none", u, server.DefaultLocalURL)
	}
	if server.IsLoopbackURL(u) {
		return "", usagef(fs, "--url %q names this machine only: phones cannot open it (leave out --url for %s)", u, server.DefaultLocalURL)
	}
	return strings.TrimRight(u, "/"), nil
}
