package server

import (
	"crypto/subtle"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"net/http"
	"time"

	qrcode "github.com/skip2/go-qrcode"
)

// A seat's link is /s/TOKEN. The first device that opens it claims the seat:
// it gets a random device cookie, scoped to the link's path, and the store
// records it. Every other device gets the "this seat is taken" page until the
// host releases the seat.

// deviceCookie is the name of the cookie that says which device holds a seat.
const deviceCookie = "fieldkit_device"

// equalTokens compares two secrets in constant time.
func equalTokens(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// seatLink finds the game and seat of the request's {token}; the host token is not a seat.
func (s *Server) seatLink(w http.ResponseWriter, r *http.Request, page bool) (*table, int, bool) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err == nil && seat == 0 {
		err = errNotFound
	}
	switch {
	case errors.Is(err, errNotFound) && page:
		s.message(w, r, http.StatusNotFound, catalog.M("page.no_seat"), catalog.M("page.no_seat.text"))
		return nil, 0, false
	case errors.Is(err, errNotFound):
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_seat_link"), "no seat with this link")
		return nil, 0, false
	case err != nil:
		s.fail(w, err, nil)
		return nil, 0, false
	}
	return t, seat, true
}

// holder returns the device cookie when it holds the seat.
func holder(r *http.Request, t *table, seat int) (string, bool) {
	c, err := r.Cookie(deviceCookie)
	if err != nil || c.Value == "" {
		return "", false
	}
	seats := t.snapshot().seats
	if seat < 1 || seat > len(seats) {
		return "", false
	}
	d := seats[seat-1].device
	return c.Value, d != "" && equalTokens(c.Value, d)
}

// seatPage: GET /s/{token}. It claims a free seat for this device.
func (s *Server) seatPage(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := s.seatLink(w, r, true)
	if !ok {
		return
	}
	if _, held := holder(r, t, seat); !held {
		dev, err := s.token()
		if err == nil {
			_, err = t.update(r.Context(), s.Store, setSeat(t.id, seat, dev, true))
		}
		if errors.Is(err, errSeatTaken) {
			s.page(w, s.langOf(r, t.language()), http.StatusConflict, "", "message.html", notice{Title: catalog.M("page.seat_taken"), Text: catalog.M("page.seat_taken.text")})
			return
		}
		if err != nil {
			s.message(w, r, http.StatusInternalServerError, catalog.M("page.wrong"), s.errMsg(err, http.StatusInternalServerError))
			return
		}
		http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: dev, Path: "/s/" + r.PathValue("token"),
			MaxAge: int((90 * 24 * time.Hour).Seconds()), HttpOnly: true, SameSite: http.SameSiteStrictMode})
		s.Logf("table %s: seat %d claimed", t.id, seat)
	}
	st := t.snapshot()
	d := seatPageData{Seat: st.game.part(seat), Number: seat, Token: r.PathValue("token")}
	if st.game == nil || d.Seat == "" {
		s.page(w, s.langOf(r, t.language()), http.StatusOK, "", "wait.html", d)
		return
	}
	d.Game, d.GameID, d.Photos = gameName(st.game), st.game.stored.ID, readsPhotos(st.game.game)
	s.page(w, s.langOf(r, t.language()), http.StatusOK, st.game.family.Name(), "seat.html", d)
}

// seatHolder finds the seat of {token} and checks that this device holds it.
func (s *Server) seatHolder(w http.ResponseWriter, r *http.Request) (*table, int, string, bool) {
	t, seat, ok := s.seatLink(w, r, false)
	if !ok {
		return nil, 0, "", false
	}
	dev, held := holder(r, t, seat)
	if !held {
		WriteSaid(w, http.StatusForbidden, catalog.M("server.not_holder", "seat", seat), "this device does not hold seat %s: open the seat's link (/s/TOKEN) first; if another phone holds it, the host can release it", seatLabel(t.snapshot(), seat))
		return nil, 0, "", false
	}
	return t, seat, dev, true
}

// seatState: GET /s/{token}/state, the seat's view.
func (s *Server) seatState(w http.ResponseWriter, r *http.Request) {
	t, seat, _, ok := s.seatHolder(w, r)
	if !ok {
		return
	}
	writeRaw(w, http.StatusOK, t.seatJSON(t.snapshot(), seat))
}

// seatStream: GET /s/{token}/stream, the seat's server-sent events.
func (s *Server) seatStream(w http.ResponseWriter, r *http.Request) {
	t, seat, dev, ok := s.seatHolder(w, r)
	if !ok {
		return
	}
	s.serveStream(w, r, t, seat, dev)
}

// seatEvent: POST /s/{token}/events, an event from the seat's phone.
func (s *Server) seatEvent(w http.ResponseWriter, r *http.Request) {
	t, seat, _, ok := s.seatHolder(w, r)
	if !ok {
		return
	}
	s.event(w, r, t, "", seat)
}

// seatScan: POST /s/{token}/scan, a photo of the table from the seat's phone.
func (s *Server) seatScan(w http.ResponseWriter, r *http.Request) {
	t, seat, _, ok := s.seatHolder(w, r)
	if !ok {
		return
	}
	s.scan(w, r, t, "", seat)
}

// seatQR: GET /h/{token}/qr/{seat}, the QR code of a seat's link as PNG
// (host only); {seat} is a seat number or the part it plays now.
func (s *Server) seatQR(w http.ResponseWriter, r *http.Request) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err != nil || seat != 0 {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_host_link"), "no table with this host link")
		return
	}
	st := t.snapshot()
	n := seatNumber(st, r.PathValue("seat"))
	if n == 0 {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_seat"), "table %s has no seat %q", t.id, r.PathValue("seat"))
		return
	}
	png, err := qrcode.Encode(s.BaseURL+"/s/"+st.seats[n-1].token, qrcode.Medium, 320)
	if err != nil {
		WriteSaid(w, http.StatusInternalServerError, catalog.M("server.qr_failed"), "QR code: %v", err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(png)
}

// SeatLink is the body of GET /h/{token}/link/{seat}.
type SeatLink struct {
	Seat int    `json:"seat"`
	Link string `json:"link"`
}

// seatLinkOf: GET /h/{token}/link/{seat} (host), a free seat's link, for
// the host page to show beside its join code; 409 once a phone holds it.
func (s *Server) seatLinkOf(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostByToken(w, r)
	if !ok {
		return
	}
	st := t.snapshot()
	n := seatNumber(st, r.PathValue("seat"))
	if n == 0 {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_seat"), "table %s has no seat %q", t.id, r.PathValue("seat"))
		return
	}
	if st.seats[n-1].device != "" {
		WriteSaid(w, http.StatusConflict, catalog.M("server.seat_held", "seat", n), "seat %s is taken: release it first to let another phone join", seatLabel(st, n))
		return
	}
	WriteJSON(w, http.StatusOK, SeatLink{Seat: n, Link: s.BaseURL + "/s/" + st.seats[n-1].token})
}

// seatLabel names a seat for people: its number and the part it plays now,
// e.g. "2 (b)".
func seatLabel(st tableState, seat int) string {
	if p := st.game.part(seat); p != "" {
		return fmt.Sprintf("%d (%s)", seat, p)
	}
	return fmt.Sprint(seat)
}
