package codenames

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

// loadTables plays tables games at once on ts, each watched by three clients
// (the public stream and both seats' phones), every event sent by the host
// as soon as the previous one was acknowledged, at most events per table.
// It returns, per event, how long it took from the moment the host sent it
// until the last of the table's three clients had it, and fails the test if
// any client misses any event.
func loadTables(t testing.TB, ts *servertest.Server, tables, events int) []time.Duration {
	type watched struct {
		g       server.Created
		streams [3]*servertest.Stream
	}
	ws := make([]watched, tables)
	for n := range ws {
		g := ts.NewGame(t, `{"game":"duet","lang":"none","key":"`+testKey+`"}`)
		a, b := newClient(t), newClient(t)
		a.get(g.Seats["a"])
		b.get(g.Seats["b"])
		ws[n] = watched{g: g, streams: [3]*servertest.Stream{
			newClient(t).OpenStream(ts.URL + "/api/games/" + g.ID + "/events/stream"),
			a.OpenStream(g.Seats["a"] + "/stream"),
			b.OpenStream(g.Seats["b"] + "/stream"),
		}}
		for _, s := range ws[n].streams {
			s.Next(t) // the state on connecting
		}
	}
	var lat servertest.Latencies
	var wg sync.WaitGroup
	for n := range ws {
		wg.Add(1)
		go func(w watched, seed uint64) {
			defer wg.Done()
			defer func() {
				for _, s := range w.streams {
					s.Close()
				}
			}()
			host := hostClient(t, w.g)
			r := rand.New(rand.NewPCG(seed, 1))
			s, _ := rules.Replay(rules.Setup{Game: keycards.Duet, Key: testKey, Mission: rules.Standard}, nil)
			for seq := 1; seq <= events; seq++ {
				e, ok := randomMove(s, r)
				if !ok {
					return
				}
				s, _ = s.Apply(e)
				start := time.Now()
				if res := host.postJSON(ts.URL+"/api/games/"+w.g.ID+"/events", eventJSON(t, e)); res.code != 200 {
					t.Errorf("table %s event %d: %s", w.g.ID, seq, res)
					return
				}
				for k, st := range w.streams {
					ev := st.Next(t)
					var got struct{ Seq int }
					json.Unmarshal(ev.Data, &got)
					if ev.ID != fmt.Sprint(seq) || got.Seq != seq {
						t.Errorf("table %s client %d: got event %s (seq %d), want %d", w.g.ID, k, ev.ID, got.Seq, seq)
						return
					}
				}
				lat.Add(time.Since(start))
			}
		}(ws[n], uint64(n))
	}
	wg.Wait()
	return lat.Sorted()
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
