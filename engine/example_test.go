package engine_test

import (
	"fmt"

	"fieldkit/engine"
	"fieldkit/keycards"
)

// A Duet game starts from a key card and a mission; events return new states.
func ExampleNewDuet() {
	card := keycards.NewDuet(keycards.SeededSource("example"))
	g, err := engine.NewDuet(card, engine.Mission{Turns: 9, Mistakes: 5}) // Cairo
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
	for _, e := range []engine.Event{
		engine.Clue(engine.A, "river", 1),
		engine.Guess(green),
		engine.Stop(),
		engine.Clue(engine.A, "again", 1), // clue-givers alternate
	} {
		next, err := g.Apply(e)
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		g = next
	}
	fmt.Println(g.Status(), g.AgentsLeft(), "agents left,", g.TokensLeft(), "tokens,", g.MistakesLeft(), "mistakes")
	fmt.Println("next clue by b:", g.MayClue(engine.B))
	// Output:
	// refused: not your turn: a gave the last clue; clue-givers alternate, so b gives this one
	// playing 14 agents left, 8 tokens, 5 mistakes
	// next clue by b: true
}
