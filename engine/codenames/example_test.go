package codenames_test

import (
	"fmt"

	"fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// A Duet game starts from a key card and a mission; events return new states.
func ExampleNewDuet() {
	card := keycards.NewDuet(keycards.SeededSource("example"))
	g, err := codenames.NewDuet(card, codenames.Mission{Turns: 9, Mistakes: 5}) // Cairo
	if err != nil {
		fmt.Println(err)
		return
	}
	// Find a word green on A's side: B guesses it on A's clue.
	green := 0
	for i := range 25 {
		if a, _ := card.At(i); a == keycards.Agent {
			green = i
			break
		}
	}
	for _, e := range []codenames.Event{
		codenames.Clue(codenames.A, "river", 1),
		codenames.Guess(green),
		codenames.Stop(),
		codenames.Clue(codenames.A, "again", 1), // clue-givers alternate
	} {
		next, err := g.Apply(e)
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		g = next
	}
	fmt.Println(g.Status(), g.AgentsLeft(), "agents left,", g.TokensLeft(), "tokens,", g.MistakesLeft(), "mistakes")
	fmt.Println("next clue by b:", g.MayClue(codenames.B))
	// Output:
	// refused: not your turn: a gave the last clue; clue-givers alternate, so b gives this one
	// playing 14 agents left, 8 tokens, 5 mistakes
	// next clue by b: true
}

// A Session reads JSON events, as `fieldkit referee` does, and shows the public state.
func ExampleSession() {
	var s codenames.Session
	for _, line := range []string{
		`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":5}`,
		`{"type":"clue","by":"a","word":"sałatka","count":3}`,
		`{"type":"guess","cell":[0,0]}`,
		`{"type":"guess","cell":[0,0]}`,
		`{"type":"guess","cell":[0,1]}`,
	} {
		e, err := codenames.DecodeEvent([]byte(line))
		if err == nil {
			s, err = s.Apply(e)
		}
		v := s.View()
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		fmt.Println(v.Status, v.Phase, "next:", v.Next, "result:", v.Result, "tokens:", *v.TokensLeft, "mistakes:", *v.MistakesLeft)
	}
	// Output:
	// playing clue next: either result:  tokens: 9 mistakes: 5
	// playing guess next: b result:  tokens: 9 mistakes: 5
	// playing guess next: b result: agent tokens: 9 mistakes: 5
	// refused: that word is covered: cell [0,0] is already covered and cannot be guessed again
	// playing clue next: b result: bystander tokens: 8 mistakes: 4
}

// CheckClue warns about clues that resemble a visible word, ignoring case and diacritics.
func ExampleCheckClue() {
	visible := []string{"ŻÓŁW", "ARCO-ÍRIS", "SOK"}
	for _, clue := range []string{"zolw", "arco", "soki", "morze"} {
		ws := codenames.CheckClue(clue, visible)
		if len(ws) == 0 {
			fmt.Printf("%s: fine\n", clue)
		}
		for _, w := range ws {
			fmt.Printf("%s: %s (%s)\n", clue, w.Message(clue), w.Kind)
		}
	}
	// Output:
	// zolw: "zolw" is the visible word "ŻÓŁW" (same_word)
	// arco: "arco" is part of the visible word "ARCO-ÍRIS" (inside_word)
	// soki: "soki" contains the visible word "SOK" (contains_word)
	// morze: fine
}
