package codenames

import (
	"net/http"
	"strings"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// The QR code on each side of a printed Duet key card opens /k/SIDECODE (see
// printgen/codenames.SideQR). A phone that scans it lands in the seat that
// plays that side in the current game of a table whose card it is: the card
// in front of a player is the player's ticket to the seat.

// maxTablesSearched bounds how many tables' current games a side code is
// looked for in.
const maxTablesSearched = 200

// sideLanding: GET /k/{code}.
func (f *Family) sideLanding(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	side, cells, err := keycards.ParseSideCode(code)
	if err != nil {
		f.env.Message(w, http.StatusNotFound, "Not a key card side",
			"This address holds no side code of a printed Duet key card ("+err.Error()+"). Scan the QR code printed on your side of the card again.")
		return
	}
	games, err := f.env.Current(r.Context(), maxTablesSearched)
	if err != nil {
		f.env.Message(w, http.StatusInternalServerError, "Something went wrong", "The server cannot look up its games now; try again.")
		return
	}
	part := "a"
	if side == keycards.SideB {
		part = "b"
	}
	for _, g := range games {
		if g.Family != f.Name() {
			continue
		}
		e, err := rules.DecodeEvent(g.Setup)
		if err != nil || e.Setup == nil || e.Setup.Game != keycards.Duet {
			continue
		}
		card, err := keycards.ParseDuet(e.Setup.Key)
		if err != nil || card.Side(side) != cells {
			continue
		}
		link, err := f.env.SeatLink(r.Context(), g.ID, part)
		if err != nil {
			continue
		}
		http.Redirect(w, r, link, http.StatusSeeOther)
		return
	}
	f.env.Message(w, http.StatusNotFound, "No game with this card yet",
		"No table here is playing Duet with the card whose side "+strings.ToUpper(part)+" is "+code+
			". On the host page, start a Duet game with this card: type both codes printed on it (side A's and side B's, in either order), then scan this QR code again.")
}
