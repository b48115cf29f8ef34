package server

import (
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
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if base != catalog.Pseudo && catalog.Has(base) {
			return base
		}
	}
	return catalog.Langs[0]
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
