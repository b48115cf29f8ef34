package insidejob

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/scan"

	"gocv.io/x/gocv"
)

var labelsPNG = flag.String("labels", "", "write TestAnnotateLabelsInLanguage's Polish picture to this PNG file, to look at")

// leftover finds a {placeholder} a text still holds after its arguments
// were put in.
var leftover = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)

// TestRefusalSaid: an image with no seat token is refused with the English
// reason (logs, the scan JSON) and the message ij.scan.no_seats, which
// Polish, Czech and Portuguese say; the scan JSON carries it as "msg".
func TestRefusalSaid(t *testing.T) {
	obs := read(nil, gocv.Mat{})
	if obs.OK || obs.Refusal != NoSeats || obs.Reason != "no seat token is seen" || obs.Why.ID != "ij.scan.no_seats" {
		t.Fatalf("read(nothing) = %v %v %q %v", obs.OK, obs.Refusal, obs.Reason, obs.Why)
	}
	for _, lang := range []string{"pl", "cs", "pt"} {
		if got := obs.Why.In(lang); !catalog.Known(obs.Why.ID) || got == obs.Why.In("en") || leftover.MatchString(got) {
			t.Errorf("%s in %s = %q", obs.Why.ID, lang, got)
		}
	}
	b, err := json.Marshal(obs)
	if err != nil || !bytes.Contains(b, []byte(`"msg":{"id":"ij.scan.no_seats"}`)) {
		t.Errorf("json.Marshal = %s, %v; want the message as msg", b, err)
	}
	for k := Readable + 1; int(k) < len(refusalNames); k++ {
		if k != NoSeats {
			t.Errorf("refusal %v: no test of its message", k)
		}
	}
}

// warnCall finds a warning the reader makes: the message id after the
// English, and the rest of the call (its argument names).
var warnCall = regexp.MustCompile(`\.warn\(.*?"(ij\.scan\.[a-z_.]+)"(.*)$`)

// TestWarningsSaid: every warning the reader makes (every call of warn in
// its sources; no warning is added otherwise) has a message of the catalog
// that Polish, Czech and Portuguese say with no {placeholder} left, given
// the arguments the call names.
func TestWarningsSaid(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`"([a-z]+)",`)
	calls := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "Warnings = append(") && !strings.Contains(line, "o.Warnings = append(o.Warnings, english)") {
				t.Errorf("%s:%d adds a warning without its message (use warn): %s", f, i+1, strings.TrimSpace(line))
			}
			m := warnCall.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			calls++
			args := map[string]any{}
			for _, n := range name.FindAllStringSubmatch(m[2], -1) {
				args[n[1]] = 2
				if n[1] == "seat" {
					args[n[1]] = seatWords(2)
				}
			}
			msg := catalog.Msg{ID: m[1], Args: args}
			if !catalog.Known(msg.ID) {
				t.Errorf("%s:%d: %q is no message of the catalog", f, i+1, msg.ID)
				continue
			}
			for _, lang := range []string{"pl", "cs", "pt"} {
				if got := msg.In(lang); got == "" || leftover.MatchString(got) || got == msg.In("en") {
					t.Errorf("%s:%d: %s in %s = %q", f, i+1, msg.ID, lang, got)
				}
			}
		}
	}
	if calls < 7 {
		t.Errorf("found %d warnings in the sources, want the 7 or more there are", calls)
	}
	if got := catalog.M("ij.scan.cards_by_seat", "n", 5, "seat", seatWords(3)).In("pl"); got != "miejsce 3: leży tam 5 kart z liczbami; żadnej nie odczytano" {
		t.Errorf("cards_by_seat in Polish = %q", got)
	}
	if got := catalog.M("ij.scan.seat_twice", "n", 3, "seat", seatWords(Larry)).In("cs"); got != "Larry je vidět 3krát: nepoužito" {
		t.Errorf("seat_twice for Larry in Czech = %q", got)
	}
}

// TestWarningsSorted: the warnings are sorted by their English, each with
// its message.
func TestWarningsSorted(t *testing.T) {
	var o Observation
	o.warn("intel token 3 is seen 2 times", "ij.scan.intel_twice", "token", 3, "n", 2)
	o.warn("a number card lies between two seats: it is not read", "ij.scan.between_seats")
	o.warn("two player-aid faces are seen: the player count is not read", "ij.scan.two_aids")
	o.sortWarnings()
	want := []string{"ij.scan.between_seats", "ij.scan.intel_twice", "ij.scan.two_aids"}
	for i, w := range o.Warnings {
		if o.Notes[i].ID != want[i] {
			t.Errorf("warning %d %q has note %s, want %s", i, w, o.Notes[i].ID, want[i])
		}
	}
	r := o.Reading()
	if len(r.Notes) != 3 || r.Notes[1].Args["token"] != 3 {
		t.Errorf("Reading notes %v", r.Notes)
	}
}

// TestAnnotateLabelsInLanguage: the annotation's words are the catalog's
// in the language asked for (the mission, the players, the seats, a wager,
// the warnings; a refused image's reason), drawn with their letters (the
// Polish picture is written to a PNG to look at).
func TestAnnotateLabelsInLanguage(t *testing.T) {
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 110, 70, 0), 720, 1280, gocv.MatTypeCV8UC3)
	defer img.Close()
	read := Observation{OK: true, Mission: 927, MissionName: "M07", Players: 4,
		Seats: []Seat{{Seat: 1, Center: scan.Point{X: 300, Y: 500}}, {Seat: Larry, Center: scan.Point{X: 900, Y: 500}}},
		Plays: []Play{
			{Seat: 1, ID: 869, Card: "Y1", Wager: Wagered, Token: 3, Both: true, Outline: [4]scan.Point{{X: 250, Y: 250}, {X: 350, Y: 250}, {X: 350, Y: 390}, {X: 250, Y: 390}}},
			{Seat: Larry, ID: 888, Card: "P7", Wager: WagerUnknown, Outline: [4]scan.Point{{X: 850, Y: 250}, {X: 950, Y: 250}, {X: 950, Y: 390}, {X: 850, Y: 390}}},
		}}
	read.warn("intel token 3 is seen 2 times", "ij.scan.intel_twice", "token", 3, "n", 2)
	read.warn("2 number cards lie by seat 2: none is read", "ij.scan.cards_by_seat", "n", 2, "seat", seatWords(2))
	refused := read
	refused.OK, refused.Refusal, refused.Reason, refused.Why = false, NoSeats, "no seat token is seen", catalog.M("ij.scan.no_seats")
	draw := func(o Observation, lang, save string) []byte {
		out, err := Annotate(img, &o, lang)
		if err != nil {
			t.Fatalf("Annotate(%s): %v", lang, err)
		}
		defer out.Close()
		if save != "" && !gocv.IMWrite(save, out) {
			t.Errorf("could not write %s", save)
		}
		return out.ToBytes()
	}
	save := filepath.Join(t.TempDir(), "labels-pl.png")
	if *labelsPNG != "" {
		save = *labelsPNG
	}
	for name, o := range map[string]Observation{"read": read, "refused": refused} {
		pl := draw(o, "pl", filepath.Join(filepath.Dir(save), name+"-"+filepath.Base(save)))
		if bytes.Equal(pl, draw(o, "en", "")) {
			t.Errorf("%s: the Polish annotation is the English one", name)
		}
	}
	if got := seatLabel("pt", 2); got != "lugar 2" {
		t.Errorf("seatLabel(pt, 2) = %q", got)
	}
}
