package codenames

import (
	"image"
	"time"
)

// scanTrace records where one Scan's time went, for benchmarks that ask why
// one kind of frame costs more than another. A nil *scanTrace records
// nothing; Scan never sets one itself.
type scanTrace struct {
	// Clock reads the time the trace measures with: nil for the wall
	// clock; a benchmark on a busy machine gives the thread's CPU time.
	Clock func() time.Duration

	began, last   time.Duration
	first, look   time.Duration             // the first pass; the looks again (cells, undecoded squares)
	read          time.Duration             // reading the grid from the markers, both times
	cands         int                       // undecoded squares the first pass returned
	wholeFrame    bool                      // no grid read: the second pass covered the pieces' box (piecesRect)
	noGridShare   float64                   // the share of the frame that box covers
	cellRegions   int                       // regions of cells looked at again
	squareRegions int                       // regions of undecoded squares looked at again
	regionPixels  int                       // pixels of all regions looked at, times the settings used on each
	stages        [lookStages]time.Duration // the looks again by kind (lookStage)
}

// lookStage names a kind of look again, for stage.
type lookStage int

// The looks again, in the order lookAgain makes them.
const (
	stageCells    lookStage = iota // the empty cells' (or whole frame's) second pass
	stageBlur                      // the empty cells' second detection with a wider window
	stageHalf                      // half-seen cells
	stageSquare                    // undecoded squares, plain
	stageSharp                     // undecoded squares, sharpened
	stageSeat                      // the strips beside a grid read without its seat marker (seatlook.go)
	stageExpected                  // unseen cells' markers sampled where the grid expects them (expected.go)
	lookStages
)

// stage adds the time since the last mark to stage k of the looks, and
// counts it in look too.
func (t *scanTrace) stage(k lookStage) {
	if t == nil {
		return
	}
	now := t.now()
	t.stages[k] += now - t.last
	t.look += now - t.last
	t.last = now
}

var epoch = time.Now()

func (t *scanTrace) now() time.Duration {
	if t.Clock != nil {
		return t.Clock()
	}
	return time.Since(epoch)
}

// start begins a scan's record.
func (t *scanTrace) start() {
	if t == nil {
		return
	}
	*t = scanTrace{Clock: t.Clock}
	t.began = t.now()
}

// firstPass ends the first pass, which returned cands undecoded squares.
func (t *scanTrace) firstPass(cands int) {
	if t == nil {
		return
	}
	t.last = t.now()
	t.first, t.cands = t.last-t.began, cands
}

// lap adds the time since the last mark to *d.
func (t *scanTrace) lap(d *time.Duration) {
	if t == nil {
		return
	}
	now := t.now()
	*d += now - t.last
	t.last = now
}

// regions records the regions rs looked at again with settings settings
// each: of cells, or of undecoded squares.
func (t *scanTrace) regions(cells bool, rs []image.Rectangle, settings int) {
	if t == nil {
		return
	}
	for _, r := range rs {
		t.regionPixels += r.Dx() * r.Dy() * settings
	}
	if cells {
		t.cellRegions += len(rs)
	} else {
		t.squareRegions += len(rs)
	}
}

// morePixels adds the pixels of regions rs, looked at again with one
// setting, without counting them as regions: a second detection over some
// of the cells already counted.
func (t *scanTrace) morePixels(rs []image.Rectangle) {
	if t == nil {
		return
	}
	for _, r := range rs {
		t.regionPixels += r.Dx() * r.Dy()
	}
}
