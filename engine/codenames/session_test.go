package codenames

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// readLog reads a JSON-lines event file.
func readLog(t *testing.T, name string) []Event {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var events []Event
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		e, err := DecodeEvent(sc.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		events = append(events, e)
	}
	return events
}

// TestReplay rebuilds the Polish game from its setup and log, skipping the two
// events the log holds to show refusals, and checks where Replay stops.
func TestReplay(t *testing.T) {
	events := readLog(t, "testdata/polish.jsonl")
	setup := *events[0].Setup
	var legal []Event
	var s Session
	var err error
	for _, e := range events {
		next, err := s.Apply(e)
		if err == nil {
			s = next
			if e.Type != NewGame {
				legal = append(legal, e)
			}
		}
	}
	r, err := Replay(setup, legal)
	if err != nil {
		t.Fatal(err)
	}
	if string(r.View().JSON()) != string(s.View().JSON()) {
		t.Errorf("Replay:\n%s\nwant\n%s", r.View().JSON(), s.View().JSON())
	}
	if r.Duet().Status() != Won || r.Duet().Score() != 8 {
		t.Errorf("replayed game: %s, score %d; want won, 8", r.Duet().Status(), r.Duet().Score())
	}
	_, err = Replay(setup, append(legal[:2:2], Stop(), Stop()))
	if !errors.Is(err, ErrOrder) || !strings.HasPrefix(err.Error(), "event 4 (stop)") {
		t.Errorf("Replay with a stop out of place = %v, want event 4 refused", err)
	}
}

func TestSessionSetupErrors(t *testing.T) {
	card := duetCard(t, testLayout)
	words := make([]string, 25)
	for i := range words {
		words[i] = strings.Repeat("x", i+1)
	}
	dup := append([]string(nil), words...)
	dup[7] = "Xx" // the same word as cell 1 when folded
	cases := []struct {
		name  string
		setup Setup
		want  string
	}{
		{"bad code", Setup{Game: keycards.Duet, Key: "D2D3N"}, "wrong code length"},
		{"classic code in a Duet game", Setup{Game: keycards.Duet, Key: "C7PSM-TZ8PQ"}, "is a classic code"},
		{"Duet code in a classic game", Setup{Game: keycards.Classic, Key: card.Code()}, "is a duet code"},
		{"mission", Setup{Game: keycards.Duet, Key: card.Code(), Mission: Mission{12, 0}}, "12 turns"},
		{"word count", Setup{Game: keycards.Duet, Key: card.Code(), Words: words[:24]}, "24 words"},
		{"duplicate words", Setup{Game: keycards.Duet, Key: card.Code(), Words: dup}, `"xx" at cell [0,1] and "Xx" at cell [1,2]`},
	}
	for _, c := range cases {
		_, err := Session{}.Apply(New(c.setup))
		if !errors.Is(err, ErrSetup) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := (Session{}).Apply(Stop()); !errors.Is(err, ErrOrder) {
		t.Errorf("stop before a game: %v, want %v", err, ErrOrder)
	}
}
