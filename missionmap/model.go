package missionmap

import (
	"fmt"
	"math"

	"fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// PairModel is a model of a pair of Duet players, used to estimate how hard a
// mission is. It plays whole games over the rules engine (package engine): the
// engine judges every guess, keeps the tokens and ends the game; the model only
// decides what the players do. Both players play alike.
//
// A turn: the clue-giver (whoever the rules say) aims a clue at k of their
// uncovered green words. k is drawn from ClueSize, raised to the pace the bank
// demands when time is short (greens left divided by tokens left, up to
// MaxClue), and capped by the giver's greens. The guesser then touches words
// one at a time. Each touch finds one of the giver's greens with probability
// Hit - Stretch*(k-1) (bigger clues are vaguer); otherwise it is a miss, which
// lands on one of the giver's assassins with probability Assassin and on a
// bystander otherwise. After the k words of the clue, the guesser goes on for
// words an earlier clue of the same giver left unfound (each found with
// probability Leftover), then stops. In sudden death the players, who have no
// clues left, find each remaining green with probability SuddenDeath per touch.
//
// Which word a touch lands on is drawn uniformly from the words of that kind the
// guesser may still touch, so the key card's layout plays no part: every Duet
// key card has the same mix of words.
type PairModel struct {
	ClueSize    [4]float64 // chance the giver aims at 1, 2, 3, 4 words (sums to 1)
	MaxClue     int        // the most words a clue aims at when time is short
	Hit         float64    // chance a touch finds a green of a 1-word clue
	Stretch     float64    // how much less likely each word of a bigger clue is found
	Assassin    float64    // share of misses that hit an assassin
	Leftover    float64    // chance of finding a word an earlier clue left
	SuddenDeath float64    // chance of finding a green per touch in sudden death
}

// PairV1 is the model of difficulty table version 1: a good, careful pair,
// calibrated so that it wins the standard game 9-9 about three times in five,
// with an average winning score near 7 (the rulebook calls more than 5 good).
// Never change it: TableV1 and every map of generator version 1 depend on it.
var PairV1 = PairModel{
	ClueSize:    [4]float64{0.22, 0.43, 0.27, 0.08},
	MaxClue:     4,
	Hit:         0.87,
	Stretch:     0.05,
	Assassin:    0.08,
	Leftover:    0.65,
	SuddenDeath: 0.5,
}

// PairV1Name names PairV1 in tables.
const PairV1Name = "pair v1"

// simCard is the key card of every simulated game. Any valid card gives the
// same games (see PairModel).
var simCard = keycards.DuetFromRank(0)

// Wins plays games of the mission turns-mistakes and counts the wins. Game i is
// drawn from its own random stream (seed, i), the same for every mission.
func (pm PairModel) Wins(turns, mistakes, games int, seed uint64) (int, error) {
	start, err := codenames.NewDuet(simCard, codenames.Mission{Turns: turns, Mistakes: mistakes})
	if err != nil {
		return 0, err
	}
	wins := 0
	for i := range games {
		g, err := pm.Play(start, newRNG(seed, uint64(i)))
		if err != nil {
			return 0, fmt.Errorf("game %d: %w", i, err)
		}
		if g.Status() == codenames.Won {
			wins++
		}
	}
	return wins, nil
}

// Play plays g to its end.
func (pm PairModel) Play(g codenames.Duet, r *rng) (codenames.Duet, error) {
	var judges [3][25]keycards.Role // judges[p]: the side that judges p's guesses, by table cell
	card := g.Card()
	for i := range 25 {
		judges[codenames.A][i] = card.B[keycards.Turn(i)]
		judges[codenames.B][i] = card.A[i]
	}
	owed := [3]int{} // words an earlier clue of player p left unfound
	var err error
	apply := func(e codenames.Event) {
		if err == nil {
			g, err = g.Apply(e)
		}
	}
	for err == nil && !g.Status().Over() {
		if g.Status() == codenames.SuddenDeath {
			p := codenames.A
			if !g.MayGuess(p) {
				p = codenames.B
			}
			apply(pm.touch(g, r, p, &judges[p], pm.SuddenDeath, true))
			continue
		}
		giver := codenames.A
		if !g.MayClue(giver) {
			giver = codenames.B
		}
		guesser := giver.Partner()
		greens := g.GreensLeft(giver)
		k := 1 + pickIndex(r, pm.ClueSize[:])
		if need := (g.AgentsLeft() + g.TokensLeft() - 1) / g.TokensLeft(); need > k {
			k = min(need, pm.MaxClue)
		}
		k = min(k, greens)
		apply(codenames.Clue(giver, "clue", k))
		hit := pm.Hit - pm.Stretch*float64(k-1)
		found := 0
		for err == nil && g.Phase() == codenames.GuessPhase && g.Status() == codenames.Playing {
			switch {
			case found < k:
				apply(pm.touch(g, r, guesser, &judges[guesser], hit, false))
				if err == nil && g.Result() == codenames.AgentFound {
					found++
				}
			case owed[giver] > 0 && g.GreensLeft(giver) > 0:
				apply(pm.touch(g, r, guesser, &judges[guesser], pm.Leftover, false))
				if err == nil && g.Result() == codenames.AgentFound {
					owed[giver]--
				}
			default:
				apply(codenames.Stop())
			}
		}
		if found < k {
			owed[giver] += k - found
		}
		owed[giver] = min(owed[giver], g.GreensLeft(giver))
	}
	return g, err
}

// touch returns the guess of p: a green of p's partner with chance hit, else a
// miss (in a clue turn an assassin with chance Assassin, else a bystander; in
// sudden death any wrong word).
func (pm PairModel) touch(g codenames.Duet, r *rng, p codenames.Player, judge *[25]keycards.Role, hit float64, sudden bool) codenames.Event {
	var cells [3][25]int8 // guessable cells by the judge's role
	var count [3]int
	for i := range 25 {
		if role := judge[i]; role <= keycards.Assassin && g.Guessable(p, i) {
			cells[role][count[role]] = int8(i)
			count[role]++
		}
	}
	want := keycards.Agent
	if !r.chance(hit) || count[keycards.Agent] == 0 {
		want = keycards.Bystander
		if (!sudden && r.chance(pm.Assassin)) || count[want] == 0 {
			want = keycards.Assassin
		}
	}
	if count[want] == 0 {
		want = keycards.Agent
	}
	return codenames.GuessBy(p, int(cells[want][r.below(count[want])]))
}

// pickIndex draws an index with the given weights.
func pickIndex(r *rng, w []float64) int {
	u := float64(r.p.Uint64()>>11) / (1 << 53)
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	return len(w) - 1
}

// An Estimate is the estimated win chance of one mission.
type Estimate struct {
	Turns    int     `json:"turns"`
	Mistakes int     `json:"mistakes"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Win      float64 `json:"win"`    // Wins / Games
	Margin   float64 `json:"margin"` // half the 95% confidence interval (normal approximation)
	Model    string  `json:"model"`
	Seed     uint64  `json:"seed"`
}

// EstimateWin plays games of turns-mistakes with PairV1 and returns the estimate.
func EstimateWin(turns, mistakes, games int, seed uint64) (Estimate, error) {
	if turns < MinTurns || turns > MaxTurns || mistakes < 0 || mistakes > turns || games < 1 {
		return Estimate{}, fmt.Errorf("%w: mission %d-%d with %d games; want turns %d..%d, mistakes 0..turns, at least one game",
			ErrOptions, turns, mistakes, games, MinTurns, MaxTurns)
	}
	w, err := PairV1.Wins(turns, mistakes, games, seed)
	if err != nil {
		return Estimate{}, err
	}
	p := float64(w) / float64(games)
	return Estimate{Turns: turns, Mistakes: mistakes, Games: games, Wins: w, Win: p,
		Margin: 1.96 * math.Sqrt(p*(1-p)/float64(games)), Model: PairV1Name, Seed: seed}, nil
}
