package codenames

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"fieldkit/keycards"
)

// The full state of a game, key card included, has a canonical JSON form for
// storage: MarshalJSON writes it, UnmarshalJSON reads it back and checks that it
// is a state the rules can reach (so Apply never meets an impossible state). It
// holds the key card code: never show it to the players; View is the public form.

type duetJSON struct {
	Game      string   `json:"game"`
	Key       string   `json:"key"`
	Mission   string   `json:"mission"`
	Loose     bool     `json:"loose,omitempty"`
	Status    string   `json:"status"`
	Reason    string   `json:"reason,omitempty"`
	Result    string   `json:"result,omitempty"`
	Phase     string   `json:"phase"`
	Giver     string   `json:"giver,omitempty"`
	Streak    int      `json:"streak,omitempty"`
	Clue      string   `json:"clue,omitempty"`
	Count     int      `json:"count"`
	Correct   int      `json:"correct,omitempty"`
	Penalized bool     `json:"penalized,omitempty"`
	Check     int      `json:"check"`
	Bystander int      `json:"bystander"`
	Taken     int      `json:"taken"`
	Cells     []string `json:"cells"`
}

var duetMarkNames = []struct {
	bit  uint8
	name string
}{
	{agentForA, "agent_a"}, {agentForB, "agent_b"},
	{bystanderForA, "bystander_a"}, {bystanderForB, "bystander_b"},
	{assassinForA, "assassin_a"}, {assassinForB, "assassin_b"},
}

// MarshalJSON writes the canonical full state, key card code included.
func (g Duet) MarshalJSON() ([]byte, error) {
	j := duetJSON{
		Game: "duet", Key: g.Card().Code(), Mission: g.mission.String(), Loose: g.loose,
		Status: g.status.String(), Reason: g.reason.String(), Result: g.result.String(),
		Phase: g.phase.String(), Giver: g.giver.String(), Streak: int(g.streak),
		Clue: g.clueWord, Count: int(g.clueCount), Correct: int(g.correct), Penalized: g.penalized,
		Check: int(g.check), Bystander: int(g.bystander), Taken: int(g.taken), Cells: make([]string, 25),
	}
	for i, c := range g.cells {
		var parts []string
		for _, m := range duetMarkNames {
			if c&m.bit != 0 {
				parts = append(parts, m.name)
			}
		}
		j.Cells[i] = strings.Join(parts, "+")
	}
	return json.Marshal(j)
}

func parseEnum[T ~uint8](field, s string, names []string) (T, error) {
	i := slices.Index(names, s)
	if i < 0 {
		return 0, fmt.Errorf("%w: %q is %q; want one of %q", ErrSetup, field, s, names)
	}
	return T(i), nil
}

// UnmarshalJSON reads a full state written by MarshalJSON and checks it.
func (g *Duet) UnmarshalJSON(b []byte) error {
	var j duetJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("%w: Duet state: %v", ErrSetup, jsonProblem(err))
	}
	if j.Game != "duet" {
		return fmt.Errorf("%w: \"game\" is %q, want \"duet\"", ErrSetup, j.Game)
	}
	card, err := keycards.ParseDuet(j.Key)
	if err != nil {
		return fmt.Errorf("%w: \"key\": %w", ErrSetup, err)
	}
	var m Mission
	if _, err := fmt.Sscanf(j.Mission, "%d-%d", &m.Turns, &m.Mistakes); err != nil || m.String() != j.Mission {
		return fmt.Errorf("%w: \"mission\" %q; want turns-mistakes like \"9-9\"", ErrSetup, j.Mission)
	}
	n, err := NewDuet(card, m)
	if err != nil {
		return err
	}
	n.loose = j.Loose
	if n.status, err = parseEnum[Status]("status", j.Status, statusNames[:]); err != nil {
		return err
	}
	if n.reason, err = parseEnum[Reason]("reason", j.Reason, reasonNames[:]); err != nil {
		return err
	}
	if n.result, err = parseEnum[Result]("result", j.Result, resultNames[:3+1]); err != nil {
		return err
	}
	if n.phase, err = parseEnum[Phase]("phase", j.Phase, phaseNames[:2]); err != nil {
		return err
	}
	if n.giver, err = parseEnum[Player]("giver", j.Giver, playerNames[:3]); err != nil {
		return err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: impossible Duet state: %s", ErrSetup, fmt.Sprintf(format, args...))
	}
	if j.Streak < 0 || j.Streak > MaxTokens || (n.giver == Nobody) != (j.Streak == 0) {
		return bad("streak %d with giver %q", j.Streak, j.Giver)
	}
	if j.Count < -1 || j.Count > MaxCount || j.Correct < 0 || j.Correct > DuetAgents {
		return bad("count %d, correct %d", j.Count, j.Correct)
	}
	if j.Check < 0 || j.Check > m.Turns-m.Mistakes || j.Bystander < 0 || j.Bystander > m.Mistakes || j.Taken < 0 || j.Taken > m.Turns {
		return bad("bank %d check + %d bystander, %d taken, for mission %s", j.Check, j.Bystander, j.Taken, m)
	}
	n.streak, n.clueWord, n.clueCount, n.correct, n.penalized = uint8(j.Streak), j.Clue, int8(j.Count), uint8(j.Correct), j.Penalized
	n.check, n.bystander, n.taken = uint8(j.Check), uint8(j.Bystander), uint8(j.Taken)
	if len(j.Cells) != 25 {
		return bad("%d cells, want 25", len(j.Cells))
	}
	for i, c := range j.Cells {
		if c == "" {
			continue
		}
		for _, part := range strings.Split(c, "+") {
			k := slices.IndexFunc(duetMarkNames, func(x struct {
				bit  uint8
				name string
			}) bool {
				return x.name == part
			})
			if k < 0 {
				return bad("%s mark %q; want agent_a, bystander_b, assassin_a and the like", cellName(i), part)
			}
			bit := duetMarkNames[k].bit
			side := k % 2
			want := [...]keycards.Role{keycards.Agent, keycards.Bystander, keycards.Assassin}[k/2]
			if n.sides[side][i] != want {
				return bad("%s is marked %s but is %s on that side", cellName(i), part, n.sides[side][i])
			}
			n.cells[i] |= bit
		}
		if n.cells[i]&agentMask == agentMask {
			return bad("%s has two agent cards", cellName(i))
		}
		if n.cells[i]&(assassinForA|assassinForB) != 0 && (n.status != Lost || n.reason != AssassinHit) {
			return bad("%s shows an assassin but the game was not lost to one", cellName(i))
		}
		if n.cells[i]&agentMask != 0 {
			n.agentsLeft--
			for s := range 2 {
				if n.sides[s][i] == keycards.Agent {
					n.greens[s]--
				}
			}
		}
	}
	bank := j.Check + j.Bystander
	switch {
	case n.status == Won && (n.reason != AllAgents || n.agentsLeft != 0),
		n.status != Won && n.agentsLeft == 0:
		return bad("status %s/%s with %d agents left", n.status, n.reason, n.agentsLeft)
	case n.status == Lost && n.reason != AssassinHit && n.reason != OutOfTime && n.reason != SuddenDeathMiss,
		!n.status.Over() && n.reason != NoReason:
		return bad("status %s with reason %q", n.status, n.reason)
	case n.status == SuddenDeath && (bank != 0 || n.phase != CluePhase),
		n.status == Playing && n.phase == CluePhase && bank == 0:
		return bad("status %s in phase %s with %d tokens in the bank", n.status, n.phase, bank)
	case n.phase == GuessPhase && n.giver == Nobody:
		return bad("guessing with no clue-giver")
	case n.status == Playing && n.phase == CluePhase && !n.MayClue(A) && !n.MayClue(B):
		return bad("nobody may give the next clue")
	}
	*g = n
	return nil
}

type classicJSON struct {
	Game     string `json:"game"`
	Key      string `json:"key"`
	Variant  string `json:"variant"`
	Status   string `json:"status"`
	Reason   string `json:"reason,omitempty"`
	Result   string `json:"result,omitempty"`
	Winner   string `json:"winner,omitempty"`
	Phase    string `json:"phase"`
	Turn     string `json:"turn"`
	MayCover bool   `json:"may_cover,omitempty"`
	Clue     string `json:"clue,omitempty"`
	Count    int    `json:"count"`
	Guesses  int    `json:"guesses,omitempty"`
	Turns    int    `json:"turns"`
	Covered  []int  `json:"covered"`
}

// MarshalJSON writes the canonical full state, key card code included.
func (g Classic) MarshalJSON() ([]byte, error) {
	j := classicJSON{
		Game: "classic", Key: g.Card().Code(), Variant: g.variant.String(), Status: g.status.String(),
		Reason: g.reason.String(), Result: g.result.String(), Winner: g.winner.String(), Phase: g.phase.String(),
		Turn: g.turn.String(), MayCover: g.mayCover, Clue: g.clueWord, Count: int(g.clueCount),
		Guesses: int(g.guesses), Turns: int(g.turns), Covered: []int{},
	}
	for i, c := range g.covered {
		if c {
			j.Covered = append(j.Covered, i)
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a full state written by MarshalJSON and checks it.
func (g *Classic) UnmarshalJSON(b []byte) error {
	var j classicJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("%w: classic state: %v", ErrSetup, jsonProblem(err))
	}
	if j.Game != "classic" {
		return fmt.Errorf("%w: \"game\" is %q, want \"classic\"", ErrSetup, j.Game)
	}
	card, err := keycards.ParseClassic(j.Key)
	if err != nil {
		return fmt.Errorf("%w: \"key\": %w", ErrSetup, err)
	}
	v, err := ParseVariant(j.Variant)
	if err != nil {
		return err
	}
	n, err := NewClassic(card, v)
	if err != nil {
		return err
	}
	if n.status, err = parseEnum[Status]("status", j.Status, statusNames[:]); err != nil {
		return err
	}
	if n.reason, err = parseEnum[Reason]("reason", j.Reason, reasonNames[:]); err != nil {
		return err
	}
	if n.result, err = parseEnum[Result]("result", j.Result, resultNames[:]); err != nil {
		return err
	}
	if n.winner, err = parseEnum[Player]("winner", j.Winner, playerNames[:]); err != nil {
		return err
	}
	if n.phase, err = parseEnum[Phase]("phase", j.Phase, phaseNames[:]); err != nil {
		return err
	}
	if n.turn, err = parseEnum[Player]("turn", j.Turn, playerNames[:]); err != nil {
		return err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: impossible classic state: %s", ErrSetup, fmt.Sprintf(format, args...))
	}
	n.mayCover, n.clueWord = j.MayCover, j.Clue
	if j.Count < -2 || j.Count > MaxCount || j.Guesses < 0 || j.Guesses > 25 || j.Turns < 0 || j.Turns > 255 {
		return bad("count %d, guesses %d, turns %d", j.Count, j.Guesses, j.Turns)
	}
	n.clueCount, n.guesses, n.turns = int8(j.Count), uint8(j.Guesses), uint8(j.Turns)
	for _, i := range j.Covered {
		if i < 0 || i >= 25 || n.covered[i] {
			return bad("covered cell %d", i)
		}
		n.covered[i] = true
		if t := teamOf(n.cells[i]); t != Nobody {
			n.left[teamIndex(t)]--
		}
	}
	switch {
	case n.turn != Red && n.turn != Blue,
		v == Solo && n.turn != n.start:
		return bad("turn %q", j.Turn)
	case v == Teams && n.phase == CoverPhase,
		v == Solo && n.mayCover,
		n.mayCover && n.phase != CluePhase:
		return bad("phase %s (may_cover %v) in the %s variant", n.phase, n.mayCover, v)
	case n.status == SuddenDeath,
		n.status == Playing && (n.reason != NoReason || n.winner != Nobody || n.left[0] == 0 || n.left[1] == 0),
		n.status.Over() && n.reason == NoReason,
		n.status == Won && n.winner == Nobody,
		n.status == Lost && v != Solo:
		return bad("status %s/%s, winner %q, agents left %v", n.status, n.reason, j.Winner, n.left)
	}
	*g = n
	return nil
}
