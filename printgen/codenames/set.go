package codenames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fieldkit/catalog"
	"fieldkit/deck"
	"fieldkit/keycards"
	"fieldkit/missionmap"
	"fieldkit/printgen"
)

// Set is everything a home-made set prints.
type Set struct {
	Deck    *deck.Deck
	Duet    []keycards.DuetCard
	Classic []keycards.ClassicCard
	URL     string          // server address for the Duet side QR codes (see SideQR); may be empty
	Map     *missionmap.Map // the mission map printed as map-rulebook.pdf; nil: none
	Lang    string          // the language of every printed word; "" means the deck's (English for a custom list)
	// Force lets Write replace a deck.json of another deck in its folder.
	// Without it, Write refuses: the cards printed with that manifest would
	// no longer match it (a custom list's manifest would be lost).
	Force bool
	printgen.Options
}

// ErrOtherDeck is returned by Write when its folder holds the manifest of
// another deck.
var ErrOtherDeck = errors.New("the folder holds another deck")

// labels returns the set's printed labels.
func (s *Set) labels() Labels {
	if s.Lang != "" {
		return LabelsFor(s.Lang)
	}
	return LabelsFor(s.Deck.Lang)
}

// options returns the set's printing options with its language.
func (s *Set) options() printgen.Options {
	o := s.Options
	o.Lang = s.labels().Lang
	return o
}

// WordSection is the word cards of a deck, its footer in lb's language.
func WordSection(d *deck.Deck, lb Labels) printgen.Section {
	return printgen.Section{Name: "word cards", Title: lb.say(catalog.M("cn.print.section.words")), Pieces: WordCards(d)}
}

// DuetKeySection is Duet key cards numbered from 1 (see DuetKeyCards).
func DuetKeySection(cards []keycards.DuetCard, base string, lb Labels) printgen.Section {
	return printgen.Section{Name: "Duet key cards", Title: lb.say(catalog.M("cn.print.section.duet_keys")), Pieces: DuetKeyCards(cards, 1, base, lb)}
}

// ClassicKeySection is classic key cards numbered from 1 (see ClassicKeyCards).
func ClassicKeySection(cards []keycards.ClassicCard, lb Labels) printgen.Section {
	return printgen.Section{Name: "classic key cards", Title: lb.say(catalog.M("cn.print.section.classic_keys")), Pieces: ClassicKeyCards(cards, 1, lb)}
}

// Sections returns every section of the set, as WritePDF and ExportPNG take them.
func (s *Set) Sections() []printgen.Section {
	secs := []printgen.Section{WordSection(s.Deck, s.labels())}
	if len(s.Duet) > 0 {
		secs = append(secs, DuetKeySection(s.Duet, s.URL, s.labels()))
	}
	if len(s.Classic) > 0 {
		secs = append(secs, ClassicKeySection(s.Classic, s.labels()))
	}
	return append(secs, PieceSections(s.labels())...)
}

// Write writes the set's files into dir (made if missing): words.pdf,
// keycards-duet.pdf, keycards-classic.pdf (when it has such cards),
// pieces.pdf, deck.pdf, map-rulebook.pdf (when it has a map) and the deck
// manifest deck.json.
func (s *Set) Write(dir string) ([]printgen.Written, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	manifest, err := json.MarshalIndent(s.Deck, "", "  ")
	if err != nil {
		return nil, err
	}
	manifest = append(manifest, '\n')
	if old, err := os.ReadFile(filepath.Join(dir, "deck.json")); err == nil && !bytes.Equal(old, manifest) && !s.Force {
		var d deck.Deck
		what := "another deck"
		if json.Unmarshal(old, &d) == nil {
			what = "deck " + d.Code()
		}
		return nil, fmt.Errorf("%w: %s holds %s, and this set is deck %s; the word cards printed with it would no longer match it: choose another folder, or replace it with --force",
			ErrOtherDeck, filepath.Join(dir, "deck.json"), what, s.Deck.Code())
	}
	var out []printgen.Written
	emit := func(name, what string, pages int, b []byte) error {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
		out = append(out, printgen.Written{Path: path, What: what, Pages: pages, Bytes: len(b)})
		return nil
	}
	pdfFile := func(name, what string, secs []printgen.Section) error {
		var b bytes.Buffer
		pages, err := printgen.WritePDF(&b, "fieldkit · "+secs[0].Title, secs, s.options())
		if err != nil {
			return err
		}
		return emit(name, what, pages, b.Bytes())
	}
	if err := pdfFile("words.pdf", fmt.Sprintf("%d word cards", s.Deck.Cards()), []printgen.Section{WordSection(s.Deck, s.labels())}); err != nil {
		return out, err
	}
	if len(s.Duet) > 0 {
		if err := pdfFile("keycards-duet.pdf", fmt.Sprintf("%d Duet key cards", len(s.Duet)), []printgen.Section{DuetKeySection(s.Duet, s.URL, s.labels())}); err != nil {
			return out, err
		}
	}
	if len(s.Classic) > 0 {
		if err := pdfFile("keycards-classic.pdf", fmt.Sprintf("%d classic key cards", len(s.Classic)), []printgen.Section{ClassicKeySection(s.Classic, s.labels())}); err != nil {
			return out, err
		}
	}
	if err := pdfFile("pieces.pdf", "pieces", PieceSections(s.labels())); err != nil {
		return out, err
	}
	var b bytes.Buffer
	if err := DeckSheet(&b, s.Deck, s.options()); err != nil {
		return out, err
	}
	if err := emit("deck.pdf", "deck sheet "+s.Deck.Code(), 1, b.Bytes()); err != nil {
		return out, err
	}
	if s.Map != nil {
		b.Reset()
		if err := MapSheet(&b, s.Map, s.Paper, s.labels()); err != nil {
			return out, err
		}
		if err := emit("map-rulebook.pdf", "mission map "+s.Map.Code, 1, b.Bytes()); err != nil {
			return out, err
		}
	}
	if err := emit("deck.json", "deck manifest", 0, manifest); err != nil {
		return out, err
	}
	return out, nil
}

// WriteManifest writes a deck's manifest as indented JSON.
func WriteManifest(w io.Writer, d *deck.Deck) error {
	m, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(m, '\n'))
	return err
}
