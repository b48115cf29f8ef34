package server

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"strings"

	rules "fieldkit/engine/codenames"
)

// assets are the page templates (assets/*.html) and the static files
// (assets/static): built into the binary, never read from the disk.
//
//go:embed assets
var assets embed.FS

var templateFuncs = template.FuncMap{"upper": strings.ToUpper}

// notice is the data of message.html: a page that says one thing.
type notice struct {
	Title string
	Text  string
}

// seatPageData is the data of seat.html. It holds no secret: the page loads
// the seat's key with the device cookie.
type seatPageData struct {
	Seat       string
	Game       string
	Token      string
	HasScanner bool
}

// hostPageData is the data of host.html.
type hostPageData struct {
	ID         string
	Token      string
	Game       string
	Seats      []hostSeat
	BaseURL    string
	Loopback   bool // phones cannot reach BaseURL
	HasScanner bool
}

// hostSeat is a seat on the host page; its link is shown only with its join code.
type hostSeat struct {
	Name string
	Link string
}

// page renders a template; pages are not cached and never framed.
func (s *Server) page(w http.ResponseWriter, code int, name string, data any) {
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "page "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// homePageData is the data of home.html.
type homePageData struct {
	Missions  []MissionView // the rulebook map's missions
	Campaigns []CampaignView
}

// homePage: GET /, the form that starts a game.
func (s *Server) homePage(w http.ResponseWriter, r *http.Request) {
	var d homePageData
	if m, err := s.loadMap("rulebook"); err == nil {
		for _, ms := range m.Missions {
			d.Missions = append(d.Missions, MissionView{ID: ms.ID, Name: ms.Name, Turns: ms.Turns, Mistakes: ms.Mistakes})
		}
	}
	ids, err := s.Store.campaigns(r.Context())
	if err != nil {
		s.page(w, http.StatusInternalServerError, "message.html", notice{Title: "Something went wrong", Text: err.Error()})
		return
	}
	for _, id := range ids {
		if c, m, err := s.campaign(r.Context(), id); err == nil {
			d.Campaigns = append(d.Campaigns, campaignView(id, c, m))
		}
	}
	s.page(w, http.StatusOK, "home.html", d)
}

// hostPage: GET /h/{token}, the host screen of a game.
func (s *Server) hostPage(w http.ResponseWriter, r *http.Request) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err == nil && seat != rules.Nobody {
		err = errNotFound
	}
	if errors.Is(err, errNotFound) {
		s.page(w, http.StatusNotFound, "message.html", notice{Title: "No such game", Text: "This host link does not belong to a game on this server."})
		return
	}
	if err != nil {
		s.page(w, http.StatusInternalServerError, "message.html", notice{Title: "Something went wrong", Text: err.Error()})
		return
	}
	st := t.snapshot()
	d := hostPageData{ID: t.id, Token: t.hostToken, Game: st.setup.Game.String(), BaseURL: s.BaseURL,
		Loopback: isLoopbackURL(s.BaseURL), HasScanner: s.Scanner != nil}
	for _, p := range seatsOf(st.setup.Game) {
		d.Seats = append(d.Seats, hostSeat{Name: p.String(), Link: s.BaseURL + "/s/" + st.seats[p].token})
	}
	s.page(w, http.StatusOK, "host.html", d)
}
