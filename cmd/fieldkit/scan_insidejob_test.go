package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	ijscan "fieldkit/scan/insidejob"

	"gocv.io/x/gocv"
)

// mkijscene is a test helper command for the Inside Job scan script: it
// writes a synthetic photo of a trick (a 1080p frame of a readable, seeded
// scene), the plays the reader should print, one per line, and the
// secrets in view (the peeked role's and the rejected mission's ids and
// names) that no output may show:
//
//	mkijscene [-seed N] OUT.jpg plays.txt secrets.txt
func mkijscene() int {
	fs := flag.NewFlagSet("mkijscene", flag.ContinueOnError)
	seed := fs.Int64("seed", 2, "the first seed to try")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return 2
	}
	args := fs.Args()
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "mkijscene: want OUT.jpg plays.txt secrets.txt")
		return 2
	}
	g, err := ijscene.NewGenerator()
	if err != nil {
		return check(err)
	}
	defer g.Close()
	for s := *seed; ; s++ {
		p := ijscene.Random(s)
		p.Extras = true
		if p.Size != scene.Size1080p {
			continue
		}
		sc, err := g.Scene(p)
		if err != nil {
			return check(err)
		}
		if !sc.Truth.Readable || sc.Truth.SecretLegible < 2 {
			sc.Close()
			continue
		}
		defer sc.Close()
		if !gocv.IMWrite(args[0], sc.Frame) {
			return check(fmt.Errorf("cannot write %s", args[0]))
		}
		var plays, secrets strings.Builder
		for _, pl := range sc.Truth.Plays {
			seat := fmt.Sprintf("seat %d", pl.Seat)
			if pl.Seat == ijscan.Larry {
				seat = "Larry"
			}
			wager := "no wager"
			if pl.Token > 0 {
				wager = fmt.Sprintf("wager: intel %d", pl.Token)
			}
			fmt.Fprintf(&plays, "  %-7s %-4s %s\n", seat, ijscan.CardName(pl.ID), wager)
		}
		for _, id := range sc.Truth.Secret {
			fmt.Fprintf(&secrets, "%d\n", id)
			if n := ijscan.MissionName(id); n != "" {
				fmt.Fprintf(&secrets, "%s\n", n)
			}
		}
		if err := os.WriteFile(args[1], []byte(plays.String()), 0o644); err != nil {
			return check(err)
		}
		return check(os.WriteFile(args[2], []byte(secrets.String()), 0o644))
	}
}
