// Package catalog holds every word a player reads, in every language a table
// speaks, once: messages by a stable id with named arguments ("{name}"), and
// plural forms chosen by CLDR's rules. The engines, the printed pieces, the
// server and the pages all take their words from here.
//
// A language is a JSON file LANG.json (or TOPIC.LANG.json, a topic's part of
// it) in each of three folders: this one (what every game shares: the pages'
// frame, languages, errors), codenames/ and insidejob/ (each game's
// vocabulary, card texts and messages; their ids start with "cn." and
// "ij."). A value is a text, or an object of plural
// forms ("one", "few", "many", "other") chosen by the number in the argument
// named by "count" (default "n"). A key "ID#note" records where a text comes
// from ("002:L322", or "ours: no Czech edition") and is not a message.
package catalog

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
)

//go:embed *.json codenames/*.json insidejob/*.json
var files embed.FS

// Langs are the languages a table can speak, the first the default for a
// table nobody chose a language for.
var Langs = []string{"pl", "cs", "pt", "en"}

// Pseudo is the test-only language: every English text made longer,
// accented and bracketed, so a text that did not come through the catalog
// stands out (see PseudoText).
const Pseudo = "qps"

// Entry is one message in one language: a text, or plural forms.
type Entry struct {
	Text   string            // the text, when it has no plural forms
	Forms  map[string]string // plural forms by CLDR category: one, few, many, other
	Count  string            // the argument that chooses the form
	Source string            // where the words come from (the "ID#note" key)
}

// catalogs are the messages by language, then id.
var catalogs = mustLoad()

func mustLoad() map[string]map[string]Entry {
	c, err := load(files)
	if err != nil {
		panic(err)
	}
	return c
}

// load reads every catalog file of fsys.
func load(fsys fs.FS) (map[string]map[string]Entry, error) {
	out := map[string]map[string]Entry{}
	for _, dir := range []string{".", "codenames", "insidejob"} {
		names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			base := strings.TrimSuffix(path.Base(name), ".json")
			lang := base[strings.LastIndexByte(base, '.')+1:] // "print.pl" is Polish too
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			if out[lang] == nil {
				out[lang] = map[string]Entry{}
			}
			if err := parse(out[lang], b, dir); err != nil {
				return nil, fmt.Errorf("catalog %s: %w", name, err)
			}
		}
	}
	return out, nil
}

// prefixes are the id prefixes of each folder's messages.
var prefixes = map[string]string{"codenames": "cn.", "insidejob": "ij."}

func parse(into map[string]Entry, b []byte, dir string) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	notes := map[string]string{}
	for id, v := range raw {
		if base, _, ok := strings.Cut(id, "#"); ok {
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("%q: a note is a text: %w", id, err)
			}
			notes[base] = s
			continue
		}
		p := prefixes[dir]
		if p != "" && !strings.HasPrefix(id, p) || p == "" && (strings.HasPrefix(id, "cn.") || strings.HasPrefix(id, "ij.")) {
			return fmt.Errorf("%q: ids in %s/ start with %q", id, dir, p)
		}
		if _, dup := into[id]; dup {
			return fmt.Errorf("%q is defined twice", id)
		}
		var e Entry
		if err := json.Unmarshal(v, &e.Text); err != nil {
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				return fmt.Errorf("%q: want a text or an object of plural forms", id)
			}
			e.Count = forms["count"]
			if e.Count == "" {
				e.Count = "n"
			}
			delete(forms, "count")
			if forms["other"] == "" {
				return fmt.Errorf("%q: plural forms need \"other\"", id)
			}
			e.Forms = forms
		}
		into[id] = e
	}
	for id, n := range notes {
		e, ok := into[id]
		if !ok {
			return fmt.Errorf("a note on %q, which is no message here", id)
		}
		e.Source = n
		into[id] = e
	}
	return nil
}

// Has reports whether lang is a language of the catalog (Pseudo included).
func Has(lang string) bool {
	return lang == Pseudo || catalogs[lang] != nil
}

// Lang returns lang when the catalog speaks it, else the default language.
func Lang(lang string) string {
	if lang != Pseudo && slices.Contains(Langs, lang) {
		return lang
	}
	if lang == Pseudo {
		return lang
	}
	return Langs[0]
}

// Entries returns every message of lang by id (the pseudo-locale made from
// English); the map is a copy.
func Entries(lang string) map[string]Entry {
	src := lang
	if lang == Pseudo {
		src = "en"
	}
	out := make(map[string]Entry, len(catalogs[src]))
	for id, e := range catalogs[src] {
		if lang == Pseudo {
			e = pseudoEntry(e)
		}
		out[id] = e
	}
	return out
}

// IDs returns the ids of every message of lang, sorted.
func IDs(lang string) []string {
	ids := make([]string, 0, len(catalogs[lang]))
	for id := range catalogs[lang] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Known reports whether id is a message of the catalog.
func Known(id string) bool {
	_, ok := catalogs["en"][id]
	return ok
}

// entry returns the message id in lang; English when lang lacks it.
func entry(lang, id string) (Entry, bool) {
	if lang == Pseudo {
		e, ok := catalogs["en"][id]
		return pseudoEntry(e), ok
	}
	if e, ok := catalogs[lang][id]; ok {
		return e, true
	}
	e, ok := catalogs["en"][id]
	return e, ok
}

// langNames are the ids of the languages' own names ("Polski", "Čeština"),
// as the language switches and the deck sheet show them.
var langNames = map[string]string{"pl": "lang.pl", "cs": "lang.cs", "pt": "lang.pt", "en": "lang.en"}

// LangName returns the message that names lang in its own words; false for
// a language the catalog does not speak.
func LangName(lang string) (Msg, bool) {
	id, ok := langNames[lang]
	return M(id), ok
}
