package codenames_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/photoreal"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

var requireSeat = flag.Bool("seat", false, "TestRendered scans with Scanner.RequireSeat (fieldkit scan --seat): a photo whose seat marker is not read is refused")

var rendered = flag.String("rendered", "../testdata/rendered/codenames", "directory of photoreal frames (name.jpg and name.json, see docs/photoreal.md) TestRendered scans")

// TestRendered scans the Blender-rendered tables of -rendered (by default
// the committed regression set, scan/testdata/rendered/codenames) and
// scores each against its truth with judge: no wrong value in any scene;
// the share of readable scenes read completely is logged per resolution,
// not asserted. Another set, e.g. the tuning set:
//
//	go test -run '^TestRendered$' -v ./scan/codenames -rendered=/work/wt/rendered-tune/codenames
//
// With -seat the scanner needs the seat (RequireSeat, the seat look).
func TestRendered(t *testing.T) {
	frames, err := photoreal.Load(*rendered)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) == 0 {
		t.Fatalf("no rendered frames in %s", *rendered)
	}
	d := testDeck(t)
	s := &codenames.Scanner{Deck: codenames.FromDeck(d), RequireSeat: *requireSeat}
	groups := map[string]*tally{}
	var all tally
	wrongs := 0
	for _, f := range frames {
		if f.Codenames == nil {
			continue
		}
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", f.Path)
		}
		obs, err := s.Scan(img)
		img.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		o, diffs := judge(obs, *f.Codenames)
		readable := f.Codenames.Readable
		all.add(readable, o)
		for _, g := range []string{f.Resolution(), f.Scene.Paper + " paper", fmt.Sprintf("hands %d", f.Scene.Hands)} {
			if groups[g] == nil {
				groups[g] = &tally{}
			}
			groups[g].add(readable, o)
		}
		if o == wrong {
			wrongs++
		}
		if o == wrong || (readable && o != correct) {
			t.Logf("%s (readable %v): %s: %s", f.Image, readable, o, strings.Join(diffs, "; "))
		}
	}
	table := []string{
		"| rendered scenes | n | readable | read completely | missed a legible piece | refused | unreadable: refused | unreadable: read completely | wrong value |",
		"|---|--:|--:|--:|--:|--:|--:|--:|--:|",
	}
	for _, g := range []string{"1080p", "12 MP", "glossy paper", "satin paper", "matte paper", "hands 0", "hands 1", "hands 2"} {
		if c := groups[g]; c != nil {
			table = append(table, c.row(g))
		}
	}
	table = append(table, all.row("**all**"))
	t.Logf("%d rendered scenes in %s:\n%s", all.scenes, *rendered, strings.Join(table, "\n"))
	if wrongs > 0 {
		t.Errorf("%d rendered scenes read with a wrong value; want none", wrongs)
	}
}
