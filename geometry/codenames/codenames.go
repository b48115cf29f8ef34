// Package codenames is the geometry of the Codenames pieces (Duet and
// classic): word cards, cover cards, tokens and key cards. Both printgen and
// scan take these values from here, so what is printed is what the scanner
// looks for.
package codenames

import (
	"fieldkit/geometry"
	"fieldkit/markers"
)

// Sizes in millimetres.
const (
	// CardW and CardH are the size of word cards and of cover cards (a cover
	// lies on a word card and hides it).
	CardW = 70.0
	CardH = 45.0

	// WordMarker is the side of each of a word face's two markers. They lie
	// on the card's middle line, WordMarkerInset from its short edges: clear
	// of a token laid in the middle and hidden by a cover card.
	WordMarker      = 11.0
	WordMarkerInset = 4.5
	// WordMarkerOffset is the distance from a word card's centre to each of
	// its markers' centres, along the card's long side (25 mm).
	WordMarkerOffset = CardW/2 - WordMarkerInset - WordMarker/2

	// CoverMarker is the side of the marker in the middle of a cover card.
	CoverMarker = 16.0

	// TokenSide is the side of the square timer and guess tokens and of the
	// seat marker; TokenMarker the side of the marker in their middle. A
	// token fits on a word card between its two markers.
	TokenSide   = 30.0
	TokenMarker = 14.0

	// KeyW and KeyH are the size of a key card (no markers: the phones and
	// the spymasters read it, not the camera).
	KeyW = 90.0
	KeyH = 62.0
)

// WordCard is a word face: a marker at each end of its middle line.
func WordCard() geometry.Piece {
	return geometry.Piece{W: CardW, H: CardH, Spots: []geometry.Spot{
		{X: CardW/2 - WordMarkerOffset, Y: CardH / 2, Side: WordMarker},
		{X: CardW/2 + WordMarkerOffset, Y: CardH / 2, Side: WordMarker},
	}}
}

// Cover is a cover card: one marker in the middle.
func Cover() geometry.Piece {
	return geometry.Piece{W: CardW, H: CardH, Spots: []geometry.Spot{{X: CardW / 2, Y: CardH / 2, Side: CoverMarker}}}
}

// Token is a timer or guess token or the seat marker: one marker in the middle.
func Token() geometry.Piece {
	return geometry.Piece{W: TokenSide, H: TokenSide, Spots: []geometry.Spot{{X: TokenSide / 2, Y: TokenSide / 2, Side: TokenMarker}}}
}

// Of returns the piece a marker of kind k is printed on, and false for kinds
// that are not Codenames pieces.
func Of(k markers.Kind) (geometry.Piece, bool) {
	switch k {
	case markers.Word:
		return WordCard(), true
	case markers.DuetAgent, markers.DuetAssassin, markers.RedAgent, markers.BlueAgent, markers.DoubleRed,
		markers.DoubleBlue, markers.ClassicBystander, markers.ClassicAssassin:
		return Cover(), true
	case markers.TimerBystander, markers.TimerCheck, markers.Guess, markers.SeatMarker:
		return Token(), true
	}
	return geometry.Piece{}, false
}
