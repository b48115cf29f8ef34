package codenames

import (
	"fmt"
	"strings"

	"fieldkit/catalog"
	geom "fieldkit/geometry/codenames"
	"fieldkit/keycards"
	"fieldkit/printgen"
)

// Key card geometry, in millimetres.
const (
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
func DuetKeyCards(cards []keycards.DuetCard, first int, base string, lb Labels) []printgen.Piece {
	out := make([]printgen.Piece, len(cards))
	for i, d := range cards {
		n := first + i
		out[i].Front = duetSideFace(d, keycards.SideA, n, base, lb)
		out[i].Back = duetSideFace(d, keycards.SideB, n, base, lb)
	}
	return out
}

func duetSideFace(d keycards.DuetCard, s keycards.Side, n int, base string, lb Labels) *printgen.Face {
	code := d.SideCode(s)
	qr := SideQR(code, base)
	side := strings.ToUpper(s.String())
	cells := d.Side(s)
	return face(printgen.Face{
		Name: fmt.Sprintf("keycard-duet-%03d-%s", n, s), Kind: "keycard-duet", W: geom.KeyW, H: geom.KeyH,
		Code: code, QR: qr,
	}, func(c printgen.Canvas, st printgen.Style) error {
		printgen.Background(c, geom.KeyW, geom.KeyH, st, white)
		printgen.Frame(c, 2, 2, geom.KeyW-4, geom.KeyH-4, 0.5, ink)
		num := lb.number(n)
		numW := printgen.TextWidth(num, printgen.Sans, 7)
		heading(c, 7.6, lb.duetKeyCard(side), geom.KeyW-12-numW-2, ink)
		c.Text(geom.KeyW-6-numW, 7.6, num, printgen.Sans, 7, ink, false)
		keyGrid(c, st, cells, lb)
		legend(c, st, []keycards.Role{keycards.Agent, keycards.Assassin, keycards.Bystander}, lb.duetLegend())
		p := SidePath(base)
		if p == "" {
			return keyQRBlock(c, qr, code, 43.5)
		}
		// What a person types when the camera will not: this line and
		// the code under it.
		x := geom.KeyW - 6 - keyQR
		printgen.CenterText(c, x+keyQR/2, 41.3, p, printgen.Mono, printgen.FitSize(p, printgen.Mono, 5.2, keyQR+1), ink, false)
		return keyQRBlock(c, qr, code, 44.3)
	})
}

// SidePath returns the start of the address a person types to open a side's
// page by hand, the side code completing it: base without its scheme,
// followed by "/k/" (e.g. "fieldkit.local:8080/k/"); empty when base is.
func SidePath(base string) string {
	if base == "" {
		return ""
	}
	b := strings.TrimRight(base, "/")
	b = strings.TrimPrefix(strings.TrimPrefix(b, "http://"), "https://")
	return b + "/k/"
}

// ClassicKeyCards prints classic key cards, numbered from first: one side,
// with the start team's colour as lights around the edge and the card's code
// and QR code (the code names the whole card; both spymasters see it).
func ClassicKeyCards(cards []keycards.ClassicCard, first int, lb Labels) []printgen.Piece {
	out := make([]printgen.Piece, len(cards))
	for i, k := range cards {
		out[i].Front = classicFace(k, first+i, lb)
	}
	return out
}

func classicFace(k keycards.ClassicCard, n int, lb Labels) *printgen.Face {
	code := k.Code()
	light := red
	if k.Start == keycards.Blue {
		light = blue
	}
	return face(printgen.Face{
		Name: fmt.Sprintf("keycard-classic-%03d", n), Kind: "keycard-classic", W: geom.KeyW, H: geom.KeyH,
		Code: code, QR: code,
	}, func(c printgen.Canvas, st printgen.Style) error {
		printgen.Background(c, geom.KeyW, geom.KeyH, st, white)
		band := 3.0
		if st.LowInk {
			band = 1.2
		}
		// The lights: the start team's colour all around the edge.
		c.Rect(-st.Bleed, -st.Bleed, geom.KeyW+2*st.Bleed, band+st.Bleed, light)
		c.Rect(-st.Bleed, geom.KeyH-band, geom.KeyW+2*st.Bleed, band+st.Bleed, light)
		c.Rect(-st.Bleed, -st.Bleed, band+st.Bleed, geom.KeyH+2*st.Bleed, light)
		c.Rect(geom.KeyW-band, -st.Bleed, band+st.Bleed, geom.KeyH+2*st.Bleed, light)
		team := 0 // red starts
		if k.Start == keycards.Blue {
			team = 1
		}
		num := lb.number(n)
		numW := printgen.TextWidth(num, printgen.Sans, 7)
		heading(c, 8.2, lb.starts(team), geom.KeyW-12-numW-2, light)
		c.Text(geom.KeyW-6-numW, 8.2, num, printgen.Sans, 7, ink, false)
		keyGrid(c, st, k.Cells, lb)
		legend(c, st, []keycards.Role{k.Start, keycards.Other(k.Start), keycards.Bystander, keycards.Assassin}, lb.classicLegend(team))
		return keyQRBlock(c, code, code, 43.5)
	})
}

// keyGrid draws the 5x5 cells as seen from the reader's seat, with a mark
// under the grid for the reader's edge of the table.
func keyGrid(c printgen.Canvas, st printgen.Style, cells [keycards.Cells]keycards.Role, lb Labels) {
	const x0, y0 = 6.0, 10.5
	for i, r := range cells {
		x := x0 + float64(i%5)*(keyCell+keyGap)
		y := y0 + float64(i/5)*(keyCell+keyGap)
		roleCell(c, st, x, y, keyCell, r)
	}
	gw := 5*keyCell + 4*keyGap
	yb := y0 + gw + 2.4
	edge := lb.say(catalog.M("cn.print.keycard.edge"))
	printgen.CenterText(c, x0+gw/2, yb+1.1, edge, printgen.Sans, printgen.FitSize(edge, printgen.Sans, 5.5, gw-8), grey, false)
	for _, x := range []float64{x0 + 3, x0 + gw - 3} {
		c.Polygon([]printgen.Point{{X: x - 1.6, Y: yb - 0.6}, {X: x + 1.6, Y: yb - 0.6}, {X: x, Y: yb + 1.4}}, grey)
	}
}

// roleColor returns the fill of a role's key card cell.
func roleColor(r keycards.Role) printgen.Color {
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
func roleCell(c printgen.Canvas, st printgen.Style, x, y, s float64, r keycards.Role) {
	col := roleColor(r)
	sym := white
	if st.LowInk {
		c.Rect(x, y, s, s, printgen.Tint(col, 0.82))
		printgen.Frame(c, x, y, s, s, 0.6, col)
		sym = col
		if r == keycards.Bystander {
			c.Rect(x, y, s, s, white)
			printgen.Frame(c, x, y, s, s, 0.4, tan)
		}
	} else {
		c.Rect(x, y, s, s, col)
	}
	cx, cy := x+s/2, y+s/2
	switch r {
	case keycards.Agent, keycards.Blue:
		printgen.Disc(c, cx, cy, s*0.18, sym)
	case keycards.Red:
		d := s * 0.24
		c.Polygon([]printgen.Point{{X: cx, Y: cy - d}, {X: cx + d, Y: cy}, {X: cx, Y: cy + d}, {X: cx - d, Y: cy}}, sym)
	case keycards.Assassin:
		d := s * 0.22
		printgen.Line(c, printgen.Point{X: cx - d, Y: cy - d}, printgen.Point{X: cx + d, Y: cy + d}, s*0.1, sym)
		printgen.Line(c, printgen.Point{X: cx - d, Y: cy + d}, printgen.Point{X: cx + d, Y: cy - d}, s*0.1, sym)
	}
}

// legend lists the roles under the QR code.
func legend(c printgen.Canvas, st printgen.Style, roles []keycards.Role, labels []string) {
	x, y := geom.KeyW-6-keyQR+1, 48.0
	for i, r := range roles {
		yy := y + float64(i)*3.4
		roleCell(c, st, x, yy-2.3, 2.6, r)
		c.Text(x+4, yy, labels[i], printgen.Sans, printgen.FitSize(labels[i], printgen.Sans, legendSize, legendWidth), ink, false)
	}
}

// The legend's text: its size, and the width from its start to the card's
// inner frame.
const (
	legendSize  = 6.0
	legendWidth = keyQR + 1
)

// keyQRBlock draws the QR code and, under it, the code in letters with its
// baseline at codeY.
func keyQRBlock(c printgen.Canvas, qr, code string, codeY float64) error {
	x := geom.KeyW - 6 - keyQR
	if err := printgen.DrawQR(c, qr, x, 9.5, keyQR); err != nil {
		return err
	}
	printgen.CenterText(c, x+keyQR/2, codeY, code, printgen.Mono, 8.5, ink, false)
	return nil
}

// heading prints a key card's heading at y, shrunk to fit width.
func heading(c printgen.Canvas, y float64, s string, width float64, col printgen.Color) {
	c.Text(6, y, s, printgen.SansBold, printgen.FitSize(s, printgen.SansBold, 7.5, width), col, false)
}
