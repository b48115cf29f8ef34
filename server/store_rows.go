package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The rows: how tables, seats, games and events are written and read.

func timeText(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// storedTable is a table as the database holds it.
type storedTable struct {
	id, hostToken string
	created       time.Time
	lang          string       // the table's language, "" when none was chosen
	seats         []storedSeat // seat 1 first
}

type storedSeat struct {
	token  string
	device string
}

// storedEvent is one logged event; what it led to comes from replaying it.
type storedEvent struct {
	Event json.RawMessage
	at    time.Time
}

// createTable stores a new table with its seats.
func createTable(ctx context.Context, tx *sql.Tx, t *storedTable) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO tables (id, host_token, created, lang) VALUES (?, ?, ?, ?)`,
		t.id, t.hostToken, timeText(t.created), t.lang); err != nil {
		return err
	}
	return addSeats(ctx, tx, t.id, 0, t.seats)
}

// addSeats stores seats numbered from first+1.
func addSeats(ctx context.Context, tx *sql.Tx, table string, first int, seats []storedSeat) error {
	for i, st := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO table_seats (tbl, seat, token, device) VALUES (?, ?, ?, ?)`,
			table, first+i+1, st.token, st.device); err != nil {
			return err
		}
	}
	return nil
}

// createGame stores game g as number n of its table.
func createGame(ctx context.Context, tx *sql.Tx, g Stored, n int) error {
	parts, err := json.Marshal(g.Parts)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO table_games (id, tbl, n, family, setup, parts, created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Table, n, g.Family, string(g.Setup), string(parts), timeText(g.Created))
	return err
}

// abandonGame records that game was left unfinished, after events events,
// for its table's next game: it stays in the table's list of games.
func abandonGame(ctx context.Context, tx *sql.Tx, game string, events int, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO abandoned_games (game, events, at) VALUES (?, ?, ?)`, game, events, timeText(at))
	return err
}

// TableGame is one game of a table's list of games (GET /api/tables/{id}).
type TableGame struct {
	ID        string    `json:"id"`
	Number    int       `json:"number"` // at the table: 1, 2, ...
	Game      string    `json:"game"`   // the "game" of its setup: duet, classic, insidejob, ...
	Created   time.Time `json:"created"`
	Events    int       `json:"events"`              // events played
	Abandoned bool      `json:"abandoned,omitempty"` // left unfinished for the table's next game
}

// tableGames lists the games of a table, oldest first.
func (s *Store) tableGames(ctx context.Context, table string) ([]TableGame, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.n, g.setup, g.created, (SELECT COUNT(*) FROM game_events e WHERE e.game = g.id),
		EXISTS (SELECT 1 FROM abandoned_games a WHERE a.game = g.id)
		FROM table_games g WHERE g.tbl = ? ORDER BY g.n`, table)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer rows.Close()
	out := []TableGame{}
	for rows.Next() {
		var tg TableGame
		var setup, created string
		if err := rows.Scan(&tg.ID, &tg.Number, &setup, &created, &tg.Events, &tg.Abandoned); err != nil {
			return nil, err
		}
		var head struct {
			Game string `json:"game"`
		}
		if json.Unmarshal([]byte(setup), &head) == nil {
			tg.Game = head.Game
		}
		tg.Created = parseTime(created)
		out = append(out, tg)
	}
	return out, rows.Err()
}

// appendEvents commits events as numbers first, first+1, ... of a game.
func appendEvents(ctx context.Context, tx *sql.Tx, game string, first int, events []LoggedEvent, at time.Time) error {
	for i, e := range events {
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_events (game, seq, event, at) VALUES (?, ?, ?, ?)`,
			game, first+i, string(e.Event), timeText(at)); err != nil {
			return err
		}
	}
	return nil
}

// replaceSetup stores a new setup of a game.
func replaceSetup(ctx context.Context, tx *sql.Tx, game string, setup []byte) error {
	_, err := tx.ExecContext(ctx, `UPDATE table_games SET setup = ? WHERE id = ?`, string(setup), game)
	return err
}

// deleteEvent removes event number seq of a game (undo).
func deleteEvent(ctx context.Context, tx *sql.Tx, game string, seq int) error {
	r, err := tx.ExecContext(ctx, `DELETE FROM game_events WHERE game = ? AND seq = ?`, game, seq)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n != 1 {
		return fmt.Errorf("undo: game %s has no event %d", game, seq)
	}
	return nil
}

// setTableLang records a table's language.
func setTableLang(ctx context.Context, tx *sql.Tx, table, lang string) error {
	r, err := tx.ExecContext(ctx, `UPDATE tables SET lang = ? WHERE id = ?`, lang, table)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n != 1 {
		return fmt.Errorf("table %s: %w", table, errNotFound)
	}
	return nil
}

// setDevice records which device holds a seat ("" frees it).
func setDevice(ctx context.Context, tx *sql.Tx, table string, seat int, device string) error {
	_, err := tx.ExecContext(ctx, `UPDATE table_seats SET device = ? WHERE tbl = ? AND seat = ?`, device, table, seat)
	return err
}

// loadTable reads a table and its seats; errNotFound for an unknown id.
func (s *Store) loadTable(ctx context.Context, id string) (*storedTable, error) {
	t := &storedTable{id: id}
	var created string
	err := s.db.QueryRowContext(ctx, `SELECT host_token, created, lang FROM tables WHERE id = ?`, id).Scan(&t.hostToken, &created, &t.lang)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("database: table %s: %w", id, err)
	}
	t.created = parseTime(created)
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token, device FROM table_seats WHERE tbl = ? ORDER BY seat`, id)
	if err != nil {
		return nil, fmt.Errorf("database: seats of %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		var st storedSeat
		if err := rows.Scan(&n, &st.token, &st.device); err != nil {
			return nil, err
		}
		if n != len(t.seats)+1 {
			return nil, fmt.Errorf("database: table %s: seat %d follows seat %d", id, n, len(t.seats))
		}
		t.seats = append(t.seats, st)
	}
	return t, rows.Err()
}

// currentGame returns the id and number of a table's newest game, or "" and 0.
func (s *Store) currentGame(ctx context.Context, table string) (string, int, error) {
	var id string
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT id, n FROM table_games WHERE tbl = ? ORDER BY n DESC LIMIT 1`, table).Scan(&id, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	}
	if err != nil {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	return id, n, nil
}

// loadGame reads a game and its events; errNotFound for an unknown id.
func (s *Store) loadGame(ctx context.Context, id string) (Stored, []storedEvent, error) {
	g := Stored{ID: id}
	var setup, parts, created string
	err := s.db.QueryRowContext(ctx, `SELECT tbl, family, setup, parts, created FROM table_games WHERE id = ?`, id).
		Scan(&g.Table, &g.Family, &setup, &parts, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return g, nil, errNotFound
	}
	if err != nil {
		return g, nil, fmt.Errorf("database: game %s: %w", id, err)
	}
	g.Setup, g.Created = []byte(setup), parseTime(created)
	if err := json.Unmarshal([]byte(parts), &g.Parts); err != nil {
		return g, nil, fmt.Errorf("database: game %s: parts %s: %w", id, parts, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, event, at FROM game_events WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		return g, nil, fmt.Errorf("database: events of %s: %w", id, err)
	}
	defer rows.Close()
	var events []storedEvent
	for rows.Next() {
		var seq int
		var text, at string
		var e storedEvent
		if err := rows.Scan(&seq, &text, &at); err != nil {
			return g, nil, err
		}
		if seq != len(events)+1 {
			return g, nil, fmt.Errorf("database: game %s: event %d follows event %d", id, seq, len(events))
		}
		e.Event, e.at = json.RawMessage(text), parseTime(at)
		events = append(events, e)
	}
	return g, events, rows.Err()
}

// byToken returns the table whose host token or seat token is token, and the
// seat (0 for the host token). Tokens never change once stored: a token found
// is remembered, and the phone's next request does not read the database.
func (s *Store) byToken(ctx context.Context, token string) (string, int, error) {
	if hit, ok := s.known.token(token); ok {
		return hit.table, hit.seat, nil
	}
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM tables WHERE host_token = ?`, token).Scan(&id)
	if err == nil {
		s.known.addToken(token, tokenHit{id, 0})
		return id, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	var seat int
	err = s.db.QueryRowContext(ctx, `SELECT tbl, seat FROM table_seats WHERE token = ?`, token).Scan(&id, &seat)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, errNotFound
	}
	if err != nil {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	s.known.addToken(token, tokenHit{id, seat})
	return id, seat, nil
}

// tableOf returns the table of a game; errNotFound for an unknown game. A
// game never moves to another table: the answer is remembered.
func (s *Store) tableOf(ctx context.Context, game string) (string, error) {
	if id, ok := s.known.game(game); ok {
		return id, nil
	}
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT tbl FROM table_games WHERE id = ?`, game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNotFound
	}
	if err != nil {
		return "", fmt.Errorf("database: %w", err)
	}
	s.known.addGame(game, id)
	return id, nil
}

// GameSummary is one line of the game list.
type GameSummary struct {
	ID      string    `json:"id"`
	Table   string    `json:"table"`
	Game    string    `json:"game"`
	Created time.Time `json:"created"`
	Events  int       `json:"events"`
}

// games lists the games, newest first, at most limit. game names the game
// by the "game" field of its setup.
func (s *Store) games(ctx context.Context, limit int) ([]GameSummary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.tbl, g.setup, g.created, (SELECT COUNT(*) FROM game_events e WHERE e.game = g.id)
		FROM table_games g ORDER BY g.created DESC, g.rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer rows.Close()
	var out []GameSummary
	for rows.Next() {
		var gs GameSummary
		var setup, created string
		if err := rows.Scan(&gs.ID, &gs.Table, &setup, &created, &gs.Events); err != nil {
			return nil, err
		}
		var head struct {
			Game string `json:"game"`
		}
		if json.Unmarshal([]byte(setup), &head) == nil {
			gs.Game = head.Game
		}
		gs.Created = parseTime(created)
		out = append(out, gs)
	}
	return out, rows.Err()
}

// current lists the current game of each table, newest first, at most limit.
func (s *Store) current(ctx context.Context, limit int) ([]Stored, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.tbl, g.family, g.setup, g.parts, g.created FROM table_games g
		WHERE g.n = (SELECT MAX(n) FROM table_games h WHERE h.tbl = g.tbl) ORDER BY g.created DESC, g.rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", s.path, err)
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		var g Stored
		var setup, parts, created string
		if err := rows.Scan(&g.ID, &g.Table, &g.Family, &setup, &parts, &created); err != nil {
			return nil, err
		}
		g.Setup, g.Created = []byte(setup), parseTime(created)
		if err := json.Unmarshal([]byte(parts), &g.Parts); err != nil {
			return nil, fmt.Errorf("database %s: game %s: parts: %w", s.path, g.ID, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
