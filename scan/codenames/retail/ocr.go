package retail

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/otiai10/gosseract/v2"
	"gocv.io/x/gocv"
)

// tessLangs maps the built-in lists' language codes to Tesseract's.
var tessLangs = map[string]string{"pl": "pol", "cs": "ces", "pt": "por", "en": "eng"}

// TessLang returns Tesseract's name of the language code lang (pl, cs,
// pt, en), or lang itself for any other.
func TessLang(lang string) string {
	if t, ok := tessLangs[strings.ToLower(lang)]; ok {
		return t
	}
	return lang
}

// ocr reads single lines of text with Tesseract: one client, not safe for
// concurrent use.
type ocr struct {
	client *gosseract.Client
	pgm    []byte
}

// newOCR starts Tesseract for the languages langs (Tesseract's names),
// reading single lines made of the letters in whitelist only.
func newOCR(langs []string, whitelist string) (*ocr, error) {
	c := gosseract.NewClient()
	if err := c.SetLanguage(langs...); err != nil {
		c.Close()
		return nil, fmt.Errorf("retail: tesseract languages %v: %w", langs, err)
	}
	// The page segmentation mode is set as a variable: gosseract's
	// SetPageSegMode is called before Tesseract's Init, which resets it, so
	// without the variable every line was read as a whole page (PSM 3),
	// and small lines came back empty.
	for k, v := range map[gosseract.SettableVariable]string{
		"tessedit_pageseg_mode":   strconv.Itoa(int(gosseract.PSM_SINGLE_LINE)),
		"tessedit_char_whitelist": whitelist,
		"user_defined_dpi":        "300",
		"tessedit_do_invert":      "0",
		"debug_file":              "/dev/null",
	} {
		if err := c.SetVariable(k, v); err != nil {
			c.Close()
			return nil, fmt.Errorf("retail: tesseract %s: %w", k, err)
		}
	}
	return &ocr{client: c}, nil
}

// Close stops Tesseract.
func (o *ocr) Close() error { return o.client.Close() }

// lineHeight is the height a line is shrunk to before Tesseract reads it:
// its network scales every line to about this height anyway. The band of
// a card rectified at 4 px/mm is 40 pixels high, so this saves little
// (5.8 against 5.6 CPU ms a line, session 7); the card's size (pxmm) and
// the line's width (lineSqueeze) are what made a frame cheaper.
const lineHeight = 36

// Tesseract's network reads a line at a fixed height, one step for every
// few columns, so its time grows with the line's width over its height. A
// line is narrowed to lineSqueeze of its width, but never below
// lineAspect times its height (the width includes the ink's margins): the
// letters of a long word come out condensed, which the network reads as
// well, while a short word's few letters keep their shape (squeezed, LIST
// read as UST and ZOO as O). Narrowed to half, a long word lost letters
// instead: KOPALNIA, running off its band on a rendered 12 MP frame
// (300193), read as DMNIA and so as DYNIA, a wrong word; at 0.7 it reads.
const (
	lineSqueeze = 0.7
	lineAspect  = 3.0
)

// lineImage returns region shrunk to at most maxH pixels high (0: its
// height) and narrowed as lineSqueeze and lineAspect say, in dst, or
// region itself when it stays as it is.
func lineImage(region gocv.Mat, maxH int, dst *gocv.Mat) gocv.Mat {
	f := 1.0
	if maxH > 0 && region.Rows() > maxH {
		f = float64(maxH) / float64(region.Rows())
	}
	w, h := float64(region.Cols()), float64(region.Rows())
	sq := max(lineSqueeze, min(1, lineAspect*h/w))
	if f == 1 && sq == 1 {
		return region
	}
	gocv.Resize(region, dst, image.Point{}, f*sq, f, gocv.InterpolationArea)
	return *dst
}

// line reads the one line of text in m (8-bit grey, one channel), cut to
// its ink (inkSpan), shrunk to at most maxH pixels high (0: as it is) and
// narrowed (lineImage); "" when there is none.
func (o *ocr) line(m gocv.Mat, maxH int) (string, error) {
	return o.lineAt(m, inkSpan(m), maxH)
}

// lineAt is line with m cut at r (empty: no ink).
func (o *ocr) lineAt(m gocv.Mat, r image.Rectangle, maxH int) (string, error) {
	if r.Empty() {
		return "", nil
	}
	region := m.Region(r)
	defer region.Close()
	sized := gocv.NewMat()
	defer sized.Close()
	return o.read(lineImage(region, maxH, &sized))
}

// read hands grey (8-bit, one channel) to Tesseract as it is and returns
// the line it reads.
func (o *ocr) read(grey gocv.Mat) (string, error) {
	if err := o.setImage(grey); err != nil {
		return "", err
	}
	s, err := o.client.Text()
	if err != nil {
		return "", fmt.Errorf("retail: tesseract: %w", err)
	}
	return strings.TrimSpace(s), nil
}

// setImage hands grey (8-bit, one channel) to Tesseract as it is.
func (o *ocr) setImage(grey gocv.Mat) error {
	w, h := grey.Cols(), grey.Rows()
	head := "P5\n" + strconv.Itoa(w) + " " + strconv.Itoa(h) + "\n255\n"
	o.pgm = append(o.pgm[:0], head...)
	data, err := grey.DataPtrUint8()
	if err != nil || !grey.IsContinuous() {
		c := grey.Clone()
		defer c.Close()
		if data, err = c.DataPtrUint8(); err != nil {
			return fmt.Errorf("retail: %w", err)
		}
	}
	o.pgm = append(o.pgm, data...)
	if err := o.client.SetImageFromBytes(o.pgm); err != nil {
		return fmt.Errorf("retail: tesseract: %w", err)
	}
	return nil
}
