package codenames

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

func TestMain(m *testing.M) {
	servertest.Main(m, func() []server.Family { return []server.Family{New(nil)} })
}

// TestKillNineLosesNothing plays a game on a server in another process,
// kills that process with SIGKILL while events are being sent, starts it
// again on the same database, and checks that every acknowledged event is
// there, that the state is the one the events lead to, and that the seat
// still belongs to its phone.
func TestKillNineLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "kill.db")
	for round := range 3 {
		child := servertest.StartChild(t, db)
		base := child.URL
		c := newClient(t)
		created := c.postJSON(base+"/api/games", `{"game":"duet","lang":"none","key":"`+testKey+`"}`)
		var g server.Created
		if err := json.Unmarshal(created.body, &g); err != nil {
			t.Fatalf("create: %s", created)
		}
		phone := newClient(t)
		if r := phone.get(g.Seats["a"]); r.code != 200 {
			t.Fatalf("claiming seat a: %s", r)
		}
		host := hostClient(t, g)
		api := base + "/api/games/" + g.ID

		// Send events as fast as the server takes them; kill it after a
		// random number of acknowledgements, in the middle of a request.
		r := rand.New(rand.NewPCG(uint64(round), 9))
		s, _ := rules.Replay(rules.Setup{Game: keycards.Duet, Key: testKey, Mission: rules.Standard}, nil)
		var acked []rules.Event
		var sent, ackedN atomic.Int32
		killAfter := 3 + r.IntN(10)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				e, ok := randomMove(s, r)
				if !ok {
					return
				}
				sent.Add(1)
				code, _, err := host.TrySend("POST", api+"/events", "application/json", eventJSON(t, e))
				if err != nil {
					return // killed
				}
				if code != 200 {
					t.Errorf("event %d: %d", len(acked)+1, code)
					return
				}
				acked = append(acked, e)
				ackedN.Add(1)
				s, _ = s.Apply(e)
			}
		}()
		for int(ackedN.Load()) < killAfter && sent.Load() < 200 {
			select {
			case <-done:
			default:
				time.Sleep(time.Millisecond)
				continue
			}
			break
		}
		child.Kill() // SIGKILL: no chance to flush or close anything
		<-done

		child2 := servertest.StartChild(t, db)
		base2 := child2.URL
		var got GameState
		rr := c.get(base2 + "/api/games/" + g.ID)
		if err := json.Unmarshal(rr.body, &got); err != nil || rr.code != 200 {
			t.Fatalf("after restart: %s", rr)
		}
		if got.Seq < len(acked) || got.Seq > len(acked)+1 {
			t.Errorf("round %d: %d events acknowledged before kill -9, %d after restart", round, len(acked), got.Seq)
		}
		for i, e := range acked {
			if i < len(got.History) && string(got.History[i].Event) != string(eventJSON(t, e)) {
				t.Errorf("round %d: event %d is %s after restart, acknowledged %s", round, i+1, got.History[i].Event, eventJSON(t, e))
			}
		}
		want, _ := rules.Replay(rules.Setup{Game: keycards.Duet, Key: testKey, Mission: rules.Standard}, acked)
		if got.Seq == len(acked) && string(mustJSON(t, got.State)) != string(want.View().JSON()) {
			t.Errorf("round %d: state after restart\n%s\nwant\n%s", round, mustJSON(t, got.State), want.View().JSON())
		}
		// The phone still holds its seat (same cookie, new process).
		if r := phone.get(strings.Replace(g.Seats["a"], base, base2, 1) + "/state"); r.code != 200 {
			t.Errorf("round %d: the phone lost its seat over the restart: %s", round, r)
		}
		t.Logf("round %d: %d acknowledged, %d stored after kill -9", round, len(acked), got.Seq)
		child2.Kill()
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestKillNineGroupCommit: many tables send events at once, so that the
// store commits several tables' events in one transaction (group commit);
// the server process is killed with SIGKILL in the middle, and after a
// restart every table holds every event it was told was saved (and at most
// the one it was sending when the process died).
func TestKillNineGroupCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	const tables = 12
	db := filepath.Join(t.TempDir(), "group.db")
	child := servertest.StartChild(t, db)
	base := child.URL
	type played struct {
		g     server.Created
		acked []rules.Event
	}
	ps := make([]*played, tables)
	for i := range ps {
		c := newClient(t)
		created := c.postJSON(base+"/api/games", `{"game":"duet","lang":"none","key":"`+testKey+`"}`)
		p := &played{}
		if err := json.Unmarshal(created.body, &p.g); err != nil {
			t.Fatalf("create: %s", created)
		}
		ps[i] = p
	}
	var total atomic.Int32
	done := make(chan struct{})
	for i, p := range ps {
		go func() {
			defer func() { done <- struct{}{} }()
			host := hostClient(t, p.g)
			r := rand.New(rand.NewPCG(uint64(i), 5))
			s, _ := rules.Replay(rules.Setup{Game: keycards.Duet, Key: testKey, Mission: rules.Standard}, nil)
			for {
				e, ok := randomMove(s, r)
				if !ok {
					return
				}
				code, _, err := host.TrySend("POST", base+"/api/games/"+p.g.ID+"/events", "application/json", eventJSON(t, e))
				if err != nil {
					return // killed
				}
				if code != 200 {
					t.Errorf("table %d event %d: %d", i, len(p.acked)+1, code)
					return
				}
				p.acked = append(p.acked, e)
				total.Add(1)
				s, _ = s.Apply(e)
			}
		}()
	}
	for deadline := time.Now().Add(20 * time.Second); total.Load() < 6*tables && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	child.Kill() // SIGKILL, with commits of several tables in flight
	for range ps {
		<-done
	}
	child2 := servertest.StartChild(t, db)
	defer child2.Kill()
	c := newClient(t)
	stored := 0
	for i, p := range ps {
		var got GameState
		rr := c.get(child2.URL + "/api/games/" + p.g.ID)
		if err := json.Unmarshal(rr.body, &got); err != nil || rr.code != 200 {
			t.Fatalf("table %d after restart: %s", i, rr)
		}
		if got.Seq < len(p.acked) || got.Seq > len(p.acked)+1 {
			t.Errorf("table %d: %d events acknowledged before kill -9, %d after restart", i, len(p.acked), got.Seq)
		}
		for k, e := range p.acked {
			if k < len(got.History) && string(got.History[k].Event) != string(eventJSON(t, e)) {
				t.Errorf("table %d: event %d is %s after restart, acknowledged %s", i, k+1, got.History[k].Event, eventJSON(t, e))
			}
		}
		stored += got.Seq
	}
	t.Logf("%d tables: %d events acknowledged, %d stored after kill -9", tables, total.Load(), stored)
}
