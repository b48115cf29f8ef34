package insidejob

import (
	"context"
	"encoding/json"
	ijcamera "fieldkit/camera/insidejob"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/markers"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"gocv.io/x/gocv"
)

// frames is a camera that shows the given frames, then waits until the test
// lets it go: the camera loop stays on while the test looks.
type frames struct {
	mats  []gocv.Mat
	i     int
	ended chan struct{}
	end   chan struct{}
	once  sync.Once
}

// Next implements server.Camera.
func (f *frames) Next() (server.Frame, bool) {
	if f.i < len(f.mats) {
		f.i++
		return &f.mats[f.i-1], true
	}
	f.once.Do(func() { close(f.ended) })
	<-f.end
	return nil, false
}

// TestCameraTrick drives the camera loop with rendered frames of the first
// trick: Bob lays his card before Ada has led (nothing is entered: Ada plays
// first), a card misread in one frame and a hand over the table in another
// (nothing counts that does not hold for three frames), Ada's card (then
// Ada's and Bob's are entered, in the referee's order, with a warning that
// the camera saw Bob's first), and Bob's wager laid on his card.
func TestCameraTrick(t *testing.T) {
	if testing.Short() {
		t.Skip("renders frames")
	}
	ts := servertest.Start(t, 7, &Family{fix: fixed(dealA, deckA), Scanner: ijcamera.NewPhotos(1), Track: trickTracker})
	s := setup4(dealA, deckA)
	g, phones := startGame(t, ts.URL, req4)
	host := servertest.HostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	truth, _ := rules.NewGame(s)
	for _, st := range []struct {
		who string
		e   rules.Event
	}{{"Dee", rules.Partner(3, 1)}, {"Ada", rules.Choose(rules.M01, rules.NoMission)}} {
		b, _ := s.EncodeEvent(st.e)
		code, body := phones[st.who].Do("POST", eventURL(g, ts.URL, st.who), string(b))
		must(t, string(b), code, body, 200)
		truth, _ = truth.Apply(st.e)
	}
	ada, bob, misread := rules.NewCard(0, 10), rules.NewCard(1, 4), rules.NewCard(2, 9)
	mission := missionID(truth.Mission())
	// In view beside the trick: a role card peeked at and the mission Ada
	// rejected (the other card drawn, M11 in deck A).
	rejected := rules.M11
	table := func(plays ...ijscene.TablePlay) ijscene.Table {
		return ijscene.Table{Mission: mission, Plays: plays, Held: map[int]int{1: 1, 2: 1, 3: 1}, Secret: []int{markers.RoleBase, missionID(rejected)}}
	}
	bobOnly := table(ijscene.TablePlay{Seat: 2, ID: cardID(bob)})
	wrong := table(ijscene.TablePlay{Seat: 1, ID: cardID(misread)}, ijscene.TablePlay{Seat: 2, ID: cardID(bob)})
	hand := table() // a hand over the cards: none is seen
	both := table(ijscene.TablePlay{Seat: 1, ID: cardID(ada)}, ijscene.TablePlay{Seat: 2, ID: cardID(bob)})
	wager := table(ijscene.TablePlay{Seat: 1, ID: cardID(ada)}, ijscene.TablePlay{Seat: 2, ID: cardID(bob), Token: 9})
	cam := &frames{ended: make(chan struct{}), end: make(chan struct{})}
	for _, f := range []struct {
		tb ijscene.Table
		n  int
	}{{bobOnly, 3}, {wrong, 1}, {hand, 1}, {both, 3}, {wager, 3}} {
		sc, _ := trickScene(t, scene.Size1080p, 4, f.tb, 40)
		for range f.n {
			cam.mats = append(cam.mats, sc.Frame.Clone())
		}
		sc.Close()
	}
	defer func() {
		for _, m := range cam.mats {
			m.Close()
		}
	}()
	var logMu sync.Mutex
	var logs strings.Builder
	ts.Logf = func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		fmt.Fprintf(&logs, format+"\n", args...)
	}
	done := make(chan error, 1)
	go func() { done <- ts.WatchCamera(context.Background(), cam, 3) }()
	select {
	case <-cam.ended:
	case err := <-done:
		t.Fatalf("the camera loop ended early: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("the camera loop did not read the frames within two minutes")
	}
	var st struct {
		History  []server.LoggedEvent
		Seq      int
		State    rules.View
		Scan     *ScanReport
		Warnings []catalog.Msg
	}
	code, b := host.Do("GET", api, "")
	if err := json.Unmarshal(b, &st); code != 200 || err != nil {
		t.Fatalf("state: %d %s", code, b)
	}
	want := []rules.PlayView{{By: "Ada", Card: ada.String()}, {By: "Bob", Card: bob.String(), Wager: true}}
	if len(st.State.Plays) != 2 || st.State.Plays[0] != want[0] || st.State.Plays[1] != want[1] {
		t.Errorf("the trick after the camera: %+v, want %+v", st.State.Plays, want)
	}
	if st.Seq != 5 {
		t.Errorf("%d events, want 5 (partner, mission, 2 cards, a wager)", st.Seq)
	}
	if st.Scan == nil || st.Scan.Source != "camera" || len(st.Scan.Events) != 1 || !strings.Contains(string(st.Scan.Events[0]), `"wager"`) {
		t.Errorf("the camera's last report: %+v, want Bob's wager", st.Scan)
	}
	for _, w := range []string{"but Ada plays next", "the camera saw Bob's card before Ada's, but Ada plays first"} {
		if !strings.Contains(strings.Join(english(st.Warnings), "\n"), w) {
			t.Errorf("warnings %q, want one with %q", st.Warnings, w)
		}
	}
	if strings.Contains(string(b), misread.String()) {
		t.Errorf("the card misread in one frame shows: %s", b)
	}
	var cs server.CameraStatus
	if _, b := host.Do("GET", ts.URL+"/h/"+servertest.HostToken(g)+"/camera", ""); json.Unmarshal(b, &cs) != nil || !cs.Watching || cs.Frames != len(cam.mats) || cs.Seen != "read" || !cs.View {
		t.Errorf("camera status = %s, want %d frames, watching, a view", b, len(cam.mats))
	}
	if code, b := host.Do("GET", ts.URL+"/h/"+servertest.HostToken(g)+"/view.jpg", ""); code != 200 || len(b) < 1000 {
		t.Errorf("camera view: %d, %d bytes", code, len(b))
	}
	close(cam.end)
	if err := <-done; err != nil {
		t.Errorf("WatchCamera at the end of the frames = %v, want nil", err)
	}
	// The server's log holds the camera's reports, and no secret.
	logMu.Lock()
	defer logMu.Unlock()
	if n := strings.Count(logs.String(), `"source":"camera"`); n < 3 {
		t.Errorf("%d camera reports in the log, want 3 or more:\n%s", n, logs.String())
	}
	for _, secret := range []string{`"` + rejected.String() + `"`, catalog.Text("en", string(rejected.Term()), nil), fmt.Sprint(markers.RoleBase), fmt.Sprint(missionID(rejected)), "insider"} {
		if strings.Contains(logs.String()+string(b), secret) {
			t.Errorf("%q in the log or the state", secret)
		}
	}
}
