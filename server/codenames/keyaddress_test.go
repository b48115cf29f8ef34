package codenames

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/testkit"
	"fieldkit/server"
)

// TestHostKeyAddress: the host page of a Duet game tells, in the table's
// language, which address printed key cards open (the name the server
// announces) and what to type on a phone that cannot open it; with no name
// announced, what to type alone; a classic game, whose cards carry no
// address, says nothing. The server is called in-process (no socket): its
// address is the table's Wi-Fi, which no test may use.
func TestHostKeyAddress(t *testing.T) {
	const base, local = "http://192.168.1.20:8080", "http://fieldkit.local:8080"
	tests := []struct {
		name, local, game, lang string
		want                    string // "" for no hint
	}{
		{"announced", local, "duet", "pl", catalog.Text("pl", "cn.page.key_address", map[string]any{"local": local, "type": "192.168.1.20:8080/k/"})},
		{"announced, Czech", local, "duet", "cs", catalog.Text("cs", "cn.page.key_address", map[string]any{"local": local, "type": "192.168.1.20:8080/k/"})},
		{"not announced", "", "duet", "pt", catalog.Text("pt", "cn.page.key_address.ip", map[string]any{"type": "192.168.1.20:8080/k/"})},
		{"classic", local, "classic", "pl", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fam := New(nil)
			st, err := server.OpenStore(filepath.Join(t.TempDir(), "t.db"), fam)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			srv, err := server.New(server.Config{Store: st, BaseURL: base, LocalURL: tt.local, Families: []server.Family{fam}, Rand: testkit.NewSeeded(1)})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			h := srv.HTTPServer("").Handler
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", base+"/api/games", strings.NewReader(`{"game":"`+tt.game+`","table_lang":"`+tt.lang+`"}`))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusCreated {
				t.Fatalf("new game: %d %s", rec.Code, rec.Body)
			}
			var c server.Created
			if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", c.HostURL, nil))
			page := html.UnescapeString(rec.Body.String())
			if rec.Code != http.StatusOK {
				t.Fatalf("host page: %d", rec.Code)
			}
			has := strings.Contains(page, `id="key-address"`)
			if tt.want == "" {
				if has {
					t.Errorf("a %s game's host page shows the key cards' address", tt.game)
				}
				return
			}
			if !has || !strings.Contains(page, tt.want) {
				t.Errorf("host page lacks %q", tt.want)
			}
		})
	}
}
