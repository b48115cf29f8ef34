package photoreal

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	"fieldkit/markers"
)

// Format is the version of the truth file.
const Format = 1

// File is a rendered frame's truth file (name.json beside name.jpg): what
// was rendered and the ground truth, in the types the accuracy tests score.
type File struct {
	Format int    `json:"format"`
	Game   string `json:"game"` // codenames, insidejob or retail
	Seed   int64  `json:"seed"`
	Image  string `json:"image"` // the JPEG's file name, beside this file
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Shot   Shot   `json:"shot"`
	Scene  Info   `json:"scene"`
	// Exactly one of these is set, by Game.
	Codenames *scene.Truth   `json:"codenames,omitempty"`
	InsideJob *ijscene.Truth `json:"insidejob,omitempty"`
	Retail    *RetailTruth   `json:"retail,omitempty"`
}

// Info describes the rendered scene, for breakdowns.
type Info struct {
	Paper   string  `json:"paper"`
	Table   string  `json:"table"`
	Tilt    float64 `json:"tilt"`
	Lens    float64 `json:"lens"`
	FStop   float64 `json:"fstop,omitempty"`
	Hands   int     `json:"hands"`
	Lights  int     `json:"lights"`
	Gain    float64 `json:"gain"`
	Players int     `json:"players,omitempty"`
	// Larry says where Larry's pawn lies in an Inside Job scene: "seat"
	// (a 2-player table), "start marker" (3-5 players), or "".
	Larry string `json:"larry,omitempty"`
	// TableColor names the table's colour (retail scenes only: the retail
	// reader needs a table that differs from its beige cards).
	TableColor string  `json:"table_color,omitempty"`
	Samples    int     `json:"samples"`
	Seconds    float64 `json:"render_seconds"`
}

// Parse reads a truth file and checks it. A Codenames truth is judged by
// today's seat rule (judgeSeat) whatever the file says.
func Parse(b []byte) (*File, error) {
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("photoreal: truth: %w", err)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("photoreal: truth: %w", err)
	}
	if f.Codenames != nil {
		// Files rendered before the seat rule are judged by it here.
		judgeSeat(f.Codenames)
	}
	return &f, nil
}

func (f *File) check() error {
	if f.Format != Format {
		return fmt.Errorf("format %d, want %d", f.Format, Format)
	}
	if f.Image == "" || f.Width <= 0 || f.Height <= 0 {
		return errors.New("no image or no size")
	}
	switch f.Game {
	case "codenames":
		if f.Codenames == nil || f.InsideJob != nil || f.Retail != nil {
			return errors.New("a codenames file holds the Codenames truth alone")
		}
		return checkView(f.Codenames.View)
	case "insidejob":
		if f.InsideJob == nil || f.Codenames != nil || f.Retail != nil {
			return errors.New("an insidejob file holds the Inside Job truth alone")
		}
		t := f.InsideJob
		for _, s := range t.Seats {
			if s < 0 || s > 5 {
				return fmt.Errorf("seat %d", s)
			}
		}
		for _, p := range t.Plays {
			if p.Seat < 0 || p.Seat > 5 || p.ID < markers.NumberBase || p.ID >= markers.NumberBase+markers.NumberCards || p.Token < 0 || p.Token > markers.IntelTokens {
				return fmt.Errorf("play %+v", p)
			}
		}
		if t.Players != 0 && (t.Players < 2 || t.Players > 5) {
			return fmt.Errorf("%d players", t.Players)
		}
		return nil
	case "retail":
		if f.Retail == nil || f.Codenames != nil || f.InsideJob != nil {
			return errors.New("a retail file holds the retail truth alone")
		}
		return f.Retail.check()
	}
	return fmt.Errorf("game %q", f.Game)
}

func checkView(v scene.View) error {
	switch v.SeatA {
	case "bottom", "left", "top", "right":
	default:
		return fmt.Errorf("seat A faces %q", v.SeatA)
	}
	for _, row := range v.Cells {
		for _, c := range row {
			if c.Card < -1 || c.Card >= markers.Count || c.Cover < -1 || c.Cover >= markers.Count || c.Timers < 0 || c.TimersLegible > c.Timers {
				return fmt.Errorf("cell %+v", c)
			}
		}
	}
	if t := v.Token; t != nil && (t[0] < 0 || t[0] > 4 || t[1] < 0 || t[1] > 4) {
		return fmt.Errorf("token at %v", *t)
	}
	return nil
}

// Frame is a truth file read from a directory, with its image's path.
type Frame struct {
	*File
	Path string // the JPEG
}

// Load reads every truth file (*.json) in dir, in name order.
func Load(dir string) ([]Frame, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Frame
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		f, err := Parse(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out = append(out, Frame{File: f, Path: filepath.Join(dir, f.Image)})
	}
	return out, nil
}

// Resolution names a frame's size for breakdowns: "1080p", "12 MP" or
// WxH.
func (f *File) Resolution() string {
	switch {
	case f.Width == 1920 && f.Height == 1080:
		return "1080p"
	case f.Width*f.Height >= 11_000_000:
		return "12 MP"
	}
	return fmt.Sprintf("%dx%d", f.Width, f.Height)
}
