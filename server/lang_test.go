package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fieldkit/server"
	"fieldkit/server/servertest"
)

// refusal is an API error answer: the English and the message id.
type refusal struct {
	Error string `json:"error"`
	Msg   struct {
		ID   string         `json:"id"`
		Args map[string]any `json:"args"`
	} `json:"msg"`
}

// pageLang returns the language a page was served in (<html lang>).
func pageLang(t *testing.T, c *servertest.Client, u string) string {
	t.Helper()
	code, b := c.Do("GET", u, "")
	m := regexp.MustCompile(`<html lang="([^"]*)">`).FindSubmatch(b)
	if code != http.StatusOK || m == nil {
		t.Fatalf("GET %s = %d %.200s", u, code, b)
	}
	return string(m[1])
}

// chooseLang gives a device its own language, as the switch of a phone does.
func chooseLang(t *testing.T, c *servertest.Client, base, lang string) {
	t.Helper()
	u, _ := url.Parse(base)
	c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: "fieldkit-lang", Value: lang, Path: "/"}})
}

// tableLangOf returns a table's language as GET /api/tables/{id} says it.
func tableLangOf(t *testing.T, base, table string) string {
	t.Helper()
	code, b := servertest.NewClient(t).Do("GET", base+"/api/tables/"+table, "")
	var v server.TableView
	if code != http.StatusOK || json.Unmarshal(b, &v) != nil {
		t.Fatalf("GET table %s = %d %s", table, code, b)
	}
	return v.Lang
}

// TestTableLangCreated creates tables in each way a table is made, with and
// without "table_lang": the table keeps its language in the store (across a
// restart) and says it in its JSON; the game's family never sees the field.
func TestTableLangCreated(t *testing.T) {
	ts := servertest.Start(t, 3, tttFamily{})
	tests := []struct {
		name, path, body string
		header, cookie   string // Accept-Language, the device's own choice
		want             string
	}{
		{"new table with a game, pl", "/api/tables", `{"game":"tictactoe","table_lang":"pl"}`, "", "", "pl"},
		{"new game, cs", "/api/games", `{"table_lang":"cs","game":"tictactoe"}`, "", "", "cs"},
		{"empty table, pt", "/api/tables", `{"table_lang":"pt"}`, "", "", "pt"},
		{"the body over the browser", "/api/games", `{"game":"tictactoe","table_lang":"pt"}`, "cs-CZ,cs;q=0.9", "en", "pt"},
		{"the browser's language", "/api/games", `{"game":"tictactoe"}`, "de-DE,cs;q=0.8,en;q=0.5", "", "cs"},
		{"the device's own choice", "/api/tables", `{}`, "pl", "pt", "pt"},
		{"none chosen", "/api/tables", `{"game":"tictactoe"}`, "", "", ""},
		{"none the catalog speaks", "/api/tables", ``, "de, fr", "", ""},
	}
	made := map[string]string{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := servertest.NewClient(t)
			if tt.cookie != "" {
				chooseLang(t, c, ts.URL, tt.cookie)
			}
			req, _ := http.NewRequest("POST", ts.URL+tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			if tt.header != "" {
				req.Header.Set("Accept-Language", tt.header)
			}
			res, err := c.HTTP.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var created server.Created
			if err := json.NewDecoder(res.Body).Decode(&created); err != nil || res.StatusCode != http.StatusCreated {
				t.Fatalf("POST %s %s = %d %+v (%v), want 201", tt.path, tt.body, res.StatusCode, created, err)
			}
			if created.Lang != tt.want {
				t.Errorf("created lang = %q, want %q", created.Lang, tt.want)
			}
			if got := tableLangOf(t, ts.URL, created.Table); got != tt.want {
				t.Errorf("GET table lang = %q, want %q", got, tt.want)
			}
			var stored string
			if err := ts.Store.DB().QueryRow(`SELECT lang FROM tables WHERE id = ?`, created.Table).Scan(&stored); err != nil || stored != tt.want {
				t.Errorf("stored lang = %q (%v), want %q", stored, err, tt.want)
			}
			made[created.Table] = tt.want
		})
	}
	// Another server on the same database: what a restart sees.
	again := servertest.Reopen(t, ts.Store, 4, tttFamily{})
	for id, want := range made {
		if got := tableLangOf(t, again.URL, id); got != want {
			t.Errorf("after a restart table %s lang = %q, want %q", id, got, want)
		}
	}
}

// TestTableLangRefused refuses a language a table cannot speak, with a
// message of the catalog, when a table is made and when the host changes it;
// only the host changes it.
func TestTableLangRefused(t *testing.T) {
	ts := servertest.Start(t, 5, tttFamily{})
	anyone := servertest.NewClient(t)
	for _, body := range []string{`{"game":"tictactoe","table_lang":"de"}`, `{"table_lang":"EN"}`, `{"table_lang":42}`, `{"table_lang":""}`} {
		for _, path := range []string{"/api/tables", "/api/games"} {
			code, b := anyone.Do("POST", ts.URL+path, body)
			var r refusal
			if code != http.StatusBadRequest || json.Unmarshal(b, &r) != nil || r.Msg.ID != "tablelang.bad" {
				t.Errorf("POST %s %s = %d %s, want 400 with message tablelang.bad", path, body, code, b)
			}
			if body == `{"game":"tictactoe","table_lang":"de"}` && r.Msg.Args["lang"] != "de" {
				t.Errorf("POST %s %s: the message quotes %q, want de", path, body, r.Msg.Args["lang"])
			}
		}
	}
	code, b := anyone.Do("POST", ts.URL+"/api/tables", `{"game":"tictactoe","table_lang":"cs"}`)
	var c server.Created
	if code != http.StatusCreated || json.Unmarshal(b, &c) != nil {
		t.Fatalf("new table = %d %s", code, b)
	}
	u := ts.URL + "/api/tables/" + c.Table + "/lang"
	if code, b := anyone.Do("POST", u, `{"lang":"pt"}`); code != http.StatusUnauthorized {
		t.Errorf("changing the language without the host token = %d %s, want 401", code, b)
	}
	host := servertest.HostClient(t, c)
	for _, body := range []string{`{"lang":"xx"}`, `{"lang":"PL"}`, `{"lang":""}`, `{}`, `{"lang":"pl","more":1}`, `not json`, `{"lang":"` + strings.Repeat("x", 300) + `"}`} {
		code, b := host.Do("POST", u, body)
		var r refusal
		if code != http.StatusBadRequest || json.Unmarshal(b, &r) != nil || r.Msg.ID != "tablelang.bad" || len(fmt.Sprint(r.Msg.Args["lang"])) > 30 {
			t.Errorf("POST lang %.40s = %d %.200s, want 400 with message tablelang.bad and the value shortened", body, code, b)
		}
	}
	if got := tableLangOf(t, ts.URL, c.Table); got != "cs" {
		t.Errorf("after refusals the table's language = %q, want cs", got)
	}
}

// TestTableLangPages: the host switches the table's language; every page
// of the table follows it, except a phone that chose its own language.
func TestTableLangPages(t *testing.T) {
	ts := servertest.Start(t, 6, tttFamily{})
	code, b := servertest.NewClient(t).Do("POST", ts.URL+"/api/tables", `{"game":"tictactoe","table_lang":"pl"}`)
	var c server.Created
	if code != http.StatusCreated || json.Unmarshal(b, &c) != nil {
		t.Fatalf("new table = %d %s", code, b)
	}
	host := servertest.HostClient(t, c)
	chooseLang(t, host, ts.URL, "en") // the host's device chose English for itself once: the host page is the table's
	follows := servertest.NewClient(t)
	own := servertest.NewClient(t)
	chooseLang(t, own, ts.URL, "pt")
	check := func(want string) {
		t.Helper()
		if got := pageLang(t, host, c.HostURL); got != want {
			t.Errorf("host page in %q, want the table's %q", got, want)
		}
		if got := pageLang(t, follows, c.Seats["x"]); got != want {
			t.Errorf("the page of a phone that never chose is in %q, want the table's %q", got, want)
		}
		if got := pageLang(t, own, c.Seats["o"]); got != "pt" {
			t.Errorf("the page of a phone that chose pt is in %q", got)
		}
	}
	check("pl")
	// The table's stream says its language, so that its pages follow a change
	// without a reload by hand.
	stream := follows.OpenStream(ts.URL + "/api/tables/" + c.Table + "/stream")
	defer stream.Close()
	stream.Wait(t, "the table's language", has(`"table_lang":"pl"`))
	for _, lang := range []string{"cs", "en", "pt", "pl", "pl"} {
		code, b := host.Do("POST", ts.URL+"/api/tables/"+c.Table+"/lang", `{"lang":"`+lang+`"}`)
		var v server.TableView
		if code != http.StatusOK || json.Unmarshal(b, &v) != nil || v.Lang != lang || v.ID != c.Table || len(v.Seats) != 2 {
			t.Fatalf("POST lang %s = %d %s", lang, code, b)
		}
		check(lang)
		stream.Wait(t, "the table's new language", has(`"table_lang":"`+lang+`"`))
	}
	// The language is the store's, not only the server's memory.
	again := servertest.Reopen(t, ts.Store, 7, tttFamily{})
	if got := tableLangOf(t, again.URL, c.Table); got != "pl" {
		t.Errorf("after a restart the table's language = %q, want pl", got)
	}
}

// TestTableLangHome: the home page speaks the language of the table it
// starts: its own switch (?lang=), else the device's, else the browser's.
func TestTableLangHome(t *testing.T) {
	ts := servertest.Start(t, 8, tttFamily{})
	c := servertest.NewClient(t)
	for _, tt := range []struct{ query, want string }{{"?lang=cs", "cs"}, {"?lang=pt", "pt"}, {"?lang=de", "pl"}, {"", "pl"}} {
		b := get(t, c, ts.URL+"/"+tt.query)
		if !strings.Contains(b, `<html lang="`+tt.want+`">`) || !strings.Contains(b, `<option value="`+tt.want+`" selected>`) {
			t.Errorf("GET /%s: want the page and its language switch in %s:\n%.600s", tt.query, tt.want, b)
		}
	}
	chooseLang(t, c, ts.URL, "pt")
	if got := pageLang(t, c, ts.URL+"/"); got != "pt" {
		t.Errorf("home page of a device that chose pt is in %q", got)
	}
}

func get(t *testing.T, c *servertest.Client, u string) string {
	t.Helper()
	code, b := c.Do("GET", u, "")
	if code != http.StatusOK {
		t.Fatalf("GET %s = %d %s", u, code, b)
	}
	return string(b)
}

// TestStoreMigrateTableLang opens a database of the fieldkit before table
// languages (schema 1: tables without "lang"): it gains the column, its
// tables speak no language yet, and the schema version is recorded; a
// database of a newer fieldkit is refused.
func TestStoreMigrateTableLang(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(`
CREATE TABLE fieldkit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, host_token TEXT NOT NULL UNIQUE, created TEXT NOT NULL);
CREATE TABLE table_seats (tbl TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE, device TEXT NOT NULL, PRIMARY KEY (tbl, seat));
INSERT INTO tables VALUES ('old01', 'hosttokenhosttokenhosttokenhost1', '2026-01-01T19:00:00Z');`)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	st, err := server.OpenStore(path, tttFamily{})
	if err != nil {
		t.Fatalf("opening a schema 1 database: %v", err)
	}
	var lang, version string
	if err := st.DB().QueryRow(`SELECT lang FROM tables WHERE id = 'old01'`).Scan(&lang); err != nil || lang != "" {
		t.Errorf("old table's lang = %q, %v; want \"\"", lang, err)
	}
	if err := st.DB().QueryRow(`SELECT value FROM fieldkit_meta WHERE key = 'schema'`).Scan(&version); err != nil || version != "2" {
		t.Errorf("schema version = %q, %v; want 2", version, err)
	}
	ts := servertest.Reopen(t, st, 9, tttFamily{})
	host := servertest.NewClient(t)
	host.Host = "hosttokenhosttokenhosttokenhost1"
	if code, b := host.Do("POST", ts.URL+"/api/tables/old01/lang", `{"lang":"cs"}`); code != http.StatusOK {
		t.Errorf("changing an old table's language = %d %s", code, b)
	}
	if _, err := st.DB().Exec(`UPDATE fieldkit_meta SET value = '99' WHERE key = 'schema'`); err != nil {
		t.Fatal(err)
	}
	ts.Server.Close()
	ts.HTTP.Close()
	st.Close()
	// Opened again: idempotent for this version, refused for a newer one.
	if _, err := server.OpenStore(path, tttFamily{}); err == nil || !strings.Contains(err.Error(), "newer fieldkit") {
		t.Errorf("opening a database of schema 99 = %v, want a refusal naming a newer fieldkit", err)
	}
	db, _ = sql.Open("sqlite", path)
	db.Exec(`UPDATE fieldkit_meta SET value = '2' WHERE key = 'schema'`)
	db.Close()
	st, err = server.OpenStore(path, tttFamily{})
	if err != nil {
		t.Fatalf("opening a schema 2 database again: %v", err)
	}
	defer st.Close()
	if err := st.DB().QueryRowContext(context.Background(), `SELECT lang FROM tables WHERE id = 'old01'`).Scan(&lang); err != nil || lang != "cs" {
		t.Errorf("old table's lang after the change = %q, %v; want cs", lang, err)
	}
}
