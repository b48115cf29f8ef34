package server

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"time"

	rules "fieldkit/engine/codenames"

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
func (s *Server) seatLink(w http.ResponseWriter, r *http.Request, page bool) (*table, rules.Player, bool) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err == nil && seat == rules.Nobody {
		err = errNotFound
	}
	switch {
	case errors.Is(err, errNotFound) && page:
		s.page(w, http.StatusNotFound, "message.html", notice{Title: "No such seat", Text: "This link does not belong to a game on this server. Scan the seat's code on the host screen again."})
		return nil, 0, false
	case errors.Is(err, errNotFound):
		writeError(w, http.StatusNotFound, "no seat with this link")
		return nil, 0, false
	case err != nil:
		writeError(w, http.StatusInternalServerError, "%v", err)
		return nil, 0, false
	}
	return t, seat, true
}

// holder returns the device cookie when it holds the seat.
func holder(r *http.Request, t *table, seat rules.Player) (string, bool) {
	c, err := r.Cookie(deviceCookie)
	if err != nil || c.Value == "" {
		return "", false
	}
	d := t.snapshot().seats[seat].device
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
			_, err = t.update(r.Context(), s.Store, t.setSeat(seat, dev, true))
		}
		if errors.Is(err, errSeatTaken) {
			s.page(w, http.StatusConflict, "message.html", notice{Title: "This seat is taken",
				Text: "Another phone opened this seat first. If that was a mistake, the host can release the seat on the host screen; then open this link again."})
			return
		}
		if err != nil {
			s.page(w, http.StatusInternalServerError, "message.html", notice{Title: "Something went wrong", Text: err.Error()})
			return
		}
		http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: dev, Path: "/s/" + r.PathValue("token"),
			MaxAge: int((90 * 24 * time.Hour).Seconds()), HttpOnly: true, SameSite: http.SameSiteStrictMode})
		s.Logf("game %s: seat %s claimed", t.id, seat)
	}
	s.page(w, http.StatusOK, "seat.html", seatPageData{Seat: seat.String(), Game: t.snapshot().setup.Game.String(), Token: r.PathValue("token"), HasScanner: s.Scanner != nil})
}

// seatHolder finds the seat of {token} and checks that this device holds it.
func (s *Server) seatHolder(w http.ResponseWriter, r *http.Request) (*table, rules.Player, string, bool) {
	t, seat, ok := s.seatLink(w, r, false)
	if !ok {
		return nil, 0, "", false
	}
	dev, held := holder(r, t, seat)
	if !held {
		writeError(w, http.StatusForbidden, "this device does not hold seat %s: open the seat's link (/s/TOKEN) first; if another phone holds it, the host can release it", seat)
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
	writeJSON(w, http.StatusOK, t.seatView(t.snapshot(), seat))
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
	s.event(w, r, t, seat)
}

// seatScan: POST /s/{token}/scan, a photo of the table from the seat's phone.
func (s *Server) seatScan(w http.ResponseWriter, r *http.Request) {
	t, _, _, ok := s.seatHolder(w, r)
	if !ok {
		return
	}
	s.scan(w, r, t)
}

// seatQR: GET /h/{token}/qr/{seat}, the QR code of a seat's link as PNG (host only).
func (s *Server) seatQR(w http.ResponseWriter, r *http.Request) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err != nil || seat != rules.Nobody {
		writeError(w, http.StatusNotFound, "no game with this host link")
		return
	}
	p, err := rules.ParsePlayer(r.PathValue("seat"))
	st, ok := t.snapshot().seats[p]
	if err != nil || !ok {
		writeError(w, http.StatusNotFound, "game %s has no seat %q", t.id, r.PathValue("seat"))
		return
	}
	png, err := qrcode.Encode(s.BaseURL+"/s/"+st.token, qrcode.Medium, 320)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "QR code: %v", err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(png)
}
