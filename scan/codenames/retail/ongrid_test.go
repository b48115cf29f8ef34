package retail

import "testing"

// TestClothAskedRefused: the cloth pass is asked only of a frame refused
// without it (cardsOnGrid):
//   - rendered held-out 301027-phone (session 25's set; kept at the
//     detection width, 960 px, as lossless WebP, so the cards found are
//     the full frame's): a tan cloth with a light's pool; without the
//     pass its cards lie on no grid, with it they do, and the reader
//     takes the pass's cards;
//   - lamp 301162-webcam (a hand over the far line; lamp24): read without
//     the pass, its far line added (fitGraphShort); the pass would
//     outline that line's cards (TestClothOutlinesAdded), but the frame
//     reads without it, so the reader keeps the cards found first.
func TestClothAskedRefused(t *testing.T) {
	for _, tc := range []struct {
		file    string
		refused bool // refused without the cloth pass
	}{
		{"rendered-301027-frame.webp", true},
		{"rendered-301162-hand.jpg", false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := testImage(t, tc.file)
			defer img.Close()
			first, short, cm0 := findCardsBy(img, false)
			_, why0 := gridFor(first, short, cm0)
			cm0.Close()
			if (why0 != onGrid) != tc.refused {
				t.Fatalf("without the cloth pass: %d cards, refusal %d, want refused %v", len(first), why0, tc.refused)
			}
			quads, _, cm, _, why := cardsOnGrid(img)
			defer cm.Close()
			if why != onGrid {
				t.Fatalf("cardsOnGrid: %d cards, refusal %d, want a grid", len(quads), why)
			}
			if tc.refused && len(quads) <= len(first) {
				t.Errorf("cardsOnGrid: %d cards, want the cloth pass's more than %d", len(quads), len(first))
			}
			if !tc.refused && len(quads) != len(first) {
				t.Errorf("cardsOnGrid: %d cards, want the %d found first", len(quads), len(first))
			}
		})
	}
}
