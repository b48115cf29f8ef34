package codenames

import (
	"fmt"
	"io"
	"math"
	"strings"

	"fieldkit/catalog"
	"fieldkit/missionmap"
	"fieldkit/printgen"

	"github.com/jung-kurt/gofpdf"
)

// A mission-map sheet is one landscape page: the title, the map (paths, and a
// ticket per mission with the city, its turns-mistakes, a tick circle and the
// estimated win chance), and a side column with the Team box, a legend, note
// lines, and the map's QR code with its printed code.

var (
	inkDark   = printgen.Color{R: 0x22, G: 0x2b, B: 0x3a}
	inkMid    = printgen.Color{R: 0x5c, G: 0x66, B: 0x77}
	inkLight  = printgen.Color{R: 0x9a, G: 0xa3, B: 0xb1}
	paperTint = printgen.Color{R: 0xf6, G: 0xf2, B: 0xe8}
	roadColor = printgen.Color{R: 0xb8, G: 0xac, B: 0x94}
)

// difficultyStops colour a mission by its estimated win chance: teal for the
// easiest, through ochre and orange, to crimson and plum for the hardest.
var difficultyStops = []struct {
	win float64
	c   printgen.Color
}{
	{0.06, printgen.Color{R: 0x5e, G: 0x1b, B: 0x4f}},
	{0.15, printgen.Color{R: 0xa8, G: 0x24, B: 0x3c}},
	{0.26, printgen.Color{R: 0xd2, G: 0x5a, B: 0x2a}},
	{0.38, printgen.Color{R: 0xc0, G: 0x8a, B: 0x12}},
	{0.50, printgen.Color{R: 0x3f, G: 0x8f, B: 0x5a}},
	{0.62, printgen.Color{R: 0x1b, G: 0x6f, B: 0x7a}},
}

// DifficultyColor returns the colour a sheet gives a mission with win chance p.
func DifficultyColor(p float64) (r, g, b int) {
	s := difficultyStops
	if p <= s[0].win {
		return int(s[0].c.R), int(s[0].c.G), int(s[0].c.B)
	}
	for i := 1; i < len(s); i++ {
		if p <= s[i].win {
			t := (p - s[i-1].win) / (s[i].win - s[i-1].win)
			mix := func(a, b uint8) int { return int(math.Round(float64(a) + t*(float64(b)-float64(a)))) }
			return mix(s[i-1].c.R, s[i].c.R), mix(s[i-1].c.G, s[i].c.G), mix(s[i-1].c.B, s[i].c.B)
		}
	}
	c := s[len(s)-1].c
	return int(c.R), int(c.G), int(c.B)
}

func sheetFill(pdf *gofpdf.Fpdf, c printgen.Color) { pdf.SetFillColor(int(c.R), int(c.G), int(c.B)) }
func sheetDraw(pdf *gofpdf.Fpdf, c printgen.Color) { pdf.SetDrawColor(int(c.R), int(c.G), int(c.B)) }
func sheetInk(pdf *gofpdf.Fpdf, c printgen.Color)  { pdf.SetTextColor(int(c.R), int(c.G), int(c.B)) }

// sheetLayout is where the parts of a sheet go, in millimetres.
type sheetLayout struct {
	pageW, pageH   float64
	margin         float64
	mapX, mapY     float64 // top-left of the map area
	scale          float64 // millimetres per map unit
	sideX, sideW   float64 // the side column
	top, bottom    float64
	titleY, footer float64
}

func layoutFor(p printgen.Paper) sheetLayout {
	h, w := p.Size() // landscape
	l := sheetLayout{pageW: w, pageH: h, margin: 11}
	l.sideW = 64
	l.sideX = w - l.margin - l.sideW
	l.top = l.margin + 22
	l.bottom = h - l.margin - 5
	availW := l.sideX - 7 - l.margin
	availH := l.bottom - l.top
	l.scale = math.Min(availW/missionmap.Width, availH/missionmap.Height)
	l.mapX = l.margin
	l.mapY = l.top + (availH-l.scale*missionmap.Height)/2
	l.titleY = l.margin
	l.footer = h - l.margin
	return l
}

// LabelFont is the font size range of city names on a sheet: names are set as
// large as fits their ticket, but never below MinLabelFont.
const (
	MaxLabelFont = 8.0
	MinLabelFont = 5.0
)

// fitFont returns the largest font size, in steps of 0.25 pt from max down to
// min, at which s is at most w millimetres wide in the current font family and
// style; it returns min if none fits.
func fitFont(pdf *gofpdf.Fpdf, s, style string, w, maxPt, minPt float64) float64 {
	for pt := maxPt; pt > minPt; pt -= 0.25 {
		pdf.SetFont(printgen.FontSans, style, pt)
		if pdf.GetStringWidth(s) <= w {
			return pt
		}
	}
	pdf.SetFont(printgen.FontSans, style, minPt)
	return minPt
}

// ticket is the drawing of one mission's label in millimetres: the box and the
// width its name may take.
func ticket(l sheetLayout) (w, h, nameW float64) {
	w = missionmap.LabelWidth * l.scale
	h = missionmap.LabelHeight * l.scale
	return w, h, w - 2*1.6
}

// MapSheet writes m's sheet as a PDF to w.
func MapSheet(w io.Writer, m *missionmap.Map, p printgen.Paper, lb Labels) error {
	pdf := printgen.NewDocument(p, "L")
	pdf.SetTitle(lb.say(m.Title()), true)
	pdf.SetSubject(lb.say(catalog.M("cn.print.map.subject")), true)
	pdf.AddPage()
	l := layoutFor(p)
	drawTitle(pdf, l, m, lb)
	drawMap(pdf, l, m, lb)
	if err := drawSide(pdf, l, m, lb); err != nil {
		return err
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("printing map %q: %w", m.Name, err)
	}
	return pdf.Output(w)
}

func drawTitle(pdf *gofpdf.Fpdf, l sheetLayout, m *missionmap.Map, lb Labels) {
	x := l.margin
	pdf.SetFont(printgen.FontSans, "B", 7.5)
	sheetInk(pdf, inkMid)
	spacedText(pdf, x, l.titleY+3, lb.say(catalog.M("cn.print.map.heading")), 0.45)
	pdf.SetFont(printgen.FontSans, "B", 21)
	sheetInk(pdf, inkDark)
	pdf.Text(x, l.titleY+12.5, lb.say(m.Title()))
	sheetInk(pdf, inkMid)
	// The subtitle takes at most two lines: a longer one is set smaller.
	sub, width := lb.say(m.Subtitle()), l.sideX-7-l.margin
	var lines []string
	for pt := 8.0; pt >= 5; pt -= 0.5 {
		pdf.SetFont(printgen.FontSans, "", pt)
		if lines = wrap(pdf, sub, width); len(lines) <= 2 {
			break
		}
	}
	for i, line := range lines[:min(2, len(lines))] {
		pdf.Text(x, l.titleY+17.5+float64(i)*3.6, line)
	}
}

// fitSpaced sets the font style at the largest size from maxPt down to
// minPt in steps of 0.25 pt at which s, letter-spaced gap apart, is at most
// w millimetres wide.
func fitSpaced(pdf *gofpdf.Fpdf, s, style string, gap, w, maxPt, minPt float64) {
	for pt := maxPt; pt > minPt; pt -= 0.25 {
		pdf.SetFont(printgen.FontSans, style, pt)
		if spacedWidth(pdf, s, gap) <= w {
			return
		}
	}
	pdf.SetFont(printgen.FontSans, style, minPt)
}

// spacedText writes a letter-spaced heading at (x, y) in the current font and
// returns its width: each letter is set on its own, gap millimetres apart.
func spacedText(pdf *gofpdf.Fpdf, x, y float64, s string, gap float64) float64 {
	x0 := x
	for _, r := range s {
		c := string(r)
		pdf.Text(x, y, c)
		x += pdf.GetStringWidth(c) + gap
	}
	return x - x0 - gap
}

// spacedWidth is the width spacedText would take.
func spacedWidth(pdf *gofpdf.Fpdf, s string, gap float64) float64 {
	w := 0.0
	for _, r := range s {
		w += pdf.GetStringWidth(string(r)) + gap
	}
	return w - gap
}

// wrap breaks s into lines of at most w millimetres in the current font.
func wrap(pdf *gofpdf.Fpdf, s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && pdf.GetStringWidth(try) > w {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func drawMap(pdf *gofpdf.Fpdf, l sheetLayout, m *missionmap.Map, lb Labels) {
	mw, mh := missionmap.Width*l.scale, missionmap.Height*l.scale
	sheetFill(pdf, paperTint)
	sheetDraw(pdf, printgen.Color{R: 0xe2, G: 0xda, B: 0xc8})
	pdf.SetLineWidth(0.3)
	pdf.RoundedRect(l.mapX-2, l.mapY-2, mw+4, mh+4, 3, "1234", "FD")
	// A faint graticule, like the lines of latitude and longitude on a map.
	sheetDraw(pdf, printgen.Color{R: 0xe8, G: 0xe1, B: 0xd0})
	pdf.SetLineWidth(0.15)
	for i := 1; i < 8; i++ {
		x := l.mapX + mw*float64(i)/8
		pdf.Line(x, l.mapY, x, l.mapY+mh)
	}
	for i := 1; i < 6; i++ {
		y := l.mapY + mh*float64(i)/6
		pdf.Line(l.mapX, y, l.mapX+mw, y)
	}
	drawCompass(pdf, l.mapX+mw-9, l.mapY+mh-10, lb.say(catalog.M("cn.print.map.north")))

	at := map[string]missionmap.Mission{}
	for _, ms := range m.Missions {
		at[ms.ID] = ms
	}
	pos := func(ms missionmap.Mission) (float64, float64) {
		return l.mapX + ms.X*mw, l.mapY + ms.Y*mh
	}
	// Roads: a light casing under a dashed centre line.
	pdf.SetLineCapStyle("round")
	for pass := 0; pass < 2; pass++ {
		for _, p := range m.Paths {
			x0, y0 := pos(at[p[0]])
			x1, y1 := pos(at[p[1]])
			if pass == 0 {
				sheetDraw(pdf, roadColor)
				pdf.SetLineWidth(1.5)
				pdf.SetDashPattern(nil, 0)
			} else {
				sheetDraw(pdf, white)
				pdf.SetLineWidth(0.35)
				pdf.SetDashPattern([]float64{1.2, 1.2}, 0)
			}
			pdf.Line(x0, y0, x1, y1)
		}
	}
	pdf.SetDashPattern(nil, 0)
	pdf.SetLineCapStyle("butt")
	for _, ms := range m.Missions {
		x, y := pos(ms)
		drawTicket(pdf, l, ms, x, y, ms.ID == m.Start, lb)
	}
}

// drawCompass draws a compass rose with north marked by the letter north.
func drawCompass(pdf *gofpdf.Fpdf, x, y float64, north string) {
	r := 4.0
	sheetDraw(pdf, inkLight)
	pdf.SetLineWidth(0.2)
	pdf.Circle(x, y, r, "D")
	sheetFill(pdf, inkLight)
	pdf.Polygon([]gofpdf.PointType{{X: x, Y: y - r - 1.5}, {X: x + 1.2, Y: y}, {X: x - 1.2, Y: y}}, "F")
	sheetDraw(pdf, inkLight)
	pdf.Polygon([]gofpdf.PointType{{X: x, Y: y + r + 1.5}, {X: x + 1.2, Y: y}, {X: x - 1.2, Y: y}}, "D")
	pdf.SetFont(printgen.FontSans, "B", 6)
	sheetInk(pdf, inkMid)
	pdf.Text(x-pdf.GetStringWidth(north)/2, y-r-2.3, north)
}

// drawTicket draws a mission centred at (x, y): a coloured band with the city,
// then a tick circle, the turns-mistakes and the estimated win chance.
func drawTicket(pdf *gofpdf.Fpdf, l sheetLayout, ms missionmap.Mission, x, y float64, start bool, lb Labels) {
	w, h, nameW := ticket(l)
	x0, y0 := x-w/2, y-h/2
	band := h * 0.42
	cr, cg, cb := DifficultyColor(ms.Difficulty)
	c := printgen.Color{R: uint8(cr), G: uint8(cg), B: uint8(cb)}
	// shadow
	pdf.SetFillColor(0xd9, 0xd0, 0xbd)
	pdf.RoundedRect(x0+0.5, y0+0.6, w, h, 1.6, "1234", "F")
	sheetFill(pdf, white)
	sheetDraw(pdf, c)
	pdf.SetLineWidth(0.35)
	if start {
		pdf.SetLineWidth(0.8)
	}
	pdf.RoundedRect(x0, y0, w, h, 1.6, "1234", "FD")
	sheetFill(pdf, c)
	pdf.RoundedRectExt(x0, y0, w, band, 1.6, 1.6, 0, 0, "F")
	name := lb.say(catalog.Of(ms))
	pt := fitFont(pdf, name, "B", nameW, MaxLabelFont, MinLabelFont)
	sheetInk(pdf, white)
	pdf.Text(x0+1.6, y0+band/2+pt*0.3528*0.36, name)

	// lower half: tick circle, turns-mistakes, win chance
	lowY := y0 + band + (h-band)/2
	rad := (h - band) * 0.34
	sheetDraw(pdf, inkDark)
	pdf.SetLineWidth(0.3)
	sheetFill(pdf, white)
	pdf.Circle(x0+1.8+rad, lowY, rad, "FD")
	pair := fmt.Sprintf("%d–%d", ms.Turns, ms.Mistakes)
	pairX := x0 + 1.8 + 2*rad + 1.8
	pairPt := 11.0
	if start { // the standard game: a START tag instead of the win chance
		pdf.SetFont(printgen.FontSans, "B", 5)
		tag := lb.say(catalog.M("cn.print.map.start"))
		tw := spacedWidth(pdf, tag, 0.3) + 2
		tagX := x0 + w - 1.4 - tw
		sheetFill(pdf, c)
		pdf.RoundedRect(tagX, lowY-1.7, tw, 3.4, 0.8, "1234", "F")
		sheetInk(pdf, white)
		spacedText(pdf, tagX+1, lowY+0.65, tag, 0.3)
		pairPt = fitFont(pdf, pair, "B", tagX-1-pairX, 11, 7)
	}
	pdf.SetFont(printgen.FontSans, "B", pairPt)
	sheetInk(pdf, c)
	pdf.Text(pairX, lowY+pairPt*0.3528*0.36, pair)
	if start {
		return
	}
	pdf.SetFont(printgen.FontSans, "", 6)
	sheetInk(pdf, inkMid)
	win := fmt.Sprintf("%.0f%%", 100*ms.Difficulty)
	pdf.Text(x0+w-1.6-pdf.GetStringWidth(win), lowY+6*0.3528*0.36, win)
}

func drawSide(pdf *gofpdf.Fpdf, l sheetLayout, m *missionmap.Map, lb Labels) error {
	x, w := l.sideX, l.sideW
	y := l.margin + 1
	heading := func(s string) {
		fitSpaced(pdf, s, "B", 0.4, w, 7, 4.5)
		sheetInk(pdf, inkMid)
		spacedText(pdf, x, y+2.5, s, 0.4)
		y += 4.5
	}
	// Team box
	heading(lb.say(catalog.M("cn.print.map.team")))
	sheetDraw(pdf, inkLight)
	pdf.SetLineWidth(0.3)
	pdf.RoundedRect(x, y, w, 17, 1.6, "1234", "D")
	pdf.SetLineWidth(0.15)
	for i := 1; i <= 2; i++ {
		ly := y + float64(i)*6.5
		pdf.Line(x+3, ly, x+w-3, ly)
	}
	y += 23

	// Legend
	heading(lb.say(catalog.M("cn.print.map.how_to_read")))
	sample := missionmap.Mission{ID: "pariz", Name: "Paříž", Turns: 11, Mistakes: 0, Difficulty: 0.2}
	for _, ms := range m.Missions {
		if ms.ID != m.Start {
			sample = ms
			break
		}
	}
	tw, th, _ := ticket(l)
	drawTicket(pdf, l, sample, x+tw/2+0.5, y+th/2+1, false, lb)
	sheetInk(pdf, inkDark)
	notes := []string{
		lb.say(catalog.M("cn.print.map.pair", "pair", fmt.Sprintf("%d–%d", sample.Turns, sample.Mistakes),
			"turns", catalog.M("cn.print.map.turns", "n", sample.Turns),
			"mistakes", catalog.M("cn.print.map.mistakes", "n", sample.Mistakes))),
		lb.say(catalog.M("cn.print.map.win_chance", "percent", fmt.Sprintf("%.0f%%", 100*sample.Difficulty))),
	}
	for i, s := range notes {
		fitFont(pdf, s, "", w-tw-3, 6.3, 4.5)
		pdf.Text(x+tw+3, y+3.5+float64(i)*3.4, s)
	}
	y += th + 4.5
	pdf.SetFont(printgen.FontSans, "", 6.5)
	legend := []string{
		lb.say(catalog.M("cn.print.map.rule.turns")),
		lb.say(catalog.M("cn.print.map.rule.mistakes")),
		lb.say(catalog.M("cn.print.map.rule.tick")),
	}
	for _, para := range legend {
		for _, line := range wrap(pdf, para, w) {
			pdf.Text(x, y+2.3, line)
			y += 3.1
		}
		y += 1.2
	}
	// Colour scale
	y += 0.5
	steps := 40
	for i := range steps {
		p := 0.66 * (1 - float64(i)/float64(steps-1))
		r, g, b := DifficultyColor(p)
		pdf.SetFillColor(r, g, b)
		pdf.Rect(x+w*float64(i)/float64(steps), y, w/float64(steps)+0.05, 2.4, "F")
	}
	pdf.SetFont(printgen.FontSans, "", 5.8)
	sheetInk(pdf, inkMid)
	easier, harder := lb.say(catalog.M("cn.print.map.easier")), lb.say(catalog.M("cn.print.map.harder"))
	pdf.Text(x, y+5.2, easier)
	pdf.Text(x+w-pdf.GetStringWidth(harder), y+5.2, harder)
	y += 9

	// Notes
	heading(lb.say(catalog.M("cn.print.map.notes")))
	qrSide := 34.0
	qrY := l.footer - qrSide - 1
	sheetDraw(pdf, inkLight)
	pdf.SetLineWidth(0.15)
	for ly := y + 5.5; ly < qrY-3; ly += 5.5 {
		pdf.Line(x, ly, x+w, ly)
	}

	// QR and code
	if m.Code != "" {
		if err := printgen.QR(pdf, m.Code, x, qrY, qrSide); err != nil {
			return err
		}
		tx := x + qrSide + 2
		code := lb.say(catalog.M("cn.print.map.code"))
		fitSpaced(pdf, code, "B", 0.4, w-qrSide-2, 6.5, 4.5)
		sheetInk(pdf, inkMid)
		spacedText(pdf, tx, qrY+6, code, 0.4)
		pdf.SetFont(printgen.FontMono, "", 8.6)
		sheetInk(pdf, inkDark)
		parts := strings.Split(m.Code, "-")
		for i, part := range parts {
			pdf.Text(tx, qrY+10.5+float64(i)*3.9, part)
		}
		pdf.SetFont(printgen.FontSans, "", 5.8)
		sheetInk(pdf, inkMid)
		for i, line := range wrap(pdf, lb.say(catalog.M("cn.print.map.scan")), w-qrSide-2) {
			pdf.Text(tx, qrY+10.5+float64(len(parts))*3.9+1+float64(i)*2.8, line)
		}
	}
	// Footer
	pdf.SetFont(printgen.FontSans, "", 6)
	sheetInk(pdf, inkLight)
	pdf.Text(l.margin, l.footer, lb.say(catalog.M("cn.print.map.footer")))
	return nil
}
