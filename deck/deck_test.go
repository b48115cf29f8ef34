package deck

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fieldkit/internal/golden"
	"fieldkit/markers"
)

func testWords(n int) []string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("WORD%03d", i)
	}
	return w
}

func TestNewShuffleIsPermutationAndStable(t *testing.T) {
	words := testWords(400)
	d, err := New("test", "en", words, 12345)
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Clone(d.Words)
	slices.Sort(got)
	if !slices.Equal(got, words) {
		t.Fatal("the deck is not a permutation of the list")
	}
	if slices.Equal(d.Words, words) {
		t.Fatal("the deck is not shuffled")
	}
	e, _ := New("test", "en", words, 12345)
	if !slices.Equal(d.Words, e.Words) {
		t.Fatal("the same seed dealt two decks")
	}
	f, _ := New("test", "en", words, 12346)
	if slices.Equal(d.Words, f.Words) {
		t.Fatal("two seeds dealt the same deck")
	}
	// The deal is fixed forever: a golden pins the first faces of two seeds.
	var b strings.Builder
	for _, seed := range []uint32{0, 12345} {
		d, _ := New("test", "en", words, seed)
		fmt.Fprintf(&b, "%d %s %s\n", seed, d.Code(), strings.Join(d.Words[:8], " "))
	}
	golden.Check(t, filepath.Join("testdata", "deal.golden"), []byte(b.String()))
}

func TestNewLimits(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want error
	}{{24, ErrTooFew}, {25, nil}, {800, nil}, {801, ErrTooMany}} {
		_, err := New("x", "", testWords(tt.n), 1)
		if !errors.Is(err, tt.want) {
			t.Errorf("New with %d words: %v, want %v", tt.n, err, tt.want)
		}
	}
	if _, err := New("x", "", testWords(30), SeedLimit); err == nil {
		t.Error("New accepted a seed beyond SeedLimit")
	}
}

func TestKinds(t *testing.T) {
	d, _ := New("x", "pl", testWords(401), 3)
	for _, tt := range []struct {
		id    int
		kind  markers.Kind
		index int
	}{
		{0, markers.Word, 0}, {400, markers.Word, 400}, {401, markers.Unknown, 0}, {799, markers.Unknown, 0},
		{800, markers.DuetAgent, 0}, {814, markers.DuetAgent, 14}, {815, markers.DuetAssassin, 0},
		{816, markers.TimerBystander, 0}, {826, markers.TimerBystander, 10}, {827, markers.TimerCheck, 0}, {837, markers.TimerCheck, 10},
		{838, markers.RedAgent, 0}, {845, markers.RedAgent, 7}, {846, markers.BlueAgent, 0}, {853, markers.BlueAgent, 7},
		{854, markers.DoubleRed, 0}, {855, markers.DoubleBlue, 0}, {856, markers.ClassicBystander, 0}, {862, markers.ClassicBystander, 6},
		{863, markers.ClassicAssassin, 0}, {864, markers.Guess, 0}, {867, markers.Guess, 3}, {868, markers.SeatMarker, 0}, {869, markers.Unknown, 0}, {921, markers.Unknown, 0}, {999, markers.Unknown, 0}, {-1, markers.Unknown, 0},
	} {
		k, i := d.Kind(tt.id)
		if k != tt.kind || i != tt.index {
			t.Errorf("Kind(%d) = %v, %d; want %v, %d", tt.id, k, i, tt.kind, tt.index)
		}
	}
	if d.Cards() != 201 {
		t.Errorf("Cards() = %d, want 201", d.Cards())
	}
}

func TestCodeRoundTrip(t *testing.T) {
	for _, lang := range []string{"", "en", "pl", "cs", "pt", "de"} {
		for _, seed := range []uint32{0, 1, 777, SeedLimit - 1} {
			d, _ := New("x", lang, testWords(50), seed)
			code := d.Code()
			info, err := ParseCode(strings.ToLower(strings.ReplaceAll(code, "-", " ")))
			if err != nil {
				t.Fatalf("ParseCode(%q): %v", code, err)
			}
			wantLang := lang
			if lang == "de" {
				wantLang = ""
			}
			if info.Lang != wantLang || info.Seed != seed || info.Hash != codeHash(d.ListHash) {
				t.Errorf("ParseCode(%q) = %+v, want lang %q seed %d", code, info, wantLang, seed)
			}
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	d, _ := New("x", "en", testWords(50), 99)
	good := strings.ReplaceAll(d.Code(), "-", "")
	swap := good[:3] + good[4:5] + good[3:4] + good[5:]
	for _, tt := range []struct {
		in   string
		want error
	}{
		{"", ErrCode}, {"D2685-WMWJA-6SU8", ErrCode}, {"W3", ErrCode},
		{good[:11] + string(nextChar(good[11])), ErrCodeCheck}, {good + "2", ErrCode},
		{"W0000-00000-00", ErrCode}, {"Wé", ErrCode},
	} {
		if _, err := ParseCode(tt.in); !errors.Is(err, tt.want) {
			t.Errorf("ParseCode(%q) = %v, want %v", tt.in, err, tt.want)
		}
	}
	if swap != good {
		if _, err := ParseCode(swap); err == nil {
			t.Errorf("ParseCode(%q) accepted two swapped characters", swap)
		}
	}
}

func nextChar(c byte) byte {
	const a = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	return a[(strings.IndexByte(a, c)+1)%len(a)]
}

func TestFromCode(t *testing.T) {
	words := testWords(60)
	d, _ := New("English", "en", words, 4242)
	info, err := ParseCode(d.Code())
	if err != nil {
		t.Fatal(err)
	}
	e, err := FromCode(info, "English", words)
	if err != nil || !slices.Equal(e.Words, d.Words) || e.Code() != d.Code() {
		t.Fatalf("FromCode = %v, %v", e, err)
	}
	changed := slices.Clone(words)
	changed[5] = "OTHER"
	if _, err := FromCode(info, "English", changed); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("FromCode with a changed list = %v, want a version error", err)
	}
	c, _ := New("mine", "", words, 1)
	ci, _ := ParseCode(c.Code())
	if _, err := FromCode(ci, "", words); err == nil || !strings.Contains(err.Error(), "manifest") {
		t.Errorf("FromCode of a custom deck = %v, want a hint to use the manifest", err)
	}
}

func TestManifestRoundTrip(t *testing.T) {
	d, _ := New("Čeština", "cs", append(testWords(30), "ČTYŘLÍSTEK"), 5)
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var e Deck
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatalf("Unmarshal(%s): %v", b, err)
	}
	if e.Code() != d.Code() || !slices.Equal(e.Words, d.Words) || e.Name != d.Name || e.ListHash != d.ListHash {
		t.Errorf("round trip: got %+v, want %+v", e, *d)
	}
	for _, tt := range []struct{ name, from, to string }{
		{"wrong code", `"code":"` + d.Code(), `"code":"W2222-22222-22`},
		{"format", `"format":1`, `"format":2`},
		{"id", `"id":3,`, `"id":4,`},
		{"hash", `"list_sha256":"`, `"list_sha256":"zz`},
	} {
		bad := strings.Replace(string(b), tt.from, tt.to, 1)
		if bad == string(b) {
			t.Fatalf("%s: %q not in the manifest", tt.name, tt.from)
		}
		if err := json.Unmarshal([]byte(bad), &e); err == nil {
			t.Errorf("%s: a broken manifest was accepted", tt.name)
		}
	}
}

func FuzzParseCode(f *testing.F) {
	d, _ := New("x", "pl", testWords(40), 31)
	for _, s := range []string{d.Code(), "", "W", "W3BDK-Z2222-9P", "w3bdkz22229p", "\xff", "WZZZZ-ZZZZZ-ZZ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		info, err := ParseCode(s)
		if err != nil {
			return
		}
		if info.Seed >= SeedLimit || info.Hash >= hashLimit || langSlot(info.Lang) == 0 && info.Lang != "" {
			t.Fatalf("ParseCode(%q) = %+v out of range", s, info)
		}
	})
}

func FuzzManifest(f *testing.F) {
	d, _ := New("x", "pt", testWords(26), 8)
	b, _ := json.Marshal(d)
	f.Add(b)
	f.Add([]byte(`{"format":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var d Deck
		if err := json.Unmarshal(b, &d); err != nil {
			return
		}
		out, err := json.Marshal(&d)
		if err != nil {
			t.Fatal(err)
		}
		var e Deck
		if err := json.Unmarshal(out, &e); err != nil || e.Code() != d.Code() || !slices.Equal(e.Words, d.Words) {
			t.Fatalf("re-reading %s: %v", out, err)
		}
	})
}
