package insidejob_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"fieldkit/internal/photoreal"
	"fieldkit/scan/insidejob"

	"gocv.io/x/gocv"
)

const defaultRendered = "../testdata/rendered/insidejob"

var rendered = flag.String("rendered", defaultRendered, "directory of photoreal frames (name.jpg and name.json, see docs/photoreal.md) TestRendered reads")

// knownWrong are the committed rendered frames the reader is known to
// misread, with why. TestRendered logs their wrong values instead of
// failing, and fails once one of them is read without a wrong value, so
// that the entry is removed with the fix.
var knownWrong = map[string]string{}

// TestRendered reads the Blender-rendered tricks of -rendered (by default
// the committed regression set, scan/testdata/rendered/insidejob) and scores
// each against its truth with judge: no wrong value in any scene (but those
// of knownWrong, in the committed set); the share
// of readable tricks read fully is logged per resolution, player count and
// Larry's place, not asserted. Another set, e.g. the tuning set:
//
//	go test -run '^TestRendered$' -v ./scan/insidejob -rendered=/work/wt/rendered-tune/insidejob
func TestRendered(t *testing.T) {
	frames, err := photoreal.Load(*rendered)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) == 0 {
		t.Fatalf("no rendered frames in %s", *rendered)
	}
	type tally struct{ scenes, readable, full, wrong int }
	by := map[string]*tally{}
	var r insidejob.Reader
	var wrongs []string
	for _, f := range frames {
		tr := f.InsideJob
		if tr == nil {
			continue
		}
		img := gocv.IMRead(f.Path, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: not an image", f.Path)
		}
		r.Players = 0
		if *told { // -players-known: as the referee tells it
			r.Players = f.Scene.Players
		}
		obs, err := r.Read(img)
		img.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		wrong, full := judge(&obs, tr)
		keys := []string{"all", f.Resolution(), fmt.Sprintf("%d players", f.Scene.Players), f.Scene.Paper + " paper"}
		if f.Scene.Larry != "" {
			keys = append(keys, "Larry's pawn as "+f.Scene.Larry)
		}
		if f.Scene.Hands > 0 {
			keys = append(keys, "hands over the table")
		}
		for _, k := range keys {
			if by[k] == nil {
				by[k] = &tally{}
			}
			tl := by[k]
			tl.scenes++
			if tr.Readable {
				tl.readable++
				if full {
					tl.full++
				}
			}
			if len(wrong) > 0 {
				tl.wrong++
			}
		}
		switch why, known := knownWrong[f.Image]; {
		case known && *rendered == defaultRendered && len(wrong) == 0:
			t.Errorf("%s is read without a wrong value now: remove it from knownWrong (%s)", f.Image, why)
		case known && *rendered == defaultRendered:
			t.Logf("%s: known wrong values (%s): %s", f.Image, why, strings.Join(wrong, "; "))
		default:
			for _, w := range wrong {
				wrongs = append(wrongs, fmt.Sprintf("%s: %s", f.Image, w))
			}
		}
		if tr.Readable && !full {
			b, _ := json.Marshal(obs.Reading())
			t.Logf("%s: readable trick not read fully: %s", f.Image, b)
		}
	}
	var keys []string
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tl := by[k]
		t.Logf("%-32s scenes %4d  readable %4d  read fully %4d (%.1f%%)  with a wrong value %d",
			k, tl.scenes, tl.readable, tl.full, 100*float64(tl.full)/float64(max(tl.readable, 1)), tl.wrong)
	}
	if len(wrongs) > 0 {
		t.Errorf("%d wrong values:\n%s", len(wrongs), strings.Join(wrongs, "\n"))
	}
}
