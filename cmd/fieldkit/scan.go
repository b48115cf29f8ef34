package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"fieldkit/scan"
	cnscan "fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

func init() {
	commands["scan"] = command{summary: "read the table from photos, a video file or a webcam: cards, covers, tokens", run: runScan}
}

func runScan(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("scan", "scan IMAGE... [--deck MANIFEST] [--json] [--annotate OUT.png]\n       fieldkit scan --video FILE | --camera N [--deck MANIFEST] [--json] [--hold N] [--frames N]",
		"fieldkit scan table.jpg",
		"fieldkit scan --deck deck.json --json table.jpg",
		"fieldkit scan --annotate seen.png table.jpg",
		"fieldkit scan --video game.avi",
		"fieldkit scan --camera 0",
		"fieldkit scan --game insidejob --json --annotate seen.png trick.jpg")
	game := fs.String("game", "codenames", "which reader: codenames (the grid) or insidejob (the trick); --deck insidejob also picks the trick reader")
	deckPath := fs.String("deck", "", "the deck's manifest (deck.json from fieldkit print) or a built-in deck's code: words for card ids")
	asJSON := fs.Bool("json", false, "one JSON object per image (or per change of a video)")
	annotate := fs.String("annotate", "", "write what the scanner saw over the image to this PNG (IMAGE-N.png for several images)")
	video := fs.String("video", "", "follow a video file and print the changes that hold")
	camera := fs.Int("camera", -1, "follow webcam N (0 is the first) and print the changes that hold, until interrupted")
	hold := fs.Int("hold", 3, "frames a change must hold before it is reported (video and camera)")
	frames := fs.Int("frames", 0, "stop after this many frames (video and camera; 0: no limit)")
	players := fs.Int("players", 0, "Inside Job: the table's player count (2-5), which stands in for the player aid when it is out of sight (0: read it from the aid)")
	seat := fs.Bool("seat", false, "refuse a picture whose seat marker is not read (a video keeps the side an earlier frame's marker showed), instead of putting seat A at the bottom")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	live := *video != "" || *camera >= 0
	switch {
	case *video != "" && *camera >= 0:
		return usagef(fs, "give --video or --camera, not both")
	case live && len(pos) > 0:
		return usagef(fs, "images and --video/--camera do not mix (got %q)", pos[0])
	case live && *annotate != "":
		return usagef(fs, "--annotate is for images")
	case !live && len(pos) == 0:
		return usagef(fs, "give an image to scan, or --video FILE, or --camera N")
	case *hold < 1:
		return usagef(fs, "--hold must be at least 1 (got %d)", *hold)
	case *players != 0 && (*players < 2 || *players > 5):
		return usagef(fs, "--players must be 2 to 5 (got %d)", *players)
	case *game != "codenames" && *game != "insidejob":
		return usagef(fs, "--game must be codenames or insidejob (got %q)", *game)
	}
	if *game == "insidejob" || *deckPath == "insidejob" {
		if live {
			return usagef(fs, "the Inside Job reader reads images only (no --video or --camera yet)")
		}
		return scanInsideJob(m, pos, *players, *annotate, *asJSON)
	}
	s := &cnscan.Scanner{RequireSeat: *seat}
	if *deckPath != "" {
		d, err := loadDeck(*deckPath)
		if err != nil {
			return err
		}
		s.Deck = cnscan.FromDeck(d)
	}
	if live {
		return scanVideo(m, ctx, s, *video, *camera, *hold, *frames, *asJSON)
	}
	return m.eachImage(pos, *annotate, func(path, out string) (bool, error) { return scanImage(m, s, path, out, *asJSON) })
}

// eachImage reads every image file in paths with read, which writes its
// annotated image to out (annotate, numbered when there are several images).
// A file that fails is reported and the others are read; the error is
// errSilent when any image failed or showed nothing readable.
func (m *Main) eachImage(paths []string, annotate string, read func(path, out string) (bool, error)) error {
	failed := false
	for i, path := range paths {
		out := annotate
		if out != "" && len(paths) > 1 {
			ext := filepath.Ext(out)
			out = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(out, ext), i+1, ext)
		}
		ok, err := read(path, out)
		if err != nil {
			fmt.Fprintf(m.Stderr, "fieldkit scan: %v\n", err)
			failed = true
			continue
		}
		failed = failed || !ok
	}
	if failed {
		return errSilent
	}
	return nil
}

// scanImage scans one image file and prints the observation; ok is false
// when the image shows no readable grid.
func scanImage(m *Main, s *cnscan.Scanner, path, annotate string, asJSON bool) (bool, error) {
	img, err := scan.ReadImage(path, annotate != "")
	if err != nil {
		return false, err
	}
	defer img.Close()
	obs, err := s.Scan(img)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if err := m.writeReading(annotate, func() (gocv.Mat, error) { return cnscan.Annotate(img, &obs, s.Deck, "en") }, asJSON, obs); err != nil || asJSON {
		return obs.OK && err == nil, err
	}
	printObservation(m.Stdout, path, &obs)
	return obs.OK, nil
}

// writeReading writes what a photo's reader saw: the annotated image drawn by
// draw into annotate (when not ""), and with asJSON the reading as one JSON
// line.
func (m *Main) writeReading(annotate string, draw func() (gocv.Mat, error), asJSON bool, reading any) error {
	if annotate != "" {
		out, err := draw()
		if err != nil {
			return err
		}
		ok := gocv.IMWrite(annotate, out)
		out.Close()
		if !ok {
			return fmt.Errorf("cannot write %s (a .png or .jpg name in a writable directory?)", annotate)
		}
	}
	if asJSON {
		b, err := json.Marshal(reading)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "%s\n", b)
	}
	return nil
}

// printObservation writes an observation for people: one line per cell.
func printObservation(w io.Writer, name string, o *cnscan.Observation) {
	if !o.OK {
		fmt.Fprintf(w, "%s: not read (%s): %s\n", name, o.Refusal, o.Reason)
		return
	}
	how := fmt.Sprintf("seat A at the %s edge", o.SeatA)
	switch {
	case o.SeatMarker:
		how += " (seat marker)"
	case o.PriorSeat:
		how += " (an earlier frame's seat marker)"
	default:
		how += " (no seat marker read: the side nearest the image's bottom)"
	}
	fmt.Fprintf(w, "%s: grid read, fit error %.3f cells, %s\n", name, o.FitError, how)
	for r := range 5 {
		for c := range 5 {
			cell := o.Cells[r][c]
			line := fmt.Sprintf("  [%d,%d]", r, c)
			if cell.Card >= 0 {
				line += fmt.Sprintf(" card %d", cell.Card)
				if cell.Word != "" {
					line += " " + cell.Word
				}
			} else if cell.Why == "doubt" || cell.Why == "disagree" || cell.Why == "turned" {
				line += " card unknown (" + cell.Why + ")"
			} else {
				line += " card unseen"
			}
			if cell.Cover != cnscan.NotInDeck {
				line += ", covered: " + cell.Cover.String()
			}
			if cell.Timers > 0 {
				line += fmt.Sprintf(", timer tokens: %d", cell.Timers)
			}
			for _, t := range o.Tokens {
				if t.Row == r && t.Col == c {
					line += ", guess token"
				}
			}
			fmt.Fprintln(w, line)
		}
	}
}

// scanVideo follows a video file or a webcam and prints changes as they hold.
func scanVideo(m *Main, ctx context.Context, s *cnscan.Scanner, file string, cam, hold, limit int, asJSON bool) error {
	var vc *gocv.VideoCapture
	var err error
	name := file
	if file != "" {
		if _, err := os.Stat(file); err != nil {
			return err
		}
		vc, err = gocv.VideoCaptureFile(file)
		if err == nil && !vc.IsOpened() {
			err = errors.New("not opened")
		}
		if err != nil {
			return fmt.Errorf("%s: OpenCV cannot read this video (an MJPG .avi or a format its FFmpeg knows)", file)
		}
	} else {
		name = fmt.Sprintf("camera %d", cam)
		vc, err = gocv.OpenVideoCapture(cam)
		if err == nil && !vc.IsOpened() {
			err = errors.New("not opened")
		}
		if err != nil {
			return fmt.Errorf("camera %d does not open (no /dev/video%d, or in use by another program)", cam, cam)
		}
	}
	defer vc.Close()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	t := cnscan.NewTracker(s)
	t.Hold = hold
	var times []time.Duration
	frames, read := 0, 0
	err = cnscan.Watch(ctx, vc, t, func(obs cnscan.Observation, changes []cnscan.Change) error {
		frames++
		times = append(times, obs.Elapsed)
		if obs.OK {
			read++
		}
		for _, c := range changes {
			if asJSON {
				b, err := json.Marshal(changeJSON(c))
				if err != nil {
					return err
				}
				fmt.Fprintf(m.Stdout, "%s\n", b)
			} else {
				fmt.Fprintln(m.Stdout, c)
			}
		}
		if limit > 0 && frames >= limit {
			cancel()
		}
		return nil
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	if frames == 0 {
		return fmt.Errorf("%s: no frames", name)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Fprintf(m.Stderr, "%s: %d frames, %d read; scan time median %.1f ms, 95th percentile %.1f ms\n",
		name, frames, read, ms(times[len(times)/2]), ms(times[len(times)*95/100]))
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// changeJSON is a change as a JSON line: {"frame", "row", "col", "card",
// "word", "cover", "timers"} for a cell, {"frame", "token": [r, c] | null}
// for the guess token.
func changeJSON(c cnscan.Change) any {
	if c.Row < 0 {
		var tok *[2]int
		if c.TokenTo != nil {
			tok = &[2]int{c.TokenTo.Row, c.TokenTo.Col}
		}
		return struct {
			Frame int     `json:"frame"`
			Token *[2]int `json:"token"`
		}{c.Frame, tok}
	}
	out := struct {
		Frame  int     `json:"frame"`
		Row    int     `json:"row"`
		Col    int     `json:"col"`
		Card   *int    `json:"card"`
		Word   *string `json:"word"`
		Cover  *string `json:"cover"`
		Timers int     `json:"timers"`
	}{Frame: c.Frame, Row: c.Row, Col: c.Col, Timers: c.To.Timers}
	if c.To.Card >= 0 {
		id := c.To.Card
		out.Card = &id
	}
	if c.To.Word != "" {
		w := c.To.Word
		out.Word = &w
	}
	if c.To.Cover != cnscan.NotInDeck {
		k := c.To.Cover.String()
		out.Cover = &k
	}
	return out
}
