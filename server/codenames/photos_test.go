package codenames

import (
	"image"
	"sync"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/scene"
	"fieldkit/keycards"
	"fieldkit/markers"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// Photos of a game's table for the scanner tests: real printgen faces laid
// out by package scene, as a phone would photograph them.

// testDeck is the printed deck of the scanner tests: the English list, seed 7.
func testDeck(t testing.TB) *deck.Deck {
	t.Helper()
	l, err := wordlists.Builtin("en")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 7)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var (
	genOnce sync.Once
	genMu   sync.Mutex // a Generator is not safe for concurrent use
	gen     *scene.Generator
)

// generator returns the shared scene generator of testDeck.
func generator(t testing.TB) *scene.Generator {
	genOnce.Do(func() { gen = scene.NewGenerator(testDeck(t)) })
	return gen
}

// dealt is a table: the faces dealt into the 25 cells (seat A's view).
type dealt [25]int

// deal returns 25 faces of the deck, the same for the same seed.
func deal(seed int) dealt {
	var d dealt
	for i := range d {
		d[i] = (seed*97 + i*13) % 400
	}
	return d
}

// words returns the words of the dealt faces.
func (d dealt) words(dk *deck.Deck) []string {
	out := make([]string, 25)
	for i, id := range d {
		out[i] = dk.Words[id]
	}
	return out
}

// lay is what lies on the cards of a photo: cover ids and timer ids by
// cell, and the guess token's cell (-1 for none).
type lay struct {
	covers map[int]int
	timers map[int]int
	token  int
}

// coverFor returns the cover card a Duet referee would have on cell i of
// card after a guess: an agent card (the k-th) or the assassin.
func coverFor(card keycards.DuetCard, i, k int) int {
	a, _ := card.At(i)
	if a == keycards.Assassin {
		return markers.DuetAssassinID
	}
	return markers.DuetAgentBase + k
}

// photo renders the table as a JPEG photo of the given size.
func photo(t testing.TB, cards dealt, l lay, size image.Point, seed int64) []byte {
	t.Helper()
	return phonePhoto(t, cards, l, size, seed, 2, 88)
}

// phonePhoto is photo with the sensor noise and JPEG quality given. A
// phone's 12 MP photo is 3 to 8 MB; a scene of 12 MP with noise 6 at
// quality 92 is about 3.5 MB.
func phonePhoto(t testing.TB, cards dealt, l lay, size image.Point, seed int64, noise float64, quality int) []byte {
	t.Helper()
	sc := tableScene(t, cards, l, size, seed, noise)
	defer sc.Close()
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, sc.Frame, []int{gocv.IMWriteJpegQuality, quality})
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...)
}

// tableScene renders the table as a camera frame; the caller closes it.
func tableScene(t testing.TB, cards dealt, l lay, size image.Point, seed int64, noise float64) *scene.Scene {
	t.Helper()
	tb := &scene.Table{}
	for i, id := range cards {
		r, c := i/5, i%5
		tb.Cards[r][c] = id
		tb.Covers[r][c] = l.covers[i]
		tb.Timers[r][c] = l.timers[i]
	}
	if l.token >= 0 {
		tb.Token = &[2]int{l.token / 5, l.token % 5}
	}
	p := scene.Params{
		Seed: seed, Layout: scene.Grid, Size: size, Fill: 0.85, Rotate: 4, Tilt: 20, Dist: 2,
		Gap: 8, Jitter: 1, Twist: 2, Noise: noise, Light: 0.9, Table: tb,
	}
	g := generator(t)
	genMu.Lock()
	sc, err := g.Scene(p)
	genMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if !sc.Truth.Readable {
		sc.Close()
		t.Fatalf("the photo of seed %d is not readable: %s", seed, sc.Truth.Why)
	}
	return sc
}

// fewCardsPhoto is a photo with six cards on the table: not a grid.
func fewCardsPhoto(t testing.TB) []byte {
	t.Helper()
	g := generator(t)
	genMu.Lock()
	sc, err := g.Scene(scene.Params{Seed: 3, Layout: scene.Few, Size: scene.Size720p, Fill: 0.8, Dist: 2, Gap: 8, Light: 1})
	genMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, sc.Frame)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...)
}
