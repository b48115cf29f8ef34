package insidejob_test

import (
	"fmt"

	"fieldkit/engine/insidejob"
)

// A game starts from a setup and goes on by events; each Apply returns the next
// state, or the same state and a reason.
func ExampleNewGame() {
	s := insidejob.Setup{
		Players: []string{"Monika", "Janek", "Krzysiek", "Hania"},
		Dealer:  3, // Hania deals, Monika leads
		Roles:   []insidejob.Role{insidejob.Agent, insidejob.Agent, insidejob.Agent, insidejob.Insider},
		Wagers:  true,
	}
	g, err := insidejob.NewGame(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	card := func(s string) insidejob.Card { c, _ := insidejob.ParseCard(s); return c }
	for _, e := range []insidejob.Event{
		insidejob.Choose(insidejob.M01, insidejob.NoMission), // every card 7 or higher, trump yellow
		insidejob.PlayCard(0, card("P8")),
		insidejob.Wager(0), // the lead may not raise the stakes
		insidejob.PlayCard(1, card("P10")),
		insidejob.PlayCard(2, card("Y7")),
		insidejob.PlayCard(3, card("P12")),
		insidejob.Resolve(),
	} {
		next, err := g.Apply(e)
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		g = next
	}
	last, _ := g.Last()
	fmt.Println("winner:", g.Name(last.Winner), "mission completed:", last.Completed)
	fmt.Println("intel:", g.Intel(2), "supply:", g.Supply(), "next lead:", g.Name(g.Lead()))
	// Output:
	// refused: wager refused: "by": Monika leads this trick, and the lead may not raise the stakes (002:L245)
	// winner: Krzysiek mission completed: true
	// intel: 2 supply: 9 next lead: Krzysiek
}

// The referee reads the JSON lines of `fieldkit referee` and writes the public
// state; a refused line leaves the game as it was.
func ExampleNewReferee() {
	r, err := insidejob.NewReferee([]byte(`{"type":"new","game":"insidejob","players":["Ada","Borys"],"dealer":"Borys","roles":{"Ada":"agent","Borys":"insider","Larry":"agent"}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{
		`{"type":"mission","id":"M14","rejected":"M03"}`,
		`{"type":"play","by":"Ada","card":"Y2"}`,
		`{"type":"play","by":"Borys","card":"Y3"}`,
		`{"type":"play","by":"Larry","card":"Y9"}`,
		`{"type":"play","by":"Borys","card":"X14"}`,
		`{"type":"play","by":"Borys","card":"B3"}`,
		`{"type":"resolve"}`,
	} {
		if err := r.Apply([]byte(line)); err != nil {
			fmt.Println("refused:", err)
		}
	}
	v := r.Game().View()
	fmt.Println("last:", v.Last.Winner, v.Last.Mission, "| lead:", v.Lead, "| Larry played by:", v.LarryController)
	// Output:
	// refused: not your turn: "by": Larry's turn; a 2-player trick goes lead (Ada), Larry, then Borys (002:L481-485)
	// refused: malformed event: "card": card "X14": colour "X" is not Y, P, G or B
	// last: Larry completed | lead: Borys | Larry played by: Ada
}

// Missions are conditions on one trick; a wagered card counts as trump.
func ExampleMission_Completed() {
	t := insidejob.Trick{Trump: insidejob.M16.Trump()} // "Exactly one trump.", trump blue
	for i, c := range []string{"Y5", "Y7", "Y2", "Y3"} {
		card, _ := insidejob.ParseCard(c)
		t.Add(insidejob.Play{By: insidejob.Seat(i), Card: card, Wager: i == 1})
	}
	fmt.Println(insidejob.M16.Term(), insidejob.M16.Completed(&t), "winner:", t.Winner())
	// Output:
	// ij.mission.M16 true winner: 1
}
