package insidejob

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	ijscan "fieldkit/scan/insidejob"
)

// started returns a game of deal A at its first trick: Dee (the Accomplice)
// has picked Bob, Ada leads and has kept the first mission drawn; then the
// events (engine events, as a replay of the log applies them) are applied; a mission event
// without a mission keeps the first card drawn.
func started(t *testing.T, evs ...rules.Event) game {
	t.Helper()
	s := setup4(dealA, deckA)
	x, err := newGame(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range append([]rules.Event{rules.Partner(3, 1), {}}, evs...) {
		if e.Type == rules.NoEvent || e.Type == rules.MissionChosen && !e.Mission.Valid() {
			a, _, _ := x.g.Drawn()
			e = rules.Choose(a, rules.NoMission)
		}
		x = replayed(t, x, s, e)
	}
	return x
}

// seenTrick is a made-up reading: seats 1-4, the mission by name ("" for
// none), the cards by seat ("1:Y10", "3:G7w" with a wager, "2:P4?" with the
// wager in doubt) and the intel seen off the cards.
func seenTrick(mission string, intel int, plays ...string) ijscan.Observation {
	o := ijscan.Observation{OK: true, Mission: -1, Intel: intel}
	if mission != "" {
		o.Mission, o.MissionName = 921, mission
	}
	for s := 1; s <= 4; s++ {
		o.Seats = append(o.Seats, ijscan.Seat{Seat: s})
	}
	for _, p := range plays {
		var seat int
		var card string
		fmt.Sscanf(strings.Replace(p, ":", " ", 1), "%d %s", &seat, &card)
		pl := ijscan.Play{Seat: seat, Wager: ijscan.NoWager, Both: true}
		switch {
		case strings.HasSuffix(card, "w"):
			pl.Wager, pl.Token, card = ijscan.Wagered, 3, strings.TrimSuffix(card, "w")
		case strings.HasSuffix(card, "?"):
			pl.Wager, card = ijscan.WagerUnknown, strings.TrimSuffix(card, "?")
		}
		c, _ := rules.ParseCard(card)
		pl.Card, pl.ID = card, 869+int(c)-1
		o.Plays = append(o.Plays, pl)
	}
	return o
}

// TestRefereePhotos referees made-up readings and checks the events they
// cause, the warnings they give and what the report keeps.
func TestRefereePhotos(t *testing.T) {
	kept := started(t).g.Mission().String()
	other := "R4"
	if kept == other {
		other = "R3"
	}
	trick1 := []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10)), rules.PlayCard(1, rules.NewCard(1, 4)), rules.PlayCard(2, rules.NewCard(2, 7)),
		rules.PlayCard(3, rules.NewCard(3, 2)), rules.Resolve()}
	cases := []struct {
		name    string
		before  []rules.Event // by hand, after the mission
		obs     ijscan.Observation
		order   []int // the camera's order; nil for a photo
		part    string
		events  []string // want, in order
		warns   []string // substrings of the warnings, in order
		refused string   // substring of the refusal
		mission string   // the report's mission, "" for null
	}{
		{name: "a whole trick in seat order, with a wager",
			obs:     seenTrick(kept, 0, "3:G7w", "1:Y10", "4:B2", "2:P4"),
			events:  []string{`"by":"Ada","card":"Y10"`, `"by":"Bob","card":"P4"`, `"by":"Cy","card":"G7"`, `"type":"wager","by":"Cy"`, `"by":"Dee","card":"B2"`},
			mission: kept},
		{name: "a gap: Bob has not played",
			obs:    seenTrick(kept, 0, "1:Y10", "3:G7"),
			events: []string{`"by":"Ada","card":"Y10"`},
			warns:  []string{"green 7 by Cy, but Bob plays next"}, mission: kept},
		{name: "Bob's phone may not enter Ada's card",
			obs: seenTrick(kept, 0, "1:Y10", "2:P4"), part: "Bob",
			refused: "may do only what that phone may do by hand", mission: kept},
		{name: "Ada's phone enters Ada's card",
			obs: seenTrick(kept, 0, "1:Y10", "2:P4"), part: "Ada",
			events: []string{`"by":"Ada","card":"Y10"`}, refused: "may do only what", mission: kept},
		{name: "the lead may not wager",
			obs:    seenTrick(kept, 0, "1:Y10w", "2:P4"),
			events: []string{`"by":"Ada","card":"Y10"`, `"by":"Bob","card":"P4"`},
			warns:  []string{"an intel token lies on Ada's card, but the referee takes no raise there: Ada leads this trick"}, mission: kept},
		{name: "a wager in doubt stops the trick",
			obs:    seenTrick(kept, 0, "1:Y10", "2:P4?", "3:G7"),
			events: []string{`"by":"Ada","card":"Y10"`, `"by":"Bob","card":"P4"`},
			warns:  []string{"cannot tell whether an intel token lies on Bob's pink 4"}, mission: kept},
		{name: "cards the referee has are confirmed; a later wager is entered",
			before: []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10)), rules.PlayCard(1, rules.NewCard(1, 4))},
			obs:    seenTrick(kept, 0, "1:Y10", "2:P4w"),
			events: []string{`"type":"wager","by":"Bob"`}, mission: kept},
		{name: "a token on a card before the last is not a wager",
			before: []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10)), rules.PlayCard(1, rules.NewCard(1, 4)), rules.PlayCard(2, rules.NewCard(2, 7))},
			obs:    seenTrick(kept, 0, "1:Y10", "2:P4w", "3:G7"),
			warns:  []string{"an intel token lies on Bob's pink 4, but the referee has no raise there"}, mission: kept},
		{name: "another card than the referee's",
			before: []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10))},
			obs:    seenTrick(kept, 0, "1:G9"),
			warns:  []string{"green 9 by Ada, but the referee has yellow 10 played there"}, mission: kept},
		{name: "a wager the camera does not see",
			before: []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10)), rules.PlayCard(1, rules.NewCard(1, 4)), rules.Wager(1)},
			obs:    seenTrick(kept, 0, "1:Y10", "2:P4"),
			warns:  []string{"the referee has a raise on Bob's pink 4, but the camera sees no intel token on it"}, mission: kept},
		{name: "the trick just resolved still lies there",
			before: trick1,
			obs:    seenTrick("", 0, "1:Y10", "2:P4", "3:G7", "4:B2")},
		{name: "a card of another trick while none is under way",
			before: trick1,
			obs:    seenTrick("", 0, "1:Y10", "2:B9", "3:G7"),
			warns:  []string{"blue 9 by Bob, but no trick is under way"}},
		{name: "a card of an earlier trick",
			before: append(trick1, rules.Choose(rules.NoMission, rules.NoMission)),
			obs:    seenTrick("", 0, "2:G7"),
			warns:  []string{"green 7 by Bob, but that card was already played in an earlier trick"}},
		{name: "a card the referee has by another seat",
			before: []rules.Event{rules.PlayCard(0, rules.NewCard(0, 10))},
			obs:    seenTrick(kept, 0, "2:Y10"),
			warns:  []string{"yellow 10 by Bob, but the referee has it played by Ada"}, mission: kept},
		{name: "the rejected mission in the middle is dropped",
			obs:   seenTrick(other, 0),
			warns: []string{"the mission in the middle is not the one kept (" + kept + ")"}},
		{name: "two mission faces in the middle",
			obs: func() ijscan.Observation {
				o := seenTrick("", 0)
				o.Warnings = []string{"two mission faces lie in the middle: the mission is not read"}
				o.Notes = []ijscan.Note{{ID: "ij.scan.two_missions"}}
				return o
			}(),
			warns: []string{"two mission faces lie in the middle"}},
		{name: "more intel than the players hold",
			obs:   seenTrick(kept, 9),
			warns: []string{"9 intel tokens off the cards, but the players hold"}, mission: kept},
		{name: "the camera saw Bob's card first",
			obs: seenTrick(kept, 0, "1:Y10", "2:P4"), order: []int{2, 1},
			events: []string{`"by":"Ada","card":"Y10"`, `"by":"Bob","card":"P4"`},
			warns:  []string{"the camera saw Bob's card before Ada's, but Ada plays first"}, mission: kept},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := started(t, c.before...)
			next, step, rep, keptObs := x.observe(c.obs.Reading(), c.order, "upload", c.part, time.Time{})
			if len(step.Events) != len(rep.Events) {
				t.Errorf("%d events logged, %d reported", len(step.Events), len(rep.Events))
			}
			if len(rep.Events) != len(c.events) {
				t.Errorf("events %s, want %d: %v", rep.Events, len(c.events), c.events)
			}
			for i, e := range rep.Events {
				if i < len(c.events) && !strings.Contains(string(e), c.events[i]) {
					t.Errorf("event %d = %s, want %s", i, e, c.events[i])
				}
			}
			warnings := english(rep.Warnings)
			if len(warnings) != len(c.warns) {
				t.Errorf("warnings %q, want %q", warnings, c.warns)
			}
			for i, w := range warnings {
				if i < len(c.warns) && !strings.Contains(w, c.warns[i]) {
					t.Errorf("warning %d = %q, want %q", i, w, c.warns[i])
				}
			}
			refused := ""
			if rep.Refused != nil {
				refused = rep.Refused.In("en")
			}
			if c.refused == "" && refused != "" || !strings.Contains(refused, c.refused) {
				t.Errorf("refused %q, want %q", refused, c.refused)
			}
			got := ""
			if rep.Observation.Mission != nil {
				got = *rep.Observation.Mission
			}
			if got != c.mission || keptObs.MissionName() != c.mission {
				t.Errorf("the report keeps mission %q (the picture %q), want %q", got, keptObs.MissionName(), c.mission)
			}
			b, _ := json.Marshal(next.Public())
			if c.mission == "" && c.obs.MissionName != "" && strings.Contains(string(b), `"`+c.obs.MissionName+`"`) {
				t.Errorf("the public state names the dropped mission %s: %s", c.obs.MissionName, b)
			}
			// The events applied are the game's: the state moved by as many.
			if want := x.g.Trick().N + uint8(strings.Count(strings.Join(c.events, " "), `"card"`)); next.g.Phase() == rules.TrickPhase && next.g.Trick().N != want {
				t.Errorf("the trick has %d cards, want %d", next.g.Trick().N, want)
			}
		})
	}
}

// TestRefereeLarry: with 2 players the Larry standee's card is Larry's; it
// comes second, and only Larry's controller's phone (or the host) enters it.
func TestRefereeLarry(t *testing.T) {
	s := rules.Setup{Players: []string{"Ola", "Piotr"}, Dealer: 1, Roles: []rules.Role{rules.Agent, rules.Insider, rules.Agent}, Wagers: true, Deck: rules.Deck(true, false)}
	x, err := newGame(s)
	if err != nil {
		t.Fatal(err)
	}
	a, _, _ := x.g.Drawn()
	b, _ := s.EncodeEvent(rules.Choose(a, rules.NoMission))
	ng, _, err := x.Replay(b, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	x = ng.(game)
	obs := seenTrick(x.g.Mission().String(), 0, "1:Y10", "2:G3")
	obs.Seats = append([]ijscan.Seat{{Seat: ijscan.Larry}}, obs.Seats[:2]...)
	obs.Plays = append(obs.Plays, ijscan.Play{Seat: ijscan.Larry, Card: "B7", ID: 869 + 3*13 + 6, Wager: ijscan.NoWager, Both: true})
	cases := []struct {
		part   string
		events []string
	}{
		{"", []string{`"by":"Ola","card":"Y10"`, `"by":"Larry","card":"B7"`, `"by":"Piotr","card":"G3"`}},
		{"Ola", []string{`"by":"Ola","card":"Y10"`}},
	}
	for _, c := range cases {
		_, _, rep, _ := x.observe(obs.Reading(), nil, "upload", c.part, time.Time{})
		if len(rep.Events) != len(c.events) {
			t.Errorf("from %q: events %s, want %v", c.part, rep.Events, c.events)
			continue
		}
		for i, e := range rep.Events {
			if !strings.Contains(string(e), c.events[i]) {
				t.Errorf("from %q: event %d = %s, want %s", c.part, i, e, c.events[i])
			}
		}
	}
	// After Ola's card, Larry's is his controller's to enter, not the other's.
	b, _ = s.EncodeEvent(rules.PlayCard(0, rules.NewCard(0, 10)))
	ng, _, err = x.Apply(b, "", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	x = ng.(game)
	ctrl := s.Name(x.g.LarryController())
	for _, who := range []string{"Ola", "Piotr"} {
		_, _, rep, _ := x.observe(obs.Reading(), nil, "upload", who, time.Time{})
		entered := len(rep.Events) > 0 && strings.Contains(string(rep.Events[0]), `"by":"Larry","card":"B7"`)
		if entered != (who == ctrl) {
			t.Errorf("%s's photo (Larry's controller: %s): events %s, refused %q", who, ctrl, rep.Events, rep.Refused)
		}
	}
}

// english says messages in English, as the command line and the logs do.
func english(ms []catalog.Msg) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.In("en")
	}
	return out
}
