package codenames

import (
	"bytes"
	"encoding/json"

	"fieldkit/keycards"
)

// View is the public state of a Session: what everybody at the table may see. It
// never shows the colour of a cell that has not been revealed, nor the key card
// code. `fieldkit referee` writes one View per event as a JSON line.
type View struct {
	Error        string     `json:"error,omitempty"`         // why the last event was refused; the state is unchanged
	Game         string     `json:"game"`                    // "duet", "classic", or "" before the first new event
	Mission      string     `json:"mission,omitempty"`       // Duet: turns-mistakes, e.g. "9-9"
	Loose        bool       `json:"loose,omitempty"`         // Duet: looser turn order
	Variant      string     `json:"variant,omitempty"`       // classic: "teams" or "solo"
	Status       string     `json:"status,omitempty"`        // playing, sudden_death, won, lost
	Reason       string     `json:"reason,omitempty"`        // why the game ended
	Winner       string     `json:"winner,omitempty"`        // classic: the winning team
	Phase        string     `json:"phase,omitempty"`         // clue, guess, cover; absent once over
	Next         string     `json:"next,omitempty"`          // who acts next: a, b, either, red, blue
	MayCover     bool       `json:"may_cover,omitempty"`     // classic: next may cover one of its agents (after a penalty)
	Clue         *ClueView  `json:"clue,omitempty"`          // the last clue
	Result       string     `json:"result,omitempty"`        // what the last guess found
	GuessesLeft  any        `json:"guesses_left,omitempty"`  // classic: a number or "unlimited"
	TokensLeft   *int       `json:"tokens_left,omitempty"`   // Duet: timer tokens in the bank
	MistakesLeft *int       `json:"mistakes_left,omitempty"` // Duet: bystander-face tokens in the bank
	TokensTaken  *int       `json:"tokens_taken,omitempty"`  // Duet: check tokens in front of the players
	AgentsLeft   any        `json:"agents_left,omitempty"`   // Duet: a number of 15; classic: {"blue":n,"red":m}
	SidesDone    []string   `json:"sides_done,omitempty"`    // Duet: players whose 9 greens are all covered
	Score        *int       `json:"score,omitempty"`         // a won 9-token Duet game (the rulebook's score), or a won classic solo game
	Cells        []CellView `json:"cells,omitempty"`         // the 25 cells, row by row (Duet: seen from seat A)
}

// ClueView is a clue as the View shows it.
type ClueView struct {
	By       string        `json:"by"`
	Word     string        `json:"word"`
	Count    any           `json:"count"` // a number or "unlimited"
	Warnings []WarningView `json:"warnings,omitempty"`
}

// WarningView is a clue-check warning: the clue resembles a visible word.
type WarningView struct {
	Kind    string  `json:"kind"` // same_word, contains_word, inside_word, same_root
	Cell    [2]int  `json:"cell"`
	Word    string  `json:"word"`
	Message string  `json:"message"` // in English, for the command line and the logs
	Msg     Message `json:"msg"`     // the same, as a message of the catalog
}

// CellView is one table cell as everybody sees it.
type CellView struct {
	Cell         [2]int   `json:"cell"`                    // [row, col]
	Word         string   `json:"word,omitempty"`          // when the game has words
	Covered      bool     `json:"covered,omitempty"`       // no longer visible, no longer guessable
	AgentFor     string   `json:"agent_for,omitempty"`     // Duet: an agent card; green on this player's side
	BystanderFor []string `json:"bystander_for,omitempty"` // Duet: timer tokens; bystander on these players' sides
	AssassinFor  string   `json:"assassin_for,omitempty"`  // Duet: the game was lost here; assassin on this side
	Revealed     string   `json:"revealed,omitempty"`      // classic: the cover card: red, blue, bystander, assassin
}

// JSON returns v as one line of canonical JSON (no trailing newline).
func (v View) JSON() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("codenames: View does not encode: " + err.Error()) // all its fields are plain data
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

func intp(n int) *int { return &n }

func countValue(n int) any {
	if n == Unlimited {
		return "unlimited"
	}
	return n
}

// View returns the public state.
func (s Session) View() View {
	if !s.started {
		return View{}
	}
	v := View{Game: s.setup.Game.String()}
	if s.setup.Game == keycards.Duet {
		s.duetView(&v)
	} else {
		s.classicView(&v)
	}
	if s.clueBy != Nobody {
		var w string
		var n int
		if s.setup.Game == keycards.Duet {
			w, n = s.duet.LastClue()
		} else {
			w, n = s.classic.LastClue()
		}
		c := &ClueView{By: s.clueBy.String(), Word: w, Count: countValue(n)}
		for _, x := range s.warnings {
			c.Warnings = append(c.Warnings, WarningView{Kind: x.Kind.String(), Cell: [2]int{x.Index / 5, x.Index % 5}, Word: x.Word, Message: x.Message(w), Msg: x.Said(w)})
		}
		v.Clue = c
	}
	return v
}

func either(a, b bool, pa, pb Player) string {
	switch {
	case a && b:
		return "either"
	case a:
		return pa.String()
	case b:
		return pb.String()
	}
	return ""
}

func (s Session) duetView(v *View) {
	g := s.duet
	v.Mission = g.Mission().String()
	v.Loose = g.LooseTurnOrder()
	v.Status, v.Reason, v.Result = g.Status().String(), g.Reason().String(), g.Result().String()
	switch {
	case g.Status() == SuddenDeath:
		v.Phase, v.Next = GuessPhase.String(), either(g.MayGuess(A), g.MayGuess(B), A, B)
	case g.Status() == Playing && g.Phase() == GuessPhase:
		v.Phase, v.Next = GuessPhase.String(), g.Guesser().String()
	case g.Status() == Playing:
		v.Phase, v.Next = CluePhase.String(), either(g.MayClue(A), g.MayClue(B), A, B)
	}
	v.TokensLeft, v.MistakesLeft, v.TokensTaken = intp(g.TokensLeft()), intp(g.MistakesLeft()), intp(g.TokensTaken())
	v.AgentsLeft = g.AgentsLeft()
	for _, p := range []Player{A, B} {
		if g.GreensLeft(p) == 0 {
			v.SidesDone = append(v.SidesDone, p.String())
		}
	}
	if g.Scored() {
		v.Score = intp(g.Score())
	}
	v.Cells = make([]CellView, 25)
	for i := range 25 {
		c := CellView{Cell: [2]int{i / 5, i % 5}, Word: s.words[i], Covered: g.Covered(i)}
		m := g.cells[i]
		for k, p := range []Player{A, B} {
			if m&(agentForA<<k) != 0 {
				c.AgentFor = p.String()
			}
			if m&(bystanderForA<<k) != 0 {
				c.BystanderFor = append(c.BystanderFor, p.String())
			}
			if m&(assassinForA<<k) != 0 {
				c.AssassinFor = p.String()
			}
		}
		v.Cells[i] = c
	}
}

func (s Session) classicView(v *View) {
	g := s.classic
	v.Variant = g.Variant().String()
	v.Status, v.Reason, v.Result = g.Status().String(), g.Reason().String(), g.Result().String()
	v.Winner = g.Winner().String()
	if g.Status() == Playing {
		v.Phase, v.Next, v.MayCover = g.Phase().String(), g.Turn().String(), g.MayCover()
		if g.Phase() == GuessPhase {
			v.GuessesLeft = countValue(g.GuessesLeft())
		}
	}
	v.AgentsLeft = map[string]int{"red": g.AgentsLeft(Red), "blue": g.AgentsLeft(Blue)}
	if g.Variant() == Solo && g.Status() == Won {
		v.Score = intp(g.Score())
	}
	v.Cells = make([]CellView, 25)
	for i := range 25 {
		c := CellView{Cell: [2]int{i / 5, i % 5}, Word: s.words[i], Covered: g.Covered(i)}
		if r, ok := g.Revealed(i); ok {
			c.Revealed = r.String()
		}
		v.Cells[i] = c
	}
}
