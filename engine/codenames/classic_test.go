package codenames

import (
	"errors"
	"testing"

	"fieldkit/keycards"
)

// testClassic: red starts; cells 0-8 red, 9-16 blue, 17-23 bystanders, 24 the assassin.
func testClassic(t testing.TB) keycards.ClassicCard {
	c := keycards.ClassicCard{Start: keycards.Red}
	for i := range 25 {
		switch {
		case i < 9:
			c.Cells[i] = keycards.Red
		case i < 17:
			c.Cells[i] = keycards.Blue
		case i < 24:
			c.Cells[i] = keycards.Bystander
		default:
			c.Cells[i] = keycards.Assassin
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func runClassic(t *testing.T, g Classic, steps []step) Classic {
	t.Helper()
	for n, s := range steps {
		next, err := g.Apply(s.e)
		if (err == nil) != (s.err == nil) || (s.err != nil && !errors.Is(err, s.err)) {
			t.Fatalf("step %d: Apply(%+v) = %v, want %v", n+1, s.e, err, s.err)
		}
		if err != nil && next != g {
			t.Fatalf("step %d: refused event changed the state", n+1)
		}
		g = next
	}
	return g
}

func TestClassicRules(t *testing.T) {
	const (
		bystander = 17
		assassin  = 24
	)
	type cwant struct {
		status      Status
		reason      Reason
		result      Result
		winner      Player
		phase       Phase
		turn        Player
		red, blue   int
		guessesLeft int
		score       int
	}
	cases := []struct {
		name    string
		variant Variant
		steps   []step
		want    cwant
	}{
		{"the start team gives the first clue", Teams,
			seq(step{Clue(Blue, "w", 2), ErrTurn}, Clue(Nobody, "w", 2)),
			cwant{phase: GuessPhase, turn: Red, red: 9, blue: 8, guessesLeft: 3}},
		{"N+1 guesses: the last allowed guess ends the turn", Teams,
			seq(Clue(Red, "w", 2), Guess(0), Guess(1), Guess(2), step{Guess(3), ErrOrder}),
			cwant{result: AgentFound, phase: CluePhase, turn: Blue, red: 6, blue: 8}},
		{"a clue of 0 allows unlimited guesses", Teams,
			seq(Clue(Red, "w", 0), Guess(0), Guess(1), Guess(2), Guess(3)),
			cwant{result: AgentFound, phase: GuessPhase, turn: Red, red: 5, blue: 8, guessesLeft: Unlimited}},
		{"an unlimited clue allows unlimited guesses", Teams,
			seq(Clue(Red, "w", Unlimited), Guess(0), Guess(1), Guess(2), Guess(3), Guess(4)),
			cwant{result: AgentFound, phase: GuessPhase, turn: Red, red: 4, blue: 8, guessesLeft: Unlimited}},
		{"a bystander ends the turn", Teams,
			seq(Clue(Red, "w", 2), Guess(bystander), step{Guess(bystander), ErrOrder}, Clue(Blue, "x", 1), step{Guess(bystander), ErrCovered}),
			cwant{phase: GuessPhase, turn: Blue, red: 9, blue: 8, guessesLeft: 2}},
		{"an enemy agent is covered for the enemy and ends the turn", Teams,
			seq(Clue(Red, "w", 2), Guess(9)),
			cwant{result: EnemyAgent, phase: CluePhase, turn: Blue, red: 9, blue: 7}},
		{"the assassin loses at once", Teams,
			seq(Clue(Red, "w", 2), Guess(assassin), step{Clue(Blue, "x", 1), ErrOver}),
			cwant{status: Won, reason: AssassinHit, result: Assassin, winner: Blue, phase: GuessPhase, turn: Red, red: 9, blue: 8}},
		{"stop only after a guess", Teams,
			seq(Clue(Red, "w", 2), step{Stop(), ErrNoAgent}, Guess(0), Stop(), step{Guess(1), ErrOrder}),
			cwant{result: AgentFound, phase: CluePhase, turn: Blue, red: 8, blue: 8}},
		{"only the team whose turn it is acts", Teams,
			seq(Clue(Red, "w", 2), step{GuessBy(Blue, 9), ErrTurn}, step{Event{Type: GuessMade, By: A, Cell: 9}, ErrEvent}),
			cwant{phase: GuessPhase, turn: Red, red: 9, blue: 8, guessesLeft: 3}},
		{"a team wins when its last agent is covered", Teams,
			seq(Clue(Red, "w", 9), Guess(0), Guess(1), Guess(2), Guess(3), Guess(4), Guess(5), Guess(6), Guess(7), Guess(8)),
			cwant{status: Won, reason: AllAgents, result: AgentFound, winner: Red, phase: GuessPhase, turn: Red, red: 0, blue: 8}},
		{"a team wins on the other team's turn", Teams,
			seq(Clue(Red, "w", 0), Guess(0), Guess(1), Guess(2), Guess(3), Guess(4), Guess(5), Guess(6), Guess(7), Stop(),
				Clue(Blue, "x", 1), Guess(8)),
			cwant{status: Won, reason: AllAgents, result: EnemyAgent, winner: Red, phase: GuessPhase, turn: Blue, red: 0, blue: 8}},
		{"penalty: the turn ends and the other spymaster may cover one of theirs", Teams,
			seq(Clue(Red, "w", 2), Guess(0), Penalty(), step{Cover(OwnCover, Nobody, 0), ErrCovered},
				step{Cover(OwnCover, Nobody, 1), ErrEvent}, Cover(OwnCover, Blue, 9), step{Cover(OwnCover, Nobody, 10), ErrOrder}, Clue(Blue, "x", 1)),
			cwant{phase: GuessPhase, turn: Blue, red: 8, blue: 7, guessesLeft: 2}},
		{"penalty: the cover is optional and ends with the next clue", Teams,
			seq(Clue(Red, "w", 2), Penalty(), Clue(Blue, "x", 1), step{Cover(OwnCover, Nobody, 9), ErrOrder}),
			cwant{phase: GuessPhase, turn: Blue, red: 9, blue: 8, guessesLeft: 2}},
		{"penalty only during guessing", Teams,
			seq(step{Penalty(), ErrOrder}),
			cwant{phase: CluePhase, turn: Red, red: 9, blue: 8}},
		{"solo: after each turn the spymaster covers an enemy agent", Solo,
			seq(Clue(Red, "w", 2), Guess(0), Stop(), step{Clue(Red, "x", 1), ErrOrder}, step{Cover(EnemyCover, Nobody, 1), ErrEvent},
				Cover(EnemyCover, Nobody, 9), Clue(Nobody, "x", 1)),
			cwant{phase: GuessPhase, turn: Red, red: 8, blue: 7, guessesLeft: 2}},
		{"solo: the team always plays; cover is a teams event", Solo,
			seq(Clue(Red, "w", 1), Penalty(), step{Cover(OwnCover, Nobody, 1), ErrEvent}, step{Clue(Blue, "x", 1), ErrTurn}),
			cwant{phase: CoverPhase, turn: Red, red: 9, blue: 8}},
		{"solo: covering the last enemy agent loses", Solo,
			seq(Clue(Red, "w", 2), Guess(9), Cover(EnemyCover, Nobody, 10), Clue(Red, "w", 2), Guess(11), Cover(EnemyCover, Red, 12),
				Clue(Red, "w", 2), Guess(13), Cover(EnemyCover, Nobody, 14), Clue(Red, "w", 2), Guess(15), Cover(EnemyCover, Nobody, 16)),
			cwant{status: Lost, reason: EnemyFound, result: EnemyAgent, phase: CoverPhase, turn: Red, red: 9, blue: 0}},
		{"solo: the assassin loses", Solo,
			seq(Clue(Red, "w", 2), Guess(assassin)),
			cwant{status: Lost, reason: AssassinHit, result: Assassin, phase: GuessPhase, turn: Red, red: 9, blue: 8}},
		{"solo: a win scores the enemy agents left", Solo,
			seq(Clue(Red, "w", 4), Guess(0), Guess(1), Guess(2), Guess(3), Guess(4), Cover(EnemyCover, Nobody, 9),
				Clue(Red, "w", 3), Guess(5), Guess(6), Guess(7), Guess(8)),
			cwant{status: Won, reason: AllAgents, result: AgentFound, winner: Red, phase: GuessPhase, turn: Red, red: 0, blue: 7, score: 7}},
		{"Duet events do not fit", Teams,
			seq(step{Clue(A, "w", 1), ErrEvent}),
			cwant{phase: CluePhase, turn: Red, red: 9, blue: 8}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewClassic(testClassic(t), c.variant)
			if err != nil {
				t.Fatal(err)
			}
			g = runClassic(t, g, c.steps)
			got := cwant{g.Status(), g.Reason(), g.Result(), g.Winner(), g.Phase(), g.Turn(),
				g.AgentsLeft(Red), g.AgentsLeft(Blue), g.GuessesLeft(), g.Score()}
			if got != c.want {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestClassicBlueStarts(t *testing.T) {
	card := testClassic(t)
	for i := range card.Cells { // swap the teams: blue has 9
		switch card.Cells[i] {
		case keycards.Red:
			card.Cells[i] = keycards.Blue
		case keycards.Blue:
			card.Cells[i] = keycards.Red
		}
	}
	card.Start = keycards.Blue
	g, err := NewClassic(card, Teams)
	if err != nil {
		t.Fatal(err)
	}
	if g.Turn() != Blue || g.AgentsLeft(Blue) != 9 || g.Card() != card {
		t.Errorf("turn %s, blue agents %d; want blue, 9, and the card back", g.Turn(), g.AgentsLeft(Blue))
	}
	card.Start = keycards.Red
	if _, err := NewClassic(card, Teams); !errors.Is(err, ErrSetup) {
		t.Errorf("NewClassic(red start with 8 red) = %v, want %v", err, ErrSetup)
	}
}
