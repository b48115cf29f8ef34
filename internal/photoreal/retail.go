package photoreal

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"unicode"

	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/wordlists"
)

// RetailLangs are the languages a retail scene is laid in: seed s uses
// RetailLangs[(s/2)%4], so that under -camera mix every language comes
// with both cameras.
var RetailLangs = []string{"pl", "cs", "pt", "en"}

// Band is where the word's band lies on a retail word card, face
// millimetres (x along the 70 mm side, y down), as internal/scene/retail
// draws it.
var Band = [4][2]float64{{6, 27}, {64, 27}, {64, 39}, {6, 39}}

// RetailFaces are retail-style faces (internal/scene/retail's drawing, no
// markers) exported as PNG textures into one directory.
type RetailFaces struct {
	Dir    string
	Covers map[string]*Face // by cover kind (sceneretail.Covers)
	Token  *Face
}

// pxPerMM is the retail textures' resolution: 300 dpi.
const pxPerMM = DPI / 25.4

// NewRetailFaces draws the cover cards and the guess token into dir
// (unless there) and returns the set; word cards are drawn when a scene
// needs them (Word).
func NewRetailFaces(dir string) (*RetailFaces, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	rf := &RetailFaces{Dir: dir, Covers: map[string]*Face{}}
	for _, k := range sceneretail.Covers {
		f := &Face{File: filepath.Join(dir, "cover-"+k+".png"), W: sceneretail.CardW, H: sceneretail.CardH}
		if err := writeOnce(f.File, func() (image.Image, error) { return sceneretail.CoverFace(k, pxPerMM) }); err != nil {
			return nil, err
		}
		rf.Covers[k] = f
	}
	rf.Token = &Face{File: filepath.Join(dir, "token.png"), W: sceneretail.Token, H: sceneretail.Token}
	if err := writeOnce(rf.Token.File, func() (image.Image, error) { return sceneretail.TokenFace(sceneretail.Token, pxPerMM), nil }); err != nil {
		return nil, err
	}
	return rf, nil
}

// Word returns the word card of word i of lang's built-in list, drawing
// it on first use.
func (rf *RetailFaces) Word(lang string, i int, word string) (*Face, error) {
	f := &Face{File: filepath.Join(rf.Dir, fmt.Sprintf("word-%s-%04d.png", lang, i)), W: sceneretail.CardW, H: sceneretail.CardH}
	err := writeOnce(f.File, func() (image.Image, error) { return sceneretail.WordFace(word, pxPerMM) })
	return f, err
}

// writeOnce writes the PNG draw makes to path unless path exists.
func writeOnce(path string, draw func() (image.Image, error)) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	img, err := draw()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	w, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// accented says whether a word has a letter beyond A-Z.
func accented(w string) bool {
	for _, r := range w {
		if r > unicode.MaxASCII {
			return true
		}
	}
	return false
}

// Region ids in a retail scene's report (SpecMarker.ID): what a region of a
// piece is. render.py projects each region's corners and casts its rays.
const (
	regionBand = iota // a word card's band
	regionFace        // a whole card or token, 2 mm inside its edge
)

// ComposeRetail draws a table of retail-style Codenames cards from seed:
// a 5x5 grid of word cards in the retail layout (words of the language
// RetailLangs[(seed/2)%4], about ten of them with diacritics where the list
// has them), 0-14 cover cards on cells, the guess token on a free card's
// picture in 55%, 0-3 piles of spare cards beside the grid, and the
// Codenames scenes' hands, paper, table, lamps and cameras (room, hands).
// No piece carries a marker.
func ComposeRetail(rf *RetailFaces, seed int64, dev Device) (*Composed, error) {
	lang := RetailLangs[(seed/2)%int64(len(RetailLangs))]
	list, err := wordlists.Builtin(lang)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(seed))
	c := &Composed{Game: "retail", Seed: seed, Lang: lang}
	c.Shot = drawShot(rng, dev)
	sp := &c.Spec
	sp.W, sp.H = dev.Size()
	sp.Seed = seed
	var dk desk
	add := func(f *Face, x, y, angle, thick, bend float64, shape string, r role, regions ...SpecMarker) {
		p := Piece{Kind: "card", Shape: shape, Texture: f.File, W: f.W, H: f.H, Thick: thick,
			X: x, Y: y, Angle: angle, Bend: bend, Markers: regions, Rim: [3]float64{0.85, 0.80, 0.70}}
		if shape != "rect" {
			p.Kind = "token"
		}
		dk.put(&p)
		sp.Pieces = append(sp.Pieces, p)
		r.id = -1
		c.roles = append(c.roles, r)
	}
	inset := func(w, h, m float64) SpecMarker {
		return SpecMarker{ID: regionFace, Corners: [4][2]float64{{m, m}, {w - m, m}, {w - m, h - m}, {m, h - m}}}
	}
	band := SpecMarker{ID: regionBand, Corners: Band}
	cw, ch := sceneretail.CardW, sceneretail.CardH
	px, py, flip, jit := gridDeal(rng, cw, ch)
	c.pitch = [2]float64{px, py}
	// Words: about ten with diacritics (where the list has them), the rest
	// plain, in random cells; the spares for the piles after them.
	var acc, plain []int
	for _, i := range rng.Perm(len(list.Words)) {
		if accented(list.Words[i]) {
			acc = append(acc, i)
		} else {
			plain = append(plain, i)
		}
	}
	na := min(10, len(acc))
	pick := append(append([]int{}, acc[:na]...), plain[:25-na]...)
	rng.Shuffle(len(pick), func(i, j int) { pick[i], pick[j] = pick[j], pick[i] })
	spare := append(append([]int{}, acc[na:]...), plain[25-na:]...)
	rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	type cell struct{ x, y, a float64 }
	var cells [5][5]cell
	for r := range 5 {
		for col := range 5 {
			x, y, a := float64(col-2)*px+jit(2.5), float64(r-2)*py+jit(2.5), flip()
			cells[r][col] = cell{x, y, a}
			i := pick[r*5+col]
			c.Words = append(c.Words, list.Words[i])
			f, err := rf.Word(lang, i, list.Words[i])
			if err != nil {
				return nil, err
			}
			add(f, x, y, a, 0.3, bend(rng), "rect", role{what: "grid", row: r, col: col}, band, inset(cw, ch, 2))
		}
	}
	// Covers: the classic game's, shuffled.
	var covers []string
	for _, k := range []struct {
		kind string
		n    int
	}{{"red", 8}, {"blue", 8}, {"bystander", 7}, {"assassin", 1}, {"double", 1}} {
		for range k.n {
			covers = append(covers, k.kind)
		}
	}
	rng.Shuffle(len(covers), func(i, j int) { covers[i], covers[j] = covers[j], covers[i] })
	nc := []int{0, 0, 2, 4, 6, 8, 10, 12, 14}[rng.Intn(9)]
	order := rng.Perm(25)
	for k := range nc {
		r, col := order[k]/5, order[k]%5
		cl := cells[r][col]
		add(rf.Covers[covers[k]], cl.x+jit(4), cl.y+jit(4), flip(), 0.3, 0.5*bend(rng), "rect",
			role{what: "cover", row: r, col: col, kind: covers[k]}, inset(cw, ch, 2))
	}
	// The guess token on a free card's picture, clear of its band.
	if rng.Float64() < 0.55 {
		r, col := order[nc]/5, order[nc]%5
		cl := cells[r][col]
		u, v := -20+jit(3), -8+jit(3) // from the card's centre, face mm
		s, co := math.Sin(cl.a), math.Cos(cl.a)
		t := sceneretail.Token
		add(rf.Token, cl.x+co*u-s*v, cl.y+s*u+co*v, 2*math.Pi*rng.Float64(), 2, 0, "round",
			role{what: "token", row: r, col: col}, inset(t, t, 3))
	}
	// Piles of spare word cards and covers beside the grid.
	np := []int{0, 0, 1, 1, 2, 3}[rng.Intn(6)]
	for range np {
		pl := placePile(rng, px, py, cw, ch, len(covers)-nc)
		for j := range pl.n {
			var f *Face
			if pl.covers {
				f = rf.Covers[covers[nc]]
				nc++
			} else {
				if f, err = rf.Word(lang, spare[0], list.Words[spare[0]]); err != nil {
					return nil, err
				}
				spare = spare[1:]
			}
			b := 0.0
			if j == pl.n-1 {
				b = bend(rng)
			}
			add(f, pl.x+float64(j)*pl.step[0]+jit(1.5), pl.y+float64(j)*pl.step[1]+jit(1.5), pl.angle+jit(0.05), 0.3, b, "rect", role{what: "pile", row: -1, col: -1})
		}
	}
	// The piles' least distance from the grid's outline.
	ox, oy := 2*px+cw/2, 2*py+ch/2
	for i, rl := range c.roles {
		if rl.what != "pile" {
			continue
		}
		for _, q := range footprint(sp.Pieces[i]) {
			d := math.Max(math.Abs(q[0])-ox, math.Abs(q[1])-oy)
			if c.pileGap == 0 || d < c.pileGap {
				c.pileGap = math.Max(d, 0.01)
			}
		}
	}
	gridRoom(rng, sp, dev, px, py)
	sp.Probes = append(sp.Probes, [3]float64{})
	return c, nil
}
