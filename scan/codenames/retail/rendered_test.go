package retail_test

import (
	"flag"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fieldkit/internal/photoreal"
	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan/codenames/retail"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

var (
	rendered     = flag.String("rendered", "../../testdata/rendered-retail", "directory of photoreal retail frames (name.jpg and name.json, see docs/photoreal.md) TestRendered reads")
	renderedOnly = flag.String("only", "", "TestRendered: read only the frames whose image name contains this")
	traced       = flag.Bool("trace", false, "TestRendered, TestOne: log the finder's reasons (dbg) while each frame is read")
)

// TestRendered reads the Blender-rendered retail tables of -rendered (by
// default the committed regression set, scan/testdata/rendered-retail)
// with the table language's whole built-in list as candidates, and scores
// each frame against its truth with judge, as the synthetic scenes are
// scored: no wrong word, cover or token in any frame; the share of readable
// grids read fully right is logged per resolution, not asserted. Another
// set, e.g. the tuning set:
//
//	go test -run '^TestRendered$' -v ./scan/codenames/retail -rendered=/work/wt/rendered-retail-tune/retail
//
// Nothing on a retail card tells the grid's two ends apart, and when the
// cards' long axis stands near the frame's vertical the reader's "row 0 at
// the top" may come out either way; so the truth is turned by 180 degrees
// when the reader's first cell lies on the truth's last (logged). With
// -perturb NAME each frame is changed before it is read (perturb_test.go).
func TestRendered(t *testing.T) {
	readRendered(t, *rendered, *renderedOnly)
}

// TestDrawnLamps reads the committed frames under drawn lamps
// (scan/testdata/rendered-retail-lamp, from `render -light vary`: the
// camera's balance left their paper bluish, blue over red 1.10 and 1.15)
// as TestRendered does: no wrong word, cover or token. Balanced to the
// tuning lamp alone, 301024-webcam's word card under a pink sleeve was read
// as the red agent and 301038-webcam's dimmed blue agent as the assassin
// (steadyLook, cast.go).
func TestDrawnLamps(t *testing.T) {
	readRendered(t, filepath.Join("..", "..", "testdata", "rendered-retail-lamp"), "")
}

// readRendered reads and judges the frames of dir whose image name
// contains only, logging the tallies (TestRendered).
func readRendered(t *testing.T, dir, only string) {
	frames, err := photoreal.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if *traced {
		defer retail.Trace(t.Logf)()
	}
	readers := langReaders{}
	defer readers.close()
	tallies := map[string]*tally{}
	var seats seatTally
	var order []string
	var all tally // every frame, for the ways words were settled
	n := 0
	for _, f := range frames {
		rt := f.Retail
		if rt == nil || !strings.Contains(f.Image, only) {
			continue
		}
		n++
		r := readers.get(t, rt.Lang)
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", f.Path)
		}
		img, scale := perturb(t, img, f.Seed)
		o, err := r.Read(img)
		if err == nil && *dumpDir != "" {
			sf := math.Min(1, 1920/float64(img.Cols()))
			small := gocv.NewMat()
			gocv.Resize(img, &small, image.Point{}, sf, sf, gocv.InterpolationArea)
			a, aerr := retail.AnnotateScaled(small, sf, &o, rt.Lang)
			small.Close()
			if aerr == nil {
				gocv.IMWrite(filepath.Join(*dumpDir, strings.TrimSuffix(f.Image, ".jpg")+"-seen.png"), a)
				a.Close()
			}
		}
		img.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Image, err)
		}
		truth := rt.Truth
		if o.OK && turned(o, rt, scale) {
			for k := range 12 {
				truth.Cells[k], truth.Cells[24-k] = truth.Cells[24-k], truth.Cells[k]
			}
			t.Logf("%s: the reading's row 0 is the truth's row 4 (cards' axis %.0f degrees): the truth turned", f.Image, rt.Axis)
		}
		sc := &sceneretail.Scene{Params: sceneretail.Params{Seed: f.Seed, Lang: rt.Lang, Width: f.Width, Height: f.Height},
			Words: rt.Words, Truth: truth}
		var one tally
		judge(t, sc, o, &one)
		all.merge(one)
		seats.take(t, f.Image, o, truth, one.wrong+one.badC+one.badT)
		one.ms, one.calls = []float64{o.MS}, o.OCRCalls
		for _, g := range groups(f) {
			if tallies[g] == nil {
				tallies[g] = &tally{}
				order = append(order, g)
			}
			tallies[g].merge(one)
		}
		if truth.Readable && one.fully == 0 {
			pile := "no pile"
			if rt.PileGap > 0 {
				pile = fmt.Sprintf("a pile %.0f mm off", rt.PileGap)
			}
			t.Logf("%s (%s table, %s): readable, not fully right (%d cards seen, %s)", f.Image, f.Scene.TableColor, pile, o.Cards, o.Refusal)
		}
		if !truth.Readable {
			t.Logf("%s: not readable: %s; reader: %s", f.Image, rt.Why, o.Refusal)
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return strings.Compare(a, b) })
	if n == 0 {
		t.Fatalf("no rendered retail frames in %s", dir)
	}
	var lines []string
	for _, res := range order {
		lines = append(lines, res+": "+tallies[res].String())
	}
	t.Logf("%d rendered retail frames in %s:\n%s\nwith the board's words: %s\n%s", n, dir, strings.Join(lines, "\n"), seats, all.waysLine())
}

// seatTally counts how readings fare when turned with the board's words
// (retail.Orient, as the table server does): turned to seat A (and the
// wrong values in those, which the referee would take), left unturned, or
// refused because a word lay on another cell.
type seatTally struct{ turned, wrongTaken, unturned, misplaced int }

// take turns o's reading with the truth's words in the image's order: a
// right reading turns to the bottom edge, or stays unturned with too few
// words; any other edge is an error. wrong is the frame's wrong values.
func (s *seatTally) take(t *testing.T, image string, o retail.Observation, truth sceneretail.Truth, wrong int) {
	if !o.OK {
		return
	}
	board := make([]string, 25)
	for i, c := range truth.Cells {
		board[i] = c.Word
	}
	switch rd := retail.Orient(o.Reading(), board); {
	case rd.Refusal == "misplaced":
		s.misplaced++
		t.Logf("%s: refused with the board's words: %s", image, rd.Reason)
	case rd.SeatAEdge == "":
		s.unturned++
	case rd.SeatAEdge == "bottom":
		s.turned++
		s.wrongTaken += wrong
	default:
		t.Errorf("%s: turned with the board's words to seat A at the %s edge, want bottom", image, rd.SeatAEdge)
	}
}

func (s seatTally) String() string {
	return fmt.Sprintf("%d turned (%d wrong values in them), %d unturned, %d refused (a word on another cell)",
		s.turned, s.wrongTaken, s.unturned, s.misplaced)
}

// merge adds b's counts to a.
func (a *tally) merge(b tally) {
	a.scenes += b.scenes
	a.readable += b.readable
	a.fully += b.fully
	a.words += b.words
	a.wordsRead += b.wordsRead
	a.wrong += b.wrong
	a.covers += b.covers
	a.coversRead += b.coversRead
	a.badC += b.badC
	a.tokens += b.tokens
	a.tokensRead += b.tokensRead
	a.badT += b.badT
	a.unread += b.unread
	a.ms = append(a.ms, b.ms...)
	a.calls += b.calls
	for v, n := range b.ways {
		if a.ways == nil {
			a.ways = map[string][2]int{}
		}
		m := a.ways[v]
		a.ways[v] = [2]int{m[0] + n[0], m[1] + n[1]}
	}
}

// groups are the tallies a frame counts in: its resolution, and the
// resolution with the table (the reader needs a table that differs from its
// beige cards: the light grey, tan and black tables do not) and with
// whether a pile of spare cards lies within 40 mm of the grid (the reader
// refuses a grid with a card just beyond a side).
func groups(f photoreal.Frame) []string {
	res := f.Resolution()
	table := "other tables"
	switch f.Scene.TableColor {
	case "light grey", "tan", "black":
		table = "light grey, tan or black table"
	}
	pile := "no pile within 40 mm"
	if g := f.Retail.PileGap; g > 0 && g < 40 {
		pile = "a pile within 40 mm"
	}
	return []string{res, res + ", " + table, res + ", " + pile}
}

// turned says whether the reading's cell 0 lies on the truth's cell 24
// rather than its cell 0 (the truth's pixels scaled by scale).
func turned(o retail.Observation, rt *photoreal.RetailTruth, scale float64) bool {
	var c [2]float64
	for _, q := range o.Cells[0].Quad {
		c[0], c[1] = c[0]+q[0]/4, c[1]+q[1]/4
	}
	d := func(p [2]float64) float64 { return math.Hypot(scale*p[0]-c[0], scale*p[1]-c[1]) }
	return d(rt.Cells[24].Centre) < d(rt.Cells[0].Centre)
}

// langReaders holds a fresh reader (no cache) of each language's whole
// built-in list, made when first asked for.
type langReaders map[string]*retail.Reader

func (rs langReaders) get(tb testing.TB, lang string) *retail.Reader {
	tb.Helper()
	if r := rs[lang]; r != nil {
		return r
	}
	list, err := wordlists.Builtin(lang)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := retail.NewReader(lang, list.Words)
	if err != nil {
		tb.Fatal(err)
	}
	r.Fresh = true
	rs[lang] = r
	return r
}

func (rs langReaders) close() {
	for _, r := range rs {
		r.Close()
	}
}
