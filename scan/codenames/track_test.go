package codenames_test

import (
	"context"
	"path/filepath"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

// videoScenes are the frames of a short game clip: three covers on the
// table, then a fourth, then a hand over the cards, all from a slightly
// moving camera.
func videoScenes() []scene.Params {
	base := scene.Params{Seed: 11, Size: scene.Size1080p, Fill: 0.95, Tilt: 15, Rotate: 3, Gap: 6, Covers: 3, Duet: true, Noise: 3, JPEG: 80}
	var ps []scene.Params
	for i := range 24 {
		p := base
		p.Rotate += 0.2 * float64(i%3)
		if i >= 10 {
			p.Covers = 4
		}
		if i >= 18 && i < 21 {
			p.Hand = true
		}
		ps = append(ps, p)
	}
	return ps
}

// TestTrackVideo writes the clip as an MJPG .avi with OpenCV's VideoWriter,
// reads it back with Watch, and checks the tracker: every cell known after
// the first frames, the fourth cover reported once it held, nothing from the
// hand.
func TestTrackVideo(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	path := filepath.Join(t.TempDir(), "clip.avi")
	ps := videoScenes()
	var first, last scene.Truth
	vw, err := gocv.VideoWriterFile(path, "MJPG", 30, ps[0].Size.X, ps[0].Size.Y, true)
	if err != nil {
		t.Fatalf("VideoWriterFile(MJPG): %v", err)
	}
	for i, p := range ps {
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := vw.Write(sc.Frame); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = sc.Truth
		}
		if i == len(ps)-1 {
			last = sc.Truth
		}
		sc.Close()
	}
	vw.Close()

	vc, err := gocv.VideoCaptureFile(path)
	if err != nil || !vc.IsOpened() {
		t.Fatalf("VideoCaptureFile(%s): %v", path, err)
	}
	defer vc.Close()
	tr := codenames.NewTracker(&codenames.Scanner{Deck: codenames.FromDeck(d)})
	var changes []codenames.Change
	frames := 0
	err = codenames.Watch(context.Background(), vc, tr, func(obs codenames.Observation, cs []codenames.Change) error {
		frames++
		if !obs.OK {
			t.Logf("frame %d: %s", frames, obs.Reason)
		}
		changes = append(changes, cs...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if frames != len(ps) {
		t.Errorf("Watch read %d frames, want %d", frames, len(ps))
	}
	state, _ := tr.State()
	var late []codenames.Change
	for _, c := range changes {
		if c.Frame > 3 {
			late = append(late, c)
		}
	}
	for r := range 5 {
		for c := range 5 {
			want := last.Cells[r][c]
			got := state[r][c]
			wantCard := want.Card
			if first.Cells[r][c].Cover >= 0 {
				wantCard = -1 // covered from the start: never seen
			}
			if got.Card != wantCard || (got.Cover != codenames.NotInDeck) != (want.Cover >= 0) {
				t.Errorf("[%d,%d] = card %d cover %v, want card %d cover id %d", r, c, got.Card, got.Cover, wantCard, want.Cover)
			}
		}
	}
	if len(late) != 1 || late[0].To.Cover != codenames.Agent && late[0].To.Cover != codenames.Assassin || late[0].Frame != 13 {
		t.Errorf("changes after frame 3 = %v, want one cover at frame 13 (held 3 frames from frame 11)", late)
	}
}
