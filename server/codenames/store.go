package codenames

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"fieldkit/deck"
	"fieldkit/missionmap"
)

// schema is the family's own tables; every statement is idempotent.
const schema = `
CREATE TABLE IF NOT EXISTS codenames_games (
	game     TEXT PRIMARY KEY REFERENCES table_games(id),
	lang     TEXT NOT NULL, -- the built-in list the words were drawn from, "" for none
	campaign TEXT,          -- the campaign this game counts for, or NULL
	mission  TEXT           -- the mission id on the campaign's map
);
CREATE TABLE IF NOT EXISTS codenames_decks (
	game     TEXT PRIMARY KEY REFERENCES table_games(id),
	manifest TEXT NOT NULL -- the printed deck the game is played with (deck.json)
);
CREATE TABLE IF NOT EXISTS codenames_boxed (
	game TEXT PRIMARY KEY REFERENCES table_games(id),
	lang TEXT NOT NULL -- a game played with the boxed game's own word cards, in this language: the camera reads them by their words
);
CREATE TABLE IF NOT EXISTS codenames_campaigns (
	id      TEXT PRIMARY KEY,
	team    TEXT NOT NULL,
	map     TEXT NOT NULL, -- the map code
	created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS codenames_campaign_owners (
	campaign TEXT PRIMARY KEY REFERENCES codenames_campaigns(id),
	token    TEXT NOT NULL UNIQUE -- the owner token: only its holder starts the campaign's games
);
CREATE TABLE IF NOT EXISTS codenames_results (
	campaign TEXT NOT NULL REFERENCES codenames_campaigns(id),
	game     TEXT NOT NULL UNIQUE REFERENCES table_games(id),
	mission  TEXT NOT NULL,   -- the mission id on the campaign's map
	won      INTEGER NOT NULL,
	date     TEXT NOT NULL,
	score    INTEGER NOT NULL
);
`

// Schema implements server.Family.
func (f *Family) Schema() string { return schema + dealtSchema }

// Migrate implements server.Family: the games of fieldkit before tables were
// all Codenames games, one per host link. Each becomes a table with the same
// id, host token and seat tokens (Duet a and classic red are seat 1), and
// its first game, with the same id; decks, campaigns and results follow.
func (f *Family) Migrate(ctx context.Context, tx *sql.Tx) error {
	exists := func(name string) (bool, error) {
		var n int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n)
		return n > 0, err
	}
	steps := []struct{ from, sql string }{
		{"games", `INSERT INTO tables (id, host_token, created) SELECT id, host_token, created FROM games`},
		{"seats", `INSERT INTO table_seats (tbl, seat, token, device) SELECT game, CASE seat WHEN 'a' THEN 1 WHEN 'red' THEN 1 ELSE 2 END, token, device FROM seats`},
		{"games", `INSERT INTO table_games (id, tbl, n, family, setup, parts, created) SELECT id, id, 1, 'codenames', setup,
			CASE WHEN setup LIKE '%"game":"classic"%' THEN '["red","blue"]' ELSE '["a","b"]' END, created FROM games`},
		{"events", `INSERT INTO game_events (game, seq, event, at) SELECT game, seq, event, at FROM events`},
		{"games", `INSERT INTO codenames_games (game, lang, campaign, mission) SELECT id, '', campaign, mission FROM games`},
		{"decks", `INSERT INTO codenames_decks (game, manifest) SELECT game, manifest FROM decks`},
		{"campaigns", `INSERT INTO codenames_campaigns (id, team, map, created) SELECT id, team, map, created FROM campaigns`},
		{"results", `INSERT INTO codenames_results (campaign, game, mission, won, date, score) SELECT campaign, game, mission, won, date, score FROM results`},
	}
	for _, st := range steps {
		ok, err := exists(st.from)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if _, err := tx.ExecContext(ctx, st.sql); err != nil {
			return fmt.Errorf("%s: %w", st.from, err)
		}
	}
	for _, old := range []string{"results", "campaigns", "decks"} {
		if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+old); err != nil {
			return err
		}
	}
	return nil
}

// gameInfo is what the family keeps of a game beside its setup.
type gameInfo struct {
	lang              string
	campaign, mission string
	deck              *deck.Deck // the printed deck, or nil
	// boxed is the language of the boxed game's word cards the table lays
	// (no markers: the camera reads them by their words), "" when the
	// table plays with fieldkit's printed cards.
	boxed string
}

// saveGame stores a new game's info, inside the game's transaction.
func saveGame(ctx context.Context, tx *sql.Tx, id string, info gameInfo) error {
	var campaign, mission any
	if info.campaign != "" {
		campaign, mission = info.campaign, info.mission
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO codenames_games (game, lang, campaign, mission) VALUES (?, ?, ?, ?)`,
		id, info.lang, campaign, mission); err != nil {
		return err
	}
	if info.boxed != "" {
		if _, err := tx.ExecContext(ctx, `INSERT INTO codenames_boxed (game, lang) VALUES (?, ?)`, id, info.boxed); err != nil {
			return err
		}
	}
	if info.deck == nil {
		return nil
	}
	manifest, err := json.Marshal(info.deck)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO codenames_decks (game, manifest) VALUES (?, ?)`, id, string(manifest))
	return err
}

// loadInfo reads a game's info.
func loadInfo(ctx context.Context, db *sql.DB, id string) (gameInfo, error) {
	var info gameInfo
	var campaign, mission sql.NullString
	err := db.QueryRowContext(ctx, `SELECT lang, campaign, mission FROM codenames_games WHERE game = ?`, id).Scan(&info.lang, &campaign, &mission)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return info, fmt.Errorf("game %s: %w", id, err)
	}
	info.campaign, info.mission = campaign.String, mission.String
	switch err := db.QueryRowContext(ctx, `SELECT lang FROM codenames_boxed WHERE game = ?`, id).Scan(&info.boxed); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return info, fmt.Errorf("boxed set of %s: %w", id, err)
	}
	var manifest string
	switch err := db.QueryRowContext(ctx, `SELECT manifest FROM codenames_decks WHERE game = ?`, id).Scan(&manifest); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return info, fmt.Errorf("deck of %s: %w", id, err)
	default:
		info.deck = new(deck.Deck)
		if err := json.Unmarshal([]byte(manifest), info.deck); err != nil {
			return info, fmt.Errorf("game %s: %w", id, err)
		}
	}
	return info, nil
}

// insertResult stores a finished campaign game inside tx.
func insertResult(ctx context.Context, tx *sql.Tx, r *campaignResult) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO codenames_results (campaign, game, mission, won, date, score) VALUES (?, ?, ?, ?, ?, ?)`,
		r.campaign, r.game, r.r.Mission, r.r.Won, r.r.Date.Format(time.RFC3339Nano), r.r.Score)
	return err
}

// Undo implements server.Family: the result of a campaign game goes with
// the event that ended it.
func (f *Family) Undo(ctx context.Context, tx *sql.Tx, game string) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM codenames_results WHERE game = ?`, game)
	return err
}

func createCampaign(ctx context.Context, inTx func(context.Context, func(*sql.Tx) error) error, id, token, team, mapCode string, at time.Time) error {
	return inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO codenames_campaigns (id, team, map, created) VALUES (?, ?, ?, ?)`, id, team, mapCode, at.UTC().Format(time.RFC3339Nano))
		if err != nil {
			return err
		}
		return setOwner(ctx, tx, id, token)
	})
}

// setOwner stores a campaign's owner token.
func setOwner(ctx context.Context, tx *sql.Tx, campaign, token string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO codenames_campaign_owners (campaign, token) VALUES (?, ?)`, campaign, token)
	return err
}

// campaignOwner returns a campaign's owner token ("" for none yet).
func campaignOwner(ctx context.Context, db *sql.DB, id string) (string, error) {
	var token sql.NullString
	err := db.QueryRowContext(ctx, `SELECT o.token FROM codenames_campaigns c LEFT JOIN codenames_campaign_owners o ON o.campaign = c.id WHERE c.id = ?`, id).Scan(&token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNoCampaign
	}
	return token.String, err
}

// ownerless lists the campaigns without an owner token.
func ownerless(ctx context.Context, db *sql.DB) ([]string, error) {
	return queryIDs(ctx, db, `SELECT id FROM codenames_campaigns WHERE id NOT IN (SELECT campaign FROM codenames_campaign_owners) ORDER BY created`)
}

// queryIDs runs a query of one text column and returns its rows.
func queryIDs(ctx context.Context, db *sql.DB, query string) ([]string, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// errNoCampaign is an unknown campaign.
var errNoCampaign = errors.New("no such campaign")

func loadCampaign(ctx context.Context, db *sql.DB, id string) (missionmap.Campaign, string, error) {
	var c missionmap.Campaign
	var code string
	err := db.QueryRowContext(ctx, `SELECT team, map FROM codenames_campaigns WHERE id = ?`, id).Scan(&c.Team, &code)
	if errors.Is(err, sql.ErrNoRows) {
		return c, "", errNoCampaign
	}
	if err != nil {
		return c, "", err
	}
	rows, err := db.QueryContext(ctx, `SELECT mission, won, date, score FROM codenames_results WHERE campaign = ? ORDER BY rowid`, id)
	if err != nil {
		return c, "", err
	}
	defer rows.Close()
	for rows.Next() {
		var r missionmap.Result
		var date string
		if err := rows.Scan(&r.Mission, &r.Won, &date, &r.Score); err != nil {
			return c, "", err
		}
		r.Date, _ = time.Parse(time.RFC3339Nano, date)
		c.Results = append(c.Results, r)
	}
	return c, code, rows.Err()
}

func campaigns(ctx context.Context, db *sql.DB) ([]string, error) {
	return queryIDs(ctx, db, `SELECT id FROM codenames_campaigns ORDER BY created DESC LIMIT 100`)
}
