// Package printgen is the print machinery every game shares: faces drawn once
// through a Canvas onto a PDF page or an image (RenderFace), sheets of
// same-sized pieces with crop marks and duplex backs (WritePDF), PNG exports
// with a manifest (ExportPNG), QR codes and markers, and PDF documents with
// the Go fonts embedded (NewDocument). Each game family makes its pieces in a
// subpackage: printgen/codenames prints word cards, key cards, covers,
// tokens, deck sheets and mission-map sheets. Output is byte-reproducible:
// the same inputs give the same bytes.
package printgen

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Paper is a page size.
type Paper uint8

const (
	A4 Paper = iota
	Letter
)

// String returns "a4" or "letter".
func (p Paper) String() string {
	if p == Letter {
		return "letter"
	}
	return "a4"
}

// ParsePaper accepts "a4" or "letter" in any case.
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(s) {
	case "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	}
	return 0, fmt.Errorf("unknown paper %q (want a4 or letter)", s)
}

// Size returns the page's width and height in millimetres, portrait.
func (p Paper) Size() (w, h float64) {
	if p == Letter {
		return 215.9, 279.4
	}
	return 210, 297
}

// Font families registered in every document. They are the Go fonts, embedded
// as UTF-8 TrueType so Polish, Czech and Portuguese words print and extract
// correctly (gofpdf's core fonts are cp1252 only).
const (
	FontSans = "GoSans" // styles "" and "B"
	FontMono = "GoMono" // style ""
)

// epoch is the fixed creation date of every PDF, so output is byte-reproducible.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// NewDocument returns a millimetre-based PDF document on the given paper with
// fieldkit's fonts registered, fixed dates and a sorted catalog, so that the
// same drawing calls always give the same bytes.
func NewDocument(p Paper, orientation string) *gofpdf.Fpdf {
	w, h := p.Size()
	pdf := gofpdf.NewCustom(&gofpdf.InitType{
		OrientationStr: orientation,
		UnitStr:        "mm",
		Size:           gofpdf.SizeType{Wd: w, Ht: h},
	})
	pdf.SetCreationDate(epoch)
	pdf.SetModificationDate(epoch)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("fieldkit", false)
	pdf.SetCreator("fieldkit", false)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	// gofpdf writes into the font bytes it is given while subsetting (the
	// head table's checksum, among others), so every document gets its own
	// copies: shared bytes made the second document of a process differ from
	// the first.
	pdf.AddUTF8FontFromBytes(FontSans, "", bytes.Clone(goregular.TTF))
	pdf.AddUTF8FontFromBytes(FontSans, "B", bytes.Clone(gobold.TTF))
	pdf.AddUTF8FontFromBytes(FontMono, "", bytes.Clone(gomono.TTF))
	return pdf
}

// Written is one file a set wrote: its path, what it holds, its pages and size.
type Written struct {
	Path  string
	What  string
	Pages int
	Bytes int
}
