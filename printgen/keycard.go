package printgen

import (
	"fmt"
	"strings"

	geom "fieldkit/geometry/codenames"
	"fieldkit/keycards"
)

// Key card geometry, in millimetres.
const (
	KeyW = geom.KeyW // key card width
	KeyH = geom.KeyH // key card height

	keyCell = 8.0
	keyGap  = 0.9
	keyQR   = 30.0
)

// SideQR returns what the QR code on one side of a Duet key card says: the
// side's code (keycards.DuetCard.SideCode), which names that side only, or,
// when base is a server address such as "http://192.168.1.20:8080", that
// address followed by "/k/" and the code, which a phone's camera opens.
// Either way the code is the text after the last "/".
func SideQR(code, base string) string {
	if base == "" {
		return code
	}
	return strings.TrimRight(base, "/") + "/k/" + code
}

// DuetKeyCards prints Duet key cards, numbered from first: side A on the
// front, side B on the back. Each side is drawn as seen from its own seat,
// with its own side code and QR code (see SideQR); the back lands behind the
// front when printed double-sided, flipped on the long edge.
func DuetKeyCards(cards []keycards.DuetCard, first int, base string) []Piece {
	out := make([]Piece, len(cards))
	for i, d := range cards {
		n := first + i
		out[i].Front = duetSideFace(d, keycards.SideA, n, base)
		out[i].Back = duetSideFace(d, keycards.SideB, n, base)
	}
	return out
}

func duetSideFace(d keycards.DuetCard, s keycards.Side, n int, base string) *Face {
	code := d.SideCode(s)
	qr := SideQR(code, base)
	side := strings.ToUpper(s.String())
	cells := d.Side(s)
	return &Face{
		Name: fmt.Sprintf("keycard-duet-%03d-%s", n, s), Kind: "keycard-duet", W: KeyW, H: KeyH,
		Code: code, QR: qr,
		draw: func(c Canvas, st style) error {
			background(c, KeyW, KeyH, st, white)
			frame(c, 2, 2, KeyW-4, KeyH-4, 0.5, ink)
			c.Text(6, 7.6, "DUET KEY CARD · SIDE "+side, SansBold, 7.5, ink, false)
			num := fmt.Sprintf("No. %d", n)
			c.Text(KeyW-6-TextWidth(num, Sans, 7), 7.6, num, Sans, 7, ink, false)
			keyGrid(c, st, cells)
			legend(c, st, []keycards.Role{keycards.Agent, keycards.Assassin, keycards.Bystander}, []string{"9 agents", "3 assassins", "13 bystanders"})
			return keyQRBlock(c, qr, code)
		},
	}
}

// ClassicKeyCards prints classic key cards, numbered from first: one side,
// with the start team's colour as lights around the edge and the card's code
// and QR code (the code names the whole card; both spymasters see it).
func ClassicKeyCards(cards []keycards.ClassicCard, first int) []Piece {
	out := make([]Piece, len(cards))
	for i, k := range cards {
		out[i].Front = classicFace(k, first+i)
	}
	return out
}

func classicFace(k keycards.ClassicCard, n int) *Face {
	code := k.Code()
	light := red
	if k.Start == keycards.Blue {
		light = blue
	}
	return &Face{
		Name: fmt.Sprintf("keycard-classic-%03d", n), Kind: "keycard-classic", W: KeyW, H: KeyH,
		Code: code, QR: code,
		draw: func(c Canvas, st style) error {
			background(c, KeyW, KeyH, st, white)
			band := 3.0
			if st.lowInk {
				band = 1.2
			}
			// The lights: the start team's colour all around the edge.
			c.Rect(-st.bleed, -st.bleed, KeyW+2*st.bleed, band+st.bleed, light)
			c.Rect(-st.bleed, KeyH-band, KeyW+2*st.bleed, band+st.bleed, light)
			c.Rect(-st.bleed, -st.bleed, band+st.bleed, KeyH+2*st.bleed, light)
			c.Rect(KeyW-band, -st.bleed, band+st.bleed, KeyH+2*st.bleed, light)
			c.Text(6, 8.2, "KEY CARD · "+title(k.Start.String())+" STARTS", SansBold, 7.5, light, false)
			num := fmt.Sprintf("No. %d", n)
			c.Text(KeyW-6-TextWidth(num, Sans, 7), 8.2, num, Sans, 7, ink, false)
			keyGrid(c, st, k.Cells)
			other := keycards.Other(k.Start)
			legend(c, st, []keycards.Role{k.Start, other, keycards.Bystander, keycards.Assassin},
				[]string{"9 " + k.Start.String(), "8 " + other.String(), "7 bystanders", "1 assassin"})
			return keyQRBlock(c, code, code)
		},
	}
}

// keyGrid draws the 5x5 cells as seen from the reader's seat, with a mark
// under the grid for the reader's edge of the table.
func keyGrid(c Canvas, st style, cells [keycards.Cells]keycards.Role) {
	const x0, y0 = 6.0, 10.5
	for i, r := range cells {
		x := x0 + float64(i%5)*(keyCell+keyGap)
		y := y0 + float64(i/5)*(keyCell+keyGap)
		roleCell(c, st, x, y, keyCell, r)
	}
	gw := 5*keyCell + 4*keyGap
	yb := y0 + gw + 2.4
	centerText(c, x0+gw/2, yb+1.1, "YOUR EDGE OF THE TABLE", Sans, 5.5, grey, false)
	for _, x := range []float64{x0 + 3, x0 + gw - 3} {
		c.Polygon([]Point{{x - 1.6, yb - 0.6}, {x + 1.6, yb - 0.6}, {x, yb + 1.4}}, grey)
	}
}

// roleColor returns the fill of a role's key card cell.
func roleColor(r keycards.Role) Color {
	switch r {
	case keycards.Agent:
		return green
	case keycards.Assassin:
		return assassinK
	case keycards.Red:
		return red
	case keycards.Blue:
		return blue
	}
	return beige
}

// roleCell draws one key card cell: its colour, and a shape for readers who
// cannot tell the colours apart (circle: agent or blue, diamond: red, X: assassin).
func roleCell(c Canvas, st style, x, y, s float64, r keycards.Role) {
	col := roleColor(r)
	sym := white
	if st.lowInk {
		c.Rect(x, y, s, s, tint(col, 0.82))
		frame(c, x, y, s, s, 0.6, col)
		sym = col
		if r == keycards.Bystander {
			c.Rect(x, y, s, s, white)
			frame(c, x, y, s, s, 0.4, tan)
		}
	} else {
		c.Rect(x, y, s, s, col)
	}
	cx, cy := x+s/2, y+s/2
	switch r {
	case keycards.Agent, keycards.Blue:
		disc(c, cx, cy, s*0.18, sym)
	case keycards.Red:
		d := s * 0.24
		c.Polygon([]Point{{cx, cy - d}, {cx + d, cy}, {cx, cy + d}, {cx - d, cy}}, sym)
	case keycards.Assassin:
		d := s * 0.22
		line(c, Point{cx - d, cy - d}, Point{cx + d, cy + d}, s*0.1, sym)
		line(c, Point{cx - d, cy + d}, Point{cx + d, cy - d}, s*0.1, sym)
	}
}

// legend lists the roles under the QR code.
func legend(c Canvas, st style, roles []keycards.Role, labels []string) {
	x, y := KeyW-6-keyQR+1, 48.0
	for i, r := range roles {
		yy := y + float64(i)*3.4
		roleCell(c, st, x, yy-2.3, 2.6, r)
		c.Text(x+4, yy, labels[i], Sans, 6, ink, false)
	}
}

// keyQRBlock draws the QR code and, under it, the code in letters.
func keyQRBlock(c Canvas, qr, code string) error {
	x := KeyW - 6 - keyQR
	if err := qrOn(c, qr, x, 9.5, keyQR); err != nil {
		return err
	}
	centerText(c, x+keyQR/2, 43.5, code, Mono, 8.5, ink, false)
	return nil
}
