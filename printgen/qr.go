package printgen

import (
	"fmt"

	"github.com/jung-kurt/gofpdf"
	qrcode "github.com/skip2/go-qrcode"
)

// QR draws a QR code of content as vector squares with its top-left corner at
// (x, y) and the given side length in millimetres, quiet zone (4 modules) included.
// Level M error correction survives a smudge or a fold.
func QR(pdf *gofpdf.Fpdf, content string, x, y, side float64) error {
	q, err := qrcode.New(content, qrcode.Medium)
	if err != nil {
		return fmt.Errorf("QR code for %q: %w", content, err)
	}
	bits := q.Bitmap() // includes the quiet zone
	module := side / float64(len(bits))
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(x, y, side, side, "F")
	pdf.SetFillColor(0, 0, 0)
	for r, row := range bits {
		// One rectangle per run of dark modules keeps the file small.
		for c := 0; c < len(row); {
			if !row[c] {
				c++
				continue
			}
			start := c
			for c < len(row) && row[c] {
				c++
			}
			pdf.Rect(x+float64(start)*module, y+float64(r)*module, float64(c-start)*module, module, "F")
		}
	}
	return nil
}
