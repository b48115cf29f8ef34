package codenames

import (
	"context"

	"fieldkit/catalog"
	"fieldkit/deck"
	"fieldkit/engine"
	"fieldkit/scan/codenames/reading"
	"fieldkit/server"
)

// errNoScanner is a photo sent to a server started without the scanner.
var errNoScanner = engine.Refuse(server.ErrNoReader, "cn.camera.no_scanner", "the photo is fine, but fieldkit was started without the camera scanner; give guesses on the phones or the host page")

// ReadsPhotos implements server.Photos: a table of printed cards needs the
// marker scanner, a boxed set's the reader of its words.
func (g game) ReadsPhotos() bool { return g.scanner() != nil }

// scanner returns the reader of the game's table: the boxed cards' reader
// for a boxed set, else the marker scanner; nil when the server has none.
func (g game) scanner() Scanner {
	if g.info.boxed != "" {
		return g.fam.Boxed
	}
	return g.fam.Scanner
}

// scanDeck is the deck the game's reader reads with: the printed deck (nil
// for none), or for a boxed set a deck of the board's 25 words, row by row
// from seat A, in the box's language (no marker ids: they are read by their
// words).
func (g game) scanDeck() *deck.Deck {
	if g.info.boxed == "" {
		return g.info.deck
	}
	words := g.sess.Words()
	return &deck.Deck{Lang: g.info.boxed, Words: words[:]}
}

// ReadPhoto implements server.Photos: the game's reader reads the grid with
// the game's deck, which never changes during a game.
func (g game) ReadPhoto(ctx context.Context, photo []byte) (server.Sight, error) {
	sc := g.scanner()
	if sc == nil {
		return nil, errNoScanner
	}
	obs, pic, err := sc.Scan(ctx, photo, g.scanDeck())
	if err != nil {
		return nil, err
	}
	return sight{obs: g.seated(obs), pic: pic}, nil
}

// seated returns obs as the referee may take it. The reader of a boxed set
// turns its reading to seat A by the words it read (nothing else on a
// retail card tells the seats apart); a grid it could not turn beyond
// doubt (too few words read) is no grid for the referee: its cells might
// be another cell's.
func (g game) seated(obs reading.Reading) reading.Reading {
	if g.info.boxed == "" || !obs.OK || obs.SeatAEdge != "" {
		return obs
	}
	msg := catalog.M("cn.scan.boxed_unturned")
	obs.OK, obs.Refusal, obs.Msg = false, "unturned", &msg
	obs.Reason = "too few words read to tell which way the grid lies"
	obs.Cells, obs.Token, obs.Tokens = []reading.CellReading{}, nil, nil
	return obs
}

// cameraMsg is the host page's line on how the camera reads the table: a
// boxed set's cards are read by their words; nil for printed cards.
func (g game) cameraMsg() *catalog.Msg {
	if g.info.boxed == "" || g.scanner() == nil {
		return nil
	}
	name := "lang." + g.info.boxed // the language's own name
	m := catalog.M("cn.camera.boxed", "lang", catalog.M(name))
	return &m
}
