package codenames

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	rules "fieldkit/engine/codenames"
	"fieldkit/internal/scene"
	"fieldkit/internal/testkit"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// The refusal oracle of issue 24 for Codenames: refusals must not depend on
// a secret. Two deals that a party cannot tell apart (the same words, the
// same public history, the same view on that party's phone, different key
// cards) must give that party the same answer to every event it may send,
// in every state: the same status, message id, arguments and English. The
// test plays the same public history on servers dealt such key cards and,
// at states along the way, sends every event kind (new, clue, guess, stop,
// penalty, enemy_cover, cover, timer, undo, lines that are no event, and at
// some states photos: one with the guess token on an untouched cell, one
// unreadable, a file that is no photo) from every party: the host, each seat's phone, a stranger without the
// host token and a phone whose seat the host released. An event accepted
// on one deal must be accepted on the others (it is undone before the
// next); an event refused must be refused alike. A photo the server reads
// answers 200 with what the scan did: the number of events it made, its
// refusal and its warnings must be alike.
//
// Who knows what: the host page, the stranger and the released phone know
// no key, so they are compared across all the deals. In Duet seat a knows
// side A of the key card: it is compared across deals with the same side A
// (and side B changed), and seat b the other way round. In classic both
// spymasters' phones hold the whole key, so no two deals look the same to
// them and they are not compared (they are sent every event all the same).

// oracleLine is one line a party sends: an event, or "undo" (POST /undo).
// A photo line uploads photo as a scan (the host's or the phone's).
type oracleLine struct {
	body  string
	undo  bool
	photo []byte
}

// oracleTable is one deal's game on its own server and the devices at it.
type oracleTable struct {
	ts       *servertest.Server
	g        server.Created
	api      string
	host     *client
	phones   map[string]*client // the seats' phones, by part
	stranger *client            // no host token, no seat
	released *client            // held seat freed's part until the host released it
	freed    string
	history  []oracleMove
}

// oracleMove is a move of the public history and who sent it ("" for the host).
type oracleMove struct {
	e    rules.Event
	part string
}

// newOracleTable starts a game from req on a fresh server (seeded alike, so
// that two of them answer alike) and seats the phones. The first part's
// seat is claimed by a phone the host then releases.
func newOracleTable(t *testing.T, req string, parts []string) *oracleTable {
	t.Helper()
	ts := newTestServer(t, withScanner)
	g := ts.NewGame(t, req)
	o := &oracleTable{ts: ts, g: g, api: ts.URL + "/api/games/" + g.ID, host: hostClient(t, g),
		phones: map[string]*client{}, stranger: newClient(t), released: newClient(t), freed: parts[0]}
	if r := o.released.get(g.Seats[parts[0]]); r.code != 200 {
		t.Fatalf("first phone on seat %s: %s", parts[0], r)
	}
	if r := o.host.postJSON(o.api+"/seats/"+parts[0]+"/release", ""); r.code != 200 {
		t.Fatalf("release seat %s: %s", parts[0], r)
	}
	for _, p := range parts {
		o.phones[p] = newClient(t)
		if r := o.phones[p].get(g.Seats[p]); r.code != 200 {
			t.Fatalf("seat %s page: %s", p, r)
		}
	}
	return o
}

// send sends line from party ("host", "stranger", "released" or a part).
func (o *oracleTable) send(party string, l oracleLine) response {
	if l.photo != nil {
		ctype, body := testkit.Multipart(o.host.T, "image", "table.jpg", l.photo)
		switch party {
		case "host":
			return o.host.do("POST", o.api+"/scan", ctype, body)
		case "stranger":
			return o.stranger.do("POST", o.api+"/scan", ctype, body)
		case "released":
			return o.released.do("POST", o.g.Seats[o.freed]+"/scan", ctype, body)
		}
		return o.phones[party].do("POST", o.g.Seats[party]+"/scan", ctype, body)
	}
	if l.undo {
		switch party {
		case "host":
			return o.host.postJSON(o.api+"/undo", "")
		case "stranger":
			return o.stranger.postJSON(o.api+"/undo", "")
		}
		return response{} // a phone has no undo: nothing sent
	}
	switch party {
	case "host":
		return o.host.postJSON(o.api+"/events", l.body)
	case "stranger":
		return o.stranger.postJSON(o.api+"/events", l.body)
	case "released":
		return o.released.postJSON(o.g.Seats[o.freed]+"/events", l.body)
	}
	return o.phones[party].postJSON(o.g.Seats[party]+"/events", l.body)
}

// move plays a move of the history; it must be accepted.
func (o *oracleTable) move(t *testing.T, m oracleMove) {
	t.Helper()
	party := m.part
	if party == "" {
		party = "host"
	}
	if r := o.send(party, oracleLine{body: string(eventJSON(t, m.e))}); r.code != 200 {
		t.Fatalf("move %s from %s: %s", eventJSON(t, m.e), party, r)
	}
	o.history = append(o.history, m)
}

// probe sends every line from every party and returns the answers, one
// string per (party, line): "accepted", or the status and the body of the
// refusal. An accepted event is taken back with the host's undo; an
// accepted undo is followed by the history's last move again.
func (o *oracleTable) probe(t *testing.T, parties []string, lines []oracleLine) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range parties {
		for _, l := range lines {
			r := o.send(p, l)
			if r.code == 0 {
				continue
			}
			key := p + " " + l.body
			if l.undo {
				key = p + " undo"
			}
			if l.photo != nil {
				key = p + " " + l.body
			}
			if r.code < 300 && l.photo != nil {
				// What the scan did: the guess it made is the game's (its
				// result may differ), its refusal must not.
				var a ScanAnswer
				if err := json.Unmarshal(r.body, &a); err != nil {
					t.Fatalf("scan answer: %v: %s", err, r)
				}
				refused, _ := json.Marshal(a.Scan.Refused)
				warnings, _ := json.Marshal(a.Scan.Warnings)
				out[key] = fmt.Sprintf("scanned: %d events, refused %s, warnings %s", len(a.Scan.Events), refused, warnings)
				if len(a.Scan.Events) > 0 {
					o.restore(t, oracleLine{})
				}
				continue
			}
			if r.code < 300 {
				out[key] = "accepted"
				o.restore(t, l)
				continue
			}
			// The key card of a game that is over is no longer secret
			// (and is checked for elsewhere): blank it.
			body := revealed.ReplaceAll(bytes.ReplaceAll(r.body, []byte(o.ts.URL), []byte("http://server")), []byte(`"reveal":{}`))
			body = scanTime.ReplaceAll(body, []byte(`"ms":0`))
			out[key] = fmt.Sprintf("%d %s", r.code, body)
		}
	}
	return out
}

// restore returns to the state before an accepted line.
func (o *oracleTable) restore(t *testing.T, l oracleLine) {
	t.Helper()
	switch {
	case l.undo:
		last := o.history[len(o.history)-1]
		o.history = o.history[:len(o.history)-1]
		o.move(t, last)
	case strings.Contains(l.body, `"timer"`): // not a move: take the timer off the table
		if r := o.host.postJSON(o.api+"/events", `{"type":"timer","seconds":0}`); r.code != 200 {
			t.Fatalf("timer off: %s", r)
		}
	default:
		if r := o.host.postJSON(o.api+"/undo", ""); r.code != 200 {
			t.Fatalf("undo after %s: %s", l.body, r)
		}
	}
}

// oracleLines are the lines every party sends at each probe: every event
// kind, with every "by", on every cell.
func oracleLines(game string, bys []string, word string) []oracleLine {
	var ls []oracleLine
	add := func(format string, args ...any) { ls = append(ls, oracleLine{body: fmt.Sprintf(format, args...)}) }
	by := func(b string) string {
		if b == "" {
			return ""
		}
		return `,"by":"` + b + `"`
	}
	add(`{"type":"new","game":%q,"key":%q}`, game, testKey)
	for _, b := range bys {
		add(`{"type":"clue","word":"zebra","count":2%s}`, by(b))
		add(`{"type":"clue","word":"zebra","count":"unlimited"%s}`, by(b))
		add(`{"type":"clue","word":"zebra","count":0%s}`, by(b))
		add(`{"type":"stop"%s}`, by(b))
		add(`{"type":"guess","word":%q%s}`, word, by(b))
		for i := range 25 {
			add(`{"type":"guess","cell":[%d,%d]%s}`, i/5, i%5, by(b))
			add(`{"type":"cover","cell":[%d,%d]%s}`, i/5, i%5, by(b))
			add(`{"type":"enemy_cover","cell":[%d,%d]%s}`, i/5, i%5, by(b))
		}
	}
	add(`{"type":"clue","word":"zebra","count":26}`)
	add(`{"type":"guess","word":"nosuchword"}`)
	add(`{"type":"penalty"}`)
	add(`{"type":"penalty","by":"a"}`)
	add(`{"type":"timer","seconds":30}`)
	add(`{"type":"timer","seconds":-1}`)
	add(`{"type":"undo"}`)
	add(`{}`)
	add(`null`)
	return append(ls, oracleLine{undo: true})
}

// oracleCompare fails the test for every (party, line) whose answers differ
// between deals that party cannot tell apart; at most a few per probe.
func oracleCompare(t *testing.T, where string, names []string, answers []map[string]string) int {
	t.Helper()
	diffs := 0
	base := answers[0]
	for k, a := range base {
		for d := 1; d < len(answers); d++ {
			if b := answers[d][k]; a != b {
				if diffs < 5 {
					t.Errorf("%s: %s: the answer depends on the key card (%s vs %s): %s", where, k, names[0], names[d], testkit.FirstDiff([]byte(a), []byte(b)))
				}
				diffs++
			}
		}
	}
	return diffs
}

// views returns the public view after each move of the game on key, or nil
// when the moves do not replay on it.
func views(game keycards.Game, key string, m rules.Mission, v rules.Variant, moves []oracleMove) []string {
	s, err := rules.Replay(rules.Setup{Game: game, Key: key, Mission: m, Variant: v}, nil)
	if err != nil {
		return nil
	}
	out := []string{string(s.View().JSON())}
	for _, mv := range moves {
		if s, err = s.Apply(mv.e); err != nil {
			return nil
		}
		out = append(out, string(s.View().JSON()))
	}
	return out
}

// Kinds of Duet deals: what stays of the base card.
const (
	dealPublic = iota // only the public history: any swap
	dealSideA         // side A too (seat a cannot tell it apart)
	dealSideB         // side B too
)

// equivalentDuet walks from card by random swaps that keep the card valid,
// the public view after every move, and the side kind keeps; it returns a
// card that differs from card.
func equivalentDuet(t *testing.T, card keycards.DuetCard, m rules.Mission, moves []oracleMove, kind int, r *rand.Rand) keycards.DuetCard {
	t.Helper()
	want := strings.Join(views(keycards.Duet, card.Code(), m, 0, moves), "\n")
	cur := card
	for range 3000 {
		i, j := r.IntN(25), r.IntN(25)
		c := cur
		a1, b1 := c.At(i)
		a2, b2 := c.At(j)
		switch k := kind; {
		case k == dealSideA && a1 == a2, k == dealPublic && r.IntN(3) == 0 && a1 == a2:
			c.B[keycards.Turn(i)], c.B[keycards.Turn(j)] = b2, b1
		case k == dealSideB && b1 == b2, k == dealPublic && r.IntN(2) == 0 && b1 == b2:
			c.A[i], c.A[j] = a2, a1
		case k == dealPublic:
			c.A[i], c.A[j] = a2, a1
			c.B[keycards.Turn(i)], c.B[keycards.Turn(j)] = b2, b1
		default:
			continue
		}
		if c == cur || c.Validate() != nil {
			continue
		}
		if strings.Join(views(keycards.Duet, c.Code(), m, 0, moves), "\n") == want {
			cur = c
		}
	}
	if cur == card {
		t.Fatalf("no card of kind %d looks like %s after the history", kind, card.Code())
	}
	return cur
}

// equivalentClassic is equivalentDuet for a classic card: swaps of cells.
func equivalentClassic(t *testing.T, card keycards.ClassicCard, v rules.Variant, moves []oracleMove, r *rand.Rand) keycards.ClassicCard {
	t.Helper()
	want := strings.Join(views(keycards.Classic, card.Code(), rules.Mission{}, v, moves), "\n")
	cur := card
	for range 3000 {
		i, j := r.IntN(25), r.IntN(25)
		c := cur
		c.Cells[i], c.Cells[j] = c.Cells[j], c.Cells[i]
		if c == cur || c.Validate() != nil {
			continue
		}
		if strings.Join(views(keycards.Classic, c.Code(), rules.Mission{}, v, moves), "\n") == want {
			cur = c
		}
	}
	if cur == card {
		t.Fatalf("no classic card looks like %s after the history", card.Code())
	}
	return cur
}

// cellsDiffer counts the cells whose roles differ between two key codes.
func cellsDiffer(t *testing.T, a, b string) int {
	t.Helper()
	ca, err := keycards.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	cb, err := keycards.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	switch x := ca.(type) {
	case keycards.DuetCard:
		y := cb.(keycards.DuetCard)
		for i := range 25 {
			a1, b1 := x.At(i)
			a2, b2 := y.At(i)
			if a1 != a2 || b1 != b2 {
				n++
			}
		}
	case keycards.ClassicCard:
		y := cb.(keycards.ClassicCard)
		for i := range 25 {
			if x.Cells[i] != y.Cells[i] {
				n++
			}
		}
	}
	return n
}

// pick returns the first cell of cells not in used, and marks it used.
func pick(t *testing.T, what string, used map[int]bool, ok func(i int) bool) int {
	t.Helper()
	for i := range 25 {
		if !used[i] && ok(i) {
			used[i] = true
			return i
		}
	}
	t.Fatalf("no cell for %s", what)
	return 0
}

// duetHistory is a Duet game on card with mission 4-4 that passes through
// every state a Duet table knows: a clue, a turn with and without a correct
// guess, a side done, a stop, a penalty, a bystander, sudden death and the
// end. probes are the moves after which the oracle probes (0: before the
// first move).
func duetHistory(t *testing.T, card keycards.DuetCard) (moves []oracleMove, probes []int) {
	t.Helper()
	used := map[int]bool{}
	role := func(i int) (keycards.Role, keycards.Role) { return card.At(i) }
	add := func(e rules.Event, probe bool) {
		moves = append(moves, oracleMove{e: e})
		if probe {
			probes = append(probes, len(moves))
		}
	}
	probes = []int{0}
	add(rules.Clue(rules.A, "one", 9), true)
	for n := range 9 { // B finds all of A's greens
		c := pick(t, "A's green", used, func(i int) bool { a, _ := role(i); return a == keycards.Agent })
		add(rules.Guess(c), n == 0 || n == 8)
	}
	add(rules.Stop(), true)
	add(rules.Clue(rules.B, "two", 1), false)
	add(rules.Guess(pick(t, "B's green", used, func(i int) bool { _, b := role(i); return b == keycards.Agent })), false)
	add(rules.Penalty(), true)
	add(rules.Guess(pick(t, "B's bystander", used, func(i int) bool { _, b := role(i); return b == keycards.Bystander })), true)
	add(rules.Clue(rules.B, "three", 1), false)
	add(rules.Guess(pick(t, "B's bystander", used, func(i int) bool { _, b := role(i); return b == keycards.Bystander })), true) // sudden death
	add(rules.GuessBy(rules.A, pick(t, "B's green", used, func(i int) bool { _, b := role(i); return b == keycards.Agent })), true)
	add(rules.GuessBy(rules.A, pick(t, "B's bystander", used, func(i int) bool { _, b := role(i); return b == keycards.Bystander })), true) // lost
	return moves, probes
}

// TestRefusalOracleDuet: see the comment at the top of this file.
func TestRefusalOracleDuet(t *testing.T) {
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	for seed := range seeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 24))
			m := rules.Mission{Turns: 4, Mistakes: 4}
			card0 := keycards.NewDuet(keycards.SeededSource(fmt.Sprint("refusal oracle", seed)))
			moves, probes := duetHistory(t, card0)
			if want := views(keycards.Duet, card0.Code(), m, 0, moves); !strings.Contains(want[len(want)-1], `"status":"lost"`) {
				t.Fatalf("the history does not end the game: %s", want[len(want)-1])
			}
			cards := []keycards.DuetCard{card0,
				equivalentDuet(t, card0, m, moves, dealPublic, r),
				equivalentDuet(t, card0, m, moves, dealSideA, r),
				equivalentDuet(t, card0, m, moves, dealSideB, r)}
			names := []string{"card " + card0.Code(), "public deal", "side A kept", "side B kept"}
			for d, c := range cards[1:] {
				t.Logf("%s: %s, %d cells differ", names[d+1], c.Code(), cellsDiffer(t, card0.Code(), c.Code()))
			}
			var reqs []string
			for _, c := range cards {
				reqs = append(reqs, oracleRequest(`"game":"duet","mission":{"turns":4,"mistakes":4},"key":"`+c.Code()+`"`))
			}
			lines := oracleLines("duet", []string{"", "a", "b", "red"}, oracleWords[0])
			parties := []string{"host", "stranger", "released", "a", "b"}
			// who is compared on which deals
			sets := map[string][]int{"host": {0, 1, 2, 3}, "stranger": {0, 1, 2, 3}, "released": {0, 1, 2, 3}, "a": {0, 2}, "b": {0, 3}}
			photos := oraclePhotos(t, moves, int(seed))
			ids := runOracle(t, reqs, []string{"a", "b"}, names, parties, sets, lines, moves, probes, photos, []int{0, 1, 2, 17})
			checkIDs(t, ids, "accepted", "server.not_holder", "server.host_token", "server.nothing_to_undo", "cn.refuse.needs_key",
				"cn.refuse.seat_cover", "cn.refuse.seat_penalty", "cn.refuse.seat_other", "cn.refuse.not_seat", "cn.refuse.running",
				"cn.refuse.clue_who", "cn.refuse.still_guessing", "cn.refuse.clue_no_greens", "cn.refuse.stop_unfound", "cn.refuse.stop_other",
				"cn.refuse.guess_before_clue", "cn.refuse.guess_other", "cn.refuse.covered", "cn.refuse.known", "cn.refuse.penalty_twice",
				"cn.refuse.sudden_death_who", "cn.refuse.sudden_death_greens", "cn.refuse.sudden_death_clue", "cn.refuse.sudden_death_act",
				"cn.refuse.over", "cn.refuse.timer", "cn.refuse.event_type", "cn.refuse.json", "cn.refuse.no_word", "cn.refuse.bad_count",
				"cn.refuse.unlimited_duet", "cn.camera.token_no_clue", "cn.camera.token_sudden_death", "cn.camera.unreadable_photo")
		})
	}
}

// oracleWords are the words of every oracle game: the same on every deal.
var oracleWords = strings.Fields("APPLE BANK CASTLE DRAGON ENGINE FOREST GLASS HOTEL ISLAND JUNGLE KNIGHT LEMON MOUNTAIN NURSE OCEAN PIANO QUEEN ROBOT SHIP TIGER UNICORN VIOLIN WHALE YARD ZEBRA")

// oracleRequest is the body of POST /api/games for an oracle game: opts
// (without braces) and the oracle's words.
func oracleRequest(opts string) string {
	w, _ := json.Marshal(oracleWords)
	return `{` + opts + `,"words":` + string(w) + `}`
}

// runOracle plays moves on a server per request in reqs (one per deal, in
// parallel: each deal has its own server and database), probes at probes,
// and compares the answers of each party across its deals in sets. It
// returns how many times each message id was the answer on the first deal.
// At the probes in scanAt the parties also upload photos: photoLines.
func runOracle(t *testing.T, reqs []string, seats []string, names []string, parties []string, sets map[string][]int, lines []oracleLine, moves []oracleMove, probes []int, photoLines []oracleLine, scanAt []int) map[string]int {
	t.Helper()
	got := make([][]map[string]string, len(reqs)) // deal, probe
	t.Run("deals", func(t *testing.T) {
		for d, req := range reqs {
			t.Run(fmt.Sprint(d), func(t *testing.T) {
				t.Parallel()
				o := newOracleTable(t, req, seats)
				for n := 0; n <= len(moves); n++ {
					if n > 0 {
						o.move(t, moves[n-1])
					}
					if slices.Contains(probes, n) {
						ls := lines
						if slices.Contains(scanAt, n) {
							ls = append(slices.Clip(lines), photoLines...)
						}
						got[d] = append(got[d], o.probe(t, parties, ls))
					}
				}
			})
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	diffs, answers := 0, 0
	ids := map[string]int{}
	for k, n := range probes {
		for key, a := range got[0][k] {
			ids[msgID(a)]++
			if strings.Contains(key, " photo: ") { // and what the scans said
				for _, m := range scanIDs.FindAllStringSubmatch(a, -1) {
					ids[m[1]]++
				}
			}
		}
		for _, p := range parties {
			if len(sets[p]) < 2 {
				continue
			}
			var as []map[string]string
			var ns []string
			for _, d := range sets[p] {
				sub := map[string]string{}
				for key, v := range got[d][k] {
					if strings.HasPrefix(key, p+" ") {
						sub[key] = v
					}
				}
				as, ns = append(as, sub), append(ns, names[d])
				answers += len(sub)
			}
			diffs += oracleCompare(t, fmt.Sprintf("after move %d", n), ns, as)
		}
	}
	if diffs > 0 {
		t.Errorf("%d answers depend on the key card", diffs)
	}
	t.Logf("%d probes, %d answers compared, %d kinds of answer", len(probes), answers, len(ids))
	return ids
}

// scanIDs finds the messages in a scan's answer.
var scanIDs = regexp.MustCompile(`"id":"([a-z]+\.[a-z_.]+)"`)

// msgID returns the message id of an answer, or "accepted".
func msgID(answer string) string {
	var b struct {
		Msg struct{ ID string }
	}
	if _, body, ok := strings.Cut(answer, " "); ok && json.Unmarshal([]byte(body), &b) == nil && b.Msg.ID != "" {
		return b.Msg.ID
	}
	return answer
}

// checkIDs fails the test when an answer the history was planned to meet
// never came: the probes did not reach the states they were meant to.
func checkIDs(t *testing.T, ids map[string]int, want ...string) {
	t.Helper()
	for _, id := range want {
		if ids[id] == 0 {
			t.Errorf("no party was ever answered %q: the game did not go as planned", id)
		}
	}
}

// classicHistory is a classic game on card that passes through the states
// of its variant: teams: a clue, guesses, a stop, a bystander, a penalty,
// the cover it allows, an enemy agent, the assassin; solo: a clue, a
// bystander, the enemy cover, an agent, a stop, the assassin. Covers come
// from the spymaster's phone.
func classicHistory(t *testing.T, card keycards.ClassicCard, v rules.Variant) (moves []oracleMove, probes []int) {
	t.Helper()
	used := map[int]bool{}
	start, other := keycards.Red, keycards.Blue
	if card.Start == keycards.Blue {
		start, other = other, start
	}
	team := func(r keycards.Role) rules.Player { p, _ := rules.ParsePlayer(r.String()); return p }
	of := func(r keycards.Role) func(int) bool { return func(i int) bool { return card.Cells[i] == r } }
	add := func(e rules.Event, part string, probe bool) {
		moves = append(moves, oracleMove{e: e, part: part})
		if probe {
			probes = append(probes, len(moves))
		}
	}
	probes = []int{0}
	clue := rules.Clue(rules.Nobody, "one", 2)
	if v == rules.Teams {
		add(clue, "", true)
		add(rules.Guess(pick(t, "start agent", used, of(start))), "", true)
		add(rules.Stop(), "", true)
		add(rules.Clue(rules.Nobody, "two", 1), "", false)
		add(rules.Guess(pick(t, "bystander", used, of(keycards.Bystander))), "", true)
		add(rules.Clue(rules.Nobody, "three", 1), "", false)
		add(rules.Penalty(), "", true)
		add(rules.Cover(rules.OwnCover, team(other), pick(t, "other agent", used, of(other))), other.String(), true)
		add(rules.Clue(rules.Nobody, "four", 1), "", false)
		add(rules.Guess(pick(t, "start agent", used, of(start))), "", true) // the other team's agent: the turn ends
		add(rules.Clue(rules.Nobody, "five", 0), "", false)
		add(rules.Guess(pick(t, "assassin", used, of(keycards.Assassin))), "", true)
		return moves, probes
	}
	add(clue, "", true)
	add(rules.Guess(pick(t, "bystander", used, of(keycards.Bystander))), "", true)
	add(rules.Cover(rules.EnemyCover, team(start), pick(t, "enemy agent", used, of(other))), start.String(), true)
	add(rules.Clue(rules.Nobody, "two", 1), "", false)
	add(rules.Guess(pick(t, "agent", used, of(start))), "", true)
	add(rules.Stop(), "", true)
	add(rules.Cover(rules.EnemyCover, team(start), pick(t, "enemy agent", used, of(other))), start.String(), false)
	add(rules.Clue(rules.Nobody, "three", 1), "", false)
	add(rules.Guess(pick(t, "assassin", used, of(keycards.Assassin))), "", true)
	return moves, probes
}

// TestRefusalOracleClassic: see the comment at the top of this file.
func TestRefusalOracleClassic(t *testing.T) {
	for _, v := range []rules.Variant{rules.Teams, rules.Solo} {
		t.Run(v.String(), func(t *testing.T) {
			if testing.Short() && v == rules.Solo {
				t.Skip("-short plays the teams variant only")
			}
			r := rand.New(rand.NewPCG(uint64(v), 24))
			card0 := keycards.NewClassic(keycards.SeededSource(fmt.Sprint("refusal oracle classic", v)))
			moves, probes := classicHistory(t, card0, v)
			if want := views(keycards.Classic, card0.Code(), rules.Mission{}, v, moves); !strings.Contains(want[len(want)-1], `"status":"won"`) && !strings.Contains(want[len(want)-1], `"status":"lost"`) {
				t.Fatalf("the history does not end the game: %s", want[len(want)-1])
			}
			cards := []keycards.ClassicCard{card0, equivalentClassic(t, card0, v, moves, r), equivalentClassic(t, card0, v, moves, r)}
			names := []string{"card " + card0.Code(), "public deal 1", "public deal 2"}
			for d, c := range cards[1:] {
				t.Logf("%s: %s, %d cells differ", names[d+1], c.Code(), cellsDiffer(t, card0.Code(), c.Code()))
			}
			var reqs []string
			for _, c := range cards {
				reqs = append(reqs, oracleRequest(`"game":"classic","variant":"`+v.String()+`","key":"`+c.Code()+`"`))
			}
			lines := oracleLines("classic", []string{"", "red", "blue", "a"}, oracleWords[0])
			parties := []string{"host", "stranger", "released", "red", "blue"}
			// The spymasters hold the whole key: no two deals look alike to them.
			sets := map[string][]int{"host": {0, 1, 2}, "stranger": {0, 1, 2}, "released": {0, 1, 2}, "red": {0}, "blue": {0}}
			photos := oraclePhotos(t, moves, 7+int(v))
			ids := runOracle(t, reqs, []string{"red", "blue"}, names, parties, sets, lines, moves, probes, photos, []int{0, 1, 2})
			want := []string{"accepted", "server.not_holder", "server.host_token", "server.nothing_to_undo", "cn.refuse.needs_key",
				"cn.refuse.seat_guess", "cn.refuse.seat_stop", "cn.refuse.not_team", "cn.refuse.turn", "cn.refuse.phase_clue", "cn.refuse.phase_guess",
				"cn.refuse.covered", "cn.refuse.cover_not_agent", "cn.refuse.over", "cn.refuse.timer", "cn.refuse.json",
				"cn.camera.token_no_clue", "cn.camera.refused_seat", "cn.camera.unreadable_photo"}
			if v == rules.Teams {
				want = append(want, "cn.refuse.cover_when", "cn.refuse.enemy_cover_solo", "cn.refuse.stop_unguessed", "cn.refuse.penalty_when")
			} else {
				want = append(want, "cn.refuse.cover_teams", "cn.refuse.enemy_cover_when", "cn.refuse.phase_cover")
			}
			checkIDs(t, ids, want...)
		})
	}
}

// oraclePhotos are the photos the parties upload at some probes: one with
// the guess token on a cell the history never touches (its colour differs
// between the deals, if any does), one with too few cards to read, and a
// file that is no photo.
func oraclePhotos(t *testing.T, moves []oracleMove, seed int) []oracleLine {
	t.Helper()
	cell := 24
	for slices.ContainsFunc(moves, func(m oracleMove) bool { return m.e.Cell == cell }) {
		cell--
	}
	return []oracleLine{
		{body: fmt.Sprintf("photo: token on [%d,%d]", cell/5, cell%5), photo: photo(t, deal(seed), lay{token: cell}, scene.Size1080p, int64(seed))},
		{body: "photo: few cards", photo: fewCardsPhoto(t)},
		{body: "photo: not a photo", photo: []byte("GIF89a not really")},
	}
}
