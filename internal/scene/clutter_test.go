package scene_test

import (
	"strings"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/markers"
)

// TestClutterTruth: issue 25's clutter is drawn, and the truth says
// honestly what a person could read. A hand of cards over the grid hides
// grid markers ("under another piece") and, face up, shows word markers of
// cards off the grid; a cover stack shows only its top cover; an in-line
// draw pile or a spare card adds cards off the grid; glints wash out the
// markers they fall on ("under glare"). Each case is one seed of a clean,
// square-on 12 MP table, so that nothing else hides a marker.
func TestClutterTruth(t *testing.T) {
	g, d := newGenerator(t)
	defer g.Close()
	for _, tc := range []struct {
		name string
		seed int64
		set  func(*scene.Params)
		// What the truth must show: grid markers hidden under a later
		// piece, legible word and cover markers off the grid, markers
		// under glare, at least this many each.
		hidden, offWords, offCovers, glared int
		// Covers off the grid hidden under other covers.
		stacked int
	}{
		{"hand of 6 cards face up", 8, func(p *scene.Params) { p.Fan = 6 }, 2, 2, 0, 0, 0},
		{"hand of 4 cards", 11, func(p *scene.Params) { p.Fan = 4 }, 1, 0, 0, 0, 0},
		{"two draw piles in line", 5, func(p *scene.Params) { p.InLine = 2 }, 0, 1, 0, 0, 0},
		{"three cover stacks", 7, func(p *scene.Params) { p.CoverStacks = 3 }, 0, 0, 3, 0, 3},
		{"three spare cards", 9, func(p *scene.Params) { p.Spares = 3 }, 0, 1, 0, 0, 0},
		{"five glints", 13, func(p *scene.Params) { p.Glints = 5 }, 0, 0, 0, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := scene.Params{Seed: tc.seed, Layout: scene.Grid, Size: scene.Size12MP, Fill: 0.7, Dist: 2, Gap: 5}
			tc.set(&p)
			sc, err := g.Scene(p)
			if err != nil {
				t.Fatal(err)
			}
			defer sc.Close()
			onGrid := map[int]bool{}
			for r := range 5 {
				for c := range 5 {
					onGrid[sc.Truth.Cells[r][c].Card] = true
					onGrid[sc.Truth.Cells[r][c].Cover] = true
				}
			}
			var hidden, offWords, offCovers, glared, stacked int
			for _, m := range sc.Truth.Markers {
				kind, _ := d.Kind(m.ID)
				cover := kind != markers.Word && m.ID >= markers.DuetAgentBase && m.ID <= markers.ClassicAssassinID
				switch {
				case onGrid[m.ID] && m.Why == "under another piece":
					hidden++
				case !onGrid[m.ID] && kind == markers.Word && m.Legible:
					offWords++
				case !onGrid[m.ID] && cover && m.Legible:
					offCovers++
				case !onGrid[m.ID] && cover && m.Why == "under another piece":
					stacked++
				}
				if strings.HasPrefix(m.Why, "under glare") {
					glared++
				}
			}
			t.Logf("grid markers hidden %d, legible off the grid: %d word, %d cover markers; %d covers stacked under others, %d markers under glare; readable %v (%s)",
				hidden, offWords, offCovers, stacked, glared, sc.Truth.Readable, sc.Truth.Why)
			for _, c := range []struct {
				what      string
				got, want int
			}{{"grid markers hidden", hidden, tc.hidden}, {"word markers off the grid", offWords, tc.offWords},
				{"cover markers off the grid", offCovers, tc.offCovers}, {"markers under glare", glared, tc.glared},
				{"covers stacked", stacked, tc.stacked}} {
				if c.got < c.want {
					t.Errorf("%s: %d, want at least %d", c.what, c.got, c.want)
				}
			}
			if tc.glared == 0 && glared > 0 {
				t.Errorf("%d markers under glare without glints", glared)
			}
			if tc.hidden == 0 && hidden > 0 {
				t.Errorf("%d grid markers hidden by clutter beside the grid", hidden)
			}
		})
	}
}
