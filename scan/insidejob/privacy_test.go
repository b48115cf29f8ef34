package insidejob_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/markers"
	"fieldkit/scan"
	"fieldkit/scan/insidejob"
)

// secretTraces returns the strings that would betray secret id: its number
// and its name (a mission's "M07", a role's index).
func secretTraces(id int) []string {
	out := []string{fmt.Sprint(id)}
	if n := insidejob.MissionName(id); n != "" {
		out = append(out, n)
	}
	return out
}

// TestNoSecretLeaks photographs tables with a peeked role card and the
// rejected mission in plain view and finds no trace of either in the
// observation, its JSON, its warnings or the annotated image (whose markers
// are detected again).
func TestNoSecretLeaks(t *testing.T) {
	g, err := ijscene.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	var r insidejob.Reader
	inView := 0
	for _, seed := range seeds() {
		p := ijscene.Random(seed)
		p.Extras = true
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		inView += sc.Truth.SecretLegible
		obs, err := r.Read(sc.Frame)
		if err != nil {
			sc.Close()
			t.Fatal(err)
		}
		ann, err := insidejob.Annotate(sc.Frame, &obs, "pl")
		sc.Close()
		if err != nil {
			t.Fatal(err)
		}
		again, err := scan.DetectMarkers(ann, scan.DetectorParams{})
		ann.Close()
		if err != nil {
			t.Fatal(err)
		}
		obs.Elapsed = 0 // the time's digits are no trace
		js, err := json.Marshal(obs)
		if err != nil {
			t.Fatal(err)
		}
		text := string(js) + strings.Join(obs.Warnings, "\n") + obs.Reason
		for _, id := range sc.Truth.Secret {
			for _, m := range obs.Markers {
				if m.ID == id {
					t.Errorf("seed %d: the observation keeps secret marker %d", seed, id)
				}
			}
			for _, m := range again {
				if m.ID == id {
					t.Errorf("seed %d: secret marker %d is legible in the annotated image", seed, id)
				}
			}
			for _, s := range secretTraces(id) {
				if strings.Contains(text, s) {
					t.Errorf("seed %d: %q (secret %d) in the reading: %s", seed, s, id, text)
				}
			}
		}
		for _, m := range obs.Markers {
			if k, _ := markers.PieceKind(m.ID); k == markers.RoleCard {
				t.Errorf("seed %d: role marker %d kept", seed, m.ID)
			}
		}
	}
	if inView == 0 && len(seeds()) >= 4 {
		t.Errorf("no secret marker was legible in any scene: the test shows nothing")
	}
	t.Logf("%d scenes, %d legible secret markers in view, none kept", len(seeds()), inView)
}
