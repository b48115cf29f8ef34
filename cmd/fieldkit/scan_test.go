package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"strings"

	"fieldkit/deck"
	"fieldkit/internal/scene"
	"fieldkit/markers"
	"fieldkit/wordlists"

	"gocv.io/x/gocv"
)

// mkscene is a test helper command for the scan scripts: it writes a
// synthetic photo of a table (or a video, or a huge PNG header), the deck's
// manifest, and the cells the scanner should print:
//
//	mkscene [-seed N] [-few] [-cut BYTES] [-video FRAMES] OUT.jpg|OUT.avi deck.json want.txt
//	mkscene -huge OUT.png
func mkscene() int {
	fs := flag.NewFlagSet("mkscene", flag.ContinueOnError)
	seed := fs.Int64("seed", 4, "scene seed")
	few := fs.Bool("few", false, "only six cards")
	video := fs.Int("video", 0, "write a video of this many frames; a fourth cover appears half way")
	huge := fs.Bool("huge", false, "write a PNG header of 10000 x 10000 pixels")
	cut := fs.Int("cut", 0, "keep only this many bytes of the image file")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return 2
	}
	args := fs.Args()
	if *huge {
		chunk := []byte("IHDR\x00\x00\x27\x10\x00\x00\x27\x10\x08\x02\x00\x00\x00")
		b := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"), chunk...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
		return check(os.WriteFile(args[0], b, 0o644))
	}
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "mkscene: want OUT deck.json want.txt")
		return 2
	}
	l, err := wordlists.Builtin("en")
	if err != nil {
		return check(err)
	}
	d, err := deck.New(l.Name, l.Lang, l.Words, 7)
	if err != nil {
		return check(err)
	}
	manifest, err := json.Marshal(d)
	if err != nil {
		return check(err)
	}
	if err := os.WriteFile(args[1], manifest, 0o644); err != nil {
		return check(err)
	}
	g := scene.NewGenerator(d)
	defer g.Close()
	p := scene.Params{Seed: *seed, Size: scene.Size1080p, Fill: 0.95, Tilt: 20, Rotate: 4, Gap: 8, Covers: 4, Duet: true, Timers: 1, Guess: true, Noise: 3, JPEG: 85}
	if *few {
		p.Layout = scene.Few
	}
	var last scene.Truth
	if *video > 0 {
		vw, err := gocv.VideoWriterFile(args[0], "MJPG", 30, p.Size.X, p.Size.Y, true)
		if err != nil {
			return check(err)
		}
		defer vw.Close()
		for i := range *video {
			q := p
			q.Covers, q.Timers, q.Guess = 3, 0, false
			if i >= *video/2 {
				q.Covers = 4
			}
			sc, err := g.Scene(q)
			if err != nil {
				return check(err)
			}
			err = vw.Write(sc.Frame)
			last = sc.Truth
			sc.Close()
			if err != nil {
				return check(err)
			}
		}
	} else {
		sc, err := g.Scene(p)
		if err != nil {
			return check(err)
		}
		defer sc.Close()
		if !gocv.IMWrite(args[0], sc.Frame) {
			return check(fmt.Errorf("cannot write %s", args[0]))
		}
		if *cut > 0 {
			if err := os.Truncate(args[0], int64(*cut)); err != nil {
				return check(err)
			}
		}
		last = sc.Truth
	}
	// The cells as `fieldkit scan` prints them.
	var b strings.Builder
	kinds := map[markers.Kind]string{markers.DuetAgent: "agent", markers.DuetAssassin: "assassin"}
	for r := range 5 {
		for c := range 5 {
			cell := last.Cells[r][c]
			fmt.Fprintf(&b, "  [%d,%d]", r, c)
			if cell.Card >= 0 && cell.Cover < 0 {
				fmt.Fprintf(&b, " card %d %s", cell.Card, d.Words[cell.Card])
			} else {
				b.WriteString(" card unseen")
			}
			if cell.Cover >= 0 {
				k, _ := markers.PieceKind(cell.Cover)
				fmt.Fprintf(&b, ", covered: %s", kinds[k])
			}
			if cell.Timers > 0 {
				fmt.Fprintf(&b, ", timer tokens: %d", cell.Timers)
			}
			if last.Token != nil && last.Token[0] == r && last.Token[1] == c {
				b.WriteString(", guess token")
			}
			b.WriteByte('\n')
		}
	}
	return check(os.WriteFile(args[2], []byte(b.String()), 0o644))
}

func check(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkscene:", err)
		return 1
	}
	return 0
}
