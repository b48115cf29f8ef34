package codenames

import (
	"context"
	"errors"
	"fieldkit/scan"
	"fmt"

	"gocv.io/x/gocv"
)

// CellState is what the tracker believes lies on a cell.
type CellState struct {
	Card   int    // word face marker id, -1 unknown
	Word   string // the face's word, when the deck knows it
	Cover  Kind   // NotInDeck: no cover
	Timers int
}

// Change is a state change that held over Tracker.Hold consecutive frames.
type Change struct {
	Frame    int // the frame at which it was reported
	Row, Col int // the cell, as seen from seat A; -1, -1 for the guess token
	From, To CellState
	// TokenFrom and TokenTo are the guess token's cell before and after
	// (nil: not on the grid), for a token change.
	TokenFrom, TokenTo *Position
}

// String describes the change for people, e.g. "[2,3] covered: agent".
func (c Change) String() string {
	if c.Row < 0 {
		pos := func(p *Position) string {
			if p == nil {
				return "off the grid"
			}
			return fmt.Sprintf("[%d,%d]", p.Row, p.Col)
		}
		return fmt.Sprintf("frame %d: guess token %s -> %s", c.Frame, pos(c.TokenFrom), pos(c.TokenTo))
	}
	at := fmt.Sprintf("frame %d: [%d,%d]", c.Frame, c.Row, c.Col)
	var s string
	if c.To.Card != c.From.Card {
		s += fmt.Sprintf(" card %d", c.To.Card)
		if c.To.Word != "" {
			s += " " + c.To.Word
		}
	}
	if c.To.Cover != c.From.Cover {
		if c.To.Cover == NotInDeck {
			s += " uncovered"
		} else {
			s += " covered: " + c.To.Cover.String()
		}
	}
	if c.To.Timers != c.From.Timers {
		s += fmt.Sprintf(" timers %d", c.To.Timers)
	}
	return at + s
}

// Tracker follows a table through the frames of a video. A cell's state
// changes only on positive evidence (a card marker seen with no cover marker
// uncovers; a cover marker covers; a hand hiding both changes nothing), and
// only when the new state holds over Hold consecutive frames that show the
// cell. It keeps the last good grid for frames whose pieces are too few to
// fit one.
type Tracker struct {
	Scanner *Scanner
	// Hold is the number of consecutive frames a change must hold; 0 means 3.
	Hold int

	frame  int
	grid   *Grid
	state  [5][5]CellState
	cand   [5][5][3]int // candidate card, cover, timers
	count  [5][5][3]int
	token  *Position
	tcand  *Position
	tcount int
}

// NewTracker returns a tracker using s, with every cell unknown.
func NewTracker(s *Scanner) *Tracker {
	t := &Tracker{Scanner: s}
	for r := range 5 {
		for c := range 5 {
			t.state[r][c] = CellState{Card: -1}
		}
	}
	return t
}

func (t *Tracker) hold() int {
	if t.Hold <= 0 {
		return 3
	}
	return t.Hold
}

// State returns the tracker's current belief about every cell and the guess token.
func (t *Tracker) State() ([5][5]CellState, *Position) { return t.state, t.token }

// Observe scans the next frame and returns its observation and the changes
// that now hold.
func (t *Tracker) Observe(img gocv.Mat) (Observation, []Change, error) {
	t.frame++
	obs, err := t.Scanner.ScanWith(img, t.grid)
	if err != nil {
		return obs, nil, err
	}
	if !obs.OK {
		return obs, nil, nil
	}
	if !obs.PriorGrid {
		t.grid = obs.Grid()
	}
	var changes []Change
	for r := range 5 {
		for c := range 5 {
			// Card, cover and timers change independently: each on its
			// own evidence, each after holding.
			cell := obs.Cells[r][c]
			cur := t.state[r][c]
			next := cur
			ev := [3]int{-2, -2, -2} // -2: no evidence
			if cell.Card >= 0 {
				ev[0] = cell.Card
			}
			switch {
			case cell.Cover != NotInDeck:
				ev[1] = int(cell.Cover)
			case cell.Card >= 0:
				ev[1] = int(NotInDeck) // the card's markers show: nothing covers it
			}
			if cell.Card >= 0 || cell.Timers > 0 {
				ev[2] = cell.Timers
			}
			now := [3]int{cur.Card, int(cur.Cover), cur.Timers}
			for f := range 3 {
				switch {
				case ev[f] == -2:
					continue
				case ev[f] == now[f]:
					t.count[r][c][f] = 0
					continue
				case t.count[r][c][f] > 0 && ev[f] == t.cand[r][c][f]:
					t.count[r][c][f]++
				default:
					t.cand[r][c][f], t.count[r][c][f] = ev[f], 1
				}
				if t.count[r][c][f] >= t.hold() {
					t.count[r][c][f] = 0
					switch f {
					case 0:
						next.Card, next.Word = cell.Card, cell.Word
					case 1:
						next.Cover = Kind(ev[1])
					case 2:
						next.Timers = ev[2]
					}
				}
			}
			if next != cur {
				changes = append(changes, Change{Frame: t.frame, Row: r, Col: c, From: cur, To: next})
				t.state[r][c] = next
			}
		}
	}
	var tok *Position
	if len(obs.Tokens) > 0 {
		p := obs.Tokens[0]
		tok = &p
	}
	switch {
	case samePos(tok, t.token):
		t.tcount = 0
	case t.tcount > 0 && samePos(tok, t.tcand):
		t.tcount++
	default:
		t.tcand, t.tcount = tok, 1
	}
	if t.tcount >= t.hold() {
		changes = append(changes, Change{Frame: t.frame, Row: -1, Col: -1, TokenFrom: t.token, TokenTo: tok})
		t.token, t.tcount = tok, 0
	}
	return obs, changes, nil
}

func samePos(a, b *Position) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Watch reads frames from vc until it ends or ctx is done, feeding each to
// the tracker, and calls fn with every frame's observation and changes. One
// Mat is reused for all frames, so memory stays bounded. It returns nil at
// the end of the video, ctx's error when cancelled, or fn's error.
func Watch(ctx context.Context, vc *gocv.VideoCapture, t *Tracker, fn func(obs Observation, changes []Change) error) error {
	frame := gocv.NewMat()
	defer frame.Close()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !vc.Read(&frame) || frame.Empty() {
			return nil
		}
		obs, changes, err := t.Observe(frame)
		if err != nil && !errors.Is(err, scan.ErrImage) {
			return err
		}
		if err := fn(obs, changes); err != nil {
			return err
		}
	}
}
