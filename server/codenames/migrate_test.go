package codenames

import (
	"database/sql"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"fieldkit/server"
)

// oldSchema is the database of fieldkit before tables: one game per host link.
const oldSchema = `
CREATE TABLE games (id TEXT PRIMARY KEY, host_token TEXT NOT NULL UNIQUE, setup TEXT NOT NULL, campaign TEXT, mission TEXT, created TEXT NOT NULL);
CREATE TABLE events (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, event TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game, seq));
CREATE TABLE seats (game TEXT NOT NULL REFERENCES games(id), seat TEXT NOT NULL, token TEXT NOT NULL UNIQUE, device TEXT NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE decks (game TEXT PRIMARY KEY REFERENCES games(id), manifest TEXT NOT NULL);
CREATE TABLE campaigns (id TEXT PRIMARY KEY, team TEXT NOT NULL, map TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE results (campaign TEXT NOT NULL REFERENCES campaigns(id), game TEXT NOT NULL UNIQUE REFERENCES games(id), mission TEXT NOT NULL, won INTEGER NOT NULL, date TEXT NOT NULL, score INTEGER NOT NULL);
INSERT INTO games VALUES ('oldgame1', 'hosttokenhosttokenhosttoken12345', '{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":9}', 'camp1', 'praha', '2026-03-01T19:00:00Z');
INSERT INTO games VALUES ('oldgame2', 'hosttokenhosttokenhosttoken67890', '{"type":"new","game":"classic","key":"C7PSM-TZ8PQ"}', NULL, NULL, '2026-03-02T19:00:00Z');
INSERT INTO seats VALUES ('oldgame1', 'a', 'seatatokenseatatokenseatatoken12', 'device-a');
INSERT INTO seats VALUES ('oldgame1', 'b', 'seatbtokenseatbtokenseatbtoken12', '');
INSERT INTO seats VALUES ('oldgame2', 'red', 'seatrtokenseatrtokenseatrtoken12', '');
INSERT INTO seats VALUES ('oldgame2', 'blue', 'seatutokenseatutokenseatutoken12', '');
INSERT INTO events VALUES ('oldgame1', 1, '{"type":"clue","by":"a","word":"river","count":2}', '2026-03-01T19:01:00Z');
INSERT INTO events VALUES ('oldgame1', 2, '{"type":"guess","cell":[0,0]}', '2026-03-01T19:02:00Z');
INSERT INTO campaigns VALUES ('camp1', 'Ola i Piotr', 'RULEBOOK', '2026-03-01T18:00:00Z');
INSERT INTO results VALUES ('camp1', 'oldgame1', 'praha', 1, '2026-03-01T20:00:00Z', 7);
`

// TestMigrateOldDatabase opens a database of fieldkit before tables: every
// game becomes a table with the same links, its events and campaign result
// stay, and the old tables go.
func TestMigrateOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(oldSchema); err != nil {
		t.Fatal(err)
	}
	db.Close()
	fam := New(nil)
	st, err := server.OpenStore(path, fam)
	if err != nil {
		t.Fatalf("opening the old database: %v", err)
	}
	defer st.Close()
	hs := httptest.NewUnstartedServer(nil)
	base := "http://" + hs.Listener.Addr().String()
	srv, err := server.New(server.Config{Store: st, BaseURL: base, Families: []server.Family{fam}})
	if err != nil {
		t.Fatal(err)
	}
	hs.Config = srv.HTTPServer("")
	hs.Start()
	defer hs.Close()
	defer srv.Close()
	c := newClient(t)
	var g GameState
	if r := c.get(base + "/api/games/oldgame1"); json.Unmarshal(r.body, &g) != nil || g.Seq != 2 || g.Table != "oldgame1" || g.State.Game != "duet" || g.Seats["a"] != "taken" {
		t.Errorf("the old Duet game: %s", r)
	}
	if r := c.get(base + "/h/hosttokenhosttokenhosttoken67890"); r.code != 200 {
		t.Errorf("the old classic game's host link: %s", r)
	}
	if r := c.get(base + "/s/seatutokenseatutokenseatutoken12"); r.code != 200 {
		t.Errorf("the old classic game's blue seat link: %s", r)
	}
	var cv CampaignView
	if r := c.get(base + "/api/campaigns/camp1"); json.Unmarshal(r.body, &cv) != nil || len(cv.Results) != 1 || cv.Results[0].Score != 7 {
		t.Errorf("the old campaign: %s", r)
	}
	var n int
	st.DB().QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name IN ('games', 'events', 'seats', 'decks', 'campaigns', 'results')`).Scan(&n)
	if n != 0 {
		t.Errorf("%d old tables are left", n)
	}
}
