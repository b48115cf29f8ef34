package insidejob

import (
	"encoding/json"
	ijcamera "fieldkit/camera/insidejob"
	"image"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	rules "fieldkit/engine/insidejob"
	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/internal/testkit"
	"fieldkit/markers"
	"fieldkit/server/servertest"

	"gocv.io/x/gocv"
)

// Photos of a trick for the server's tests: the real printed faces laid out
// by internal/scene/insidejob as the referee's true state has them.

var (
	genOnce sync.Once
	genMu   sync.Mutex // a Generator is not safe for concurrent use
	gen     *ijscene.Generator
	genErr  error
)

// cardID returns the marker id of a number card.
func cardID(c rules.Card) int { return markers.NumberBase + int(c) - 1 }

// missionID returns the marker id of a mission card.
func missionID(m rules.Mission) int {
	if m.Risky() {
		return markers.RiskyBase + int(m-rules.R1)
	}
	return markers.MissionBase + int(m-rules.M01)
}

// tableOf is what lies on the table of game g: the mission kept, the cards
// of the trick under way with a token on each wagered one, the intel in
// front of each player, and secrets in plain view.
func tableOf(g rules.Game, secret ...int) ijscene.Table {
	tb := ijscene.Table{Held: map[int]int{}, Secret: secret, Aid: true}
	if g.Phase() == rules.TrickPhase {
		tb.Mission = missionID(g.Mission())
	}
	t := g.Trick()
	token := 14
	for i := range int(t.N) {
		p := t.Plays[i]
		tp := ijscene.TablePlay{Seat: int(p.By) + 1, ID: cardID(p.Card)}
		if g.Rules().Players == 2 && p.By == rules.LarrySeat {
			tp.Seat = 0
		}
		if p.Wager {
			tp.Token, token = token, token-1
		}
		tb.Plays = append(tb.Plays, tp)
	}
	for s := range g.Rules().Players {
		tb.Held[s+1] = g.Intel(rules.Seat(s))
	}
	return tb
}

// trickScene renders table tb as a frame of the given size (a 1080p webcam
// frame or a 12 MP phone photo) drawn from seed, with the typical-table degradations; it skips seeds whose scene is
// not readable (a marker under a token or past the frame's edge: the
// photographer takes another) and returns the seed used. The caller closes
// the scene.
func trickScene(t testing.TB, size image.Point, players int, tb ijscene.Table, seed int64) (*ijscene.Scene, int64) {
	t.Helper()
	genOnce.Do(func() { gen, genErr = ijscene.NewGenerator() })
	if genErr != nil {
		t.Fatal(genErr)
	}
	genMu.Lock()
	defer genMu.Unlock()
	for try := 0; try < 50; try++ {
		p := ijscene.Random(seed)
		p.Players, p.Size, p.Table = players, size, &tb
		sc, err := gen.Scene(p)
		if err != nil {
			t.Fatal(err)
		}
		if !sc.Truth.Readable || len(sc.Truth.Plays) != len(tb.Plays) || tb.Mission != 0 && sc.Truth.Mission != tb.Mission {
			sc.Close()
			seed += 1000
			continue
		}
		return sc, seed
	}
	t.Fatalf("no readable scene of %+v", tb)
	return nil, 0
}

// trickPhoto is trickScene at 1080p as a JPEG photo.
func trickPhoto(t testing.TB, players int, tb ijscene.Table, seed int64) ([]byte, int64) {
	t.Helper()
	return sizedPhoto(t, scene.Size1080p, players, tb, seed)
}

// sizedPhoto is trickScene as a JPEG photo.
func sizedPhoto(t testing.TB, size image.Point, players int, tb ijscene.Table, seed int64) ([]byte, int64) {
	t.Helper()
	sc, seed := trickScene(t, size, players, tb, seed)
	defer sc.Close()
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, sc.Frame, []int{gocv.IMWriteJpegQuality, 90})
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...), seed
}

// photoAnswer is the answer to a photo upload.
type photoAnswer struct {
	Scan  ScanReport
	State struct {
		State rules.View
	}
}

// upload posts photo from c to url and decodes the answer.
func upload(t testing.TB, c *servertest.Client, url string, photo []byte) (int, photoAnswer, []byte) {
	t.Helper()
	ctype, body := testkit.Multipart(t, "image", "trick.jpg", photo)
	code, b := c.Send("POST", url, ctype, body)
	var a photoAnswer
	if code == http.StatusOK {
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
	}
	return code, a, b
}

// sameTrick reports whether the server's view of the trick is the true one.
func sameTrick(server rules.View, truth rules.Game) bool {
	return reflect.DeepEqual(server.Plays, truth.View().Plays)
}

// TestPhotoGame plays a whole 4-player game in which no card and no wager is
// entered by hand: the host photographs the trick when half of it lies on
// the table and again when it is complete, scenes rendered from the
// referee's true state (wagered tokens on their cards, each player's intel in
// front of them, a peeked role card and the rejected mission beside). The
// partner, the missions, the resolves and the votes go on the phones, as the
// pages send them. A photo the server does not read fully is taken again.
func TestPhotoGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders about 25 photos")
	}
	s := setup4(dealA, deckA)
	steps := scriptGame(t, s, plan4)
	ts := servertest.Start(t, 7, &Family{fix: fixed(dealA, deckA), Scanner: ijcamera.NewPhotos(1), Track: trickTracker})
	g, phones := startGame(t, ts.URL, req4)
	host := servertest.HostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	truth, err := rules.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	seed, photos, retakes, skipped, events, phones12 := int64(1), 0, 0, 0, 0, 0
	var rejected rules.Mission
	photograph := func() {
		t.Helper()
		secret := []int{markers.RoleBase + 1, missionID(rejected)} // a role card peeked at, the mission the lead rejected
		for try := 0; ; try++ {
			if try == 4 {
				t.Fatalf("trick %d: 4 photos and the server still has another trick than %v", truth.Tricks()+1, truth.View().Plays)
			}
			size := scene.Size1080p
			if n := truth.Trick().N; n == 4 && truth.Tricks()%4 == 1 {
				size, phones12 = scene.Size12MP, phones12+1 // now and then a phone's 12 MP photo
			}
			photo, used := sizedPhoto(t, size, 4, tableOf(truth, secret...), seed)
			skipped += int((used - seed) / 1000)
			seed = used + 1
			photos++
			code, a, b := upload(t, host, api+"/scan", photo)
			if code != http.StatusOK {
				t.Fatalf("photo: %d %s", code, b)
			}
			events += len(a.Scan.Events)
			for _, w := range a.Scan.Warnings {
				t.Errorf("trick %d: a warning on a true photo: %s", truth.Tricks()+1, w.In("en"))
			}
			if sameTrick(a.State.State, truth) {
				return
			}
			retakes++
			t.Logf("trick %d, seed %d: the server has %v, the table %v; observation %+v; taking another photo", truth.Tricks()+1, used, a.State.State.Plays, truth.View().Plays, a.Scan.Observation)
		}
	}
	for i, st := range steps {
		e, err := s.DecodeEvent([]byte(st.event))
		if err != nil {
			t.Fatal(err)
		}
		if e.Type == rules.MissionChosen {
			a, b, _ := truth.Drawn()
			rejected = b
			if e.Mission == b {
				rejected = a
			}
		}
		next, err := truth.Apply(e)
		if err != nil {
			t.Fatalf("step %d %s: %v", i, st.event, err)
		}
		truth = next
		if e.Type != rules.CardPlayed && e.Type != rules.Wagered {
			code, b := phones[st.who].Do("POST", eventURL(g, ts.URL, st.who), st.event)
			if st.who == "" {
				code, b = host.Do("POST", eventURL(g, ts.URL, ""), st.event)
			}
			must(t, "step "+st.event, code, b, http.StatusOK)
			continue
		}
		// A card or a wager: photographed, not sent, once the seat is done
		// (its wager lies on it) at half and at the end of the trick.
		if i+1 < len(steps) && strings.Contains(steps[i+1].event, `"wager"`) {
			continue
		}
		if n := int(truth.Trick().N); n == 2 || n == 4 {
			photograph()
		} else if n == 1 && truth.Tricks() == 0 {
			// The lead's card, photographed by another player's phone
			// first: a phone's photo does only what the phone may do by
			// hand. Then by the lead's.
			lead, other := s.Name(truth.Lead()), s.Name((truth.Lead()+1)%4)
			photo, used := trickPhoto(t, 4, tableOf(truth), seed)
			seed = used + 1
			code, a, b := upload(t, phones[other], g.Seats[other]+"/scan", photo)
			if code != http.StatusOK || len(a.Scan.Events) != 0 || (a.Scan.Refused == nil || !strings.Contains(a.Scan.Refused.In("en"), "may do only what that phone may do by hand")) {
				t.Errorf("%s's phone photographs %s's card: %d %s, want it refused", other, lead, code, b)
			}
			code, a, b = upload(t, phones[lead], g.Seats[lead]+"/scan", photo)
			if code != http.StatusOK || len(a.Scan.Events) != 1 || !sameTrick(a.State.State, truth) {
				t.Fatalf("%s's phone photographs its own card: %d %s", lead, code, b)
			}
			events++
			photos += 2
		}
	}
	code, b := servertest.NewClient(t).Do("GET", api, "")
	var end struct {
		State  rules.View
		Replay []TrickRecord
	}
	if err := json.Unmarshal(b, &end); code != 200 || err != nil {
		t.Fatalf("the end: %d %s", code, b)
	}
	if end.State.Status != "over" || !reflect.DeepEqual(end.State, truth.View()) {
		t.Fatalf("the server's end %+v is not the table's %+v", end.State, truth.View())
	}
	cards, wagers := 0, 0
	for _, r := range end.Replay {
		for _, p := range r.Plays {
			cards++
			if p.Wager {
				wagers++
			}
		}
	}
	if events != cards+wagers || wagers == 0 {
		t.Errorf("the photos entered %d events; the game has %d cards and %d wagers", events, cards, wagers)
	}
	if phones12 == 0 {
		t.Error("no 12 MP photo was taken")
	}
	t.Logf("over after %d tricks (%s): %d cards and %d wagers from %d photos (%d of them 12 MP), %d taken again because the server did not read them fully; %d scenes skipped as not readable before upload",
		end.State.Trick, end.State.Reason, cards, wagers, photos, phones12, retakes, skipped)
}

// BenchmarkPhotoUpload measures a host's photo of a complete 1080p trick the
// referee already has, through the server: the upload's checks, decoding,
// reading and refereeing (the plays confirmed, nothing entered), and the answer.
func BenchmarkPhotoUpload(b *testing.B) {
	s := setup4(dealA, deckA)
	ts := servertest.Start(b, 7, &Family{fix: fixed(dealA, deckA), Scanner: ijcamera.NewPhotos(1), Track: trickTracker})
	g, phones := startGame(b, ts.URL, req4)
	host := servertest.HostClient(b, g)
	truth, _ := rules.NewGame(s)
	apply := func(who string, e rules.Event) {
		ev, _ := s.EncodeEvent(e)
		code, body := phones[who].Do("POST", eventURL(g, ts.URL, who), string(ev))
		must(b, string(ev), code, body, 200)
		truth, _ = truth.Apply(e)
	}
	apply("Dee", rules.Partner(3, 1))
	apply("Ada", rules.Choose(rules.M01, rules.NoMission))
	for i, c := range []rules.Card{rules.NewCard(0, 10), rules.NewCard(1, 4), rules.NewCard(2, 7), rules.NewCard(3, 2)} {
		apply(s.Name(rules.Seat(i)), rules.PlayCard(rules.Seat(i), c))
	}
	photo, _ := trickPhoto(b, 4, tableOf(truth, markers.RoleBase), 3)
	ctype, body := testkit.Multipart(b, "image", "trick.jpg", photo)
	b.ResetTimer()
	for range b.N {
		if code, out := host.Send("POST", ts.URL+"/api/games/"+g.ID+"/scan", ctype, body); code != 200 || !strings.Contains(string(out), `"confirmed":["Ada Y10","Bob P4","Cy G7","Dee B2"]`) {
			b.Fatalf("%d %.300s", code, out)
		}
	}
}
