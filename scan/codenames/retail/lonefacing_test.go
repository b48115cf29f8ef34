package retail

import (
	"math/rand/v2"
	"testing"
)

// TestLoneFacingHeld: a lattice whose end line holds one card and the
// line beyond whose other end lies all in the card mask, tinted, does not
// stand alone (loneFacingHeld):
//   - rendered 301254-webcam (lamp27, the frame as rendered, 130 kB) under
//     -perturb noise (added here as TestRendered adds it, seeded by the
//     frame's seed): a blue cover of a pile before the first column, in
//     line with the second row, made that row look full, and the rows'
//     projection put the lattice a column off, the arm-covered far column
//     beyond its last (14 words, 4 covers and the token wrong on main);
//     the reader now refuses the frame, the cloth pass too. As rendered
//     it was refused before (no grid) and still is;
//   - rendered 301177-phone (TestPileShifted's: the lattice moved off a
//     pile's card) and 301027-phone (TestClothAskedRefused's) still stand.
//
// The frame's crops at the detection width (lossless) found other cards
// (the table's colour, from the frame's border, moved) and were refused
// without the rule, so the whole frame is read.
func TestLoneFacingHeld(t *testing.T) {
	for _, tc := range []struct {
		file    string
		noise   uint64 // the seed of -perturb noise, 0 for none
		lone    bool   // fitGrid's lattice has a lone card facing a held line
		refused bool
	}{
		{"rendered-301254-arm.jpg", 301254, true, true},
		{"rendered-301254-arm.jpg", 0, false, true},
		{"rendered-301177-pile.png", 0, false, false},
		{"rendered-301027-frame.webp", 0, false, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			if tc.noise != 0 {
				noisy := noisyCard(t, img, 9, rand.New(rand.NewPCG(tc.noise, 18)))
				img.Close()
				img = noisy
			}
			quads, short, cm := findCardsBy(img, false)
			defer cm.Close()
			if lt, err := fitGrid(quads, short, cm); tc.lone {
				if err != nil {
					t.Fatalf("no lattice from %d cards: %v, want the one a column off", len(quads), err)
				}
				if axis, end, ok := lt.loneFacingHeld(cm); !ok {
					t.Errorf("loneFacingHeld false (cells %v)", lt.cell)
				} else if axis != 0 || end != 0 {
					t.Errorf("loneFacingHeld: axis %d line %d, want the first column", axis, end)
				}
			}
			_, _, cm2, _, why := cardsOnGrid(img)
			cm2.Close()
			if (why != onGrid) != tc.refused {
				t.Errorf("cardsOnGrid: refusal %d, want refused %v", why, tc.refused)
			}
		})
	}
}
