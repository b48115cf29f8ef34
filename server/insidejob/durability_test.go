package insidejob

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
)

// childEnv makes the test binary run a server instead of the tests: the
// durability test starts it, kills it with SIGKILL, and starts it again.
const childEnv = "FIELDKIT_TEST_INSIDEJOB_DB"

func TestMain(m *testing.M) {
	if db := os.Getenv(childEnv); db != "" {
		serveChild(db)
		return
	}
	os.Exit(m.Run())
}

// serveChild serves on a loopback port with the test deal (deal A, deck A)
// and prints its address.
func serveChild(db string) {
	fam := &Family{fix: fixed(dealA, deckA)}
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

// startChild runs the server in a new process on db.
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

// TestKillNineLosesNothing plays a game through the phones on a server in
// another process, kills it with SIGKILL in the middle of a trick while cards
// are being entered, starts it again on the same database, and checks that
// every acknowledged event is there, that the public state is the one the
// events lead to, that the phones still hold their seats and see their roles,
// and that the game plays on to its end.
func TestKillNineLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "kill.db")
	s := setup4(dealA, deckA)
	steps := scriptGame(t, s, plan4)
	// Kill after a card that is not the trick's last, in an early and a late trick.
	midTrick := func(from int) int {
		for i := from; i < len(steps)-1; i++ {
			if strings.Contains(steps[i-1].event, `"play"`) && strings.Contains(steps[i].event, `"play"`) {
				return i
			}
		}
		t.Fatal("no trick in the script")
		return 0
	}
	for round, killAt := range []int{midTrick(12), midTrick(40)} {
		cmd, base := startChild(t, db)
		g, phones := startGame(t, base, req4)
		var acked atomic.Int32
		done := make(chan struct{})
		go func() {
			defer close(done)
			for _, st := range steps {
				code, _, err := tryPost(phones[st.who], eventURL(g, base, st.who), st.event)
				if err != nil {
					return // killed
				}
				if code != 200 {
					t.Errorf("round %d step %s: %d", round, st.event, code)
					return
				}
				acked.Add(1)
			}
		}()
		for int(acked.Load()) < killAt {
			time.Sleep(200 * time.Microsecond)
		}
		cmd.Process.Kill() // SIGKILL: no chance to flush or close anything
		cmd.Wait()
		<-done
		n := int(acked.Load())

		cmd2, base2 := startChild(t, db)
		moved := func(link string) string { return strings.Replace(link, base, base2, 1) }
		code, b := newClient(t).do("GET", base2+"/api/games/"+g.ID, "")
		var got struct {
			Seq   int
			State json.RawMessage
		}
		if json.Unmarshal(b, &got) != nil || code != 200 {
			t.Fatalf("after restart: %d %s", code, b)
		}
		if got.Seq < n || got.Seq > n+1 {
			t.Errorf("round %d: %d events acknowledged before kill -9, %d after restart", round, n, got.Seq)
		}
		want, err := rules.NewGame(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps[:got.Seq] {
			e, _ := s.DecodeEvent([]byte(st.event))
			want, _ = want.Apply(e)
		}
		if !bytes.Equal(got.State, want.View().JSON()) {
			t.Errorf("round %d: state after restart\n%s\nwant\n%s", round, got.State, want.View().JSON())
		}
		if want.Phase() != rules.TrickPhase || want.Trick().N == 0 {
			t.Errorf("round %d: killed outside a trick (%s, %d cards)", round, want.Phase(), want.Trick().N)
		}
		// The phones still hold their seats and see their roles; the game plays on.
		code, b = phones["Bob"].do("GET", moved(g.Seats["Bob"])+"/state", "")
		if code != 200 || !strings.Contains(string(b), `"role":"insider"`) {
			t.Errorf("round %d: Bob's phone after the restart: %d %.300s", round, code, b)
		}
		for _, st := range steps[got.Seq:] {
			code, b := phones[st.who].do("POST", moved(eventURL(g, base, st.who)), st.event)
			must(t, "after the restart "+st.event, code, b, 200)
		}
		_, b = newClient(t).do("GET", base2+"/api/games/"+g.ID, "")
		if !strings.Contains(string(b), `"status":"over"`) {
			t.Errorf("round %d: the game did not end after the restart: %.300s", round, b)
		}
		t.Logf("round %d: %d acknowledged, %d stored after kill -9 in trick %d", round, n, got.Seq, want.Tricks()+1)
		cmd2.Process.Kill()
		cmd2.Wait()
	}
}

// tryPost posts an event and reports a connection error instead of failing.
func tryPost(c *client, url, body string) (int, []byte, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := (&http.Client{Jar: c.c.Jar, Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(res.Body)
	return res.StatusCode, b.Bytes(), nil
}
