package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"testing/fstest"
	"time"

	"fieldkit/server"
)

// tictactoe is a small game that exists only to prove the server's seams: a
// third family registered through the same interfaces as Codenames, with one
// secret per seat. Parts "x" and "o" take turns marking the 3x3 board; each
// seat holds a secret word that only its phone may ever see.

var (
	errBad  = errors.New("bad move")
	errTurn = errors.New("not your turn")
)

type tttFamily struct {
	// reads gives the games a reader of photos and camera frames
	// (fakereader_test.go); without it the server reads none.
	reads bool
}

func (tttFamily) Name() string                                { return "tictactoe" }
func (tttFamily) Games() []string                             { return []string{"tictactoe"} }
func (tttFamily) Schema() string                              { return "" }
func (tttFamily) Migrate(context.Context, *sql.Tx) error      { return nil }
func (tttFamily) Undo(context.Context, *sql.Tx, string) error { return nil }
func (tttFamily) Home(context.Context, *server.Env) any       { return nil }
func (tttFamily) Routes(*http.ServeMux, *server.Env)          {}
func (tttFamily) Status(err error) int {
	switch {
	case errors.Is(err, errBad):
		return http.StatusBadRequest
	case errors.Is(err, errTurn):
		return http.StatusConflict
	}
	return 0
}

func (tttFamily) Assets() fs.FS {
	return fstest.MapFS{
		"home.html":     {Data: []byte(`{{define "home-tictactoe"}}<section id="tictactoe">tic-tac-toe</section>{{end}}`)},
		"host.html":     {Data: []byte(`{{define "host.html"}}{{template "head" "ttt"}}</head><body data-table="{{.Table}}">host of {{.Game}} {{.ID}}{{range .Seats}} {{.Name}}{{end}}</body></html>{{end}}`)},
		"seat.html":     {Data: []byte(`{{define "seat.html"}}{{template "head" "ttt"}}</head><body>seat {{.Number}} plays {{.Seat}}</body></html>{{end}}`)},
		"static/ttt.js": {Data: []byte(`"use strict";`)},
	}
}

// tttSetup is the game's "new" event: the seats' secrets are in it, so it is
// never served.
type tttSetup struct {
	Type    string    `json:"type"`
	Game    string    `json:"game"`
	Secrets [2]string `json:"secrets"`
}

func (f tttFamily) Start(ctx context.Context, env *server.Env, req server.StartRequest) (*server.Start, error) {
	setup := tttSetup{Type: "new", Game: "tictactoe"}
	var body struct {
		Game    string    `json:"game"`
		Secrets [2]string `json:"secrets"`
	}
	dec := json.NewDecoder(bytes.NewReader(req.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		return nil, fmt.Errorf("%w: %v", errBad, err)
	}
	setup.Secrets = body.Secrets
	for i := range setup.Secrets {
		if setup.Secrets[i] == "" {
			b, err := env.Rand(4)
			if err != nil {
				return nil, err
			}
			setup.Secrets[i] = fmt.Sprintf("%x", b)
		}
	}
	b, _ := json.Marshal(setup)
	g, err := f.Load(ctx, env, server.Stored{Setup: b})
	if err != nil {
		return nil, err
	}
	return &server.Start{Setup: b, Parts: []string{"x", "o"}, Summary: "3x3", Game: g}, nil
}

func (f tttFamily) Load(ctx context.Context, env *server.Env, st server.Stored) (server.Game, error) {
	var setup tttSetup
	if err := json.Unmarshal(st.Setup, &setup); err != nil {
		return nil, err
	}
	return ttt{board: "         ", secrets: setup.Secrets, reads: f.reads}, nil
}

// ttt is the game's value state.
type ttt struct {
	board   string // 9 cells, row by row: ' ', 'x' or 'o'
	moves   int
	winner  string
	secrets [2]string
	reads   bool // a reader of photos and frames is plugged in
}

type tttMove struct {
	Type string `json:"type"`
	By   string `json:"by"`
	Cell int    `json:"cell"`
}

func (g ttt) next() string {
	if g.moves%2 == 0 {
		return "x"
	}
	return "o"
}

func (g ttt) Apply(line []byte, part string, at time.Time) (server.Game, server.Step, error) {
	var m tttMove
	if err := json.Unmarshal(line, &m); err != nil || m.Type != "mark" {
		return g, server.Step{}, fmt.Errorf("%w: want {\"type\":\"mark\",\"cell\":0..8}", errBad)
	}
	if part != "" {
		if m.By != "" && m.By != part {
			return g, server.Step{}, fmt.Errorf("%w: this phone plays %s", errTurn, part)
		}
		m.By = part
	}
	switch {
	case g.winner != "" || g.moves == 9:
		return g, server.Step{}, fmt.Errorf("%w: the game is over", errTurn)
	case m.By != g.next():
		return g, server.Step{}, fmt.Errorf("%w: %s plays next", errTurn, g.next())
	case m.Cell < 0 || m.Cell > 8 || g.board[m.Cell] != ' ':
		return g, server.Step{}, fmt.Errorf("%w: cell %d is not free", errBad, m.Cell)
	}
	b := []byte(g.board)
	b[m.Cell] = m.By[0]
	g.board, g.moves = string(b), g.moves+1
	for _, l := range [][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if b[l[0]] != ' ' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			g.winner = string(b[l[0]])
		}
	}
	ev, _ := json.Marshal(m)
	result := ""
	if g.winner != "" {
		result = g.winner + " wins"
	}
	return g, server.Step{Events: []server.LoggedEvent{{Event: ev, Result: result}}}, nil
}

func (g ttt) Public() any {
	return struct {
		Board  string `json:"board"`
		Next   string `json:"next"`
		Winner string `json:"winner,omitempty"`
	}{g.board, g.next(), g.winner}
}

func (g ttt) Secret(part string) any {
	switch part {
	case "x":
		return map[string]string{"secret": g.secrets[0]}
	case "o":
		return map[string]string{"secret": g.secrets[1]}
	}
	return nil
}

func (g ttt) Playing() bool { return g.winner == "" && g.moves < 9 }
