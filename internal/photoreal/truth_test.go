package photoreal

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/scene"
	ijscene "fieldkit/internal/scene/insidejob"
	sceneretail "fieldkit/internal/scene/retail"
)

// validCodenames is a small Codenames truth file as the renderer writes it.
func validCodenames() *File {
	var v scene.View
	for r := range 5 {
		for c := range 5 {
			v.Cells[r][c] = scene.CellTruth{Card: r*5 + c, CardLegible: true, Cover: -1}
		}
	}
	v.Cells[1][2].Cover, v.Cells[1][2].CoverLegible = 838, true
	v.Token, v.TokenLegible, v.SeatA = &[2]int{3, 4}, true, "bottom"
	return &File{Format: Format, Game: "codenames", Seed: 4, Image: "codenames-4-webcam.jpg", Width: 1920, Height: 1080,
		Shot: Shot{Device: Webcam, JPEG: 80}, Codenames: &scene.Truth{Readable: true, View: v, Default: v,
			Markers: []scene.MarkerTruth{{ID: 7, Side: 41, Legible: true}}}}
}

func validInsideJob() *File {
	return &File{Format: Format, Game: "insidejob", Seed: 2, Image: "insidejob-2-webcam.jpg", Width: 1920, Height: 1080,
		Shot: Shot{Device: Webcam, JPEG: 80}, Scene: Info{Players: 2, Larry: "seat"},
		InsideJob: &ijscene.Truth{Seats: []int{1, 2, 0}, SeatLegible: map[int]bool{0: true, 1: true, 2: true},
			Plays:   []ijscene.PlayTruth{{Seat: 0, ID: 880, Legible: 2}, {Seat: 1, ID: 870, Token: 3, Legible: 2, TokenLegible: true}},
			Mission: 925, MissionLegible: true, Readable: true}}
}

// validRetail is a small retail truth file as the renderer writes it.
func validRetail() *File {
	rt := &RetailTruth{Lang: "pl", Axis: 3}
	for k := range 25 {
		w := fmt.Sprintf("SŁOWO%d", k)
		rt.Words = append(rt.Words, w)
		rt.Truth.Cells[24-k] = sceneretail.Cell{Word: w, Legible: true}
		rt.Cells[24-k] = RetailCell{Centre: [2]float64{float64(k), 1}, Cap: 14, Contrast: 60}
	}
	rt.Truth.Cells[3] = sceneretail.Cell{Word: rt.Words[21], Cover: "double"}
	rt.Truth.Cells[4].Token = true
	rt.Truth.Readable, rt.Truth.Flipped, rt.Truth.CapPx = true, true, 14
	return &File{Format: Format, Game: "retail", Seed: 3, Image: "retail-3-phone.jpg", Width: 4000, Height: 3000,
		Shot: Shot{Device: Phone, JPEG: 90}, Retail: rt}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		file   func() *File
		raw    string // used instead of file when set
		errHas string // "" for a file Parse accepts
	}{
		{name: "codenames", file: validCodenames},
		{name: "insidejob", file: validInsideJob},
		{name: "not JSON", raw: "{", errHas: "unexpected end"},
		{name: "empty object", raw: "{}", errHas: "format 0"},
		{name: "later format", file: func() *File { f := validCodenames(); f.Format = 2; return f }, errHas: "format 2"},
		{name: "no image", file: func() *File { f := validCodenames(); f.Image = ""; return f }, errHas: "no image"},
		{name: "no size", file: func() *File { f := validInsideJob(); f.Width = 0; return f }, errHas: "no size"},
		{name: "unknown game", file: func() *File { f := validCodenames(); f.Game = "chess"; return f }, errHas: `game "chess"`},
		{name: "codenames without truth", file: func() *File { f := validCodenames(); f.Codenames = nil; return f }, errHas: "Codenames truth alone"},
		{name: "both truths", file: func() *File { f := validCodenames(); f.InsideJob = validInsideJob().InsideJob; return f }, errHas: "Codenames truth alone"},
		{name: "insidejob without truth", file: func() *File { f := validInsideJob(); f.InsideJob = nil; return f }, errHas: "Inside Job truth alone"},
		{name: "seat A nowhere", file: func() *File { f := validCodenames(); f.Codenames.SeatA = "up"; return f }, errHas: `seat A faces "up"`},
		{name: "card id beyond the dictionary", file: func() *File { f := validCodenames(); f.Codenames.Cells[0][0].Card = 1000; return f }, errHas: "cell"},
		{name: "more legible timers than timers", file: func() *File { f := validCodenames(); f.Codenames.Cells[0][0].TimersLegible = 1; return f }, errHas: "cell"},
		{name: "token off the grid", file: func() *File { f := validCodenames(); f.Codenames.Token = &[2]int{5, 0}; return f }, errHas: "token at"},
		{name: "seat 6", file: func() *File { f := validInsideJob(); f.InsideJob.Seats = append(f.InsideJob.Seats, 6); return f }, errHas: "seat 6"},
		{name: "a play that is no number card", file: func() *File { f := validInsideJob(); f.InsideJob.Plays[0].ID = 925; return f }, errHas: "play"},
		{name: "intel token 15", file: func() *File { f := validInsideJob(); f.InsideJob.Plays[1].Token = 15; return f }, errHas: "play"},
		{name: "6 players", file: func() *File { f := validInsideJob(); f.InsideJob.Players = 6; return f }, errHas: "6 players"},
		{name: "retail", file: validRetail},
		{name: "retail without truth", file: func() *File { f := validRetail(); f.Retail = nil; return f }, errHas: "retail truth alone"},
		{name: "retail and codenames", file: func() *File { f := validRetail(); f.Codenames = validCodenames().Codenames; return f }, errHas: "retail truth alone"},
		{name: "codenames and retail", file: func() *File { f := validCodenames(); f.Retail = validRetail().Retail; return f }, errHas: "Codenames truth alone"},
		{name: "retail in German", file: func() *File { f := validRetail(); f.Retail.Lang = "de"; return f }, errHas: `language "de"`},
		{name: "24 words", file: func() *File { f := validRetail(); f.Retail.Words = f.Retail.Words[1:]; return f }, errHas: "24 words"},
		{name: "a cell's word not the grid's", file: func() *File { f := validRetail(); f.Retail.Truth.Cells[7].Word = "ŻABA"; return f }, errHas: "cell 7"},
		{name: "a green cover", file: func() *File { f := validRetail(); f.Retail.Truth.Cells[3].Cover = "green"; return f }, errHas: `cover "green"`},
		{name: "a covered word legible", file: func() *File { f := validRetail(); f.Retail.Truth.Cells[3].Legible = true; return f }, errHas: "covered word is legible"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if tc.file != nil {
				var err error
				if raw, err = json.Marshal(tc.file()); err != nil {
					t.Fatal(err)
				}
			}
			f, err := Parse(raw)
			switch {
			case tc.errHas == "" && err != nil:
				t.Fatalf("Parse: %v", err)
			case tc.errHas != "" && (err == nil || !strings.Contains(err.Error(), tc.errHas)):
				t.Fatalf("Parse: error %v, want one saying %q", err, tc.errHas)
			case err != nil:
				return
			}
			// A file read back says what was written.
			back, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if string(back) != string(raw) {
				t.Errorf("read back\n%s\nwant\n%s", back, raw)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, v := range []*File{validCodenames(), validInsideJob(), validRetail()} {
		b, err := json.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"format":1,"game":"codenames","image":"x","width":1,"height":1,"codenames":{"SeatA":"top","Token":[9,9]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Parse(b)
		if err != nil {
			return
		}
		// What Parse accepts survives a round trip and is accepted again.
		again, err := json.Marshal(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(again); err != nil {
			t.Fatalf("Parse accepted %s but not its own re-encoding: %v", b, err)
		}
	})
}
