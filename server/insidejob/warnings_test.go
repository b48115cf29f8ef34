package insidejob

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
)

var (
	// warnID is a warning of the referee (warn("id", ...)) or the trick
	// reader (obs.warn(english, "id", ...)), by its message id.
	warnID = regexp.MustCompile(`\bwarn\((?:[^\n]*?, )?"(ij\.[a-z_.]+)"`)
	// englishWarn is a warning written as an English text: what the
	// pages cannot say in the players' language.
	englishWarn = regexp.MustCompile(`\bwarn\("[^"]* [^"]*"\)|Warnings = append\([^\n]*"[^"]* [^"]*"`)
)

// TestWarningsTranslated checks that every warning the host page shows for
// a photo or the camera is a message of the catalog: in the sources (the
// referee's, here, and the trick reader's, in scan/insidejob), and over
// many random readings of random tricks in random games, said in Polish,
// Czech and Portuguese with every placeholder filled.
func TestWarningsTranslated(t *testing.T) {
	// The sources: every warning by id, none as English.
	ids := map[string]bool{}
	for _, f := range []string{"referee.go", filepath.Join("..", "..", "scan", "insidejob", "observe.go"), filepath.Join("..", "..", "scan", "insidejob", "geometry.go")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range warnID.FindAllSubmatch(b, -1) {
			ids[string(m[1])] = true
		}
		for _, m := range englishWarn.FindAll(b, -1) {
			t.Errorf("%s: a warning as English text: %s", f, m)
		}
	}
	if len(ids) < 20 {
		t.Fatalf("found %d warnings in the sources, want the 20 or more there are: %v", len(ids), ids)
	}
	for id := range ids {
		if !catalog.Known(id) {
			t.Errorf("the warning %q is not in the catalog", id)
		}
	}

	// Random readings of random games, as photos from the host and the
	// phones and as the camera's (with an order).
	r := rand.New(rand.NewPCG(3, 14))
	said := map[string]bool{}
	names := []string{"Ada", "Bob", "Cy", "Dee", "Ed"}
	for gi := range 40 {
		n := 2 + gi%4
		s := rules.Setup{Players: names[:n], Dealer: rules.Seat(r.IntN(n)), Wagers: gi%3 != 0}
		seats := max(n, 3)
		for range seats {
			s.Roles = append(s.Roles, rules.Agent)
		}
		s.Roles[r.IntN(seats)] = rules.Insider
		if gi%2 == 0 {
			s.Deck = rules.Deck(s.Wagers, false)
			r.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
		}
		x, err := newGame(s)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 300 && !x.g.Over(); step++ {
			if r.IntN(3) == 0 {
				obs := randomSight(r, x.g, n)
				part, source := "", "upload"
				if r.IntN(2) == 0 {
					part = names[r.IntN(n)]
				}
				var order []int
				if r.IntN(3) == 0 {
					source, part = "camera", ""
					for _, sp := range obs.Plays {
						order = append(order, sp.Seat)
					}
					r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
				}
				next, _, rep, _ := x.observe(obs.Reading(), order, source, part, time.Time{})
				for _, m := range rep.Warnings {
					checkSaid(t, "a warning", m)
					said[m.ID] = true
				}
				for _, m := range rep.Confirmed {
					checkSaid(t, "a play confirmed", m)
					said[m.ID] = true
				}
				if rep.Refused != nil {
					checkSaid(t, "a photo's refusal", *rep.Refused)
					said[rep.Refused.ID] = true
				}
				if body, bad := (&sight{obs: obs.Reading()}).Unreadable(); bad {
					m := body.(scanError).Msg
					checkSaid(t, "an unreadable photo", m)
					said[m.ID] = true
				}
				for _, m := range next.Public().(Public).Warnings {
					checkSaid(t, "the state's warnings", m)
				}
				x = next
				continue
			}
			e, _, ok := legalEvent(r, x.g, s)
			if !ok {
				continue
			}
			x = replayed(t, x, s, e)
		}
	}
	warned := 0
	for id := range said {
		if ids[id] {
			warned++
		}
	}
	if warned < 15 {
		t.Errorf("only %d of the %d warnings met in random readings: %v", warned, len(ids), said)
	}
	t.Logf("%d messages said, %d of the %d warnings", len(said), warned, len(ids))
}
