package codenames

import (
	"math/rand/v2"
	"testing"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server/servertest"
)

// loadTables plays tables games at once on ts, each watched by three clients
// (the public stream and both seats' phones), every event sent by the host
// as soon as the previous one was acknowledged, at most events per table
// (servertest.LoadTables: per event, the time until the last of the table's
// three clients had it).
func loadTables(t testing.TB, ts *servertest.Server, tables, events int) []time.Duration {
	ls := make([]servertest.LoadTable, tables)
	for n := range ls {
		g := ts.NewGame(t, `{"game":"duet","lang":"none","key":"`+testKey+`"}`)
		a, b := newClient(t), newClient(t)
		a.get(g.Seats["a"])
		b.get(g.Seats["b"])
		streams := []*servertest.Stream{
			newClient(t).OpenStream(ts.URL + "/api/games/" + g.ID + "/events/stream"),
			a.OpenStream(g.Seats["a"] + "/stream"),
			b.OpenStream(g.Seats["b"] + "/stream"),
		}
		for _, s := range streams {
			s.Next(t) // the state on connecting
		}
		host := hostClient(t, g)
		r := rand.New(rand.NewPCG(uint64(n), 1))
		s, _ := rules.Replay(rules.Setup{Game: keycards.Duet, Key: testKey, Mission: rules.Standard}, nil)
		ls[n] = servertest.LoadTable{Name: g.ID, Streams: streams, Send: func(seq int) bool {
			if seq > events {
				return false
			}
			e, ok := randomMove(s, r)
			if !ok {
				return false
			}
			s, _ = s.Apply(e)
			if res := host.postJSON(ts.URL+"/api/games/"+g.ID+"/events", eventJSON(t, e)); res.code != 200 {
				t.Errorf("table %s event %d: %s", g.ID, seq, res)
				return false
			}
			return true
		}}
	}
	return servertest.LoadTables(t, ls)
}

// TestLoad: 50 tables with 3 clients each on loopback; every event reaches
// every client, in order.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("50 tables")
	}
	ts := newTestServer(t)
	lat := loadTables(t, ts, 50, 12)
	if len(lat) < 50*3 {
		t.Fatalf("only %d events were played", len(lat))
	}
	t.Logf("%d events to 150 clients: p50 %v, p95 %v, max %v", len(lat), servertest.Percentile(lat, .5), servertest.Percentile(lat, .95), lat[len(lat)-1])
}

// BenchmarkPropagation measures how long an event takes from the host's POST
// until all three clients of its table have it, with 50 tables playing at once
// on loopback (each event committed to SQLite before it is sent), for each way
// of syncing the store (servertest.StoreModes: group-full is what fieldkit
// serves with, each-full what it did before). It reports the 50th and 95th
// percentiles; the goal is p95 under 50 ms. Each iteration is one round of 50
// tables x up to 20 events.
//
//	go test ./server/codenames/ -run '^$' -bench Propagation -benchtime 3x -count 3
func BenchmarkPropagation(b *testing.B) {
	for _, m := range servertest.StoreModes {
		b.Run(m.Name, func(b *testing.B) {
			ts := servertest.StartWith(b, 1, m.Opts, New(nil))
			var all []time.Duration
			for b.Loop() {
				all = append(all, loadTables(b, ts, 50, 20)...)
			}
			servertest.ReportStore(b, ts.Store, all)
		})
	}
}
