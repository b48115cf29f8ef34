package server

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"
)

// assets are the server's own page templates (assets/*.html: the layout,
// the home page, messages) and static files (assets/static): built into the
// binary, never read from the disk. Each family brings its own (Family.Assets).
//
//go:embed assets
var assets embed.FS

var templateFuncs = template.FuncMap{"upper": strings.ToUpper, "t": func(string, ...any) string { return "" }, "say": func(catalog.Msg) string { return "" }, "lang": func() string { return "" }}

// notice is the data of message.html: a page that says one thing.
type notice struct {
	Title catalog.Msg
	Text  catalog.Msg
}

// seatPageData is the data of a family's seat.html and of wait.html. It holds
// no secret: the page loads the seat's secret with the device cookie.
type seatPageData struct {
	Seat   string // the part the seat plays in the current game
	Number int    // the seat's number at the table
	Game   string // the game's name, e.g. "duet"
	GameID string
	Token  string
	Photos bool // the game reads photos of the table
}

// hostPageData is the data of a family's host.html.
type hostPageData struct {
	ID       string // the current game
	Table    string
	Number   int // the game's number at the table
	Token    string
	Game     string // the game's name, e.g. "duet"
	Games    []string
	Seats    []hostSeat
	BaseURL  string
	Loopback bool // phones cannot reach BaseURL
	// LocalURL is the announced address printed key cards hold (empty when
	// not announced); TypeURL is what a person types, the side code
	// completing it, when a phone cannot open LocalURL, e.g.
	// "192.168.1.20:8080/k/".
	LocalURL string
	TypeURL  string
	Photos   bool // the game reads photos of the table
}

// hostSeat is a seat on the host page. Its link is not in the page: the
// page asks for it (GET /h/{token}/link/{seat}) when the host shows the
// seat's join code, and only while the seat is free.
type hostSeat struct {
	Name   string // the part it plays
	Number int
}

// homePageData is the data of home.html: the language of the table to
// start, and each family's part of the form.
type homePageData struct {
	Langs    []homeLang
	Families []template.HTML
}

// homeLang is a language the home page offers for the new table.
type homeLang struct {
	Code     string
	Name     catalog.Msg // the language's name in itself
	Selected bool
}

// parsePages parses, for each language, the server's templates and, for
// each family, the server's layout with the family's templates: each set
// says its words in its language (pageFuncs).
func (s *Server) parsePages() error {
	s.pages = map[string]*template.Template{}
	for _, lang := range append(slices.Clone(catalog.Langs), catalog.Pseudo) {
		base, err := template.New("").Funcs(templateFuncs).Funcs(pageFuncs(lang)).ParseFS(assets, "assets/*.html")
		if err != nil {
			return fmt.Errorf("server: templates: %w", err)
		}
		s.pages[pageKey(lang, "")] = base
		for _, f := range s.families {
			t, err := base.Clone()
			if err == nil {
				t, err = t.ParseFS(f.Assets(), "*.html")
			}
			if err != nil {
				return fmt.Errorf("server: %s templates: %w", f.Name(), err)
			}
			s.pages[pageKey(lang, f.Name())] = t
		}
	}
	return nil
}

// pageKey is the key of a language's templates of a family in s.pages.
func pageKey(lang, family string) string { return lang + "/" + family }

// templates returns the templates of family ("" for the server's own) in
// lang, or in the default language when lang has none.
func (s *Server) templates(lang, family string) *template.Template {
	if t := s.pages[pageKey(lang, family)]; t != nil {
		return t
	}
	return s.pages[pageKey(catalog.Langs[0], family)]
}

// page renders template name of a family ("" for the server's own) in lang;
// pages are not cached and never framed.
func (s *Server) page(w http.ResponseWriter, lang string, code int, family, name string, data any) {
	var b bytes.Buffer
	if err := s.templates(lang, family).ExecuteTemplate(&b, name, data); err != nil {
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

// message renders a page that says one thing, in the language of r.
func (s *Server) message(w http.ResponseWriter, r *http.Request, code int, title, text catalog.Msg) {
	s.page(w, s.langOf(r, ""), code, "", "message.html", notice{Title: title, Text: text})
}

// homePage: GET /, the forms that start a game at a new table. The page
// speaks the language of the table it starts: ?lang=LANG (its switch), else
// the device's own choice, else its browser's; the forms send it as the new
// table's "table_lang".
func (s *Server) homePage(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	if !s.speaks(lang) {
		lang = s.langOf(r, "")
	}
	var d homePageData
	for _, l := range catalog.Langs {
		name, _ := catalog.LangName(l)
		d.Langs = append(d.Langs, homeLang{Code: l, Name: name, Selected: l == lang})
	}
	for _, f := range s.families {
		var b bytes.Buffer
		if err := s.templates(lang, f.Name()).ExecuteTemplate(&b, "home-"+f.Name(), f.Home(r.Context(), s.env)); err != nil {
			s.message(w, r, http.StatusInternalServerError, catalog.M("page.wrong"), s.errMsg(err, http.StatusInternalServerError))
			return
		}
		d.Families = append(d.Families, template.HTML(b.String())) // the family's own template output
	}
	s.page(w, lang, http.StatusOK, "", "home.html", d)
}

// hostPage: GET /h/{token}, the host screen of a table's current game.
func (s *Server) hostPage(w http.ResponseWriter, r *http.Request) {
	t, seat, err := s.tableByToken(r.Context(), r.PathValue("token"))
	if err == nil && seat != 0 {
		err = errNotFound
	}
	if errors.Is(err, errNotFound) {
		s.message(w, r, http.StatusNotFound, catalog.M("page.no_table"), catalog.M("page.no_table.text"))
		return
	}
	if err != nil {
		s.message(w, r, http.StatusInternalServerError, catalog.M("page.wrong"), s.errMsg(err, http.StatusInternalServerError))
		return
	}
	st := t.snapshot()
	d := hostPageData{Table: t.id, Token: t.hostToken, BaseURL: s.BaseURL, Loopback: IsLoopbackURL(s.BaseURL), LocalURL: s.LocalURL, TypeURL: typeURL(s.BaseURL), Games: s.gameNames()}
	if st.game == nil {
		for i := range st.seats {
			d.Seats = append(d.Seats, hostSeat{Name: fmt.Sprint(i + 1), Number: i + 1})
		}
		s.page(w, s.hostLang(r, t), http.StatusOK, "", "table.html", d)
		return
	}
	g := st.game
	d.ID, d.Number, d.Game, d.Photos = g.stored.ID, st.n, gameName(g), readsPhotos(g.game)
	for i, p := range g.stored.Parts {
		d.Seats = append(d.Seats, hostSeat{Name: p, Number: i + 1})
	}
	s.page(w, s.hostLang(r, t), http.StatusOK, g.family.Name(), "host.html", d)
}

// gameName returns the name of a game: the "game" of its setup.
func gameName(g *gameState) string {
	var h head
	json.Unmarshal(g.stored.Setup, &h) // a setup is a "new" event: it names its game
	return h.Game
}

// readsPhotos reports whether a game reads photos of its table.
func readsPhotos(g Game) bool {
	p, ok := g.(Photos)
	return ok && p.ReadsPhotos()
}
