package camera_test

import (
	"context"
	"testing"

	ijcamera "fieldkit/camera/insidejob"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/scan/insidejob/reading"
)

// TestPlayerCountReachesTheReader sends photos of 2-player tables whose
// player aid cannot be read: the reader then cannot prove Larry's place
// and leaves his card unread, unless the table's player count, which the
// referee knows, comes with the photo. It fails when Photos.Scan drops the
// count.
func TestPlayerCountReachesTheReader(t *testing.T) {
	g, err := ijscene.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	larryRead := func(r reading.Reading) bool {
		for _, p := range r.Plays {
			if p.Seat == nil && p.Card != "" {
				return true
			}
		}
		return false
	}
	want := 2
	if testing.Short() {
		want = 1
	}
	found := 0
	for seed := int64(1); seed <= 400 && found < want; seed++ {
		p := ijscene.Random(seed)
		if p.Players != 2 {
			continue
		}
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		larryPlayed := false
		for _, pl := range sc.Truth.Plays {
			larryPlayed = larryPlayed || pl.Seat == 0
		}
		if !sc.Truth.Readable || sc.Truth.Players != 0 || !larryPlayed {
			sc.Close()
			continue // the aid is legible (the table proves its own count), or Larry has not played
		}
		photo := encode(t, sc.Frame)
		sc.Close()
		unknown, _, err := ijcamera.NewPhotos(1).Scan(ctx, photo, 0)
		if err != nil {
			t.Fatal(err)
		}
		if larryRead(unknown) {
			continue // Larry's card lies clear of any doubt even without the count
		}
		told, _, err := ijcamera.NewPhotos(1).Scan(ctx, photo, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !told.Larry || !larryRead(told) {
			t.Errorf("seed %d: told 2 players, Larry %v and his card unread (%s)", seed, told.Larry, told.Reason)
		}
		found++
	}
	if found == 0 {
		t.Fatal("no 2-player table without a legible aid whose Larry card needs the count in seeds 1-400")
	}
}
