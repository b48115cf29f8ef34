package codenames

import (
	"fmt"
	"io"

	"fieldkit/catalog"
	"fieldkit/deck"
	"fieldkit/markers"
	"fieldkit/printgen"
)

// DeckSheet prints the deck sheet in the language o.Lang: the deck's name,
// language, word and card counts, its code in letters and as a QR code
// (fieldkit deck show CODE loads it), and the marker id ranges of every
// printed piece.
func DeckSheet(w io.Writer, d *deck.Deck, o printgen.Options) error {
	lb := LabelsFor(o.Lang)
	pdf := printgen.NewDocument(o.Paper, "P")
	code := d.Code()
	title := lb.say(catalog.M("cn.print.deck.title"))
	pdf.SetTitle(title+" "+code, true)
	pdf.AddPage()
	c := printgen.NewPDFCanvas(pdf)
	pw, _ := o.Paper.Size()
	const x0 = 20.0
	c.Text(x0, 30, title, printgen.SansBold, 24, ink, false)
	lang := lb.say(catalog.M("cn.print.deck.custom_list"))
	if name, ok := catalog.LangName(d.Lang); ok {
		lang = lb.say(name)
	} else if d.Lang != "" {
		lang = d.Lang
	}
	rows := [][2]string{
		{lb.say(catalog.M("cn.print.deck.name")), d.Name},
		{lb.say(catalog.M("cn.print.deck.language")), lang},
		{lb.say(catalog.M("cn.print.deck.words")), lb.say(catalog.M("cn.print.deck.words_value", "n", len(d.Words), "last", len(d.Words)-1))},
		{lb.say(catalog.M("cn.print.deck.cards")), lb.say(catalog.M("cn.print.deck.cards_value", "n", d.Cards()))},
		{lb.say(catalog.M("cn.print.deck.seed")), fmt.Sprintf("%d", d.Seed)},
		{lb.say(catalog.M("cn.print.deck.list_hash")), fmt.Sprintf("%x", d.ListHash[:8])},
	}
	labelW := 0.0
	for _, r := range rows {
		labelW = max(labelW, printgen.TextWidth(r[0], printgen.SansBold, 11))
	}
	y := 45.0
	for _, r := range rows {
		c.Text(x0, y, r[0], printgen.SansBold, 11, ink, false)
		c.Text(x0+max(32, labelW+4), y, r[1], printgen.Sans, 11, ink, false)
		y += 7
	}
	y += 6
	c.Text(x0, y, lb.say(catalog.M("cn.print.deck.code")), printgen.SansBold, 11, ink, false)
	c.Text(x0, y+11, code, printgen.Mono, 22, ink, false)
	qrSide := 55.0
	if err := printgen.DrawQR(c, code, pw-x0-qrSide, 38, qrSide); err != nil {
		return err
	}
	y += 22
	c.Text(x0, y, lb.say(catalog.M("cn.print.deck.load", "code", code)), printgen.Sans, 9, grey, false)
	if d.Lang == "" {
		c.Text(x0, y+5, lb.say(catalog.M("cn.print.deck.custom_note")), printgen.Sans, 9, grey, false)
	}
	y += 16
	c.Text(x0, y, lb.say(catalog.M("cn.print.deck.markers")), printgen.SansBold, 11, ink, false)
	y += 7
	for _, r := range markers.Codenames {
		ids := fmt.Sprintf("%d", r.First)
		if r.Count > 1 {
			ids = fmt.Sprintf("%d–%d", r.First, r.First+r.Count-1)
		}
		c.Text(x0, y, ids, printgen.Mono, 9, ink, false)
		c.Text(x0+30, y, fmt.Sprintf("%s (%d)", lb.say(catalog.M(pieceIDs[r.Kind])), r.Count), printgen.Sans, 9, ink, false)
		y += 5
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("making the deck sheet: %w", err)
	}
	return pdf.Output(w)
}

// pieceIDs name each kind of Codenames piece on the deck sheet.
var pieceIDs = map[markers.Kind]string{
	markers.DuetAgent:        "cn.print.piece.agent",
	markers.DuetAssassin:     "cn.print.piece.assassin",
	markers.TimerBystander:   "cn.print.piece.timer_bystander",
	markers.TimerCheck:       "cn.print.piece.timer_check",
	markers.RedAgent:         "cn.print.piece.red",
	markers.BlueAgent:        "cn.print.piece.blue",
	markers.DoubleRed:        "cn.print.piece.double_red",
	markers.DoubleBlue:       "cn.print.piece.double_blue",
	markers.ClassicBystander: "cn.print.piece.bystander",
	markers.ClassicAssassin:  "cn.print.piece.classic_assassin",
	markers.Guess:            "cn.print.piece.guess",
	markers.SeatMarker:       "cn.print.piece.seat",
}
