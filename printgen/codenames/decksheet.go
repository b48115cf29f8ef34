package codenames

import (
	"fmt"
	"io"

	"fieldkit/deck"
	"fieldkit/markers"
	"fieldkit/printgen"
)

// DeckSheet prints the deck sheet: the deck's name, language, word and card
// counts, its code in letters and as a QR code (fieldkit deck show CODE loads
// it), and the marker id ranges of every printed piece.
func DeckSheet(w io.Writer, d *deck.Deck, o printgen.Options) error {
	pdf := printgen.NewDocument(o.Paper, "P")
	pdf.SetTitle("fieldkit deck "+d.Code(), true)
	pdf.AddPage()
	c := printgen.NewPDFCanvas(pdf)
	pw, _ := o.Paper.Size()
	const x0 = 20.0
	code := d.Code()
	c.Text(x0, 30, "fieldkit deck", printgen.SansBold, 24, ink, false)
	lang := d.Lang
	if lang == "" {
		lang = "custom list"
	}
	rows := [][2]string{
		{"Name", d.Name},
		{"Language", lang},
		{"Words", fmt.Sprintf("%d (marker ids 0–%d)", len(d.Words), len(d.Words)-1)},
		{"Cards", fmt.Sprintf("%d, two words each", d.Cards())},
		{"Seed", fmt.Sprintf("%d", d.Seed)},
		{"List SHA-256", fmt.Sprintf("%x", d.ListHash[:8])},
	}
	y := 45.0
	for _, r := range rows {
		c.Text(x0, y, r[0], printgen.SansBold, 11, ink, false)
		c.Text(x0+32, y, r[1], printgen.Sans, 11, ink, false)
		y += 7
	}
	y += 6
	c.Text(x0, y, "Deck code", printgen.SansBold, 11, ink, false)
	c.Text(x0, y+11, code, printgen.Mono, 22, ink, false)
	qrSide := 55.0
	if err := printgen.DrawQR(c, code, pw-x0-qrSide, 38, qrSide); err != nil {
		return err
	}
	y += 22
	note := "Load this deck on the table's laptop: fieldkit deck show " + code
	c.Text(x0, y, note, printgen.Sans, 9, grey, false)
	if d.Lang == "" {
		c.Text(x0, y+5, "This deck uses a custom word list: keep its manifest (deck.json) with the cards.", printgen.Sans, 9, grey, false)
	}
	y += 16
	c.Text(x0, y, "Marker ids of the printed pieces", printgen.SansBold, 11, ink, false)
	y += 7
	for _, r := range markers.Codenames {
		ids := fmt.Sprintf("%d", r.First)
		if r.Count > 1 {
			ids = fmt.Sprintf("%d–%d", r.First, r.First+r.Count-1)
		}
		c.Text(x0, y, ids, printgen.Mono, 9, ink, false)
		c.Text(x0+30, y, fmt.Sprintf("%s (%d)", r.Kind, r.Count), printgen.Sans, 9, ink, false)
		y += 5
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("making the deck sheet: %w", err)
	}
	return pdf.Output(w)
}
