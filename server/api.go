package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Created is the answer to POST /api/games, POST /api/tables and POST
// /api/tables/{id}/games.
type Created struct {
	ID      string            `json:"id,omitempty"` // the game, if one was started
	Table   string            `json:"table"`
	Lang    string            `json:"lang,omitempty"` // the table's language, if one was chosen
	HostURL string            `json:"host_url"`
	Seats   map[string]string `json:"seats"` // part (or seat number at a table without a game) -> its secret join link
}

// TableView is the body of GET /api/tables/{id}: the table's seats and games.
// It holds no link: seat links are secrets of the host page.
type TableView struct {
	ID    string     `json:"id"`
	Lang  string     `json:"lang"` // the table's language (catalog.Langs), "" when none was chosen
	Seats []SeatView `json:"seats"`
	Game  string     `json:"game,omitempty"` // the current game's id
	Games int        `json:"games"`          // games started at the table
	// History lists the table's games, oldest first: a game left
	// unfinished for the next one is kept, marked abandoned.
	History []TableGame `json:"history,omitempty"`
}

// SeatView is one seat of a table.
type SeatView struct {
	Seat   int    `json:"seat"`
	Part   string `json:"part,omitempty"` // what it plays in the current game
	Status string `json:"status"`         // "free" or "taken"
}

// head is the first thing read of a new game request: which game.
type head struct {
	Game string `json:"game"`
}

// decodeHead reads the head of a new game or table request: one JSON
// object (nothing before or after it) whose "game", if any, is a string.
func decodeHead(body []byte, h *head) error {
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '{' {
		return errors.New("the body is not a JSON object")
	}
	if !utf8.Valid(b) {
		return errors.New("the body is not UTF-8 text")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(h); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more after the JSON object; send one object")
	}
	return nil
}

// createGame: POST /api/games, a new table with its first game.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	if !s.allowCreate(w, r) {
		return
	}
	body, ok := ReadBody(w, r, maxNewGameBody)
	if !ok {
		return
	}
	lang, body, err := s.newTableLang(r, body)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	c, err := s.startGameIn(r.Context(), "", lang, body)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	w.Header().Set("Location", "/api/games/"+c.ID)
	WriteJSON(w, http.StatusCreated, c)
}

// createTable: POST /api/tables, a new table; with a "game" in the body it
// starts that game at once.
func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	if !s.allowCreate(w, r) {
		return
	}
	body, ok := ReadBody(w, r, maxNewGameBody)
	if !ok {
		return
	}
	lang, body, err := s.newTableLang(r, body)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	var c Created
	var h head
	trimmed := strings.TrimSpace(string(body))
	if trimmed == "" {
		trimmed, body = "{}", []byte("{}")
	}
	if err = decodeHead(body, &h); err != nil || (h.Game == "" && trimmed != "{}") {
		if err == nil {
			err = errors.New("a table without a game takes no options")
		}
		WriteSaid(w, http.StatusBadRequest, catalog.M("server.new_table"), "new table: %v; send {} or a game, {\"game\":NAME,...} with NAME one of %s (and \"table_lang\", the table's language, in either)", err, strings.Join(s.gameNames(), ", "))
		return
	}
	if h.Game == "" {
		c, err = s.emptyTable(r.Context(), lang)
	} else {
		c, err = s.startGameIn(r.Context(), "", lang, body)
	}
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	w.Header().Set("Location", "/api/tables/"+c.Table)
	WriteJSON(w, http.StatusCreated, c)
}

// postGame: POST /api/tables/{id}/games (host), the table's next game. A body
// without "game" is a rematch: the current game's game and options with
// fresh cards.
func (s *Server) postGame(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOfTable(w, r)
	if !ok {
		return
	}
	body, ok := ReadBody(w, r, maxNewGameBody)
	if !ok {
		return
	}
	c, err := s.startGame(r.Context(), t.id, body)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	w.Header().Set("Location", "/api/games/"+c.ID)
	WriteJSON(w, http.StatusCreated, c)
}

// newTableRecord draws a new table's id and host token.
func (s *Server) newTableRecord() (*storedTable, error) {
	id, err := s.randomString(5)
	if err != nil {
		return nil, err
	}
	tok, err := s.token()
	if err != nil {
		return nil, err
	}
	return &storedTable{id: id, hostToken: tok, created: s.Now()}, nil
}

// emptyTable makes a table that speaks lang ("" for none chosen) with no
// seats and no game yet.
func (s *Server) emptyTable(ctx context.Context, lang string) (Created, error) {
	st, err := s.newTableRecord()
	if err != nil {
		return Created{}, err
	}
	st.lang = lang
	if err := s.Store.tx(ctx, func(tx *sql.Tx) error { return createTable(ctx, tx, st) }); err != nil {
		return Created{}, fmt.Errorf("%w: %w", errStorage, err)
	}
	s.Logf("new table %s (language %q)", st.id, lang)
	return Created{Table: st.id, Lang: lang, HostURL: s.BaseURL + "/h/" + st.hostToken, Seats: map[string]string{}}, nil
}

// startGame starts a game at table tid ("" for a new table) from a request
// body, as POST /api/tables/{id}/games does.
func (s *Server) startGame(ctx context.Context, tid string, body []byte) (Created, error) {
	return s.startGameIn(ctx, tid, "", body)
}

// startGameIn is startGame where a new table speaks lang ("" for none
// chosen); a table that exists keeps its own language.
func (s *Server) startGameIn(ctx context.Context, tid, lang string, body []byte) (Created, error) {
	var h head
	if err := decodeHead(body, &h); err != nil {
		return Created{}, saidErr(errBadRequest, fmt.Sprintf("new game: %v; send {\"game\":NAME,...} with NAME one of %s", err, strings.Join(s.gameNames(), ", ")), "server.new_game")
	}
	var t *table
	var cur tableState
	if tid != "" {
		var err error
		if t, err = s.table(ctx, tid); err != nil {
			return Created{}, err
		}
		cur = t.snapshot()
		lang = cur.lang
	}
	var prev *Stored
	if cur.game != nil {
		p := cur.game.stored
		prev = &p
	}
	if h.Game == "" {
		if prev == nil {
			return Created{}, saidErr(errBadRequest, fmt.Sprintf("new game: no \"game\"; choose one of %s", strings.Join(s.gameNames(), ", ")), "server.no_game_name")
		}
		var ph head
		json.Unmarshal(prev.Setup, &ph) // a setup is a "new" event: it names its game
		h.Game = ph.Game
	}
	f, ok := s.familyOfGame(h.Game)
	if !ok {
		return Created{}, saidErr(errBadRequest, fmt.Sprintf("new game: \"game\" %q; choose one of %s", h.Game, strings.Join(s.gameNames(), ", ")), "server.unknown_game", "game", h.Game)
	}
	gid, err := s.randomString(5)
	if err != nil {
		return Created{}, err
	}
	start, err := f.Start(ctx, s.env, StartRequest{ID: gid, Game: h.Game, Body: body, Previous: prev, Table: tid, Lang: lang})
	if err != nil {
		return Created{}, err
	}
	var st *storedTable
	if t == nil {
		if st, err = s.newTableRecord(); err != nil {
			return Created{}, err
		}
		st.lang = lang
		tid = st.id
	}
	stored := Stored{ID: gid, Table: tid, Family: f.Name(), Setup: start.Setup, Parts: start.Parts, Created: s.Now()}
	if start.Game == nil {
		return Created{}, fmt.Errorf("server: the %s family started no game", f.Name())
	}
	g := &gameState{stored: stored, family: f, game: start.Game}
	// Seats the game needs beyond the table's, with fresh tokens.
	have := len(cur.seats)
	var more []storedSeat
	for i := have; i < len(start.Parts); i++ {
		tok, err := s.token()
		if err != nil {
			return Created{}, err
		}
		more = append(more, storedSeat{token: tok})
	}
	change := func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		if len(cur.seats) != have {
			return cur, nil, saidErr(errRefused, "the table's seats changed meanwhile; start the game again", "server.seats_changed")
		}
		next := cur
		if st != nil {
			next.lang = st.lang
		}
		next.seats = append(cur.seats[:len(cur.seats):len(cur.seats)], seatStates(more)...)
		next.game, next.n = g, cur.n+1
		n := next.n
		// A game left while it is played stays in the table's list,
		// marked abandoned; one that ended, or where nothing was played
		// yet, loses nothing.
		var left *gameState
		if old := cur.game; old != nil && old.game.Playing() && len(old.log) > 0 {
			left = old
		}
		return next, func(ctx context.Context, tx *sql.Tx) error {
			if left != nil {
				if err := abandonGame(ctx, tx, left.stored.ID, len(left.log), stored.Created); err != nil {
					return err
				}
			}
			if st != nil {
				if err := createTable(ctx, tx, st); err != nil {
					return err
				}
			}
			if err := addSeats(ctx, tx, tid, have, more); err != nil {
				return err
			}
			if err := createGame(ctx, tx, stored, n); err != nil {
				return err
			}
			if start.Commit != nil {
				return start.Commit(ctx, tx, gid)
			}
			return nil
		}, nil
	}
	var next tableState
	if t == nil {
		t = &table{id: tid, hostToken: st.hostToken, subs: map[*subscriber]struct{}{}}
		next, err = t.update(ctx, s.Store, change)
		if err == nil {
			s.mu.Lock()
			s.keep(t)
			s.mu.Unlock()
		}
	} else {
		next, err = t.update(ctx, s.Store, change)
	}
	if err != nil {
		return Created{}, err
	}
	c := Created{ID: gid, Table: tid, Lang: next.lang, HostURL: s.BaseURL + "/h/" + t.hostToken, Seats: map[string]string{}}
	for i, p := range start.Parts {
		c.Seats[p] = s.BaseURL + "/s/" + next.seats[i].token
	}
	s.Logf("table %s: game %d (%s): %s %s", tid, next.n, gid, h.Game, start.Summary)
	s.offerCamera(ctx, tid)
	return c, nil
}

func seatStates(seats []storedSeat) []seatState {
	out := make([]seatState, len(seats))
	for i, st := range seats {
		out[i] = seatState(st)
	}
	return out
}

// getTable: GET /api/tables/{id}.
func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	t, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		WriteSaid(w, s.statusOf(err, nil), catalog.M("server.no_table"), "no table %q", r.PathValue("id"))
		return
	}
	v := t.view(t.snapshot())
	if v.History, err = s.Store.tableGames(r.Context(), t.id); err != nil {
		s.fail(w, err, nil)
		return
	}
	WriteJSON(w, http.StatusOK, v)
}

// view returns the table as GET /api/tables/{id} shows it.
func (t *table) view(st tableState) TableView {
	v := TableView{ID: t.id, Lang: st.lang, Seats: []SeatView{}, Games: st.n}
	if st.game != nil {
		v.Game = st.game.stored.ID
	}
	for i, seat := range st.seats {
		sv := SeatView{Seat: i + 1, Part: st.game.part(i + 1), Status: "free"}
		if seat.device != "" {
			sv.Status = "taken"
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// listGames: GET /api/games, the newest games (ids only, no links).
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	list, err := s.Store.games(r.Context(), 50)
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	if list == nil {
		list = []GameSummary{}
	}
	WriteJSON(w, http.StatusOK, list)
}

// getGame: GET /api/games/{id}, the public state. A game the table has moved
// on from is rebuilt from the store.
func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	t, ok := s.gameTable(w, r)
	if !ok {
		return
	}
	st := t.snapshot()
	if st.game == nil || st.game.stored.ID != r.PathValue("id") {
		g, err := s.loadGame(r.Context(), r.PathValue("id"))
		if err != nil {
			s.fail(w, err, nil)
			return
		}
		st.game, st.n = g, 0
	}
	writeRaw(w, http.StatusOK, t.publicJSON(st))
}

// gameTable finds the table of the request's game {id}, or answers 404.
func (s *Server) gameTable(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, err := s.tableOfGame(r.Context(), r.PathValue("id"))
	if errors.Is(err, errNotFound) {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_game"), "no game %q", r.PathValue("id"))
		return nil, false
	}
	if err != nil {
		s.fail(w, err, nil)
		return nil, false
	}
	return t, true
}

// checkHost checks that the request carries table t's host token
// ("Authorization: Bearer TOKEN"); on failure it answers.
func checkHost(w http.ResponseWriter, r *http.Request, t *table) bool {
	tok, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !found || tok == "" {
		WriteSaid(w, http.StatusUnauthorized, catalog.M("server.host_token"), "changing a game needs its table's host token: send \"Authorization: Bearer TOKEN\" with the token from the host_url (/h/TOKEN)")
		return false
	}
	if !equalTokens(tok, t.hostToken) {
		WriteSaid(w, http.StatusForbidden, catalog.M("server.not_host"), "that is not the host token of table %s", t.id)
		return false
	}
	return true
}

// hostOf finds the table of the request's game {id} and checks the host token.
func (s *Server) hostOf(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, ok := s.gameTable(w, r)
	return t, ok && checkHost(w, r, t)
}

// hostOfGame is Env.HostOf.
func (s *Server) hostOfGame(w http.ResponseWriter, r *http.Request, game string) bool {
	t, err := s.tableOfGame(r.Context(), game)
	if err != nil {
		WriteSaid(w, s.statusOf(err, nil), catalog.M("server.no_game"), "no game %q", game)
		return false
	}
	return checkHost(w, r, t)
}

// hostOfTable finds the request's table {id} and checks the host token.
func (s *Server) hostOfTable(w http.ResponseWriter, r *http.Request) (*table, bool) {
	t, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		WriteSaid(w, s.statusOf(err, nil), catalog.M("server.no_table"), "no table %q", r.PathValue("id"))
		return nil, false
	}
	return t, checkHost(w, r, t)
}

// postEvent: POST /api/games/{id}/events (host).
func (s *Server) postEvent(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.event(w, r, t, r.PathValue("id"), 0)
}

// event reads one event from the body and applies it to game id ("" for the
// table's current game); seat is the seat that sends it from its phone, or 0
// for the host.
func (s *Server) event(w http.ResponseWriter, r *http.Request, t *table, id string, seat int) {
	body, ok := ReadBody(w, r, maxEventBody)
	if !ok {
		return
	}
	cur := t.snapshot()
	part := ""
	if seat != 0 {
		if part = cur.game.part(seat); part == "" && cur.game != nil {
			writeRefused(w, http.StatusConflict, saidErr(errRefused, "this phone's seat has no part in this game; it watches", "server.seat_watches"), t.publicJSON(cur))
			return
		}
	}
	s.apply(w, r, t, applyEvent(id, body, part, s.Now()))
}

// apply runs a change and answers with the new public state, or the error and
// the unchanged state.
func (s *Server) apply(w http.ResponseWriter, r *http.Request, t *table, c change) {
	st, err := t.update(r.Context(), s.Store, c)
	if errors.Is(err, errPutAway) { // put away meanwhile: once more on a fresh copy
		if fresh, ferr := s.table(r.Context(), t.id); ferr == nil {
			t = fresh
			st, err = t.update(r.Context(), s.Store, c)
		}
	}
	var f Family
	if st.game != nil {
		f = st.game.family
	}
	if err != nil {
		code := s.statusOf(err, f)
		writeRaw(w, code, mergeObjects(mustJSON(apiError{Error: s.errText(err, code), Msg: ptr(s.errMsg(err, code))}), []byte(`{"state":`+string(t.publicJSON(st))+`}`)))
		return
	}
	writeRaw(w, http.StatusOK, t.publicJSON(st))
}

// postUndo: POST /api/games/{id}/undo (host) takes back the last event.
func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.apply(w, r, t, undo(r.Context(), s.env, r.PathValue("id")))
}

// releaseSeat: POST /api/games/{id}/seats/{seat}/release (host) frees the
// seat that plays part {seat} (or seat number {seat}), so that the next
// device to open its link claims it.
func (s *Server) releaseSeat(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOf(w, r)
	if !ok {
		return
	}
	s.release(w, r, t)
}

// releaseTableSeat: POST /api/tables/{id}/seats/{seat}/release (host).
func (s *Server) releaseTableSeat(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOfTable(w, r)
	if !ok {
		return
	}
	s.release(w, r, t)
}

func (s *Server) release(w http.ResponseWriter, r *http.Request, t *table) {
	n := seatNumber(t.snapshot(), r.PathValue("seat"))
	if n == 0 {
		WriteSaid(w, http.StatusNotFound, catalog.M("server.no_seat"), "table %s has no seat %q", t.id, r.PathValue("seat"))
		return
	}
	s.apply(w, r, t, setSeat(t.id, n, "", false))
}

// seatNumber reads a seat as a number or as the part it plays now; 0 for none.
func seatNumber(st tableState, name string) int {
	if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(st.seats) {
		return n
	}
	if n := st.game.seatOf(name); n >= 1 && n <= len(st.seats) {
		return n
	}
	return 0
}

// publicStream: GET /api/games/{id}/events/stream, the public stream of the
// game's table: it follows the table to its next games.
func (s *Server) publicStream(w http.ResponseWriter, r *http.Request) {
	t, ok := s.gameTable(w, r)
	if !ok {
		return
	}
	s.serveStream(w, r, t, 0, "")
}

// tableStream: GET /api/tables/{id}/stream, the table's public stream.
func (s *Server) tableStream(w http.ResponseWriter, r *http.Request) {
	t, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		WriteSaid(w, s.statusOf(err, nil), catalog.M("server.no_table"), "no table %q", r.PathValue("id"))
		return
	}
	s.serveStream(w, r, t, 0, "")
}
