package main

import (
	"fmt"
	"io"

	"fieldkit/scan"
	ijscan "fieldkit/scan/insidejob"

	"gocv.io/x/gocv"
)

// scanInsideJob reads the Inside Job trick in each image: `fieldkit scan
// --game insidejob`. Only the public pieces are printed or drawn (see
// package scan/insidejob). players, when not 0, is the table's player count
// (ijscan.Reader.Players).
func scanInsideJob(m *Main, paths []string, players int, annotate string, asJSON bool) error {
	r := ijscan.Reader{Players: players}
	return m.eachImage(paths, annotate, func(path, out string) (bool, error) { return readTrick(m, &r, path, out, asJSON) })
}

func readTrick(m *Main, r *ijscan.Reader, path, annotate string, asJSON bool) (bool, error) {
	img, err := scan.ReadImage(path, true) // colour: the bare middle of a card is told by it
	if err != nil {
		return false, err
	}
	defer img.Close()
	obs, err := r.Read(img)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if err := m.writeReading(annotate, func() (gocv.Mat, error) { return ijscan.Annotate(img, &obs, "en") }, asJSON, obs); err != nil || asJSON {
		return obs.OK && err == nil, err
	}
	printTrick(m.Stdout, path, &obs)
	return obs.OK, nil
}

// printTrick writes a reading for people: one line per play.
func printTrick(w io.Writer, name string, o *ijscan.Observation) {
	if !o.OK {
		fmt.Fprintf(w, "%s: not read: %s\n", name, o.Reason)
		return
	}
	r := o.Reading()
	mission, players := "?", "?"
	if r.Mission != nil {
		mission = *r.Mission
	}
	if r.Players != nil {
		players = fmt.Sprint(*r.Players)
	}
	fmt.Fprintf(w, "%s: seats %v, mission %s, players %s, %d intel off the cards (%.1f ms)\n", name, r.Seats, mission, players, r.Intel, r.MS)
	for _, p := range o.Plays {
		wager := "no wager"
		switch p.Wager {
		case ijscan.Wagered:
			wager = fmt.Sprintf("wager: intel %d", p.Token)
		case ijscan.WagerUnknown:
			wager = "wager unknown"
		}
		seat := fmt.Sprintf("seat %d", p.Seat)
		if p.Seat == ijscan.Larry {
			seat = "Larry"
		}
		fmt.Fprintf(w, "  %-7s %-4s %s\n", seat, p.Card, wager)
	}
	for _, x := range o.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", x)
	}
}
