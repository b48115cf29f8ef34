package codenames

import (
	"errors"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// testLayout is a Duet key card written as table cells seen from seat A, row by row;
// each cell is side A's role then side B's: G agent, X assassin, . bystander.
//
//	cells 0-2 GG   3 GX   4-8 G.   9 XG   10 XX   11 X.   12-16 .G   17 .X   18-24 ..
const testLayout = "GG GG GG GX G. " +
	"G. G. G. G. XG " +
	"XX X. .G .G .G " +
	".G .G .X .. .. " +
	".. .. .. .. .."

// duetCard builds a key card from a layout like testLayout.
func duetCard(t testing.TB, layout string) keycards.DuetCard {
	t.Helper()
	role := map[byte]keycards.Role{'G': keycards.Agent, 'X': keycards.Assassin, '.': keycards.Bystander}
	f := strings.Fields(layout)
	if len(f) != 25 {
		t.Fatalf("layout has %d cells, want 25", len(f))
	}
	var d keycards.DuetCard
	for i, c := range f {
		d.A[i] = role[c[0]]
		d.B[keycards.Turn(i)] = role[c[1]]
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("test layout: %v", err)
	}
	return d
}

// Cells of testLayout by what each side says.
var (
	greenBoth = []int{0, 1, 2}
	greenAByB = []int{4, 5, 6, 7, 8} // green on A, bystander on B
	greenBByA = []int{12, 13, 14, 15, 16}
)

const (
	greenAAssassinB = 3
	assassinAGreenB = 9
	assassinBoth    = 10
	assassinABystB  = 11
	bystABAssassin  = 17
	bystBoth        = 18
)

// want describes what a state must show; zero fields are not checked except
// where noted.
type want struct {
	status   Status
	reason   Reason
	result   Result
	phase    Phase
	tokens   int // checked when >= 0
	mistakes int // checked when >= 0
	agents   int // checked when > 0
	taken    int // checked when >= 0
	score    int // checked when the game is won
	anyRes   bool
}

func (w want) check(t *testing.T, g Duet) {
	t.Helper()
	if g.Status() != w.status || g.Reason() != w.reason {
		t.Errorf("status %s/%s, want %s/%s", g.Status(), g.Reason(), w.status, w.reason)
	}
	if !w.anyRes && g.Result() != w.result {
		t.Errorf("result %q, want %q", g.Result(), w.result)
	}
	if g.Phase() != w.phase {
		t.Errorf("phase %s, want %s", g.Phase(), w.phase)
	}
	if w.tokens >= 0 && g.TokensLeft() != w.tokens {
		t.Errorf("tokens left %d, want %d", g.TokensLeft(), w.tokens)
	}
	if w.mistakes >= 0 && g.MistakesLeft() != w.mistakes {
		t.Errorf("mistakes left %d, want %d", g.MistakesLeft(), w.mistakes)
	}
	if w.agents > 0 && g.AgentsLeft() != w.agents {
		t.Errorf("agents left %d, want %d", g.AgentsLeft(), w.agents)
	}
	if w.taken >= 0 && g.TokensTaken() != w.taken {
		t.Errorf("tokens taken %d, want %d", g.TokensTaken(), w.taken)
	}
	if g.Status() == Won && g.Score() != w.score {
		t.Errorf("score %d, want %d", g.Score(), w.score)
	}
}

// step is one event and the error it must draw (nil: accepted).
type step struct {
	e   Event
	err error
}

func ok(e Event) step { return step{e: e} }

func guesses(by Player, cells ...int) []step {
	var s []step
	for _, c := range cells {
		s = append(s, ok(GuessBy(by, c)))
	}
	return s
}

func seq(parts ...any) []step {
	var s []step
	for _, p := range parts {
		switch p := p.(type) {
		case step:
			s = append(s, p)
		case Event:
			s = append(s, ok(p))
		case []step:
			s = append(s, p...)
		default:
			panic("seq: bad part")
		}
	}
	return s
}

func run(t *testing.T, g Duet, steps []step) Duet {
	t.Helper()
	for n, s := range steps {
		before := g
		next, err := g.Apply(s.e)
		if (err == nil) != (s.err == nil) || (s.err != nil && !errors.Is(err, s.err)) {
			t.Fatalf("step %d: Apply(%+v) = %v, want %v", n+1, s.e, err, s.err)
		}
		if lerr := g.Legal(s.e); (lerr == nil) != (err == nil) {
			t.Fatalf("step %d: Legal(%+v) = %v but Apply said %v", n+1, s.e, lerr, err)
		}
		if err != nil {
			if next != before {
				t.Fatalf("step %d: refused event %+v changed the state", n+1, s.e)
			}
			if err.Error() == "" || !strings.Contains(err.Error(), s.err.Error()) {
				t.Fatalf("step %d: error %q does not say %q", n+1, err, s.err)
			}
		}
		g = next
	}
	return g
}

// any is a want with nothing numeric checked.
func wantAny(status Status, phase Phase) want {
	return want{status: status, phase: phase, tokens: -1, mistakes: -1, taken: -1, anyRes: true}
}

func TestDuetRules(t *testing.T) {
	card := duetCard(t, testLayout)
	allA := seq(Clue(A, "one", 9), guesses(B, 0, 1, 2, 3, 4, 5, 6, 7, 8), Stop()) // a's 9 greens, found by b
	cases := []struct {
		name    string
		mission Mission
		loose   bool
		steps   []step
		want    want
	}{
		{"either player gives the first clue: a", Standard, false,
			seq(Clue(A, "w", 2)),
			want{phase: GuessPhase, tokens: 9, mistakes: 9, agents: 15, taken: 0}},
		{"either player gives the first clue: b", Standard, false,
			seq(Clue(B, "w", 2), GuessBy(A, 12)),
			want{result: AgentFound, phase: GuessPhase, tokens: 9, mistakes: 9, agents: 14, taken: 0}},
		{"the first clue must say who gives it", Standard, false,
			seq(step{Clue(Nobody, "w", 2), ErrEvent}),
			want{phase: CluePhase, tokens: 9, mistakes: 9, agents: 15, taken: 0}},
		{"a clue needs a word", Standard, false,
			seq(step{Clue(A, "", 2), ErrEvent}),
			wantAny(Playing, CluePhase)},
		{"a Duet clue has no unlimited number", Standard, false,
			seq(step{Clue(A, "w", Unlimited), ErrEvent}, step{Clue(A, "w", 26), ErrEvent}),
			wantAny(Playing, CluePhase)},
		{"a guess needs a clue first", Standard, false,
			seq(step{Guess(0), ErrOrder}, step{Stop(), ErrOrder}, step{Penalty(), ErrOrder}),
			wantAny(Playing, CluePhase)},
		{"a guess names a cell on the grid", Standard, false,
			seq(Clue(A, "w", 1), step{Guess(25), ErrEvent}, step{Guess(-3), ErrEvent}, step{Guess(NoCell), ErrEvent}),
			wantAny(Playing, GuessPhase)},
		{"the clue-giver's side judges: green is covered and the guesser goes on", Standard, false,
			seq(Clue(A, "w", 1), Guess(4)),
			want{result: AgentFound, phase: GuessPhase, tokens: 9, mistakes: 9, agents: 14, taken: 0}},
		{"the clue-giver's side judges: green on the guesser's side only is a bystander", Standard, false,
			seq(Clue(A, "w", 1), Guess(12)),
			want{result: Bystander, phase: CluePhase, tokens: 8, mistakes: 8, agents: 15, taken: 0}},
		{"guesses are unlimited while correct", Standard, false,
			seq(Clue(A, "w", 1), guesses(B, 0, 4, 5, 6, 7)),
			want{result: AgentFound, phase: GuessPhase, tokens: 9, mistakes: 9, agents: 10, taken: 0}},
		{"a clue of 0 still needs a guess before a stop", Standard, false,
			seq(Clue(A, "w", 0), step{Stop(), ErrNoAgent}, Guess(4), Stop()),
			want{result: AgentFound, phase: CluePhase, tokens: 8, mistakes: 8, agents: 14, taken: 1}},
		{"a bystander ends the turn and takes a token, the word stays uncovered", Standard, false,
			seq(Clue(A, "w", 2), Guess(4), Guess(bystBoth), step{Guess(5), ErrOrder}),
			want{result: Bystander, phase: CluePhase, tokens: 8, mistakes: 8, agents: 14, taken: 0}},
		{"the assassin loses at once", Standard, false,
			seq(Clue(A, "w", 2), Guess(4), Guess(assassinAGreenB), step{Guess(5), ErrOver}),
			want{status: Lost, reason: AssassinHit, result: Assassin, phase: GuessPhase, tokens: 9, mistakes: 9, taken: 0}},
		{"a stop takes a token and keeps it in front of the guesser", Standard, false,
			seq(Clue(A, "w", 2), Guess(4), Stop()),
			want{result: AgentFound, phase: CluePhase, tokens: 8, mistakes: 8, agents: 14, taken: 1}},
		{"only the guesser stops", Standard, false,
			seq(Clue(A, "w", 2), Guess(4), step{Event{Type: StopGuess, By: A, Cell: NoCell}, ErrTurn}),
			wantAny(Playing, GuessPhase)},
		{"only the guesser guesses", Standard, false,
			seq(Clue(A, "w", 2), step{GuessBy(A, 4), ErrTurn}),
			wantAny(Playing, GuessPhase)},
		{"clue-givers alternate", Standard, false,
			seq(Clue(A, "w", 1), Guess(4), Stop(), step{Clue(A, "x", 1), ErrTurn}, Clue(Nobody, "x", 1)),
			want{phase: GuessPhase, tokens: 8, mistakes: 8, agents: 14, taken: 1}},
		{"no clue while the guesser is still guessing", Standard, false,
			seq(Clue(A, "w", 1), Guess(4), step{Clue(B, "x", 1), ErrOrder}),
			wantAny(Playing, GuessPhase)},
		{"looser turn order: two clues in a row, never three", Standard, true,
			seq(Clue(A, "w", 1), Guess(4), Stop(), Clue(A, "x", 1), Guess(5), Stop(),
				step{Clue(A, "y", 1), ErrTurn}, Clue(Nobody, "y", 1)),
			want{phase: GuessPhase, tokens: 7, mistakes: 7, agents: 13, taken: 2}},
		{"looser turn order: the first clue still needs a name", Standard, true,
			seq(step{Clue(Nobody, "w", 1), ErrEvent}, Clue(B, "w", 1)),
			wantAny(Playing, GuessPhase)},
		{"a covered word cannot be guessed again", Standard, false,
			seq(Clue(A, "w", 1), Guess(4), step{Guess(4), ErrCovered}),
			wantAny(Playing, GuessPhase)},
		{"a word green on both sides is covered for both", Standard, false,
			seq(Clue(A, "w", 1), Guess(0), Stop(), Clue(B, "w", 1), step{Guess(0), ErrCovered}),
			wantAny(Playing, GuessPhase)},
		{"a marked word can be guessed from the other side: agent goes under the token", Standard, false,
			seq(Clue(A, "w", 1), Guess(12), Clue(B, "x", 1), Guess(12)),
			want{result: AgentFound, phase: GuessPhase, tokens: 8, mistakes: 8, agents: 14, taken: 0}},
		{"a marked word can be guessed from the other side: a second mark covers it", Standard, false,
			seq(Clue(A, "w", 1), Guess(bystBoth), Clue(B, "x", 1), Guess(bystBoth),
				Clue(A, "y", 1), step{Guess(bystBoth), ErrCovered}),
			want{phase: GuessPhase, tokens: 7, mistakes: 7, agents: 15, taken: 0}},
		{"a marked word can be guessed from the other side: assassin there loses", Standard, false,
			seq(Clue(B, "w", 1), Guess(assassinABystB), Clue(A, "x", 1), Guess(assassinABystB)),
			want{status: Lost, reason: AssassinHit, result: Assassin, phase: GuessPhase, tokens: 8, mistakes: 8, taken: 0}},
		{"a word marked for one side cannot be guessed from the same side again", Standard, false,
			seq(Clue(A, "w", 1), Guess(bystBoth), Clue(B, "x", 1), Guess(13), Stop(),
				Clue(A, "y", 1), step{Guess(bystBoth), ErrKnown}),
			wantAny(Playing, GuessPhase)},
		{"all my greens are covered: my partner gives every remaining clue", Standard, false,
			seq(allA, step{Clue(A, "again", 1), ErrTurn}, Clue(Nobody, "x", 1), guesses(A, 9, 12), Stop(),
				step{Clue(A, "y", 1), ErrTurn}, Clue(B, "y", 1), Guess(13)),
			want{result: AgentFound, phase: GuessPhase, tokens: 7, mistakes: 7, agents: 3, taken: 2}},
		{"win when the 15th agent is covered", Standard, false,
			seq(allA, Clue(B, "x", 6), guesses(A, 9, 12, 13, 14, 15, 16)),
			// won during the second turn with 8 tokens in the bank: the winning turn
			// takes one, which then lies in front of a player
			want{status: Won, reason: AllAgents, result: AgentFound, phase: GuessPhase, tokens: 8, mistakes: 8, taken: 1, score: 3*7 + 1 + 1}},
		{"score counts check tokens in front of the players", Standard, false,
			seq(Clue(A, "w", 2), Guess(4), Stop(), Clue(B, "x", 1), Guess(12), Stop(),
				Clue(A, "w", 9), guesses(B, 0, 1, 2, 3, 5, 6, 7, 8), Stop(), Clue(B, "x", 6), guesses(A, 9, 13, 14, 15, 16)),
			want{status: Won, reason: AllAgents, result: AgentFound, phase: GuessPhase, tokens: 6, mistakes: 6, taken: 3, score: 3*5 + 3 + 1}},
		{"only the 9-token game has a score", Mission{8, 8}, false,
			seq(allA, Clue(B, "x", 6), guesses(A, 9, 12, 13, 14, 15, 16)),
			want{status: Won, reason: AllAgents, result: AgentFound, phase: GuessPhase, tokens: 7, mistakes: 7, taken: 1, score: 0}},
		{"a penalty empties the bank in the winning turn: no token left to take", Mission{9, 9}, false,
			seq(allA, Clue(B, "x", 1), Penalty(), Guess(9), Stop(), Clue(B, "x", 1), Penalty(), Guess(12), Stop(),
				Clue(B, "x", 1), Penalty(), Guess(13), Stop(), Clue(B, "x", 1), Guess(14), Stop(),
				Clue(B, "x", 2), Penalty(), Guess(15), Guess(16)),
			want{status: Won, reason: AllAgents, result: AgentFound, phase: GuessPhase, tokens: 0, mistakes: 0, taken: 5, score: 5}},
		{"sudden death when the bank is empty: no more clues", Mission{1, 1}, false,
			seq(Clue(A, "w", 1), Guess(4), Stop(), step{Clue(B, "x", 1), ErrOrder}, step{Stop(), ErrOrder},
				step{Penalty(), ErrOrder}, step{Guess(5), ErrEvent}),
			want{status: SuddenDeath, result: AgentFound, phase: CluePhase, tokens: 0, mistakes: 0, agents: 14, taken: 1}},
		{"sudden death: any wrong guess loses, a bystander too", Mission{1, 1}, false,
			seq(Clue(A, "w", 1), Guess(bystBoth), GuessBy(A, 12), GuessBy(B, 4), GuessBy(A, 19)),
			want{status: Lost, reason: SuddenDeathMiss, result: Bystander, phase: CluePhase, tokens: 0, mistakes: 0, agents: 13, taken: 0}},
		{"sudden death: only players whose partner has greens guess", Mission{1, 1}, false,
			seq(Clue(A, "w", 9), guesses(B, 0, 1, 2, 3, 4, 5, 6, 7), Stop(), GuessBy(B, 8),
				step{GuessBy(B, 13), ErrNoGreens}, GuessBy(A, 9)),
			want{status: SuddenDeath, result: AgentFound, phase: CluePhase, tokens: 0, mistakes: 0, agents: 5, taken: 1}},
		{"sudden death: finding every agent wins, one point less", Mission{1, 1}, false,
			seq(Clue(A, "w", 9), Guess(0), Stop(), guesses(B, 1, 2, 3, 4, 5, 6, 7, 8), guesses(A, 9, 12, 13, 14, 15, 16)),
			want{status: Won, reason: AllAgents, result: AgentFound, phase: CluePhase, tokens: 0, mistakes: 0, taken: 1, score: 0}},
		{"mission: a stop takes a check-face token first", Mission{9, 5}, false,
			seq(Clue(A, "w", 1), Guess(4), Stop()),
			want{result: AgentFound, phase: CluePhase, tokens: 8, mistakes: 5, agents: 14, taken: 1}},
		{"mission: with only bystander faces left a stop flips one", Mission{2, 2}, false,
			seq(Clue(A, "w", 1), Guess(4), Stop()),
			want{result: AgentFound, phase: CluePhase, tokens: 1, mistakes: 1, agents: 14, taken: 1}},
		{"mission: a miss takes a bystander-face token", Mission{9, 5}, false,
			seq(Clue(A, "w", 1), Guess(bystBoth)),
			want{result: Bystander, phase: CluePhase, tokens: 8, mistakes: 4, agents: 15, taken: 0}},
		{"mission: out of bystander faces a miss costs two check tokens", Mission{9, 0}, false,
			seq(Clue(A, "w", 1), Guess(bystBoth)),
			want{result: Bystander, phase: CluePhase, tokens: 7, mistakes: 0, agents: 15, taken: 0}},
		{"mission: a miss that needs two tokens with one left loses", Mission{1, 0}, false,
			seq(Clue(A, "w", 1), Guess(4), Guess(bystBoth)),
			want{status: Lost, reason: OutOfTime, result: Bystander, phase: GuessPhase, tokens: 1, mistakes: 0, taken: 0}},
		{"mission: using the last two tokens leads to sudden death", Mission{2, 0}, false,
			seq(Clue(A, "w", 1), Guess(bystBoth)),
			want{status: SuddenDeath, result: Bystander, phase: CluePhase, tokens: 0, mistakes: 0, agents: 15, taken: 0}},
		{"penalty: an invalid clue discards a token, then guessing goes on", Standard, false,
			seq(Clue(A, "w", 1), Penalty(), Guess(4), step{Penalty(), ErrOrder}, Stop()),
			want{result: AgentFound, phase: CluePhase, tokens: 7, mistakes: 7, agents: 14, taken: 1}},
		{"penalty: a check-face token goes first on a mission", Mission{9, 5}, false,
			seq(Clue(A, "w", 1), Penalty()),
			want{phase: GuessPhase, tokens: 8, mistakes: 5, agents: 15, taken: 0}},
		{"penalty on the last token: a stop takes nothing and sudden death follows", Mission{1, 1}, false,
			seq(Clue(A, "w", 1), Penalty(), Guess(4), Stop()),
			want{status: SuddenDeath, result: AgentFound, phase: CluePhase, tokens: 0, mistakes: 0, agents: 14, taken: 0}},
		{"penalty on the last token: a bystander is marked and sudden death follows", Mission{1, 1}, false,
			seq(Clue(A, "w", 1), Penalty(), Guess(bystBoth)),
			want{status: SuddenDeath, result: Bystander, phase: CluePhase, tokens: 0, mistakes: 0, agents: 15, taken: 0}},
		{"one check token left and a bystander: the turn needs two, lost at once", Mission{2, 0}, false,
			seq(Clue(A, "w", 1), Guess(4), Stop(), Clue(B, "x", 1), Guess(bystBoth)),
			want{status: Lost, reason: OutOfTime, result: Bystander, phase: GuessPhase, tokens: 1, mistakes: 0, agents: 14, taken: 1}},
		{"eleven tokens: the 10th and 11th make it easier", Mission{11, 11}, false,
			seq(Clue(A, "w", 1), Guess(bystBoth)),
			want{result: Bystander, phase: CluePhase, tokens: 10, mistakes: 10, agents: 15, taken: 0}},
		{"classic events are not Duet events", Standard, false,
			seq(Clue(A, "w", 1), step{Cover(EnemyCover, Nobody, 4), ErrEvent}, step{Event{Type: GuessMade, By: Red, Cell: 4}, ErrEvent}),
			wantAny(Playing, GuessPhase)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewDuet(card, c.mission)
			if err != nil {
				t.Fatal(err)
			}
			g = run(t, g.WithLooseTurnOrder(c.loose), c.steps)
			c.want.check(t, g)
		})
	}
}

func TestDuetMissionValidate(t *testing.T) {
	card := duetCard(t, testLayout)
	for _, m := range []Mission{{0, 0}, {12, 2}, {9, 10}, {9, -1}} {
		if _, err := NewDuet(card, m); !errors.Is(err, ErrSetup) {
			t.Errorf("NewDuet(%v) = %v, want %v", m, err, ErrSetup)
		}
	}
	bad := card
	bad.A[0], bad.A[24] = bad.A[24], keycards.Assassin
	if _, err := NewDuet(bad, Standard); !errors.Is(err, ErrSetup) || !errors.Is(err, keycards.ErrInvalidLayout) {
		t.Errorf("NewDuet(bad card) = %v, want %v wrapping %v", err, ErrSetup, keycards.ErrInvalidLayout)
	}
	g, err := NewDuet(card, Mission{11, 0})
	if err != nil {
		t.Fatal(err)
	}
	if g.Card() != card || g.Mission() != (Mission{11, 0}) {
		t.Errorf("Card/Mission do not return the setup")
	}
}
