package codenames

import (
	"encoding/json"
	"fieldkit/catalog"
	"fmt"
	"testing"

	"fieldkit/internal/scene"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
	"fieldkit/markers"
)

// classicKey is the key card of the classic camera and browser tests.
func classicKey(t testing.TB) keycards.ClassicCard {
	t.Helper()
	return keycards.NewClassic(keycards.SeededSource("classic table"))
}

// cellsOf returns the cells of card with role r, in order.
func cellsOf(card keycards.ClassicCard, r keycards.Role) []int {
	var out []int
	for i, c := range card.Cells {
		if c == r {
			out = append(out, i)
		}
	}
	return out
}

// classicCover returns the cover card (marker id) that a table lays on a
// cell of role r: the k-th agent of the team, or the k-th bystander, or
// the assassin.
func classicCover(r keycards.Role, k int) int {
	switch r {
	case keycards.Red:
		return markers.RedBase + k
	case keycards.Blue:
		return markers.BlueBase + k
	case keycards.Bystander:
		return markers.BystanderBase + k
	}
	return markers.ClassicAssassinID
}

// scanAnswer posts a photo as the host and decodes the answer.
func scanAnswer(t *testing.T, host *client, api string, photo []byte) ScanAnswer {
	t.Helper()
	ctype, body := testkit.Multipart(t, "image", "table.jpg", photo)
	r := host.do("POST", api+"/scan", ctype, body)
	if r.code != 200 {
		t.Fatalf("scan: %s", r)
	}
	var a ScanAnswer
	if err := json.Unmarshal(r.body, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestClassicScan drives a classic teams game from photos of the table
// (real printgen faces laid out by package scene) through the scan
// endpoint with the real scanner: the first photo gives the board its
// words; the guess token on a word is a guess; the cover card the
// spymaster lays on it (an agent card, the double agent, a bystander) is
// confirmed; a cover that contradicts the key, or a cover on a word nobody
// guessed, is a warning and changes nothing; the token on a word before
// any clue, or after the game, is a warning too.
func TestClassicScan(t *testing.T) {
	if testing.Short() {
		t.Skip("renders photos")
	}
	ts := newTestServer(t, withScanner)
	d := testDeck(t)
	card := classicKey(t)
	start, other := card.Start, keycards.Blue
	if start == keycards.Blue {
		other = keycards.Red
	}
	mine, theirs, bys := cellsOf(card, start), cellsOf(card, other), cellsOf(card, keycards.Bystander)
	g := ts.NewGame(t, fmt.Sprintf(`{"game":"classic","key":%q,"deck":%q}`, card.Code(), d.Code()))
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	cards := deal(11)
	words := cards.words(d)
	covers := map[int]int{}
	seed := int64(40)
	// shoot photographs the table with the guess token on a cell (-1: the
	// token is off the grid, as when the spymaster covers the guessed word).
	shoot := func(token int) ScanAnswer {
		t.Helper()
		seed++
		c := map[int]int{}
		for k, v := range covers {
			c[k] = v
		}
		return scanAnswer(t, host, api, photo(t, cards, lay{covers: c, token: token}, scene.Size1080p, seed))
	}
	event := func(e string) GameState {
		t.Helper()
		r := host.postJSON(api+"/events", e)
		if r.code != 200 {
			t.Fatalf("event %s: %s", e, r)
		}
		var st GameState
		json.Unmarshal(r.body, &st)
		return st
	}
	hasWarning := func(a ScanAnswer, want string, args ...any) {
		t.Helper()
		for _, w := range a.Scan.Warnings {
			if w.ID == want && (len(args) == 0 || w.In("en") == catalog.M(want, args...).In("en")) {
				return
			}
		}
		t.Errorf("scan warnings %v, want %s %v", a.Scan.Warnings, want, args)
	}
	guessed := func(a ScanAnswer, i int, result string) {
		t.Helper()
		if len(a.Scan.Events) != 1 || string(a.Scan.Events[0]) != fmt.Sprintf(`{"type":"guess","cell":[%d,%d]}`, i/5, i%5) {
			t.Fatalf("the token on %s caused events %s, want one guess; warnings %q, refused %q", words[i], a.Scan.Events, a.Scan.Warnings, a.Scan.Refused)
		}
		if got := a.State.State.Cells[i].Revealed; got != card.Cells[i].String() {
			t.Errorf("after the guess of %s the board shows %q, want %s", words[i], got, card.Cells[i])
		}
		if h := a.State.History[len(a.State.History)-1]; h.Result != result {
			t.Errorf("the guess of %s found %q, want %q", words[i], h.Result, result)
		}
	}
	confirmed := func(a ScanAnswer, cells ...int) {
		t.Helper()
		var want [][2]int
		for _, i := range cells {
			want = append(want, [2]int{i / 5, i % 5})
		}
		if fmt.Sprint(a.Scan.Confirmed) != fmt.Sprint(want) {
			t.Errorf("confirmed %v, want %v (warnings %q)", a.Scan.Confirmed, want, a.Scan.Warnings)
		}
	}

	// The dealt table: the words.
	a := shoot(-1)
	if len(a.Scan.Words) != 25 || a.State.State.Cells[24].Word != words[24] {
		t.Fatalf("the first photo gave the words %q, want the dealt cards %q", a.Scan.Words, words)
	}
	// The token before any clue is a warning.
	a = shoot(mine[0])
	hasWarning(a, "cn.camera.token_no_clue")
	if a.State.Seq != 0 {
		t.Fatalf("the token before a clue changed the game: %d events", a.State.Seq)
	}

	// The start team's clue; the token on one of its agents is a guess; the
	// spymaster lays an agent card there, confirmed.
	event(`{"type":"clue","word":"RIVER","count":2}`)
	a = shoot(mine[1])
	guessed(a, mine[1], "agent")
	covers[mine[1]] = classicCover(start, 0)
	a = shoot(-1)
	confirmed(a, mine[1])
	if len(a.Scan.Events) != 0 || len(a.Scan.Warnings) != 0 {
		t.Errorf("the cover on the guessed word caused events %s, warnings %q", a.Scan.Events, a.Scan.Warnings)
	}

	// The token on the next agent; the table lays the double agent on it
	// (it counts for the start team), and also a card on a word nobody
	// guessed: confirmed, and a warning that changes nothing.
	a = shoot(mine[2])
	guessed(a, mine[2], "agent")
	double := markers.DoubleRedID
	if start == keycards.Blue {
		double = markers.DoubleBlueID
	}
	covers[mine[2]] = double
	covers[theirs[0]] = classicCover(other, 0)
	a = shoot(-1)
	confirmed(a, mine[2])
	hasWarning(a, "cn.camera.cover_missed")
	if a.State.State.Cells[theirs[0]].Covered || a.State.Seq != 3 {
		t.Errorf("a cover on an unguessed word changed the game: %+v, %d events", a.State.State.Cells[theirs[0]], a.State.Seq)
	}
	delete(covers, theirs[0])

	// The third guess of a clue of 2 is the last; the token on a bystander
	// ends the turn. The spymaster lays a red agent card there by mistake:
	// a warning, the board keeps the bystander.
	a = shoot(bys[0])
	guessed(a, bys[0], "bystander")
	if next := a.State.State.Next; next != other.String() {
		t.Errorf("after the bystander %s plays, want %s", next, other)
	}
	covers[bys[0]] = classicCover(other, 1)
	a = shoot(-1)
	hasWarning(a, "cn.camera.cover_other")
	if got := a.State.State.Cells[bys[0]].Revealed; got != "bystander" {
		t.Errorf("the wrong cover changed the board: %q", got)
	}
	covers[bys[0]] = markers.BystanderBase
	a = shoot(-1)
	confirmed(a, bys[0])

	// The other team: clue, then the token on the start team's agent (an
	// enemy agent for them) ends their turn.
	event(`{"type":"clue","word":"STONE","count":1}`)
	a = shoot(mine[3])
	guessed(a, mine[3], "enemy_agent")
	covers[mine[3]] = classicCover(start, 1)
	confirmed(shoot(-1), mine[3])

	// The start team's clue is called invalid: the other spymaster may
	// cover one of their agents. The camera sees the card first: a
	// warning that names the cover, no change; the spymaster enters the
	// cover on the phone, and the next photo confirms it.
	event(`{"type":"clue","word":"WIND","count":1}`)
	event(`{"type":"penalty"}`)
	covers[theirs[2]] = classicCover(other, 2)
	a = shoot(-1)
	hasWarning(a, "cn.camera.cover_spymaster")
	if a.State.State.Cells[theirs[2]].Covered || !a.State.State.MayCover {
		t.Errorf("the camera's cover after the penalty changed the game: %+v, may_cover %v", a.State.State.Cells[theirs[2]], a.State.State.MayCover)
	}
	spy := newClient(t)
	if r := spy.get(g.Seats[other.String()]); r.code != 200 {
		t.Fatalf("the spymaster's seat page: %s", r)
	}
	if r := spy.postJSON(g.Seats[other.String()]+"/events", fmt.Sprintf(`{"type":"cover","cell":[%d,%d]}`, theirs[2]/5, theirs[2]%5)); r.code != 200 {
		t.Fatalf("the spymaster's cover: %s", r)
	}
	confirmed(shoot(-1), theirs[2])
	event(`{"type":"clue","word":"MOON","count":1}`)
	guessed(shoot(bys[1]), bys[1], "bystander")
	covers[bys[1]] = markers.BystanderBase + 1

	// The start team finds the rest of its agents with the token; the last
	// one wins, and the token after the win is a warning.
	event(`{"type":"clue","word":"SKY","count":0}`)
	rest := append([]int{mine[0]}, mine[4:]...)
	for k, i := range rest {
		a = shoot(i)
		guessed(a, i, "agent")
		if k > 0 { // the cover on the word before, laid when the token moved on
			confirmed(a, rest[k-1])
		}
		covers[i] = classicCover(start, 2+k)
	}
	if a.State.State.Status != "won" || a.State.State.Winner != start.String() {
		t.Fatalf("after the last agent: %s, winner %q, want a win for %s", a.State.State.Status, a.State.State.Winner, start)
	}
	a = shoot(theirs[1])
	hasWarning(a, "cn.camera.token_over")
	confirmed(a, rest[len(rest)-1])
}
