package insidejob

import (
	"testing"
)

// table4 is the rulebook's table: Monika, Janek, Krzysiek and Hania, clockwise.
func table4(dealer Seat) Setup {
	return Setup{
		Players: []string{"Monika", "Janek", "Krzysiek", "Hania"},
		Dealer:  dealer,
		Roles:   []Role{Agent, Agent, Agent, Insider},
		Wagers:  true,
	}
}

const (
	monika Seat = iota
	janek
	krzysiek
	hania
)

func card(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mustApply applies events and fails the test on the first refusal.
func mustApply(t testing.TB, g Game, events ...Event) Game {
	t.Helper()
	for i, e := range events {
		var err error
		if g, err = g.Apply(e); err != nil {
			t.Fatalf("event %d (%+v): %v", i+1, e, err)
		}
	}
	return g
}

// TestRulebookSevenUp replays 002:L170-178: Monika won the last trick (the first
// completed mission) and keeps "only values 7 to 13", trump yellow. Monika P8,
// Janek P10, Krzysiek (no pink) Y7, Hania P12: Krzysiek wins with the only trump
// and takes 1 intel; the mission is the second completed; Krzysiek leads next.
func TestRulebookSevenUp(t *testing.T) {
	g, err := NewGame(table4(hania))
	if err != nil {
		t.Fatal(err)
	}
	if g.Lead() != monika {
		t.Fatalf("first lead %s, want Monika (left of the dealer, Hania)", g.Name(g.Lead()))
	}
	// The trick before: Monika wins it and the mission (odd total, trump blue) is completed.
	g = mustApply(t, g, Choose(M20, NoMission),
		PlayCard(monika, card(t, "B13")), PlayCard(janek, card(t, "B2")), PlayCard(krzysiek, card(t, "B4")), PlayCard(hania, card(t, "B6")),
		Resolve())
	if g.Lead() != monika || g.Completed() != 1 {
		t.Fatalf("after the first trick: lead %s, %d completed; want Monika, 1", g.Name(g.Lead()), g.Completed())
	}
	supply := g.Supply()
	g = mustApply(t, g, Choose(M01, NoMission))
	if M01.Trump() != Yellow {
		t.Fatalf("M01 trump %s, want Y as in the rulebook's example", M01.Trump())
	}
	g = mustApply(t, g, PlayCard(monika, card(t, "P8")), PlayCard(janek, card(t, "P10")), PlayCard(krzysiek, card(t, "Y7")), PlayCard(hania, card(t, "P12")))
	tr := g.Trick()
	if w := tr.Plays[tr.Winner()].By; w != krzysiek {
		t.Fatalf("winner %s, want Krzysiek (the only trump)", g.Name(w))
	}
	g = mustApply(t, g, Resolve())
	last, ok := g.Last()
	switch {
	case !ok || last.Winner != krzysiek || !last.Completed:
		t.Fatalf("last trick %+v (%v); want won by Krzysiek, mission completed", last, ok)
	case g.Intel(krzysiek) != 2 || g.Supply() != supply-1:
		t.Errorf("Krzysiek holds %d intel, supply %d; want 2 and %d (1 from the supply)", g.Intel(krzysiek), g.Supply(), supply-1)
	case g.Completed() != 2:
		t.Errorf("%d missions completed, want 2", g.Completed())
	case g.Lead() != krzysiek || g.Phase() != MissionPhase || g.Over():
		t.Errorf("lead %s, phase %s; want Krzysiek to draw the next missions", g.Name(g.Lead()), g.Phase())
	}
}

// TestRulebookWagerTie replays 002:L261-263: trump yellow, Krzysiek leads G13,
// Hania plays G5 and wagers (a yellow 5 now), Monika (no green) plays Y5, Janek
// G4. Two yellow 5s: the later card, Monika's, wins; she takes 1 from the supply
// and Hania's token.
func TestRulebookWagerTie(t *testing.T) {
	g, err := NewGame(table4(janek)) // Krzysiek sits left of Janek, the dealer
	if err != nil {
		t.Fatal(err)
	}
	supply := g.Supply()
	g = mustApply(t, g, Choose(M05, NoMission), // trump yellow
		PlayCard(krzysiek, card(t, "G13")),
		PlayCard(hania, card(t, "G5")), Wager(hania))
	if g.Intel(hania) != 0 || g.OnCards() != 1 {
		t.Fatalf("after Hania's wager: Hania %d intel, %d on cards; want 0 and 1 (the token lies on the card)", g.Intel(hania), g.OnCards())
	}
	g = mustApply(t, g, PlayCard(monika, card(t, "Y5")), PlayCard(janek, card(t, "G4")), Resolve())
	last, _ := g.Last()
	if last.Winner != monika {
		t.Fatalf("winner %s, want Monika (equal trumps: the later card wins)", g.Name(last.Winner))
	}
	if g.Intel(monika) != 3 || g.Supply() != supply-1 || g.OnCards() != 0 {
		t.Errorf("Monika %d intel, supply %d, on cards %d; want 3 (1 + supply + Hania's), %d, 0", g.Intel(monika), g.Supply(), g.OnCards(), supply-1)
	}
	if g.Lead() != monika {
		t.Errorf("next lead %s, want Monika", g.Name(g.Lead()))
	}
}
