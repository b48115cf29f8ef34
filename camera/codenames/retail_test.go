package codenames

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"fieldkit/deck"
	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// TestRetailPhotos reads a photo of retail cards as the table server
// would, with a game whose deck holds the board's words: the reading is
// turned to seat A and every word read is the board's; with two of the
// board's words swapped, or without words, it is refused.
func TestRetailPhotos(t *testing.T) {
	sc, err := sceneretail.Generate(sceneretail.Params{Seed: 102, Lang: "pt", Width: 1920, Height: 1080})
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, sc.Frame)
	if err != nil {
		t.Fatal(err)
	}
	photo := append([]byte(nil), buf.GetBytes()...)
	buf.Close()
	p := NewRetailPhotos(1)
	rd, pic, err := p.Scan(context.Background(), photo, &deck.Deck{Lang: "pt", Words: sc.Words})
	if err != nil {
		t.Fatal(err)
	}
	if !rd.OK || rd.SeatAEdge == "" || len(rd.Cells) != 25 {
		t.Fatalf("reading ok %v, edge %q, %d cells", rd.OK, rd.SeatAEdge, len(rd.Cells))
	}
	read := 0
	for i, c := range rd.Cells {
		if c.Word != "" {
			read++
			if c.Word != sc.Words[i] {
				t.Errorf("cell %d: %q, want %q", i, c.Word, sc.Words[i])
			}
		}
	}
	if read < 10 {
		t.Errorf("%d words read", read)
	}
	if jpg, err := pic.JPEG("pt", 800); err != nil || len(jpg) == 0 {
		t.Errorf("picture: %d bytes, %v", len(jpg), err)
	}

	// the board typed with two read words swapped: the photo shows each on
	// the other's cell, and no cell of it is taken
	var both []int
	for i, c := range rd.Cells {
		if c.Word != "" && len(both) < 2 {
			both = append(both, i)
		}
	}
	swapped := slices.Clone(sc.Words)
	swapped[both[0]], swapped[both[1]] = swapped[both[1]], swapped[both[0]]
	rd, _, err = p.Scan(context.Background(), photo, &deck.Deck{Lang: "pt", Words: swapped})
	if err != nil {
		t.Fatal(err)
	}
	if rd.OK || rd.Refusal != "misplaced" || rd.Msg == nil || rd.Msg.ID != "cn.scan.boxed_misplaced" || len(rd.Cells) != 0 {
		t.Errorf("two words swapped on the board: ok %v, refusal %q, msg %v, %d cells; want refused as misplaced",
			rd.OK, rd.Refusal, rd.Msg, len(rd.Cells))
	}
	if _, _, err := p.Scan(context.Background(), photo, nil); !errors.Is(err, ErrNoWords) {
		t.Errorf("Scan without a deck: %v, want ErrNoWords", err)
	}
}

// TestRetailTracker: a still table is reported once, after it held, and
// its view is drawn.
func TestRetailTracker(t *testing.T) {
	sc, err := sceneretail.Generate(sceneretail.Params{Seed: 103, Lang: "en", Width: 1920, Height: 1080})
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	tr, err := NewRetailTracker(&deck.Deck{Lang: "en", Words: sc.Words}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	var changes []bool
	for range 4 {
		rd, changed, err := tr.See(&sc.Frame)
		if err != nil {
			t.Fatal(err)
		}
		changes = append(changes, changed)
		if changed && (!rd.OK || rd.Corners != nil) {
			t.Errorf("settled reading: ok %v, corners %v", rd.OK, rd.Corners)
		}
	}
	if want := []bool{false, true, false, false}; fmt.Sprint(changes) != fmt.Sprint(want) {
		t.Errorf("changes %v, want %v", changes, want)
	}
	if seen := tr.Seen(); !seen.Read {
		t.Errorf("Seen() = %+v, want read", seen)
	}
	if jpg, err := tr.View("en", 640); err != nil || len(jpg) == 0 {
		t.Errorf("View: %d bytes, %v", len(jpg), err)
	}
	if _, err := NewRetailTracker(nil, 2); !errors.Is(err, ErrNoWords) {
		t.Errorf("NewRetailTracker(nil): %v, want ErrNoWords", err)
	}
}
