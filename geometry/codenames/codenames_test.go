package codenames

import (
	"testing"

	"fieldkit/markers"
)

// TestPieces: markers lie inside their faces with their quiet zone, a word
// card's markers clear of a token in its middle, and every Codenames kind
// has a piece.
func TestPieces(t *testing.T) {
	if WordMarkerOffset != 25 {
		t.Errorf("WordMarkerOffset = %g, want 25", WordMarkerOffset)
	}
	for _, p := range []struct {
		name string
		w, h float64
		n    int
	}{{"word", CardW, CardH, 2}, {"cover", CardW, CardH, 1}, {"token", TokenSide, TokenSide, 1}} {
		var k markers.Kind
		switch p.name {
		case "word":
			k = markers.Word
		case "cover":
			k = markers.DuetAgent
		default:
			k = markers.Guess
		}
		piece, ok := Of(k)
		if !ok || piece.W != p.w || piece.H != p.h || len(piece.Spots) != p.n {
			t.Fatalf("Of(%v) = %+v, %v", k, piece, ok)
		}
		for _, s := range piece.Spots {
			q := s.Side / 7 // the quiet zone: one cell
			x, y := s.Corner()
			if x-q < 0 || y-q < 0 || x+s.Side+q > piece.W || y+s.Side+q > piece.H {
				t.Errorf("%s: marker %+v and its quiet zone leave the %gx%g face", p.name, s, piece.W, piece.H)
			}
		}
	}
	for _, s := range WordCard().Spots {
		if d := s.X - CardW/2; d > -TokenSide/2-s.Side/2 && d < TokenSide/2+s.Side/2 {
			t.Errorf("word marker at x = %g lies under a token in the middle", s.X)
		}
	}
	for k := markers.Word; k <= markers.SeatMarker; k++ {
		if _, ok := Of(k); !ok {
			t.Errorf("Of(%v): no piece", k)
		}
	}
	if _, ok := Of(markers.NumberCard); ok {
		t.Error("Of(NumberCard): an Inside Job card has a Codenames piece")
	}
}
