package codenames

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	cnscan "fieldkit/scan/codenames"
	"net/http"
	"strings"
	"testing"

	"fieldkit/deck"
	"fieldkit/internal/testkit"
	"fieldkit/server"
)

// fakeScanner returns a fixed observation for every photo.
type fakeScanner struct{ obs cnscan.Reading }

func (f *fakeScanner) Scan(ctx context.Context, photo []byte, d *deck.Deck) (cnscan.Reading, server.Picture, error) {
	if bytes.Contains(photo, []byte("unreadable")) {
		return cnscan.Reading{}, nil, errors.New("corrupt JPEG data")
	}
	return f.obs, nil, nil
}

func card(id int) *int { return &id }

func TestScanUpload(t *testing.T) {
	// Without a scanner a good photo is 501, a bad one still a clear 4xx.
	plain := newTestServer(t)
	g := plain.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
	host := hostClient(t, g)
	if r := host.do("POST", plain.URL+"/api/games/"+g.ID+"/scan", "image/jpeg", testkit.JPEG(t, 32, 32)); r.code != http.StatusNotImplemented {
		t.Errorf("scan without a scanner = %s, want 501", r)
	}
	if r := host.do("POST", plain.URL+"/api/games/"+g.ID+"/scan", "image/jpeg", []byte("nope")); r.code != http.StatusUnsupportedMediaType {
		t.Errorf("text upload = %s, want 415", r)
	}
	if r := newClient(t).do("POST", plain.URL+"/api/games/"+g.ID+"/scan", "image/jpeg", testkit.JPEG(t, 32, 32)); r.code != 401 {
		t.Errorf("scan without the host token = %s, want 401", r)
	}

	// With a scanner: a guess token on [0,0] after a clue is a guess.
	fake := &fakeScanner{obs: cnscan.Reading{OK: true, Token: &[2]int{0, 0}}}
	ts := newTestServer(t, func(f *Family) { f.Scanner = fake })
	g = ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"none"}`)
	host = hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	scan := func(c *client, url string) ScanAnswer {
		t.Helper()
		ctype, body := testkit.Multipart(t, "image", "photo.jpg", testkit.JPEG(t, 32, 32))
		r := c.do("POST", url, ctype, body)
		var a ScanAnswer
		if err := json.Unmarshal(r.body, &a); r.code != 200 || err != nil {
			t.Fatalf("scan = %s", r)
		}
		return a
	}
	a := scan(host, api+"/scan")
	if len(a.Scan.Events) != 0 || len(a.Scan.Warnings) != 1 || a.Scan.Warnings[0].ID != "cn.camera.token_no_clue" {
		t.Errorf("token before any clue: %+v", a.Scan)
	}
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"x","count":1}`)
	fake.obs.Token = &[2]int{0, 1}
	a = scan(host, api+"/scan")
	if len(a.Scan.Events) != 1 || string(a.Scan.Events[0]) != `{"type":"guess","cell":[0,1]}` || a.State.Seq != 2 {
		t.Errorf("token on [0,1] during the guess: %+v, seq %d", a.Scan, a.State.Seq)
	}
	// The same token again is no new guess; a phone's photo works like the host's.
	phone := newClient(t)
	phone.get(g.Seats["b"])
	a = scan(phone, g.Seats["b"]+"/scan")
	if len(a.Scan.Events) != 0 {
		t.Errorf("unchanged token: events %s", a.Scan.Events)
	}
	ctype, body := testkit.Multipart(t, "image", "photo.jpg", append(testkit.JPEG(t, 8, 8), []byte("unreadable")...))
	if r := host.do("POST", api+"/scan", ctype, body); r.code != http.StatusUnprocessableEntity || !strings.Contains(string(r.body), "corrupt JPEG data") {
		t.Errorf("a photo the scanner cannot decode = %s, want 422", r)
	}
}

func TestCheckCovers(t *testing.T) {
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","lang":"en"}`)
	host := hostClient(t, g)
	api := ts.URL + "/api/games/" + g.ID
	host.postJSON(api+"/events", `{"type":"clue","by":"a","word":"x","count":1}`)
	host.postJSON(api+"/events", `{"type":"guess","cell":[0,0]}`) // agent on side A
	s := sessionOf(t, ts, g)
	obs := cnscan.Reading{OK: true, Cells: []cnscan.CellReading{
		{Row: 0, Col: 0, Card: card(5), Cover: "agent"},    // matches
		{Row: 0, Col: 1, Card: card(6), Cover: "agent"},    // the referee has nothing there
		{Row: 0, Col: 2, Card: card(7)},                    // uncovered, as the referee says
		{Row: 0, Col: 3, Card: card(8), Cover: "assassin"}, // contradiction
		{Row: 0, Col: 4}, // not seen
		{Row: 7, Col: 9, Card: card(9), Cover: "bystander"}, // off the grid: ignored
	}}
	confirmed, warnings, unsettled := checkCovers(s, obs, nil, [25]bool{})
	if len(confirmed) != 1 || confirmed[0] != [2]int{0, 0} {
		t.Errorf("confirmed %v, want [[0 0]]", confirmed)
	}
	if len(warnings) != 2 || warnings[0].ID != "cn.camera.cover_missed" || warnings[1].Args["seen"] != coverTerm("assassin") {
		t.Errorf("warnings %q", warnings)
	}
	if want := [25]bool{1: true, 3: true}; unsettled != want {
		t.Errorf("unsettled %v, want cells 1 and 3 (the warnings)", unsettled)
	}
	// The same observation again reports nothing new, whether or not the
	// warnings are still open; the open ones stay open.
	if c, w, u := checkCovers(s, obs, &obs, unsettled); len(c) != 0 || len(w) != 0 || u != unsettled {
		t.Errorf("unchanged observation: confirmed %v, warnings %q, unsettled %v", c, w, u)
	}
	if c, w, u := checkCovers(s, obs, &obs, [25]bool{}); len(c) != 0 || len(w) != 0 || u != [25]bool{} {
		t.Errorf("unchanged observation, nothing open: confirmed %v, warnings %q, unsettled %v", c, w, u)
	}
	// Uncovering a covered cell, with its card seen, is a warning.
	bare := cnscan.Reading{OK: true, Cells: []cnscan.CellReading{{Row: 0, Col: 0, Card: card(5)}}}
	if _, w, _ := checkCovers(s, bare, &obs, [25]bool{}); len(w) != 1 || w[0].ID != "cn.camera.uncovered" || w[0].Args["want"] != coverTerm("agent") {
		t.Errorf("uncovered agent: %q", w)
	}
}
