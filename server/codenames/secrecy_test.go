package codenames

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	rules "fieldkit/engine/codenames"
	"fieldkit/internal/scene"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
	"fieldkit/markers"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// transcript is everything some readers got from the server, in order.
type transcript struct {
	public, seatA, seatB bytes.Buffer
	url                  string   // the test server's address, which differs between runs
	reveals              int      // key cards shown at the end, blanked
	leaks                []string // key cards shown before the end
}

// checkReveals fails the test when a key card showed before its game was
// over, or never showed at the end.
func (tr *transcript) checkReveals(t *testing.T) {
	t.Helper()
	for _, l := range tr.leaks {
		t.Errorf("the key card shows in a state whose game is not over: %s", l)
	}
	if tr.reveals == 0 {
		t.Error("the key card never showed at the end: did the game end?")
	}
}

// scanTime is the scanner's time in a scan report, which differs between runs.
var scanTime = regexp.MustCompile(`"ms":[0-9.e+-]+`)

func (tr *transcript) add(w *bytes.Buffer, what string, r response) {
	body := scanTime.ReplaceAll(bytes.ReplaceAll(r.body, []byte(tr.url), []byte("http://server")), []byte(`"ms":0`))
	body = tr.afterTheEnd(body)
	fmt.Fprintf(w, "== %s\n%d\n%s\n", what, r.code, body)
}

// revealed is the key card that a state shows once its game is over.
var revealed = regexp.MustCompile(`"reveal":\{[^{}]*\}`)

// afterTheEnd checks that every key card revealed in body belongs to a state
// whose game is over, and blanks it: the end shows the key card, which is
// no longer secret, and the transcripts compare everything before it. It
// counts the reveals, so a test can tell that the games did end.
func (tr *transcript) afterTheEnd(body []byte) []byte {
	for _, m := range revealed.FindAllIndex(body, -1) {
		before := body[:m[0]]
		state := before[max(bytes.LastIndex(before, []byte(`"state":{"game":`)), 0):]
		if !bytes.Contains(state, []byte(`"status":"won"`)) && !bytes.Contains(state, []byte(`"status":"lost"`)) {
			tr.leaks = append(tr.leaks, string(body[max(m[0]-300, 0):m[1]]))
		}
		tr.reveals++
	}
	return revealed.ReplaceAll(body, []byte(`"reveal":{}`))
}

// probes are the photos a transcript scans: before the first move, one
// unreadable, and after the last move. They show covers and the token on
// cells whose colours differ between the key cards compared.
type probes struct{ before, unreadable, after []byte }

// scan posts a photo as the host and records the answer, the host's camera
// status, and a digest of the camera view (the image shows only the table).
func (tr *transcript) scan(t *testing.T, host *client, api, hostURL string, photo []byte) {
	t.Helper()
	ctype, body := testkit.Multipart(t, "image", "table.jpg", photo)
	tr.add(&tr.public, "scan", host.do("POST", api+"/scan", ctype, body))
	tr.add(&tr.public, "camera", host.get(hostURL+"/camera"))
	view := host.get(hostURL + "/view.jpg")
	tr.add(&tr.public, "camera view", response{view.code, fmt.Appendf(nil, "sha256 %x", sha256.Sum256(view.body))})
}

// playTranscript plays one scripted Duet game on a fresh server with key
// card key and records every answer and every stream: what anybody at the
// table sees (public), and what each seat's phone sees. moves were chosen
// beforehand.
func playTranscript(t *testing.T, key string, moves []rules.Event, photos probes) *transcript {
	t.Helper()
	return playGame(t, `{"game":"duet","lang":"en","key":"`+key+`"}`, [2]string{"a", "b"}, moves, photos)
}

// playGame is playTranscript for the game the body of POST /api/games
// starts, whose seats are seats (recorded as seat A's and seat B's).
func playGame(t *testing.T, req string, seats [2]string, moves []rules.Event, photos probes) *transcript {
	t.Helper()
	ts := newTestServer(t, withScanner)
	tr := &transcript{url: ts.URL}
	anyone := newClient(t)
	tr.add(&tr.public, "home", anyone.get(ts.URL+"/"))
	created := anyone.postJSON(ts.URL+"/api/games", req)
	tr.add(&tr.public, "create", created)
	var g server.Created
	if err := json.Unmarshal(created.body, &g); err != nil {
		t.Fatalf("create: %s", created)
	}
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	tr.add(&tr.public, "host page", host.get(ts.URL+"/h/"+servertest.HostToken(g)))
	phoneA, phoneB := newClient(t), newClient(t)
	tr.add(&tr.seatA, "seat page", phoneA.get(g.Seats[seats[0]]))
	tr.add(&tr.seatB, "seat page", phoneB.get(g.Seats[seats[1]]))
	tr.add(&tr.public, "taken page", newClient(t).get(g.Seats[seats[0]]))
	pub := anyone.OpenStream(api + "/events/stream")
	sa := phoneA.OpenStream(g.Seats[seats[0]] + "/stream")
	sb := phoneB.OpenStream(g.Seats[seats[1]] + "/stream")
	hostURL := ts.URL + "/h/" + servertest.HostToken(g)
	tr.scan(t, host, api, hostURL, photos.before)
	tr.scan(t, host, api, hostURL, photos.unreadable)
	// move sends an event: from the host, or a spymaster's cover (which
	// needs the key) from the spymaster's phone.
	move := func(what string, e rules.Event) {
		b := eventJSON(t, e)
		if e.Type == rules.OwnCover || e.Type == rules.EnemyCover {
			phone, seat := phoneA, &tr.seatA
			if e.By.String() == seats[1] {
				phone, seat = phoneB, &tr.seatB
			}
			tr.add(seat, what+" "+string(b), phone.postJSON(g.Seats[e.By.String()]+"/events", b))
			return
		}
		tr.add(&tr.public, what+" "+string(b), host.postJSON(api+"/events", b))
	}
	for n, e := range moves {
		switch {
		case n == 3: // an event the rules refuse
			tr.add(&tr.public, "host refused", host.postJSON(api+"/events", `{"type":"penalty","by":"a"}`))
		case n == 5:
			tr.add(&tr.public, "undo", host.postJSON(api+"/undo", ""))
			move("redo", moves[n-1])
		}
		move("event", e)
		tr.add(&tr.public, "state", anyone.get(api))
		tr.add(&tr.seatA, "state", phoneA.get(g.Seats[seats[0]]+"/state"))
		tr.add(&tr.seatB, "state", phoneB.get(g.Seats[seats[1]]+"/state"))
	}
	tr.add(&tr.public, "late", host.postJSON(api+"/events", `{"type":"stop"}`))
	tr.scan(t, host, api, hostURL, photos.after)
	tr.add(&tr.public, "list", anyone.get(ts.URL+"/api/games"))
	var last GameState
	json.Unmarshal(anyone.get(api).body, &last)
	var ends [3]int
	for i, s := range []*servertest.Stream{pub, sa, sb} {
		ends[i] = s.Until(t, last.Seq).End
	}
	// Every stream up to the last state's message: a reader may have read on
	// into a message that came later (the streams do not close at once).
	tr.add(&tr.public, "public stream", response{200, pub.CloseAt(ends[0])})
	tr.add(&tr.seatA, "stream", response{200, sa.CloseAt(ends[1])})
	tr.add(&tr.seatB, "stream", response{200, sb.CloseAt(ends[2])})
	return tr
}

// TestNoSecretLeaks plays the same game on three key cards that differ only in
// cells nobody reveals: card 1 swaps two cells of side B that side A sees
// alike, card 2 swaps two cells of side A that side B sees alike. Every answer,
// page and stream that the public gets must be byte for byte the same on all
// three; seat A's must be the same on cards 0 and 1, seat B's on cards 0 and 2.
// The other seat's transcript must differ, or the test could not fail.
// The host also scans photos through the real scanner (covers and the guess
// token on exactly the cells whose colours differ, and an unreadable photo)
// and reads the camera status and view: scan answers, the states and
// streams that carry them, and the annotated image must not differ either.
func TestNoSecretLeaks(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	for seed := range seeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			card0 := keycards.NewDuet(keycards.SeededSource(fmt.Sprint("secrecy", seed)))
			card1, i, j := swapSide(t, card0, keycards.SideB, r)
			card2, k, l := swapSide(t, card0, keycards.SideA, r)
			moves := scriptedGame(t, card0, r, i, j, k, l)
			// Photos with an assassin card on i, an agent card on k and the
			// token on j; at the end the token on l.
			cards := deal(int(seed))
			photos := probes{
				before:     photo(t, cards, lay{covers: map[int]int{i: markers.DuetAssassinID, k: markers.DuetAgentBase}, token: j}, scene.Size1080p, int64(seed)),
				unreadable: fewCardsPhoto(t),
				after:      photo(t, cards, lay{token: l}, scene.Size1080p, int64(seed)+100),
			}
			t0 := playTranscript(t, card0.Code(), moves, photos)
			t1 := playTranscript(t, card1.Code(), moves, photos)
			t2 := playTranscript(t, card2.Code(), moves, photos)
			same := func(what string, a, b *bytes.Buffer) {
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Errorf("%s differs between key cards that differ only in unrevealed cells:\n%s", what, testkit.FirstDiff(a.Bytes(), b.Bytes()))
				}
			}
			for _, tr := range []*transcript{t0, t1, t2} {
				tr.checkReveals(t)
			}
			same("public transcript (cards 0, 1)", &t0.public, &t1.public)
			same("public transcript (cards 0, 2)", &t0.public, &t2.public)
			same("seat A's transcript (side B changed)", &t0.seatA, &t1.seatA)
			same("seat B's transcript (side A changed)", &t0.seatB, &t2.seatB)
			if bytes.Equal(t0.seatA.Bytes(), t2.seatA.Bytes()) || bytes.Equal(t0.seatB.Bytes(), t1.seatB.Bytes()) {
				t.Error("a seat's transcript did not change when its own side did: the comparison proves nothing")
			}
			for _, c := range []keycards.DuetCard{card0, card1, card2} {
				for _, tr := range []*transcript{t0, t1, t2} {
					if bytes.Contains(tr.public.Bytes(), []byte(c.Code())) {
						t.Errorf("the public transcript holds key card code %s", c.Code())
					}
				}
			}
			for _, want := range []string{`"seen":{"id":"cn.cover.assassin"}`, `"cn.camera.token_no_clue"`, "no readable grid", `"source":"upload"`, `"cn.camera.token_over"`} {
				if !bytes.Contains(t0.public.Bytes(), []byte(want)) {
					t.Errorf("the public transcript has no %q: the scans did not happen as planned", want)
				}
			}
			if bytes.Count(t0.public.Bytes(), []byte("== camera view\n200\nsha256")) != 3 {
				t.Errorf("the host's camera view did not answer all three scans")
			}
			t.Logf("%d moves, public transcript %d bytes", len(moves), t0.public.Len())
		})
	}
}

// swapSide returns card with two table cells of side s swapped, where the
// other side sees both cells alike (so the card stays valid and the other
// side's seat sees no change).
func swapSide(t *testing.T, card keycards.DuetCard, s keycards.Side, r *rand.Rand) (keycards.DuetCard, int, int) {
	t.Helper()
	for {
		i, j := r.IntN(25), r.IntN(25)
		a1, b1 := card.At(i)
		a2, b2 := card.At(j)
		if s == keycards.SideB && a1 == a2 && b1 != b2 {
			card.B[keycards.Turn(i)], card.B[keycards.Turn(j)] = b2, b1
		} else if s == keycards.SideA && b1 == b2 && a1 != a2 {
			card.A[i], card.A[j] = a2, a1
		} else {
			continue
		}
		if err := card.Validate(); err != nil {
			t.Fatal(err)
		}
		return card, i, j
	}
}

// scriptedGame chooses a game's moves on card, never touching avoid.
func scriptedGame(t *testing.T, card keycards.DuetCard, r *rand.Rand, avoid ...int) []rules.Event {
	s, err := rules.Replay(rules.Setup{Game: keycards.Duet, Key: card.Code(), Mission: rules.Standard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var moves []rules.Event
	for len(moves) < 60 {
		e, ok := randomMove(s, r, avoid...)
		if !ok {
			break
		}
		if s, err = s.Apply(e); err != nil {
			t.Fatalf("move %+v: %v", e, err)
		}
		moves = append(moves, e)
	}
	return moves
}
