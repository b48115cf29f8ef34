package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"

	"fieldkit/deck"
	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/wordlists"
)

// NewGame is the body of POST /api/games.
type NewGame struct {
	Game    string   `json:"game"`              // "duet" or "classic"
	Key     string   `json:"key,omitempty"`     // a key card code (typed, or read from a printed card); empty draws a fresh card
	Mission *Mission `json:"mission,omitempty"` // Duet: the mission; default 9-9
	Loose   bool     `json:"loose,omitempty"`   // Duet: the looser turn order
	Variant string   `json:"variant,omitempty"` // classic: "teams" (default) or "solo"
	Words   []string `json:"words,omitempty"`   // the 25 words row by row (Duet: seen from seat A)
	Lang    string   `json:"lang,omitempty"`    // without words: draw 25 from this built-in list ("en" by default; "none" for no words)
	// Deck is the printed deck the game is played with: its code from the
	// deck sheet ("W4NQR-FBS8W-UA", built-in word lists) or its manifest
	// (deck.json, any list). The scanner then reads words, not only places;
	// without "words" the game takes its words from the first scan that reads
	// all 25 cards.
	Deck json.RawMessage `json:"deck,omitempty"`
	// Campaign makes the game count for a campaign; the mission is then named
	// by its id on the campaign's map ({"id":"kahira"}) and must be playable.
	Campaign string `json:"campaign,omitempty"`
}

// Mission is a Duet mission in a new game request: turns and mistakes, or a
// mission id of the campaign's map.
type Mission struct {
	ID       string `json:"id,omitempty"`
	Turns    int    `json:"turns,omitempty"`
	Mistakes int    `json:"mistakes,omitempty"`
}

// Created is the answer to POST /api/games.
type Created struct {
	ID      string            `json:"id"`
	HostURL string            `json:"host_url"`
	Seats   map[string]string `json:"seats"` // seat -> its secret join link
}

// apiError is the body of every 4xx and 5xx answer of the API.
type apiError struct {
	Error string     `json:"error"`
	State *GameState `json:"state,omitempty"` // for a refused event: the unchanged state
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, "encoding the answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

func writeError(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// statusOf maps an error to an HTTP status: 400 for malformed requests, 409 for
// events the rules refuse now, 404 for unknown games, 500 for storage failures.
func statusOf(err error) int {
	switch {
	case errors.Is(err, errNotFound):
		return http.StatusNotFound
	case errors.Is(err, errStorage):
		return http.StatusInternalServerError
	case errors.Is(err, errSeatTaken):
		return http.StatusConflict
	case errors.Is(err, rules.ErrEvent), errors.Is(err, rules.ErrSetup):
		return http.StatusBadRequest
	case errors.Is(err, rules.ErrOver), errors.Is(err, rules.ErrOrder), errors.Is(err, rules.ErrTurn),
		errors.Is(err, rules.ErrCovered), errors.Is(err, rules.ErrKnown), errors.Is(err, rules.ErrNoAgent),
		errors.Is(err, rules.ErrNoGreens):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// readBody reads a request body of at most limit bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "the request body is over %d bytes", limit)
		return nil, false
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "reading the request body: %v", err)
		return nil, false
	}
	return b, true
}

// createGame: POST /api/games.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r, maxNewGameBody)
	if !ok {
		return
	}
	var req NewGame
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "new game: %v; send e.g. {\"game\":\"duet\",\"mission\":{\"turns\":9,\"mistakes\":9}}", err)
		return
	}
	c, err := s.NewGame(r.Context(), req)
	if err != nil {
		writeError(w, statusOf(err), "%v", err)
		return
	}
	w.Header().Set("Location", "/api/games/"+c.ID)
	writeJSON(w, http.StatusCreated, c)
}

// NewGame starts a game: it checks the request, draws what it leaves open (the
// key card, the words), and stores the game with fresh seat tokens.
func (s *Server) NewGame(ctx context.Context, req NewGame) (Created, error) {
	var missionID string
	if req.Campaign != "" {
		if req.Game != "duet" || req.Mission == nil || req.Mission.ID == "" {
			return Created{}, fmt.Errorf("%w: a campaign game is Duet with a mission of the map: {\"game\":\"duet\",\"campaign\":\"ID\",\"mission\":{\"id\":\"praha\"}}", rules.ErrSetup)
		}
		ms, err := s.campaignMission(ctx, req.Campaign, req.Mission.ID)
		if err != nil {
			return Created{}, err
		}
		missionID = ms.ID
		req.Mission = &Mission{Turns: ms.Turns, Mistakes: ms.Mistakes}
	} else if req.Mission != nil && req.Mission.ID != "" {
		return Created{}, fmt.Errorf("%w: a mission id needs a \"campaign\"; without one give turns and mistakes", rules.ErrSetup)
	}
	d, err := deckOf(req.Deck)
	if err != nil {
		return Created{}, err
	}
	if d != nil && req.Words == nil {
		if req.Lang != "" {
			return Created{}, fmt.Errorf("%w: with a \"deck\" the words are the cards on the table: leave out \"lang\" (the first scan reads them) or give the 25 \"words\"", rules.ErrSetup)
		}
		req.Lang = "none"
	}
	setup, err := s.setupOf(req)
	if err != nil {
		return Created{}, err
	}
	if _, err := rules.Replay(setup, nil); err != nil {
		return Created{}, err
	}
	g := &storedGame{setup: setup, created: s.Now(), campaign: req.Campaign, mission: missionID, deck: d}
	if g.id, err = s.randomString(5); err != nil {
		return Created{}, err
	}
	if g.hostToken, err = s.token(); err != nil {
		return Created{}, err
	}
	c := Created{ID: g.id, HostURL: s.BaseURL + "/h/" + g.hostToken, Seats: map[string]string{}}
	for _, p := range seatsOf(setup.Game) {
		tok, err := s.token()
		if err != nil {
			return Created{}, err
		}
		g.seats = append(g.seats, storedSeat{seat: p, token: tok})
		c.Seats[p.String()] = s.BaseURL + "/s/" + tok
	}
	if err := s.Store.createGame(ctx, g); err != nil {
		return Created{}, fmt.Errorf("%w: %w", errStorage, err)
	}
	s.Logf("new game %s: %s", g.id, setup.Game)
	s.watchWithCamera(g.id) // the camera watches the newest table
	return c, nil
}

// setupOf turns a new game request into the engine's setup.
func (s *Server) setupOf(req NewGame) (rules.Setup, error) {
	bad := func(format string, args ...any) (rules.Setup, error) {
		return rules.Setup{}, fmt.Errorf("%w: %s", rules.ErrSetup, fmt.Sprintf(format, args...))
	}
	game, err := keycards.ParseGame(req.Game)
	if err != nil {
		return bad("\"game\": %v", err)
	}
	setup := rules.Setup{Game: game, Key: req.Key, Loose: req.Loose}
	switch game {
	case keycards.Duet:
		if req.Variant != "" {
			return bad("\"variant\" is for classic games; Duet takes \"mission\" and \"loose\"")
		}
		setup.Mission = rules.Standard
		if req.Mission != nil {
			setup.Mission = rules.Mission{Turns: req.Mission.Turns, Mistakes: req.Mission.Mistakes}
		}
	case keycards.Classic:
		if req.Mission != nil || req.Loose {
			return bad("\"mission\" and \"loose\" are for Duet; classic takes \"variant\"")
		}
		if req.Variant != "" {
			if setup.Variant, err = rules.ParseVariant(req.Variant); err != nil {
				return bad("\"variant\": %v", err)
			}
		}
	}
	if setup.Key == "" {
		src := keycards.NewSource()
		if game == keycards.Duet {
			setup.Key = keycards.NewDuet(src).Code()
		} else {
			setup.Key = keycards.NewClassic(src).Code()
		}
	}
	switch {
	case req.Words != nil && req.Lang != "":
		return bad("give \"words\" or \"lang\", not both")
	case req.Words != nil:
		setup.Words = req.Words
	case req.Lang != "none":
		lang := req.Lang
		if lang == "" {
			lang = "en"
		}
		l, err := wordlists.Builtin(lang)
		if err != nil {
			return bad("\"lang\": %v", err)
		}
		if setup.Words, err = s.draw(l.Words, 25); err != nil {
			return rules.Setup{}, err
		}
	}
	return setup, nil
}

// deckOf reads the "deck" of a new game request: a deck code of a built-in
// word list, or a deck manifest. It returns nil for none.
func deckOf(raw json.RawMessage) (*deck.Deck, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '{' {
		d := new(deck.Deck)
		if err := json.Unmarshal(raw, d); err != nil {
			return nil, fmt.Errorf("%w: \"deck\": %v", rules.ErrSetup, err)
		}
		return d, nil
	}
	var code string
	if err := json.Unmarshal(raw, &code); err != nil {
		return nil, fmt.Errorf("%w: \"deck\" is a deck code (\"W4NQR-FBS8W-UA\") or a deck manifest object", rules.ErrSetup)
	}
	info, err := deck.ParseCode(code)
	if err != nil {
		return nil, fmt.Errorf("%w: \"deck\": %v", rules.ErrSetup, err)
	}
	if info.Lang == "" {
		return nil, fmt.Errorf("%w: \"deck\": %s is a deck of a custom word list, which its code does not carry: send the deck's manifest (deck.json) as \"deck\" instead", rules.ErrSetup, code)
	}
	l, err := wordlists.Builtin(info.Lang)
	if err != nil {
		return nil, fmt.Errorf("%w: \"deck\": %v", rules.ErrSetup, err)
	}
	d, err := deck.FromCode(info, l.Name, l.Words)
	if err != nil {
		return nil, fmt.Errorf("%w: \"deck\": %v", rules.ErrSetup, err)
	}
	return d, nil
}

// draw returns n different words of list in random order.
func (s *Server) draw(list []string, n int) ([]string, error) {
	var seed [32]byte
	if _, err := io.ReadFull(s.Rand, seed[:]); err != nil {
		return nil, fmt.Errorf("server: no randomness: %w", err)
	}
	r := rand.New(rand.NewChaCha8(seed))
	p := r.Perm(len(list))[:n]
	out := make([]string, n)
	for i, j := range p {
		out[i] = list[j]
	}
	return out, nil
}

// listGames: GET /api/games, the newest games (ids only, no links).
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.games(r.Context(), 50)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	if list == nil {
		list = []GameSummary{}
	}
	writeJSON(w, http.StatusOK, list)
}

// getGame: GET /api/games/{id}, the public state.
func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	t, ok := s.gameOf(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, t.public(t.snapshot()))
}

// gameOf finds the game of the request's {id}, or answers 404.
func (s *Server) gameOf(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, err := s.table(r.Context(), r.PathValue("id"))
	if errors.Is(err, errNotFound) {
		writeError(w, http.StatusNotFound, "no game %q", r.PathValue("id"))
		return nil, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return nil, false
	}
	return t, true
}

// hostOf finds the game of the request's {id} and checks that the request
// carries its host token ("Authorization: Bearer TOKEN").
func (s *Server) hostOf(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, ok := s.gameOf(w, r)
	if !ok {
		return nil, false
	}
	tok, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !found || tok == "" {
		writeError(w, http.StatusUnauthorized, "changing a game needs its host token: send \"Authorization: Bearer TOKEN\" with the token from the game's host_url (/h/TOKEN)")
		return nil, false
	}
	if !equalTokens(tok, t.hostToken) {
		writeError(w, http.StatusForbidden, "that is not the host token of game %s", t.id)
		return nil, false
	}
	return t, true
}

// postEvent: POST /api/games/{id}/events (host).
func (s *Server) postEvent(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.event(w, r, t, rules.Nobody)
}

// event reads one event from the body and applies it; seat is the seat that
// sends it from its phone, or Nobody for the host.
func (s *Server) event(w http.ResponseWriter, r *http.Request, t *table, seat rules.Player) {
	body, ok := readBody(w, r, maxEventBody)
	if !ok {
		return
	}
	e, err := rules.DecodeEvent(body)
	if err == nil && seat != rules.Nobody {
		err = seatMay(t.snapshot().setup.Game, seat, &e)
	}
	if err != nil {
		st := t.public(t.snapshot())
		writeJSON(w, statusOf(err), apiError{Error: err.Error(), State: &st})
		return
	}
	s.apply(w, r, t, t.applyEvent(e, s.Now()))
}

// apply runs a change and answers with the new public state, or the error and
// the unchanged state.
func (s *Server) apply(w http.ResponseWriter, r *http.Request, t *table, c change) {
	st, err := t.update(r.Context(), s.Store, c)
	if err != nil {
		pub := t.public(st)
		writeJSON(w, statusOf(err), apiError{Error: err.Error(), State: &pub})
		return
	}
	writeJSON(w, http.StatusOK, t.public(st))
}

// seatMay checks an event sent from a seat's phone and names the seat as its
// actor. Duet seats give clues, guess and stop for themselves; classic
// spymasters give their team's clues and covers.
func seatMay(g keycards.Game, seat rules.Player, e *rules.Event) error {
	allowed := []rules.EventType{rules.ClueGiven, rules.GuessMade, rules.StopGuess}
	if g == keycards.Classic {
		allowed = []rules.EventType{rules.ClueGiven, rules.EnemyCover, rules.OwnCover}
	}
	ok := false
	for _, a := range allowed {
		ok = ok || e.Type == a
	}
	if !ok {
		return fmt.Errorf("%w: a seat's phone cannot send a %s event; the host page can", rules.ErrEvent, e.Type)
	}
	if e.By != rules.Nobody && e.By != seat {
		return fmt.Errorf("%w: this phone is seat %s; it cannot act for %s", rules.ErrTurn, seat, e.By)
	}
	e.By = seat
	return nil
}

// postUndo: POST /api/games/{id}/undo (host) takes back the last event.
func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.apply(w, r, t, t.undo())
}

// releaseSeat: POST /api/games/{id}/seats/{seat}/release (host) frees a seat
// so that the next device to open its link claims it.
func (s *Server) releaseSeat(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	p, err := rules.ParsePlayer(r.PathValue("seat"))
	if err != nil {
		writeError(w, http.StatusNotFound, "no seat %q: %v", r.PathValue("seat"), err)
		return
	}
	s.apply(w, r, t, t.setSeat(p, "", false))
}

// publicStream: GET /api/games/{id}/events/stream.
func (s *Server) publicStream(w http.ResponseWriter, r *http.Request) {
	t, ok := s.gameOf(w, r)
	if !ok {
		return
	}
	s.serveStream(w, r, t, rules.Nobody, "")
}
