package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"fieldkit/catalog"
)

// langCookie holds the language a device chose for itself with the switch;
// without it a page speaks its table's language, else the browser's.
const langCookie = "fieldkit-lang"

// langOf returns the language of a page for request r at a table that speaks
// tableLang ("" for none): the device's own choice, else the table's, else
// the first of the browser's languages the catalog speaks, else the default.
func (s *Server) langOf(r *http.Request, tableLang string) string {
	if c, err := r.Cookie(langCookie); err == nil && s.speaks(c.Value) {
		return c.Value
	}
	if s.speaks(tableLang) {
		return tableLang
	}
	return browserLang(r)
}

// speaks reports whether pages may be in lang: a language of the catalog, and
// the pseudo-locale only on a server that serves it (tests).
func (s *Server) speaks(lang string) bool {
	if lang == catalog.Pseudo {
		return s.pseudo
	}
	return lang != "" && catalog.Has(lang)
}

// browserLang returns the first language of the request's Accept-Language
// that the catalog speaks, else the default.
func browserLang(r *http.Request) string {
	if l := acceptLang(r); l != "" {
		return l
	}
	return catalog.Langs[0]
}

// acceptLang returns the first language of the request's Accept-Language
// that the catalog speaks, else "".
func acceptLang(r *http.Request) string {
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if base != catalog.Pseudo && catalog.Has(base) {
			return base
		}
	}
	return ""
}

// hostLang returns the language of a host page of table t: the table's own
// (the host page's switch changes it, for every page of the table), else
// what langOf picks without one.
func (s *Server) hostLang(r *http.Request, t *table) string {
	if l := t.language(); s.speaks(l) {
		return l
	}
	return s.langOf(r, "")
}

// tableLangKey is the field of a new table request (POST /api/tables, POST
// /api/games) that names the table's language. The server takes it out of
// the body before the game's family reads the rest.
const tableLangKey = "table_lang"

// newTableLang reads the language of a new table from its request: the
// body's "table_lang", else the device's own choice (its cookie), else its
// browser's first language the catalog speaks, else "" (none chosen). It
// returns the body without "table_lang". A language the server does not
// speak is refused (errBadRequest, with a message).
func (s *Server) newTableLang(r *http.Request, body []byte) (string, []byte, error) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(body, &fields) == nil {
		if raw, ok := fields[tableLangKey]; ok {
			var lang string
			if err := json.Unmarshal(raw, &lang); err != nil {
				return "", nil, langError{string(raw)} // not a string: as it was sent
			}
			if !s.speaks(lang) {
				return "", nil, langError{lang}
			}
			delete(fields, tableLangKey)
			b, err := json.Marshal(fields)
			if err != nil {
				return "", nil, err
			}
			return lang, b, nil
		}
	}
	if c, err := r.Cookie(langCookie); err == nil && s.speaks(c.Value) {
		return c.Value, body, nil
	}
	return acceptLang(r), body, nil
}

// langError refuses a language that a table cannot speak.
type langError struct{ lang string }

func (e langError) Error() string {
	return fmt.Sprintf("%v: a table's language is one of %s, not %s", errBadRequest, strings.Join(catalog.Langs, ", "), e.shown())
}

func (e langError) Unwrap() error { return errBadRequest }

// Say implements catalog.Sayable.
func (e langError) Say() (string, map[string]any) {
	return "tablelang.bad", map[string]any{"lang": e.shown()}
}

// shown is the refused value as the message quotes it: at most 20 characters.
func (e langError) shown() string {
	if r := []rune(e.lang); len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return e.lang
}

// postTableLang: POST /api/tables/{id}/lang (host), {"lang":"cs"}: the
// table's language changes, for every page of the table (a phone that chose
// its own language keeps it) and the word list of its next games. The answer
// is the table (GET /api/tables/{id}).
func (s *Server) postTableLang(w http.ResponseWriter, r *http.Request) {
	t, ok := s.hostOfTable(w, r)
	if !ok {
		return
	}
	body, ok := ReadBody(w, r, maxEventBody)
	if !ok {
		return
	}
	var req struct {
		Lang *string `json:"lang"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || req.Lang == nil {
		s.fail(w, langError{strings.TrimSpace(string(body))}, nil)
		return
	}
	lang := *req.Lang
	if !s.speaks(lang) {
		s.fail(w, langError{lang}, nil)
		return
	}
	change := func(cur tableState) (tableState, func(context.Context, *sql.Tx) error, error) {
		if cur.lang == lang {
			return cur, nil, nil
		}
		next := cur
		next.lang = lang
		return next, func(ctx context.Context, tx *sql.Tx) error { return setTableLang(ctx, tx, t.id, lang) }, nil
	}
	st, err := t.update(r.Context(), s.Store, change)
	if errors.Is(err, errPutAway) { // put away meanwhile: once more on a fresh copy
		if fresh, ferr := s.table(r.Context(), t.id); ferr == nil {
			t = fresh
			st, err = t.update(r.Context(), s.Store, change)
		}
	}
	if err != nil {
		s.fail(w, err, nil)
		return
	}
	s.Logf("table %s: language %s", t.id, lang)
	WriteJSON(w, http.StatusOK, t.view(st))
}

// catalogScript: GET /catalog/{lang}.js, the messages of a language for the
// pages (app.js fk.load).
func (s *Server) catalogScript(w http.ResponseWriter, r *http.Request) {
	lang, ok := strings.CutSuffix(r.PathValue("file"), ".js")
	if !ok || !s.speaks(lang) {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write([]byte(`"use strict";fk.load(` + jsString(lang) + `,`))
	w.Write(catalog.JSON(lang))
	w.Write([]byte(");\n"))
}

func jsString(s string) string { return `"` + template.JSEscapeString(s) + `"` }

// pageFuncs are a page's template functions in lang: t says a message (its
// arguments as name, value pairs), lang is the page's language.
func pageFuncs(lang string) template.FuncMap {
	return template.FuncMap{
		"t":    func(id string, pairs ...any) string { return catalog.M(id, pairs...).In(lang) },
		"say":  func(m catalog.Msg) string { return m.In(lang) },
		"lang": func() string { return lang },
	}
}
