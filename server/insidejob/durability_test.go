package insidejob

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/server/servertest"
)

func TestMain(m *testing.M) {
	servertest.Main(m, func() []server.Family { return []server.Family{&Family{fix: fixed(dealA, deckA)}} })
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
	// Kill after a card that is not the trick's last, in an early and a late
	// trick: three cards in a row, so that the game is mid-trick whether the
	// kill lands before the card after the target or after it (the sender
	// sends no further card until the kill).
	midTrick := func(from int) int {
		for i := from; i < len(steps)-2; i++ {
			if strings.Contains(steps[i-1].event, `"play"`) && strings.Contains(steps[i].event, `"play"`) &&
				strings.Contains(steps[i+1].event, `"play"`) {
				return i
			}
		}
		t.Fatal("no trick in the script")
		return 0
	}
	for round, killAt := range []int{midTrick(12), midTrick(40)} {
		child := servertest.StartChild(t, db)
		base := child.URL
		g, phones := startGame(t, base, req4)
		var acked atomic.Int32
		done, killed := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(done)
			for i, st := range steps {
				if i == killAt+1 {
					<-killed // the card after the target may be in flight at the kill, no later one
				}
				code, _, err := phones[st.who].TrySend("POST", eventURL(g, base, st.who), "application/json", []byte(st.event))
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
		child.Kill() // SIGKILL: no chance to flush or close anything
		close(killed)
		<-done
		n := int(acked.Load())

		child2 := servertest.StartChild(t, db)
		base2 := child2.URL
		moved := func(link string) string { return strings.Replace(link, base, base2, 1) }
		code, b := servertest.NewClient(t).Do("GET", base2+"/api/games/"+g.ID, "")
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
		code, b = phones["Bob"].Do("GET", moved(g.Seats["Bob"])+"/state", "")
		if code != 200 || !strings.Contains(string(b), `"role":"insider"`) {
			t.Errorf("round %d: Bob's phone after the restart: %d %.300s", round, code, b)
		}
		for _, st := range steps[got.Seq:] {
			code, b := phones[st.who].Do("POST", moved(eventURL(g, base, st.who)), st.event)
			must(t, "after the restart "+st.event, code, b, 200)
		}
		_, b = servertest.NewClient(t).Do("GET", base2+"/api/games/"+g.ID, "")
		if !strings.Contains(string(b), `"status":"over"`) {
			t.Errorf("round %d: the game did not end after the restart: %.300s", round, b)
		}
		t.Logf("round %d: %d acknowledged, %d stored after kill -9 in trick %d", round, n, got.Seq, want.Tricks()+1)
		child2.Kill()
	}
}
