package codenames

import (
	"encoding/json"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/server/servertest"
	"fmt"
	"math/rand/v2"
	"testing"

	rules "fieldkit/engine/codenames"
)

// testKey is a valid Duet key card (the Polish rulebook's example in the README).
const testKey = "D2D3N-FNZ9J-ZZMT"

type serverOption func(*Family)

// newTestServer starts a server on 127.0.0.1 with a fresh database, seeded
// randomness and a fake clock, so that two test servers answer alike.
func newTestServer(t testing.TB, opts ...serverOption) *servertest.Server {
	t.Helper()
	fam := New(nil)
	for _, o := range opts {
		o(fam)
	}
	return servertest.Start(t, 1, fam)
}

// client is one browser or phone: its own cookies.
type client struct{ *servertest.Client }

func newClient(t testing.TB) *client { return &client{servertest.NewClient(t)} }

// response is what a request got.
type response struct {
	code int
	body []byte
}

func (r response) String() string { return fmt.Sprintf("%d %s", r.code, r.body) }

// do sends a request and reads the whole answer.
func (c *client) do(method, url, contentType string, body []byte) response {
	c.T.Helper()
	code, b := c.Send(method, url, contentType, body)
	return response{code, b}
}

func (c *client) get(url string) response { return c.do("GET", url, "", nil) }

func (c *client) postJSON(url string, v any) response {
	c.T.Helper()
	b, ok := v.([]byte)
	if !ok {
		if s, isString := v.(string); isString {
			b = []byte(s)
		} else {
			b, _ = json.Marshal(v)
		}
	}
	return c.do("POST", url, "application/json", b)
}

// hostClient returns a client that sends the game's host token.
func hostClient(t testing.TB, c server.Created) *client {
	return &client{servertest.HostClient(t, c)}
}

// randomMove returns a legal Duet event chosen from the public state only
// (so that games on key cards that differ in unrevealed cells play alike),
// never touching the cells in avoid; ok is false when no such move is left.
func randomMove(s rules.Session, r *rand.Rand, avoid ...int) (rules.Event, bool) {
	g := s.Duet()
	if g.Status().Over() {
		return rules.Event{}, false
	}
	cells := func(p rules.Player) []int {
		var out []int
		for i := range 25 {
			if g.Guessable(p, i) && !contains(avoid, i) {
				out = append(out, i)
			}
		}
		return out
	}
	switch {
	case g.Status() == rules.SuddenDeath:
		for _, p := range []rules.Player{rules.A, rules.B} {
			if c := cells(p); len(c) > 0 {
				return rules.GuessBy(p, c[r.IntN(len(c))]), true
			}
		}
		return rules.Event{}, false
	case g.Phase() == rules.CluePhase:
		for _, p := range []rules.Player{rules.A, rules.B}[r.IntN(2):] {
			if g.MayClue(p) {
				return rules.Clue(p, fmt.Sprintf("clue%d", r.IntN(100)), 1+r.IntN(3)), true
			}
		}
		if g.MayClue(rules.A) {
			return rules.Clue(rules.A, "clue", 1), true
		}
		return rules.Event{}, false
	default:
		c := cells(g.Guesser())
		if g.MayStop() && (len(c) == 0 || r.IntN(3) == 0) {
			return rules.Stop(), true
		}
		if len(c) == 0 {
			return rules.Event{}, false
		}
		return rules.Guess(c[r.IntN(len(c))]), true
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if x == y {
			return true
		}
	}
	return false
}

func eventJSON(t testing.TB, e rules.Event) []byte {
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// apiError is the body of an error answer.
type apiError struct {
	Error string     `json:"error"`
	State *GameState `json:"state,omitempty"`
}

// sessionOf rebuilds a game's session from its setup and its public history,
// as a client could.
func sessionOf(t testing.TB, ts *servertest.Server, c server.Created) rules.Session {
	t.Helper()
	var st GameState
	if r := newClient(t).get(ts.URL + "/api/games/" + c.ID); json.Unmarshal(r.body, &st) != nil {
		t.Fatalf("GET game %s: %s", c.ID, r)
	}
	key := keyOf(t, ts, c)
	v := st.State
	setup := rules.Setup{Key: key, Words: nil}
	var err error
	if setup.Game, err = keycards.ParseGame(v.Game); err != nil {
		t.Fatal(err)
	}
	for _, cell := range v.Cells {
		setup.Words = append(setup.Words, cell.Word)
	}
	if v.Mission != "" {
		fmt.Sscanf(v.Mission, "%d-%d", &setup.Mission.Turns, &setup.Mission.Mistakes)
	}
	events := make([]rules.Event, len(st.History))
	for i, h := range st.History {
		if events[i], err = rules.DecodeEvent(h.Event); err != nil {
			t.Fatal(err)
		}
	}
	s, err := rules.Replay(setup, events)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// keyOf returns a game's key card code, from the database (tests only: no
// answer of the server carries it).
func keyOf(t testing.TB, ts *servertest.Server, c server.Created) string {
	t.Helper()
	var setup string
	if err := ts.Store.DB().QueryRow(`SELECT setup FROM table_games WHERE id = ?`, c.ID).Scan(&setup); err != nil {
		t.Fatal(err)
	}
	e, err := rules.DecodeEvent([]byte(setup))
	if err != nil || e.Setup == nil {
		t.Fatalf("setup %s: %v", setup, err)
	}
	return e.Setup.Key
}
