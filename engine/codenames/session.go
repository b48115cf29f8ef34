package codenames

import (
	"fmt"
	"strings"

	"fieldkit/keycards"
)

// Session is one table's game as the referee sees it: the setup, the words, the
// current Duet or Classic state and the warnings on the last clue. It reads
// events (including "new") and shows the public View. A Session is a value; the
// zero Session has no game yet.
type Session struct {
	setup    Setup
	started  bool
	duet     Duet
	classic  Classic
	words    [25]string
	warnings []ClueWarning // on the last clue, Index is the cell
	clueBy   Player
}

// Started reports whether a game was set up.
func (s Session) Started() bool { return s.started }

// Setup returns the game's setup.
func (s Session) Setup() Setup { return s.setup }

// Duet returns the Duet state; it is meaningful when the setup's game is Duet.
func (s Session) Duet() Duet { return s.duet }

// Classic returns the classic state; it is meaningful when the setup's game is Classic.
func (s Session) Classic() Classic { return s.classic }

// Apply returns the session after e, or the unchanged session and an error that
// says why e was refused. A "new" event starts a new game at any time.
func (s Session) Apply(e Event) (Session, error) {
	if e.Type == NewGame {
		return start(e.Setup)
	}
	if !s.started {
		return s, refuse(ErrOrder, "cn.refuse.no_game_yet", "no game yet; start one with {\"type\":\"new\",\"game\":\"duet\",\"key\":\"CODE\"}")
	}
	if e.Cell == NoCell && e.Word != "" && (e.Type == GuessMade || e.Type == EnemyCover || e.Type == OwnCover) {
		i, err := s.findWord(e.Word)
		if err != nil {
			return s, err
		}
		e.Cell, e.Word = i, ""
	}
	var err error
	if s.setup.Game == keycards.Duet {
		s.duet, err = s.duet.Apply(e)
	} else {
		s.classic, err = s.classic.Apply(e)
	}
	if err != nil {
		return s, err
	}
	if e.Type == ClueGiven {
		s.warnings = s.checkClue(e.Word)
		s.clueBy = s.duet.Giver()
		if s.setup.Game == keycards.Classic {
			s.clueBy = s.classic.Turn()
		}
	}
	return s, nil
}

// Replay rebuilds a game from its setup and event log: the way to restore a game
// from storage. It stops at the first refused event and says which one it was.
func Replay(setup Setup, events []Event) (Session, error) {
	s, err := Session{}.Apply(New(setup))
	if err != nil {
		return Session{}, err
	}
	for n, e := range events {
		if s, err = s.Apply(e); err != nil {
			return s, fmt.Errorf("event %d (%s): %w", n+1, e.Type, err)
		}
	}
	return s, nil
}

// start sets up a new game.
func start(setup *Setup) (Session, error) {
	if setup == nil {
		return Session{}, refuse(ErrEvent, "cn.refuse.no_setup", "a new event without a setup")
	}
	s := Session{setup: *setup, started: true}
	s.setup.Words = append([]string(nil), setup.Words...)
	if len(setup.Words) != 0 && len(setup.Words) != 25 {
		return Session{}, refuse(ErrSetup, "cn.refuse.words_count", fmt.Sprintf("%d words; give all 25, row by row, or none", len(setup.Words)), "n", len(setup.Words))
	}
	copy(s.words[:], setup.Words)
	seen := map[string]int{}
	for i, w := range s.words {
		f := Fold(w)
		if f == "" {
			continue
		}
		if j, dup := seen[f]; dup {
			return Session{}, refuse(ErrSetup, "cn.refuse.words_twice", fmt.Sprintf("%q at %s and %q at %s are the same word; a table has 25 different words", s.words[j], cellName(j), w, cellName(i)), "word", s.words[j], "cell", pos(j), "other", w, "cell2", pos(i))
		}
		seen[f] = i
	}
	switch setup.Game {
	case keycards.Duet:
		card, err := keycards.ParseDuet(setup.Key)
		if err != nil {
			return Session{}, Within(ErrSetup, fmt.Errorf("key %q: %w", setup.Key, err))
		}
		m := setup.Mission
		if m == (Mission{}) {
			m = Standard
			s.setup.Mission = m
		}
		g, err := NewDuet(card, m)
		if err != nil {
			return Session{}, err
		}
		s.duet = g.WithLooseTurnOrder(setup.Loose)
	case keycards.Classic:
		card, err := keycards.ParseClassic(setup.Key)
		if err != nil {
			return Session{}, Within(ErrSetup, fmt.Errorf("key %q: %w", setup.Key, err))
		}
		g, err := NewClassic(card, setup.Variant)
		if err != nil {
			return Session{}, err
		}
		s.classic = g
	default:
		return Session{}, refuse(ErrSetup, "cn.refuse.game", fmt.Sprintf("unknown game %d", setup.Game), "game", fmt.Sprint(int(setup.Game)))
	}
	return s, nil
}

// visible reports whether cell i's word can still be read: not covered.
func (s Session) visible(i int) bool {
	if s.setup.Game == keycards.Duet {
		return !s.duet.Covered(i)
	}
	return !s.classic.Covered(i)
}

// findWord returns the cell of a word on the table, matched like clues are
// (ignoring case and diacritics).
func (s Session) findWord(w string) (int, error) {
	if s.words == [25]string{} {
		return NoCell, refuse(ErrEvent, "cn.refuse.no_words", "this game has no words; name the cell as \"cell\":[row,col], or give \"words\" in the new event")
	}
	f := Fold(w)
	for i, x := range s.words {
		if x != "" && Fold(x) == f {
			return i, nil
		}
	}
	return NoCell, refuse(ErrEvent, "cn.refuse.no_word", fmt.Sprintf("no word %q on the table", w), "word", w)
}

// checkClue returns warnings for a clue against the visible words, by cell.
func (s Session) checkClue(clue string) []ClueWarning {
	var vis [25]string
	for i, w := range s.words {
		if s.visible(i) {
			vis[i] = w
		}
	}
	return CheckClue(clue, vis[:])
}

// ClueWarnings returns the warnings on the last clue; Index is the cell.
func (s Session) ClueWarnings() []ClueWarning { return s.warnings }

// Words returns the 25 words (empty strings when the game has none).
func (s Session) Words() [25]string { return s.words }

// String is a short summary for logs, e.g. "duet 9-9 playing".
func (s Session) String() string {
	if !s.started {
		return "no game"
	}
	var b strings.Builder
	b.WriteString(s.setup.Game.String())
	if s.setup.Game == keycards.Duet {
		fmt.Fprintf(&b, " %s %s", s.setup.Mission, s.duet.Status())
	} else {
		fmt.Fprintf(&b, " %s %s", s.setup.Variant, s.classic.Status())
	}
	return b.String()
}
