package codenames

import (
	"image"
	"time"
)

// scanTrace records where one Scan's time went, for benchmarks that ask why
// one kind of frame costs more than another. A nil *scanTrace records
// nothing; Scan never sets one itself.
type scanTrace struct {
	first, total  time.Duration // the halved first pass; the whole observation
	lookStart     time.Time
	look          time.Duration // the looks again (empty cells, cells, undecoded squares)
	cands         int           // undecoded squares the first pass returned
	wholeFrame    bool          // no grid read: the second pass covered the whole frame
	cellRegions   int           // regions of cells looked at again
	squareRegions int           // regions of undecoded squares looked at again
	regionPixels  int           // pixels of all regions looked at, times the settings used on each
}

func (t *scanTrace) firstPass(start time.Time, cands int) {
	if t == nil {
		return
	}
	*t = scanTrace{first: time.Since(start), cands: cands, lookStart: time.Now()}
}

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

func (t *scanTrace) done(total time.Duration) {
	if t == nil {
		return
	}
	t.look = time.Since(t.lookStart)
	t.total = total
}
