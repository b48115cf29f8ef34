package codenames_test

import (
	"fmt"

	"fieldkit/deck"
	"fieldkit/internal/scene"
	"fieldkit/scan/codenames"
	"fieldkit/wordlists"
)

// Scan a synthetic photo of a Duet table and print what lies on it.
func ExampleScanner_Scan() {
	l, _ := wordlists.Builtin("en")
	d, _ := deck.New(l.Name, l.Lang, l.Words, 7)
	g := scene.NewGenerator(d)
	defer g.Close()
	sc, err := g.Scene(scene.Params{Seed: 1, Size: scene.Size1080p, Fill: 0.95, Tilt: 20, Gap: 8, Covers: 3, Duet: true, Guess: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sc.Close()

	s := &codenames.Scanner{Deck: codenames.FromDeck(d)}
	obs, err := s.Scan(sc.Frame)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("read:", obs.OK, "seat A:", obs.SeatA)
	covers, cards := 0, 0
	for r := range 5 {
		for c := range 5 {
			if obs.Cells[r][c].Cover != codenames.NotInDeck {
				covers++
			}
			if obs.Cells[r][c].Card >= 0 {
				cards++
			}
		}
	}
	fmt.Println("cards seen:", cards, "covered:", covers, "guess tokens:", len(obs.Tokens))
	right := 0
	for r := range 5 {
		for c := range 5 {
			got, want := obs.Cells[r][c], sc.Truth.Cells[r][c]
			if got.Card == want.Card || got.Card < 0 && got.CoverID == want.Cover {
				right++
			}
		}
	}
	fmt.Println("cells matching the scene's truth:", right)
	// Output:
	// read: true seat A: bottom
	// cards seen: 22 covered: 3 guess tokens: 1
	// cells matching the scene's truth: 25
}
