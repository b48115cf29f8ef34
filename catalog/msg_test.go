package catalog

import (
	"encoding/json"
	"testing"
	"testing/fstest"
)

// withCatalog replaces the catalogs for one test.
func withCatalog(t *testing.T, files fstest.MapFS) {
	t.Helper()
	c, err := load(files)
	if err != nil {
		t.Fatal(err)
	}
	old := catalogs
	catalogs = c
	t.Cleanup(func() { catalogs = old })
}

func TestText(t *testing.T) {
	withCatalog(t, fstest.MapFS{
		"en.json":           {Data: []byte(`{"tokens": {"one": "{n} token", "other": "{n} tokens"}, "joined": "{name} joined {team}", "team.red": "red"}`)},
		"pl.json":           {Data: []byte(`{"tokens": {"one": "{n} znacznik", "few": "{n} znaczniki", "many": "{n} znaczników", "other": "{n} znacznika"}, "joined": "{name} dołącza do: {team}", "team.red": "czerwoni", "team.red#note": "003:48"}`)},
		"codenames/en.json": {Data: []byte(`{"cn.x": "x"}`)},
	})
	for _, c := range []struct {
		lang, id string
		args     map[string]any
		want     string
	}{
		{"pl", "tokens", map[string]any{"n": 1}, "1 znacznik"},
		{"pl", "tokens", map[string]any{"n": 2}, "2 znaczniki"},
		{"pl", "tokens", map[string]any{"n": 5}, "5 znaczników"},
		{"pl", "tokens", map[string]any{"n": 22}, "22 znaczniki"},
		{"pl", "tokens", map[string]any{"n": 12}, "12 znaczników"},
		{"pl", "tokens", map[string]any{"n": float64(3)}, "3 znaczniki"}, // a number from JSON
		{"en", "tokens", map[string]any{"n": 1}, "1 token"},
		{"en", "tokens", map[string]any{"n": 0}, "0 tokens"},
		{"pl", "joined", map[string]any{"name": "Ala", "team": M("team.red")}, "Ala dołącza do: czerwoni"},
		{"pl", "joined", map[string]any{"name": "Ala", "team": map[string]any{"id": "team.red"}}, "Ala dołącza do: czerwoni"},
		{"pl", "joined", nil, "{name} dołącza do: {team}"},
		{"cs", "joined", map[string]any{"name": "Ala", "team": M("team.red")}, "Ala joined red"}, // no Czech: English
		{"pl", "cn.x", nil, "x"},
		{"pl", "nope", nil, "nope"},
		{Pseudo, "team.red", nil, "⟦rěd ~~⟧"},
	} {
		if got := Text(c.lang, c.id, c.args); got != c.want {
			t.Errorf("Text(%q, %q, %v) = %q, want %q", c.lang, c.id, c.args, got, c.want)
		}
	}
	if e := catalogs["pl"]["team.red"]; e.Source != "003:48" {
		t.Errorf("note: %q", e.Source)
	}
}

func TestLoadErrors(t *testing.T) {
	for name, f := range map[string]fstest.MapFS{
		"prefix":       {"codenames/en.json": {Data: []byte(`{"x": "y"}`)}},
		"game prefix":  {"en.json": {Data: []byte(`{"ij.x": "y"}`)}},
		"no other":     {"en.json": {Data: []byte(`{"x": {"one": "y"}}`)}},
		"not text":     {"en.json": {Data: []byte(`{"x": 3}`)}},
		"note nowhere": {"en.json": {Data: []byte(`{"x#note": "ours"}`)}},
		"bad json":     {"en.json": {Data: []byte(`{`)}},
	} {
		if _, err := load(f); err == nil {
			t.Errorf("%s: load accepted it", name)
		}
	}
}

func TestJSON(t *testing.T) {
	withCatalog(t, fstest.MapFS{"en.json": {Data: []byte(`{"a": "b", "c": {"one": "1", "other": "n", "count": "k"}}`)}})
	var got map[string]any
	if err := json.Unmarshal(JSON("en"), &got); err != nil {
		t.Fatal(err)
	}
	if got["a"] != "b" || got["c"].(map[string]any)["count"] != "k" {
		t.Errorf("JSON = %v", got)
	}
}
