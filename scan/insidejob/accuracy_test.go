package insidejob_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/scan/insidejob"
)

var (
	scenes  = flag.Int("scenes", 0, "Inside Job scenes the accuracy and privacy tests read (0: 12, or 4 with -short)")
	heldOut = flag.Bool("heldout", false, "read the held-out seeds (from ijscene.HeldOut) instead of the tuning seeds")
	first   = flag.Int64("seed", 1, "the first seed (added to ijscene.HeldOut with -heldout)")
	only    = flag.Int("only-players", 0, "read only the scenes of this player count (0: all); the others are not drawn")
	told    = flag.Bool("players-known", true, "tell the reader each table's player count (Reader.Players), as the referee does; false reads as a photo without a game does")
)

// seeds returns the seeds the tests read.
func seeds() []int64 {
	var out []int64
	base := *first
	if *heldOut {
		base += ijscene.HeldOut
	}
	n := *scenes
	if n == 0 {
		n = 12
		if testing.Short() {
			n = 4
		}
	}
	for i := range n {
		out = append(out, base+int64(i))
	}
	return out
}

// judge compares a reading with the truth: the values it got wrong (a
// claim the truth contradicts), and whether it read the whole trick.
func judge(obs *insidejob.Observation, tr *ijscene.Truth) (wrong []string, full bool) {
	full = obs.OK
	truthPlay := map[int]ijscene.PlayTruth{}
	for _, p := range tr.Plays {
		truthPlay[p.Seat] = p
	}
	onTable := map[int]bool{}
	for _, s := range tr.Seats {
		onTable[s] = true
	}
	for _, s := range obs.Seats {
		if !onTable[s.Seat] {
			wrong = append(wrong, fmt.Sprintf("seat %d is not on the table", s.Seat))
		}
	}
	for _, p := range obs.Plays {
		t, ok := truthPlay[p.Seat]
		switch {
		case !ok:
			wrong = append(wrong, fmt.Sprintf("seat %d played %s, but played nothing", p.Seat, p.Card))
			continue
		case t.ID != p.ID:
			wrong = append(wrong, fmt.Sprintf("seat %d played %s, want %s", p.Seat, p.Card, insidejob.CardName(t.ID)))
			continue
		}
		switch p.Wager {
		case insidejob.Wagered:
			if t.Token != p.Token {
				wrong = append(wrong, fmt.Sprintf("seat %d: wager with intel %d, want %d", p.Seat, p.Token, t.Token))
			}
		case insidejob.NoWager:
			if t.Token != 0 {
				wrong = append(wrong, fmt.Sprintf("seat %d: no wager, want intel %d", p.Seat, t.Token))
			}
		default:
			full = false
		}
	}
	for _, t := range tr.Plays {
		if _, ok := obs.Play(t.Seat); !ok {
			full = false
		}
	}
	if obs.Mission >= 0 && obs.Mission != tr.Mission {
		wrong = append(wrong, fmt.Sprintf("mission %s, want %s", obs.MissionName, insidejob.MissionName(tr.Mission)))
	}
	if obs.Mission != tr.Mission {
		full = false
	}
	tokens := tr.Intel
	for _, p := range tr.Plays {
		if p.Token != 0 {
			tokens++
		}
	}
	if tr.Counted && obs.Intel > tokens {
		wrong = append(wrong, fmt.Sprintf("%d intel tokens off the cards, the table holds %d", obs.Intel, tokens))
	}
	if obs.Players > 0 && tr.Players > 0 && obs.Players != tr.Players {
		wrong = append(wrong, fmt.Sprintf("%d players, want %d", obs.Players, tr.Players))
	}
	return wrong, full
}

// sceneKind says briefly what scene p is: its size, players and issue 25's
// cases.
func sceneKind(p ijscene.Params, tr *ijscene.Truth) string {
	s := fmt.Sprintf("%dx%d, %d players", p.Size.X, p.Size.Y, p.Players)
	if p.Rulebook && p.Players == 2 {
		s += ", rulebook"
	}
	if tr.Pawn {
		s += ", pawn"
	}
	if tr.Echo {
		s += ", echo"
	}
	if p.Size.X == 4000 && p.Fill < 0.6 {
		s += ", far"
	}
	if p.Damage.Light < 0.3 {
		s += ", very dim"
	}
	return s
}

// categories names the conditions of scene p (with truth tr) the breakdown
// counts it in.
func categories(p ijscene.Params, tr *ijscene.Truth) []string {
	out := []string{"all", fmt.Sprintf("%dx%d", p.Size.X, p.Size.Y), fmt.Sprintf("%d players", p.Players)}
	d := p.Damage
	for _, c := range []struct {
		name string
		in   bool
	}{
		{"hands over the trick", p.Hands > 0},
		{"JPEG under 60", d.JPEG < 60},
		{"lens distortion", d.Lens != 0},
		{"coloured light", d.Tint != [3]float64{}},
		{"dim light", d.Light < 0.5},
		{"phone at 30-45 degrees", p.Tilt >= 30},
		{"secrets and piles in view", p.Extras},
		{"wood, cloth or glass", p.Surface != 0},
		{"2 players, rulebook layout", p.Rulebook && p.Players == 2},
		{"Larry's pawn, 3-5 players", tr.Pawn},
		{"an intel token seen twice", tr.Echo},
		{"12 MP, far and tilted", p.Size.X == 4000 && p.Fill < 0.6},
		{"very dim (under 0.3)", d.Light < 0.3},
	} {
		if c.in {
			out = append(out, c.name)
		}
	}
	return out
}

// TestAccuracy reads seeded scenes (go test -run Accuracy -scenes 1000,
// -heldout for the held-out set) and requires no wrong value in any scene
// and at least 99.5% of readable tricks read fully; it logs the breakdown.
func TestAccuracy(t *testing.T) {
	g, err := ijscene.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	type tally struct{ scenes, readable, full, wrong, fullAll int }
	by := map[string]*tally{}
	var r insidejob.Reader
	var wrongs []string
	for _, seed := range seeds() {
		p := ijscene.Random(seed)
		if *only != 0 && p.Players != *only {
			continue
		}
		sc, err := g.Scene(p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		r.Players = 0
		if *told {
			r.Players = p.Players
		}
		obs, err := r.Read(sc.Frame)
		sc.Close()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		wrong, full := judge(&obs, &sc.Truth)
		for _, k := range categories(p, &sc.Truth) {
			if by[k] == nil {
				by[k] = &tally{}
			}
			tl := by[k]
			tl.scenes++
			if full {
				tl.fullAll++
			}
			if sc.Truth.Readable {
				tl.readable++
				if full {
					tl.full++
				}
			}
			if len(wrong) > 0 {
				tl.wrong++
			}
		}
		for _, w := range wrong {
			wrongs = append(wrongs, fmt.Sprintf("seed %d: %s", seed, w))
		}
		if sc.Truth.Readable && !full && testing.Verbose() {
			b, _ := json.Marshal(obs.Reading())
			t.Logf("seed %d (%s): readable trick not read fully: %s", seed, sceneKind(p, &sc.Truth), b)
		}
		if n := by["all"].scenes; n%100 == 0 && testing.Verbose() {
			t.Logf("%d scenes read: %d of %d readable read fully, %d with a wrong value", n, by["all"].full, by["all"].readable, by["all"].wrong)
		}
	}
	var keys []string
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tl := by[k]
		t.Logf("%-25s scenes %4d  readable %4d  read fully %4d (%.1f%%)  read fully of all %4d  with a wrong value %d",
			k, tl.scenes, tl.readable, tl.full, 100*float64(tl.full)/float64(max(tl.readable, 1)), tl.fullAll, tl.wrong)
	}
	if len(wrongs) > 0 {
		t.Errorf("%d wrong values:\n%s", len(wrongs), strings.Join(wrongs[:min(len(wrongs), 50)], "\n"))
	}
	if a := by["all"]; a != nil && a.readable > 0 && float64(a.full) < 0.995*float64(a.readable) {
		t.Errorf("%d of %d readable tricks read fully, want at least 99.5%%", a.full, a.readable)
	}
}
