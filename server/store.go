package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"fieldkit/deck"
	rules "fieldkit/engine/codenames"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// Store is the embedded SQLite database: games (setup with the key card, event
// log), seats and campaigns. Every write is one transaction, committed before
// the caller goes on: an event that was acknowledged survives a crash of the
// process.
type Store struct {
	db   *sql.DB
	path string
}

// schema is applied on every open; every statement is idempotent.
const schema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	host_token TEXT NOT NULL UNIQUE,
	setup      TEXT NOT NULL, -- the "new" event, key card code included: never served
	campaign   TEXT,          -- the campaign this game counts for, or NULL
	mission    TEXT,          -- the mission id on the campaign's map
	created    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
	game  TEXT NOT NULL REFERENCES games(id),
	seq   INTEGER NOT NULL, -- 1, 2, ... per game
	event TEXT NOT NULL,    -- the event's canonical JSON
	at    TEXT NOT NULL,
	PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS seats (
	game   TEXT NOT NULL REFERENCES games(id),
	seat   TEXT NOT NULL,        -- a, b (Duet) or red, blue (classic spymasters)
	token  TEXT NOT NULL UNIQUE, -- in the seat's link
	device TEXT NOT NULL,        -- the claiming device's cookie, "" while free
	PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS decks (
	game     TEXT PRIMARY KEY REFERENCES games(id),
	manifest TEXT NOT NULL -- the printed deck the game is played with (deck.json)
);
CREATE TABLE IF NOT EXISTS campaigns (
	id      TEXT PRIMARY KEY,
	team    TEXT NOT NULL,
	map     TEXT NOT NULL, -- the map code
	created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
	campaign TEXT NOT NULL REFERENCES campaigns(id),
	game     TEXT NOT NULL UNIQUE REFERENCES games(id),
	mission  TEXT NOT NULL,   -- the mission id on the campaign's map
	won      INTEGER NOT NULL,
	date     TEXT NOT NULL,
	score    INTEGER NOT NULL
);
`

// OpenStore opens (creating if needed) the database file at path. SQLite runs in
// WAL mode with synchronous=FULL: a commit is on disk when it returns.
func OpenStore(path string) (*Store, error) {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	// One connection: SQLite has one writer anyway, and this way no write
	// ever waits on a lock held by another connection of ours.
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: %w (is it a fieldkit database? choose another file with --db)", path, err)
	}
	return &Store{db: db, path: path}, nil
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// storedGame is a game as the database holds it.
type storedGame struct {
	id, hostToken string
	setup         rules.Setup
	campaign      string
	mission       string
	created       time.Time
	deck          *deck.Deck // the printed deck, or nil
	seats         []storedSeat
	events        []storedEvent
}

type storedSeat struct {
	seat   rules.Player
	token  string
	device string
}

type storedEvent struct {
	e  rules.Event
	at time.Time
}

// errNotFound is returned for an unknown game or seat.
var errNotFound = errors.New("not found")

// createGame stores a new game with its seats.
func (s *Store) createGame(ctx context.Context, g *storedGame) error {
	setup, err := json.Marshal(rules.New(g.setup))
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var campaign, mission any
		if g.campaign != "" {
			campaign, mission = g.campaign, g.mission
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, host_token, setup, campaign, mission, created) VALUES (?, ?, ?, ?, ?, ?)`,
			g.id, g.hostToken, string(setup), campaign, mission, g.created.UTC().Format(time.RFC3339Nano)); err != nil {
			return err
		}
		if g.deck != nil {
			manifest, err := json.Marshal(g.deck)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO decks (game, manifest) VALUES (?, ?)`, g.id, string(manifest)); err != nil {
				return err
			}
		}
		for _, st := range g.seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, token, device) VALUES (?, ?, ?, ?)`,
				g.id, st.seat.String(), st.token, st.device); err != nil {
				return err
			}
		}
		return nil
	})
}

// appendEvents commits events as numbers first, first+1, ... of a game, in one
// transaction, with the campaign result of the game when they end it.
func (s *Store) appendEvents(ctx context.Context, id string, first int, events []rules.Event, at time.Time, result *campaignResult) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if result != nil {
			if err := insertResult(ctx, tx, result); err != nil {
				return err
			}
		}
		return insertEvents(ctx, tx, id, first, events, at)
	})
}

func insertEvents(ctx context.Context, tx *sql.Tx, id string, first int, events []rules.Event, at time.Time) error {
	for i, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO events (game, seq, event, at) VALUES (?, ?, ?, ?)`,
			id, first+i, string(b), at.UTC().Format(time.RFC3339Nano)); err != nil {
			return err
		}
	}
	return nil
}

// recordScan commits what a scan did: the setup with the words read from
// the table (when setup is not nil) and the events it caused, numbered from
// first, in one transaction.
func (s *Store) recordScan(ctx context.Context, id string, setup *rules.Setup, first int, events []rules.Event, at time.Time, result *campaignResult) error {
	if setup == nil {
		return s.appendEvents(ctx, id, first, events, at, result)
	}
	b, err := json.Marshal(rules.New(*setup))
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE games SET setup = ? WHERE id = ?`, string(b), id); err != nil {
			return err
		}
		if result != nil {
			if err := insertResult(ctx, tx, result); err != nil {
				return err
			}
		}
		return insertEvents(ctx, tx, id, first, events, at)
	})
}

// deleteEvent removes event number seq of a game (undo), and the game's
// campaign result, which only the last event can have made.
func (s *Store) deleteEvent(ctx context.Context, id string, seq int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM results WHERE game = ?`, id); err != nil {
			return err
		}
		r, err := tx.ExecContext(ctx, `DELETE FROM events WHERE game = ? AND seq = ?`, id, seq)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return fmt.Errorf("undo: game %s has no event %d", id, seq)
		}
		return nil
	})
}

// setDevice records which device holds a seat ("" frees it).
func (s *Store) setDevice(ctx context.Context, id string, seat rules.Player, device string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE seats SET device = ? WHERE game = ? AND seat = ?`, device, id, seat.String())
		return err
	})
}

func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("database %s: %w", s.path, err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return fmt.Errorf("database %s: %w", s.path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("database %s: commit: %w", s.path, err)
	}
	return nil
}

// loadGame reads a game, its seats and its events. It returns errNotFound for an unknown id.
func (s *Store) loadGame(ctx context.Context, id string) (*storedGame, error) {
	g := &storedGame{id: id}
	var setup, created string
	var campaign, mission sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT host_token, setup, campaign, mission, created FROM games WHERE id = ?`, id).
		Scan(&g.hostToken, &setup, &campaign, &mission, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("database %s: game %s: %w", s.path, id, err)
	}
	g.campaign, g.mission = campaign.String, mission.String
	g.created, _ = time.Parse(time.RFC3339Nano, created)
	e, err := rules.DecodeEvent([]byte(setup))
	if err != nil || e.Setup == nil {
		return nil, fmt.Errorf("database %s: game %s: setup %s: %v", s.path, id, setup, err)
	}
	g.setup = *e.Setup
	var manifest string
	switch err := s.db.QueryRowContext(ctx, `SELECT manifest FROM decks WHERE game = ?`, id).Scan(&manifest); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, fmt.Errorf("database %s: deck of %s: %w", s.path, id, err)
	default:
		g.deck = new(deck.Deck)
		if err := json.Unmarshal([]byte(manifest), g.deck); err != nil {
			return nil, fmt.Errorf("database %s: game %s: %w", s.path, id, err)
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token, device FROM seats WHERE game = ? ORDER BY rowid`, id)
	if err != nil {
		return nil, fmt.Errorf("database %s: seats of %s: %w", s.path, id, err)
	}
	for rows.Next() {
		var st storedSeat
		var name string
		if err := rows.Scan(&name, &st.token, &st.device); err != nil {
			rows.Close()
			return nil, err
		}
		if st.seat, err = rules.ParsePlayer(name); err != nil {
			rows.Close()
			return nil, fmt.Errorf("database %s: game %s: seat %q: %w", s.path, id, name, err)
		}
		g.seats = append(g.seats, st)
	}
	rows.Close()
	rows, err = s.db.QueryContext(ctx, `SELECT seq, event, at FROM events WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("database %s: events of %s: %w", s.path, id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq int
		var text, at string
		if err := rows.Scan(&seq, &text, &at); err != nil {
			return nil, err
		}
		if seq != len(g.events)+1 {
			return nil, fmt.Errorf("database %s: game %s: event %d follows event %d", s.path, id, seq, len(g.events))
		}
		e, err := rules.DecodeEvent([]byte(text))
		if err != nil {
			return nil, fmt.Errorf("database %s: game %s: event %d: %w", s.path, id, seq, err)
		}
		t, _ := time.Parse(time.RFC3339Nano, at)
		g.events = append(g.events, storedEvent{e: e, at: t})
	}
	return g, rows.Err()
}

// gameBy returns the id of the game whose host token or seat token is token,
// and the seat (Nobody for the host token).
func (s *Store) gameBy(ctx context.Context, token string) (string, rules.Player, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM games WHERE host_token = ?`, token).Scan(&id)
	if err == nil {
		return id, rules.Nobody, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", 0, fmt.Errorf("database %s: %w", s.path, err)
	}
	var seat string
	err = s.db.QueryRowContext(ctx, `SELECT game, seat FROM seats WHERE token = ?`, token).Scan(&id, &seat)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, errNotFound
	}
	if err != nil {
		return "", 0, fmt.Errorf("database %s: %w", s.path, err)
	}
	p, err := rules.ParsePlayer(seat)
	return id, p, err
}

// GameSummary is one line of the game list.
type GameSummary struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Created time.Time `json:"created"`
	Events  int       `json:"events"`
}

// games lists the games, newest first, at most limit.
func (s *Store) games(ctx context.Context, limit int) ([]GameSummary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.setup, g.created, (SELECT COUNT(*) FROM events e WHERE e.game = g.id)
		FROM games g ORDER BY g.created DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", s.path, err)
	}
	defer rows.Close()
	var out []GameSummary
	for rows.Next() {
		var gs GameSummary
		var setup, created string
		if err := rows.Scan(&gs.ID, &setup, &created, &gs.Events); err != nil {
			return nil, err
		}
		if e, err := rules.DecodeEvent([]byte(setup)); err == nil && e.Setup != nil {
			gs.Game = e.Setup.Game.String()
		}
		gs.Created, _ = time.Parse(time.RFC3339Nano, created)
		out = append(out, gs)
	}
	return out, rows.Err()
}
