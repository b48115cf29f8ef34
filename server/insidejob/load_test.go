package insidejob

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

const req5 = `{"game":"insidejob","players":["Ada","Bob","Cy","Dee","Eve"],"dealer":"Eve","specials":["paranoid","sleeper"]}`

var (
	deal5 = []rules.Role{rules.Agent, rules.Sleeper, rules.Insider, rules.Paranoid, rules.Agent}
	plan5 = plan{winners: []string{"Ada", "Bob", "Dee", "Eve", "Ada", "Dee", "Eve", "Bob", "Dee"}, wagers: map[int]string{1: "Cy", 4: "Eve"}, maxCompleted: 4}
)

func setup5() rules.Setup {
	return rules.Setup{Players: []string{"Ada", "Bob", "Cy", "Dee", "Eve"}, Dealer: 4, Roles: deal5, Wagers: true, Deck: rules.Deck(true, false)}
}

// loadTables plays tables 5-player games at once on ts, each watched by six
// screens (the host's public stream and the five phones), every event sent
// from its player's phone as soon as the previous one was acknowledged
// (servertest.LoadTables: per event, the time until the last of the table's
// six screens had it).
func loadTables(t testing.TB, ts *servertest.Server, tables int, steps []step) []time.Duration {
	ls := make([]servertest.LoadTable, tables)
	for n := range ls {
		g, phones := startGame(t, ts.URL, req5)
		streams := []*servertest.Stream{servertest.NewClient(t).OpenStream(ts.URL + "/api/games/" + g.ID + "/events/stream")}
		for _, p := range []string{"Ada", "Bob", "Cy", "Dee", "Eve"} {
			streams = append(streams, phones[p].OpenStream(g.Seats[p]+"/stream"))
		}
		for _, s := range streams {
			s.Next(t) // the state on connecting
		}
		ls[n] = servertest.LoadTable{Name: g.ID, Streams: streams, Send: func(seq int) bool {
			if seq > len(steps) {
				return false
			}
			st := steps[seq-1]
			if code, b := phones[st.who].Do("POST", g.Seats[st.who]+"/events", st.event); code != 200 {
				t.Errorf("game %s step %d %s: %d %s", g.ID, seq, st.event, code, b)
				return false
			}
			return true
		}}
	}
	return servertest.LoadTables(t, ls)
}

// TestLoad: 20 tables of 5 phones and a host screen play whole games at
// once; every event reaches every screen, in order.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("20 tables")
	}
	ts := servertest.Start(t, 7, &Family{fix: func(s *rules.Setup) { s.Roles, s.Deck = deal5, rules.Deck(true, false) }})
	steps := scriptGame(t, setup5(), plan5)
	lat := loadTables(t, ts, 20, steps)
	if len(lat) != 20*len(steps) {
		t.Fatalf("only %d of %d events were played", len(lat), 20*len(steps))
	}
	t.Logf("%d events to 120 screens: p50 %v, p95 %v, max %v", len(lat), servertest.Percentile(lat, .5), servertest.Percentile(lat, .95), lat[len(lat)-1])
	// One table alone: the time of one commit and six messages, without
	// other tables' commits queued before it.
	one := loadTables(t, ts, 1, steps)
	t.Logf("one table alone, %d events to 6 screens: p50 %v, p95 %v", len(one), servertest.Percentile(one, .5), servertest.Percentile(one, .95))
}

// BenchmarkPropagation measures how long an event takes from a phone's POST
// until the host screen and all five phones of its table have it, with 20
// and 50 tables of 5 phones playing whole games at once on loopback (each
// event committed to SQLite before it is sent), for each way of syncing the
// store (servertest.StoreModes: group-full is what fieldkit serves with,
// each-full what it did before). It reports the 50th and 95th percentiles;
// the goal is p95 under 20 ms at 20 tables and under 50 ms at 50 tables.
// Each iteration is one whole game at each table.
//
//	go test ./server/insidejob/ -run '^$' -bench Propagation -benchtime 3x -count 3
func BenchmarkPropagation(b *testing.B) {
	steps := scriptGame(b, setup5(), plan5)
	for _, tables := range []int{20, 50} {
		for _, m := range servertest.StoreModes {
			b.Run(fmt.Sprintf("tables=%d/%s", tables, m.Name), func(b *testing.B) {
				ts := servertest.StartWith(b, 7, m.Opts, &Family{fix: func(s *rules.Setup) { s.Roles, s.Deck = deal5, rules.Deck(true, false) }})
				var all []time.Duration
				for b.Loop() {
					all = append(all, loadTables(b, ts, tables, steps)...)
				}
				servertest.ReportStore(b, ts.Store, all)
			})
		}
	}
}

// BenchmarkEventScreens measures the family's share of an event: applying
// one event line and encoding what the six screens of a 5-player table get
// (the public part once, each phone's secret), without the store and HTTP.
func BenchmarkEventScreens(b *testing.B) {
	steps := scriptGame(b, setup5(), plan5)
	g0, err := newGame(setup5())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		var g server.Game = g0
		for _, st := range steps {
			next, _, err := g.Apply([]byte(st.event), st.who, time.Time{})
			if err != nil {
				b.Fatal(err)
			}
			g = next
			json.Marshal(g.Public())
			for _, p := range []string{"Ada", "Bob", "Cy", "Dee", "Eve"} {
				json.Marshal(g.Secret(p))
			}
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/event")
}
