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
