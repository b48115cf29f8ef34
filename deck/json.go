package deck

import (
	"encoding/hex"
	"encoding/json"
	"fieldkit/markers"
	"fmt"
)

// Format is the manifest format this package writes and reads.
const Format = 1

// The manifest (deck.json) is the deck in JSON:
//
//	{"format": 1, "code": "W4NQR-FBS8W-UA", "name": "English", "lang": "en",
//	 "list_sha256": "9f2c...", "seed": 12345, "words": 400, "cards": 200,
//	 "faces": [{"id": 0, "card": 1, "side": "front", "word": "APPLE"}, ...],
//	 "pieces": [{"kind": "agent", "first": 800, "count": 15}, ...]}
//
// faces lists every word face in id order; card numbers start at 1 and are
// printed on the cards. pieces is the fixed table of format 1 (see markers.Codenames),
// written out so that readers need no copy of it.
type manifest struct {
	Format     int             `json:"format"`
	Code       string          `json:"code"`
	Name       string          `json:"name"`
	Lang       string          `json:"lang"`
	ListSHA256 string          `json:"list_sha256"`
	Seed       uint32          `json:"seed"`
	Words      int             `json:"words"`
	Cards      int             `json:"cards"`
	Faces      []Face          `json:"faces"`
	Pieces     []markers.Range `json:"pieces"`
}

// Face is one word card face of a deck.
type Face struct {
	ID   int    `json:"id"`   // its marker id
	Card int    `json:"card"` // the card it is printed on, from 1
	Side string `json:"side"` // "front" or "back"
	Word string `json:"word"`
}

// Faces lists the deck's word faces in id order.
func (d *Deck) Faces() []Face {
	out := make([]Face, len(d.Words))
	for i, w := range d.Words {
		side := "front"
		if i%2 == 1 {
			side = "back"
		}
		out[i] = Face{ID: i, Card: i/2 + 1, Side: side, Word: w}
	}
	return out
}

// MarshalJSON writes the manifest.
func (d *Deck) MarshalJSON() ([]byte, error) {
	return json.Marshal(manifest{
		Format: Format, Code: d.Code(), Name: d.Name, Lang: d.Lang,
		ListSHA256: hex.EncodeToString(d.ListHash[:]), Seed: d.Seed,
		Words: len(d.Words), Cards: d.Cards(), Faces: d.Faces(), Pieces: markers.Codenames,
	})
}

// UnmarshalJSON reads a manifest and checks it: faces numbered 0..n-1 in order
// with the right cards and sides, words present, and a code that matches.
func (d *Deck) UnmarshalJSON(b []byte) error {
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("deck manifest: %w", err)
	}
	if m.Format != Format {
		return fmt.Errorf("deck manifest: format %d, this version of fieldkit reads format %d", m.Format, Format)
	}
	if len(m.Faces) == 0 || len(m.Faces) > markers.MaxFaces {
		return fmt.Errorf("deck manifest: %d faces, want 1..%d", len(m.Faces), markers.MaxFaces)
	}
	if m.Seed >= SeedLimit {
		return fmt.Errorf("deck manifest: seed %d is not below %d", m.Seed, SeedLimit)
	}
	nd := Deck{Name: m.Name, Lang: m.Lang, Seed: m.Seed, Words: make([]string, len(m.Faces))}
	h, err := hex.DecodeString(m.ListSHA256)
	if err != nil || len(h) != len(nd.ListHash) {
		return fmt.Errorf("deck manifest: list_sha256 %q is not 64 hex digits", m.ListSHA256)
	}
	copy(nd.ListHash[:], h)
	want := (&Deck{Words: nd.Words}).Faces()
	for i, f := range m.Faces {
		if f.Word == "" {
			return fmt.Errorf("deck manifest: face %d has no word", i)
		}
		nd.Words[i] = f.Word
		if f.ID != want[i].ID || f.Card != want[i].Card || f.Side != want[i].Side {
			return fmt.Errorf("deck manifest: faces[%d] is id %d, card %d, %s; want id %d, card %d, %s", i, f.ID, f.Card, f.Side, want[i].ID, want[i].Card, want[i].Side)
		}
	}
	if m.Words != 0 && m.Words != len(m.Faces) {
		return fmt.Errorf("deck manifest: words is %d but %d faces are listed", m.Words, len(m.Faces))
	}
	if m.Code != "" && m.Code != nd.Code() {
		return fmt.Errorf("deck manifest: code %q does not match its list hash, language and seed (%s)", m.Code, nd.Code())
	}
	*d = nd
	return nil
}
