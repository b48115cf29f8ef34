package scan_test

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"fieldkit/deck"
	"fieldkit/scan"
	"fieldkit/scan/scene"
	"fieldkit/wordlists"
)

var scenes = flag.Int("scenes", 60, "number of seeded scenes TestAccuracy generates and scans (the benchmark set is -scenes 1000)")

func testDeck(t testing.TB) *deck.Deck {
	t.Helper()
	l, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 7)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// outcome is how an observation compares with a scene's truth.
type outcome int

const (
	correct    outcome = iota // read, every reported value right, nothing legible missed
	incomplete                // read, every reported value right, something legible missed
	wrong                     // read, something reported wrong
	refused                   // not read
)

var outcomeNames = [...]string{"correct", "incomplete", "wrong", "refused"}

func (o outcome) String() string { return outcomeNames[o] }

// judge compares obs with the truth and lists the differences.
func judge(obs scan.Observation, truth scene.Truth) (outcome, []string) {
	if !obs.OK {
		return refused, []string{obs.Refusal.String() + ": " + obs.Reason}
	}
	var wrongs, misses []string
	t := truth.View
	switch {
	case obs.SeatMarker && truth.BySeatMarker == nil:
		wrongs = append(wrongs, "a seat marker read where none lies")
	case obs.SeatMarker:
		t = *truth.BySeatMarker
	default:
		t = truth.Default
		for _, m := range truth.Markers {
			if m.ID == scene.SeatID && m.Legible {
				misses = append(misses, "the legible seat marker missed")
			}
		}
	}
	if obs.SeatA.String() != t.SeatA {
		wrongs = append(wrongs, fmt.Sprintf("seat A faces %s, want %s", obs.SeatA, t.SeatA))
	}
	for r := range 5 {
		for c := range 5 {
			got, want := obs.Cells[r][c], t.Cells[r][c]
			at := fmt.Sprintf("[%d,%d]", r, c)
			switch {
			case got.Card >= 0 && got.Card != want.Card:
				wrongs = append(wrongs, fmt.Sprintf("%s card %d, want %d", at, got.Card, want.Card))
			case got.Card < 0 && want.CardLegible:
				misses = append(misses, fmt.Sprintf("%s card %d missed", at, want.Card))
			}
			switch {
			case got.CoverID >= 0 && got.CoverID != want.Cover:
				wrongs = append(wrongs, fmt.Sprintf("%s cover %d, want %d", at, got.CoverID, want.Cover))
			case got.CoverID < 0 && want.CoverLegible:
				misses = append(misses, fmt.Sprintf("%s cover %d missed", at, want.Cover))
			}
			switch {
			case got.Timers > want.Timers:
				wrongs = append(wrongs, fmt.Sprintf("%s %d timers, want %d", at, got.Timers, want.Timers))
			case got.Timers < want.TimersLegible:
				misses = append(misses, fmt.Sprintf("%s %d timers, want %d", at, got.Timers, want.TimersLegible))
			}
		}
	}
	for _, tok := range obs.Tokens {
		if t.Token == nil || tok.Row != t.Token[0] || tok.Col != t.Token[1] {
			wrongs = append(wrongs, fmt.Sprintf("guess token at [%d,%d], want %v", tok.Row, tok.Col, t.Token))
		}
	}
	if len(obs.Tokens) == 0 && t.Token != nil && t.TokenLegible {
		misses = append(misses, fmt.Sprintf("guess token at %v missed", *t.Token))
	}
	switch {
	case len(wrongs) > 0:
		return wrong, append(wrongs, misses...)
	case len(misses) > 0:
		return incomplete, misses
	}
	return correct, nil
}

// TestAccuracy scans seeded scenes across every degradation and checks the
// goals: no wrong value anywhere, at least 99.5% of readable scenes read
// completely, unreadable scenes refused. The default run is small; the
// benchmark set is
//
//	go test -run '^TestAccuracy$' -scenes 1000 -v ./scan
func TestAccuracy(t *testing.T) {
	d := testDeck(t)
	g := scene.NewGenerator(d)
	defer g.Close()
	s := &scan.Scanner{Deck: scan.FromDeck(d)}
	type key struct {
		readable bool
		o        outcome
	}
	counts := map[key]int{}
	refusals := map[string]int{}
	var times = map[string][]time.Duration{}
	shown := 0
	for i := range *scenes {
		p := scene.Random(int64(i + 1))
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		obs, err := s.Scan(sc.Frame)
		sc.Close()
		if err != nil {
			t.Fatalf("scene %d: %v", p.Seed, err)
		}
		o, diffs := judge(obs, sc.Truth)
		counts[key{sc.Truth.Readable, o}]++
		if o == refused {
			refusals[obs.Refusal.String()]++
		}
		size := fmt.Sprintf("%dx%d", p.Size.X, p.Size.Y)
		times[size] = append(times[size], obs.Elapsed)
		bad := o == wrong || (sc.Truth.Readable && o != correct)
		if bad && shown < 30 {
			shown++
			t.Logf("scene %d (%s, readable %v): %s: %s\n\tparams %+v", p.Seed, size, sc.Truth.Readable, o, strings.Join(diffs, "; "), p)
		}
	}
	readable := 0
	for _, o := range []outcome{correct, incomplete, wrong, refused} {
		readable += counts[key{true, o}]
	}
	t.Logf("%d scenes: %d readable: %d correct, %d incomplete, %d wrong, %d refused", *scenes, readable,
		counts[key{true, correct}], counts[key{true, incomplete}], counts[key{true, wrong}], counts[key{true, refused}])
	t.Logf("%d unreadable: %d refused, %d correct, %d incomplete, %d wrong", *scenes-readable,
		counts[key{false, refused}], counts[key{false, correct}], counts[key{false, incomplete}], counts[key{false, wrong}])
	t.Logf("refusals: %v", refusals)
	for size, ts := range times {
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		t.Logf("%s: %d frames, median %v, p95 %v (all threads)", size, len(ts), ts[len(ts)/2], ts[len(ts)*95/100])
	}
	if n := counts[key{true, wrong}] + counts[key{false, wrong}]; n > 0 {
		t.Errorf("%d scenes read with a wrong value; want none", n)
	}
	if readable > 0 {
		if share := float64(counts[key{true, correct}]) / float64(readable); share < 0.995 {
			t.Errorf("%.1f%% of readable scenes read completely, want at least 99.5%%", 100*share)
		}
	}
}
