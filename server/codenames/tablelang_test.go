package codenames

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"fieldkit/server"
	"fieldkit/server/insidejob"
	"fieldkit/server/servertest"
	"fieldkit/wordlists"
)

// tableServer is a server that plays Codenames and Inside Job.
func tableServer(t *testing.T, seed byte) *servertest.Server {
	return servertest.Start(t, seed, New(nil), insidejob.New(nil))
}

// create makes a table with its first game and fails the test on a non-201.
func create(t *testing.T, base, body string) server.Created {
	t.Helper()
	r := newClient(t).postJSON(base+"/api/games", body)
	var c server.Created
	if r.code != http.StatusCreated || json.Unmarshal(r.body, &c) != nil {
		t.Fatalf("POST /api/games %s = %s, want 201", body, r)
	}
	return c
}

// nextGame starts the table's next game and returns its words.
func nextGame(t *testing.T, base string, host *client, table, body string) (server.Created, []string) {
	t.Helper()
	r := host.postJSON(base+"/api/tables/"+table+"/games", body)
	var c server.Created
	if r.code != http.StatusCreated || json.Unmarshal(r.body, &c) != nil {
		t.Fatalf("next game %s = %s, want 201", body, r)
	}
	return c, wordsOf(t, base, c.ID)
}

// wordsOf returns the 25 words of a Codenames game.
func wordsOf(t *testing.T, base, game string) []string {
	t.Helper()
	var st GameState
	if r := newClient(t).get(base + "/api/games/" + game); r.code != http.StatusOK || json.Unmarshal(r.body, &st) != nil {
		t.Fatalf("GET game %s = %s", game, r)
	}
	var words []string
	for _, c := range st.State.Cells {
		words = append(words, c.Word)
	}
	if len(words) != 25 {
		t.Fatalf("game %s has %d words, want 25", game, len(words))
	}
	return words
}

// builtin returns a built-in word list.
func builtin(t *testing.T, lang string) []string {
	t.Helper()
	l, err := wordlists.Builtin(lang)
	if err != nil {
		t.Fatal(err)
	}
	return l.Words
}

// notIn returns the words that are not in list.
func notIn(words, list []string) []string {
	var out []string
	for _, w := range words {
		if !slices.Contains(list, w) {
			out = append(out, w)
		}
	}
	return out
}

// TestNextGameTableLang: Next game from an Inside Job table to Codenames
// deals the words of the table's language (it dealt English ones to a
// Polish table: KEY, TURTLE, FORK); after the host changes the table's
// language, the next game deals the new language's words.
func TestNextGameTableLang(t *testing.T) {
	tests := []struct{ lang, list, then string }{
		{"pl", "pl", "cs"},
		{"cs", "cs", "pt"},
		{"pt", "pt", "pl"},
		{"en", "en", "pl"},
		{"", "en", "pt"}, // a table nobody chose a language for: English, as before
	}
	for i, tt := range tests {
		t.Run("table "+tt.lang, func(t *testing.T) {
			ts := tableServer(t, byte(20+i))
			body := `{"game":"insidejob","players":["Ala","Bolek","Cela"]}`
			if tt.lang != "" {
				body = fmt.Sprintf(`{"game":"insidejob","players":["Ala","Bolek","Cela"],"table_lang":%q}`, tt.lang)
			}
			ij := create(t, ts.URL, body)
			host := hostClient(t, ij)
			for _, game := range []string{`{"game":"duet"}`, `{"game":"classic"}`, `{}`} {
				_, words := nextGame(t, ts.URL, host, ij.Table, game)
				if bad := notIn(words, builtin(t, tt.list)); len(bad) > 0 {
					t.Errorf("%s after Inside Job at a %q table: words %v are not of the %s list", game, tt.lang, bad, tt.list)
				}
			}
			if r := host.postJSON(ts.URL+"/api/tables/"+ij.Table+"/lang", fmt.Sprintf(`{"lang":%q}`, tt.then)); r.code != http.StatusOK {
				t.Fatalf("changing the language = %s", r)
			}
			for _, game := range []string{`{}`, `{"game":"duet"}`} {
				_, words := nextGame(t, ts.URL, host, ij.Table, game)
				if bad := notIn(words, builtin(t, tt.then)); len(bad) > 0 {
					t.Errorf("%s after the table changed to %s: words %v are not of its list", game, tt.then, bad)
				}
			}
			// A game that names its list keeps it.
			if _, words := nextGame(t, ts.URL, host, ij.Table, `{"game":"duet","lang":"en"}`); len(notIn(words, builtin(t, "en"))) > 0 {
				t.Errorf("a game asking for English words got %v", words)
			}
		})
	}
}

// TestTableWordsNoRepeat plays 10 games at a table (rematches, classic and
// Duet, a restart of the server half way): no word is dealt twice while
// the list lasts.
func TestTableWordsNoRepeat(t *testing.T) {
	games := []string{`{}`, `{"game":"classic"}`, `{}`, `{"game":"duet"}`, `{}`, `{"game":"classic"}`, `{"game":"duet"}`, `{}`, `{}`}
	for i, lang := range []string{"pl", "cs", "pt", "en"} {
		t.Run(lang, func(t *testing.T) {
			ts := tableServer(t, byte(40+i))
			first := create(t, ts.URL, fmt.Sprintf(`{"game":"duet","table_lang":%q}`, lang))
			host := hostClient(t, first)
			base := ts.URL
			seen := map[string]int{} // word -> the game that dealt it
			deal := func(n int, words []string) {
				t.Helper()
				if bad := notIn(words, builtin(t, lang)); len(bad) > 0 {
					t.Errorf("game %d: words %v are not of the %s list", n, bad, lang)
				}
				for _, w := range words {
					if g, ok := seen[w]; ok {
						t.Errorf("game %d deals %s again (game %d dealt it)", n, w, g)
					}
					seen[w] = n
				}
			}
			deal(1, wordsOf(t, base, first.ID))
			for n, body := range games {
				if n == 4 {
					base = servertest.Reopen(t, ts.Store, byte(60+i), New(nil), insidejob.New(nil)).URL
				}
				_, words := nextGame(t, base, host, first.Table, body)
				deal(n+2, words)
			}
			if len(seen) != 250 {
				t.Errorf("10 games dealt %d different words, want 250", len(seen))
			}
		})
	}
}

// TestTableWordsStartOver plays a table through its whole list: when fewer
// than 25 words are left the table starts the list over, and then again
// deals no word twice.
func TestTableWordsStartOver(t *testing.T) {
	ts := tableServer(t, 77)
	first := create(t, ts.URL, `{"game":"duet","table_lang":"pt"}`)
	host := hostClient(t, first)
	list := builtin(t, "pt")
	dealt := func() int {
		var n int
		if err := ts.Store.DB().QueryRow(`SELECT COUNT(*) FROM codenames_dealt WHERE tbl = ? AND lang = 'pt'`, first.Table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	rounds := len(list) / 25
	for n := 2; n <= rounds; n++ {
		nextGame(t, ts.URL, host, first.Table, `{}`)
	}
	if got := dealt(); got != 25*rounds {
		t.Fatalf("after %d games the table was dealt %d words, want %d", rounds, got, 25*rounds)
	}
	// Fewer than 25 left: the list starts over.
	_, words := nextGame(t, ts.URL, host, first.Table, `{}`)
	if got := dealt(); got != 25 {
		t.Errorf("after starting the list over the table holds %d dealt words, want 25", got)
	}
	seen := map[string]bool{}
	for _, w := range words {
		seen[w] = true
	}
	for n := 0; n < 5; n++ {
		_, words := nextGame(t, ts.URL, host, first.Table, `{}`)
		for _, w := range words {
			if seen[w] {
				t.Errorf("after starting over, %s is dealt twice", w)
			}
			seen[w] = true
		}
	}
}

// TestTableWordsFresh: the words a table may still be dealt.
func TestTableWordsFresh(t *testing.T) {
	list := []string{"A", "B", "C", "D", "E"}
	tests := []struct {
		dealt []string
		n     int
		want  []string
		over  bool
	}{
		{nil, 3, list, false},
		{[]string{"B", "D"}, 3, []string{"A", "C", "E"}, false},
		{[]string{"B", "D", "Z"}, 3, []string{"A", "C", "E"}, false},
		{[]string{"A", "B", "D"}, 3, list, true},
		{list, 1, list, true},
	}
	for _, tt := range tests {
		dealt := map[string]bool{}
		for _, w := range tt.dealt {
			dealt[w] = true
		}
		got, over := fresh(list, dealt, tt.n)
		if !slices.Equal(got, tt.want) || over != tt.over {
			t.Errorf("fresh(%v, dealt %v, %d) = %v, %v; want %v, %v", list, tt.dealt, tt.n, got, over, tt.want, tt.over)
		}
	}
}
