// Package insidejob prints a complete Inside Job deck for a real table: 52
// number cards, 24 missions and 4 risky missions (fieldkit's own conditions),
// 14 role cards, 14 intel tokens, 5 seat tokens, the Larry standee and 4
// player aids, in English, Polish, Czech or Portuguese. Every face carries the
// markers of package markers, so the camera reads the table; every card back
// is the same for its kind and carries none. It uses printgen's shared
// machinery: sheets with crop marks, duplex-aligned backs, bleed, low ink,
// PNG export, byte-reproducible PDFs.
package insidejob

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fieldkit/printgen"
)

// Set is a whole Inside Job deck in one language.
type Set struct {
	Lang string // one of Langs
	printgen.Options
}

// New returns the set in lang, printed with o.
func New(lang string, o printgen.Options) (*Set, error) {
	if !slices.Contains(Langs, lang) {
		return nil, fmt.Errorf("no Inside Job texts in language %q (want %s)", lang, strings.Join(Langs, ", "))
	}
	return &Set{Lang: lang, Options: o}, nil
}

// piece is a printed piece: a front and the face printed behind it (nil: none).
type piece struct{ front, back *Face }

// Section is a run of same-sized pieces printed on their own sheets.
type Section struct {
	Name   string
	pieces []piece
}

// Faces returns the section's faces: each piece's front, then its back.
func (s Section) Faces() []*Face {
	var out []*Face
	for _, p := range s.pieces {
		out = append(out, p.front)
		if p.back != nil {
			out = append(out, p.back)
		}
	}
	return out
}

// Pieces returns the section as printgen prints it.
func (s Section) Pieces() []printgen.Piece {
	out := make([]printgen.Piece, len(s.pieces))
	for i, p := range s.pieces {
		out[i].Front = p.front.Face
		if p.back != nil {
			out[i].Back = p.back.Face
		}
	}
	return out
}

// File is one PDF of the set and the sections printed in it.
type File struct {
	Name     string // e.g. "missions.pdf"
	What     string // e.g. "28 mission cards"
	Sections []Section
}

// Files returns the set's PDFs: number cards, missions, roles, tokens and the
// Larry standee, player aids.
func (s *Set) Files() []File {
	l := s.Lang
	return []File{
		{"numbers.pdf", "52 number cards", []Section{{text(l, "ij.print.numbers"), numberCards(numberBack(l))}}},
		{"missions.pdf", "24 missions and 4 risky missions", []Section{{text(l, "ij.print.missions"), missionCards(l, missionBack(l))}}},
		{"roles.pdf", "14 role cards", []Section{{text(l, "ij.print.roles"), roleCards(l, roleBack(l))}}},
		{"tokens.pdf", "14 intel tokens, 5 seat tokens, Larry", []Section{
			{text(l, "ij.print.tokens"), append(intelTokens(l), seatTokens(l)...)},
			{text(l, "ij.print.larry"), []piece{{larryFace(l), nil}}},
		}},
		{"aids.pdf", "4 player aids", []Section{{text(l, "ij.print.aids"), aidCards(l, aidBack(l))}}},
	}
}

// Sections returns every section of the set in print order.
func (s *Set) Sections() []Section {
	var out []Section
	for _, f := range s.Files() {
		out = append(out, f.Sections...)
	}
	return out
}

func printgenSections(secs []Section) []printgen.Section {
	out := make([]printgen.Section, len(secs))
	for i, s := range secs {
		out[i] = printgen.Section{Name: s.Name, Title: s.Name, Pieces: s.Pieces()}
	}
	return out
}

// WritePDF writes one file of the set, returning its page count; the sheets'
// footers speak the set's language.
func (s *Set) WritePDF(w io.Writer, f File) (int, error) {
	o := s.Options
	o.Lang = s.Lang
	return printgen.WritePDF(w, "fieldkit Inside Job "+f.What+" ("+s.Lang+")", printgenSections(f.Sections), o)
}

// Write writes every PDF of the set into dir (made if missing).
func (s *Set) Write(dir string) ([]printgen.Written, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []printgen.Written
	var b bytes.Buffer
	for _, f := range s.Files() {
		b.Reset()
		pages, err := s.WritePDF(&b, f)
		if err != nil {
			return out, fmt.Errorf("%s: %w", f.Name, err)
		}
		path := filepath.Join(dir, f.Name)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			return out, err
		}
		out = append(out, printgen.Written{Path: path, What: f.What, Pages: pages, Bytes: b.Len()})
	}
	return out, nil
}
