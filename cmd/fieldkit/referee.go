package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"

	"fieldkit/engine"
)

func init() {
	commands["referee"] = command{summary: "referee a game (Duet, classic, Inside Job): JSON events in on stdin, one JSON state line out per event", run: runReferee}
}

// runReferee reads events as JSON lines and writes the public state after each.
// A refused or malformed event writes the unchanged state with an "error" field;
// the referee goes on until stdin ends.
func runReferee(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("referee", "referee [-brief] < events.jsonl",
		`echo '{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":5}' | fieldkit referee`,
		`fieldkit referee -brief < game.jsonl`,
		`fieldkit referee < events.jsonl > states.jsonl`)
	brief := fs.Bool("brief", false, "leave the 25 cells out of each state line")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "referee takes no arguments; it reads events on stdin (got %q)", pos[0])
	}
	in := bufio.NewReader(m.Stdin)
	out := bufio.NewWriter(m.Stdout)
	var cur engine.Referee = engine.NoGame{Games: families().Names()}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, rerr := in.ReadBytes('\n')
		if ev := bytes.TrimSpace(line); len(ev) > 0 {
			var err error
			if h, herr := engine.ReadHead(ev); herr == nil && h.Type == "new" {
				var r engine.Referee
				if r, err = families().Start(h, ev); err == nil {
					cur = r
				}
			} else {
				err = cur.Apply(ev)
			}
			if b, ok := cur.(engine.Briefer); ok {
				b.SetBrief(*brief)
			}
			out.Write(cur.State(err))
			out.WriteByte('\n')
			if err := out.Flush(); err != nil {
				return err
			}
		}
		if errors.Is(rerr, io.EOF) {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}
