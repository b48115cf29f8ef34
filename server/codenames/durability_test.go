package codenames

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server"
)

// childEnv makes the test binary run a server instead of the tests: the
// durability test starts it, kills it with SIGKILL, and starts it again.
const childEnv = "FIELDKIT_TEST_SERVE_DB"

func TestMain(m *testing.M) {
	if db := os.Getenv(childEnv); db != "" {
		serveChild(db)
		return
	}
	os.Exit(m.Run())
}

// serveChild serves on a loopback port and prints its address.
func serveChild(db string) {
	fam := New(nil)
	st, err := server.OpenStore(db, fam)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	base, _ := server.BaseURLFor(ln.Addr())
	srv, err := server.New(server.Config{Store: st, BaseURL: base, Families: []server.Family{fam}})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(base)
	srv.HTTPServer("").Serve(ln)
}

// startChild runs the server in a new process on db and returns it and its address.
func startChild(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "http://") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("server process said %q (%v)", line, err)
	}
	return cmd, strings.TrimSpace(line)
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
		cmd, base := startChild(t, db)
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
			hc := &http.Client{Timeout: 5 * time.Second}
			for {
				e, ok := randomMove(s, r)
				if !ok {
					return
				}
				req, _ := http.NewRequestWithContext(context.Background(), "POST", api+"/events", strings.NewReader(string(eventJSON(t, e))))
				req.Header.Set("Authorization", "Bearer "+host.host)
				sent.Add(1)
				res, err := hc.Do(req)
				if err != nil {
					return // killed
				}
				res.Body.Close()
				if res.StatusCode != 200 {
					t.Errorf("event %d: %d", len(acked)+1, res.StatusCode)
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
		cmd.Process.Kill() // SIGKILL: no chance to flush or close anything
		cmd.Wait()
		<-done

		cmd2, base2 := startChild(t, db)
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
		cmd2.Process.Kill()
		cmd2.Wait()
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
