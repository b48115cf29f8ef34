package codenames

import (
	"fieldkit/catalog"
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
		f.env.Message(w, r, http.StatusNotFound, catalog.M("cn.page.not_side"), catalog.M("cn.page.not_side.text"))
		return
	}
	games, err := f.env.Current(r.Context(), maxTablesSearched)
	if err != nil {
		f.env.Message(w, r, http.StatusInternalServerError, catalog.M("page.wrong"), catalog.M("cn.page.lookup_failed"))
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
	f.env.Message(w, r, http.StatusNotFound, catalog.M("cn.page.no_game_card"), catalog.M("cn.page.no_game_card.text", "side", strings.ToUpper(part), "code", code))
}
