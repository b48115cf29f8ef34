package printgen

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// RenderFace draws a face into an RGBA image at dpi, with bleed millimetres
// of background on every side. The camera's synthetic scenes use it to lay
// real card faces on a table.
func RenderFace(f *Face, dpi int, bleed float64, lowInk bool) (*image.RGBA, error) {
	if dpi < 10 || dpi > 1200 {
		return nil, fmt.Errorf("rendering %s: %d dpi is outside 10..1200", f.Name, dpi)
	}
	img, rc := newRaster(f.W, f.H, bleed, dpi)
	if err := f.Draw(rc, bleed, lowInk); err != nil {
		return nil, fmt.Errorf("rendering %s: %w", f.Name, err)
	}
	return img, nil
}

// PNGManifest is manifest.json of a PNG export: what each file is.
type PNGManifest struct {
	Deck    string     `json:"deck,omitempty"` // the deck code, when word cards are included
	DPI     int        `json:"dpi"`
	BleedMM float64    `json:"bleed_mm"`
	Files   []PNGEntry `json:"files"`
}

// PNGEntry describes one exported face.
type PNGEntry struct {
	File     string   `json:"file"`
	Section  string   `json:"section"`
	Kind     string   `json:"kind"`
	Side     string   `json:"side"` // "front" or "back"; one-sided pieces print their front on both sides
	WidthMM  float64  `json:"width_mm"`
	HeightMM float64  `json:"height_mm"`
	Pixels   [2]int   `json:"pixels"`
	Markers  []int    `json:"markers,omitempty"`
	Words    []string `json:"words,omitempty"`
	Code     string   `json:"code,omitempty"`
	QR       string   `json:"qr,omitempty"`
}

// ExportPNG writes every face of sections as its own PNG at dpi with Bleed
// on every side into dir (made if missing), plus manifest.json. A face that
// is both sides of a piece is written once; blank faces are left out.
func ExportPNG(dir string, sections []Section, deckCode string, dpi int, lowInk bool) (*PNGManifest, error) {
	m := &PNGManifest{Deck: deckCode, DPI: dpi, BleedMM: Bleed}
	var faces []*Face
	for _, s := range sections {
		for _, p := range s.Pieces {
			for side, f := range []*Face{p.Front, p.Back} {
				if f == nil || f.Kind == "blank" || (side == 1 && f == p.Front) {
					continue
				}
				faces = append(faces, f)
				m.Files = append(m.Files, PNGEntry{
					File: f.Name + ".png", Section: s.Name, Kind: f.Kind, Side: SideName(side),
					WidthMM: f.W, HeightMM: f.H, Markers: f.Markers, Words: f.Words, Code: f.Code, QR: f.QR,
				})
			}
		}
	}
	err := ExportFaces(dir, faces, dpi, lowInk, m, func(i int, px [2]int) { m.Files[i].Pixels = px })
	if err != nil {
		return nil, err
	}
	return m, nil
}

// SideName is what a manifest calls a piece's side 0 or 1: "front" or "back".
func SideName(side int) string {
	if side == 1 {
		return "back"
	}
	return "front"
}

// ExportFaces writes each face into dir (made if missing) as its Name plus
// ".png", at dpi with Bleed on every side, rendering on every core; then it
// tells pixels each face's image size (by its index in faces) and writes
// manifest as indented JSON to manifest.json.
func ExportFaces(dir string, faces []*Face, dpi int, lowInk bool, manifest any, pixels func(i int, size [2]int)) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sizes := make([][2]int, len(faces))
	errs := make([]error, len(faces))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				img, err := RenderFace(faces[i], dpi, Bleed, lowInk)
				if err == nil {
					sizes[i] = [2]int{img.Bounds().Dx(), img.Bounds().Dy()}
					err = writePNG(filepath.Join(dir, faces[i].Name+".png"), img, dpi)
				}
				errs[i] = err
			}
		}()
	}
	for i := range faces {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for i, size := range sizes {
		pixels(i, size)
	}
	b, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "manifest.json"), append(b, '\n'), 0o644)
}

// writePNG encodes img with a pHYs chunk saying dpi, so print shops see the
// intended size.
func writePNG(path string, img image.Image, dpi int) error {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	data := withPHYs(b.Bytes(), dpi)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	return nil
}

// withPHYs inserts a pHYs chunk (pixels per metre) after the PNG's IHDR chunk.
func withPHYs(p []byte, dpi int) []byte {
	const ihdrEnd = 8 + 8 + 13 + 4 // signature, IHDR length+type, IHDR data, CRC
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := make([]byte, 0, 21)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // unit: metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(p)+len(chunk))
	out = append(out, p[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, p[ihdrEnd:]...)
}
