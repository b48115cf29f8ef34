package retail

import "testing"

// TestUnseenAssassin: assassins whose cells had no outline of their own,
// their colour near a dark table's, were left unseen (rendered 300270,
// synthetic 110009 cs): they show the figure and are the assassin; a patch
// of 300270's table beside them, classed the assassin by its colours, shows
// none and stays unseen. (5,020 card-sized patches at the corners of the
// rendered sets 300109-300359, 1,294 of them classed the assassin: none
// shows the figure.)
func TestUnseenAssassin(t *testing.T) {
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"card-300270-assassin.png", true},
		{"card-110009-assassin.png", true},
		{"card-300270-table.png", false},
		{"card-300100-assassin.jpg", false}, // a low, narrow figure: no evidence, so unseen (it has its own outline)
		{"card-300086-shadowed-blue.jpg", false},
	} {
		card := testImage(t, tc.file)
		if got := unseenAssassin(card); got != tc.want {
			t.Errorf("%s: unseen assassin %v, want %v", tc.file, got, tc.want)
		}
		card.Close()
	}
}

// TestShadowedBand: word cards in a hand's or a cloth's shadow, their
// letters too faint against the shadowed paper for darkInk, were read as
// the assassin (rendered 300086 PEN and GIRAFFE, 300214 PAN): their pale
// band makes them doubts; the assassins stay the assassin.
func TestShadowedBand(t *testing.T) {
	checkCovers(t, []coverCase{
		{"card-300086-shadowed-pen.png", ""},
		{"card-300086-shadowed-giraffe.png", ""},
		{"card-300214-shadowed-pan.png", ""},
		{"card-300270-assassin.png", "assassin"},
		{"card-110009-assassin.png", "assassin"},
		{"card-100018-assassin.png", "assassin"},
		{"card-300100-assassin.jpg", "assassin"},
		{"card-300092-assassin.png", "assassin"}, // glared: one end 0.79 of its middle's saturation
	})
}
