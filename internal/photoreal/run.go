package photoreal

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"golang.org/x/image/draw"
)

// Script is render.py, the Blender side of the renderer.
//
//go:embed render.py
var Script []byte

// Renderer runs Blender on composed scenes.
type Renderer struct {
	Blender string // the blender binary
	Work    string // a directory for specs, raw renders and reports
	Samples int    // Cycles samples per pixel (adaptive)
	Threads int    // Cycles threads per render
	Keep    bool   // keep the raw render and report
	Reuse   bool   // develop a kept raw render again instead of rendering
}

// Render renders c, develops the frame and writes name.jpg and name.json
// into dir. It returns the truth file.
func (r *Renderer) Render(c *Composed, fs *Faces, dir, name string) (*File, error) {
	if err := os.MkdirAll(r.Work, 0o755); err != nil {
		return nil, err
	}
	script := filepath.Join(r.Work, "render.py")
	if err := os.WriteFile(script, Script, 0o644); err != nil {
		return nil, err
	}
	sp := c.Spec
	sp.Samples, sp.Threads = r.Samples, r.Threads
	// A phone frame is rendered at half its size and scaled up before the
	// sensor (see docs/photoreal.md: at one sample per pixel the full size
	// speckles), with two stops of headroom for glints.
	scale := 1
	if c.Shot.Device == Phone {
		scale = 2
		sp.W, sp.H = sp.W/2, sp.H/2
		sp.Exposure = -2
	}
	// A webcam frame keeps the same headroom: without it most of the raw
	// render clips at 1.0 (74-99.7% of the pixels in four of the first five
	// retail webcam frames, 26-99% in six Codenames ones), which whitens
	// cards and table alike; a webcam's auto exposure would not.
	sp.Exposure = -2
	sp.Out = filepath.Join(r.Work, name+".png")
	sp.Report = filepath.Join(r.Work, name+".report.json")
	b, err := json.Marshal(sp)
	if err != nil {
		return nil, err
	}
	specPath := filepath.Join(r.Work, name+".spec.json")
	if err := os.WriteFile(specPath, b, 0o644); err != nil {
		return nil, err
	}
	began := time.Now()
	_, errOut := os.Stat(sp.Out)
	_, errRep := os.Stat(sp.Report)
	if !r.Reuse || errOut != nil || errRep != nil {
		cmd := exec.Command(r.Blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", script, "--", specPath)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			tail := out.Bytes()
			if len(tail) > 3000 {
				tail = tail[len(tail)-3000:]
			}
			return nil, fmt.Errorf("photoreal: blender on %s: %w\n%s", name, err, tail)
		}
	}
	secs := time.Since(began).Seconds()
	var rep Report
	rb, err := os.ReadFile(sp.Report)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(rb, &rep); err != nil {
		return nil, err
	}
	raw, err := os.Open(sp.Out)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(raw)
	raw.Close()
	if err != nil {
		return nil, err
	}
	if scale != 1 {
		img = upscale(img, scale)
		k := float64(scale)
		up := func(q [2]float64) [2]float64 { return [2]float64{(q[0]+0.5)*k - 0.5, (q[1]+0.5)*k - 0.5} }
		for i := range rep.Markers {
			for j := range rep.Markers[i].Corners {
				rep.Markers[i].Corners[j] = up(rep.Markers[i].Corners[j])
			}
		}
		for i := range rep.Probes {
			rep.Probes[i] = up(rep.Probes[i])
		}
	}
	jb, gain, err := Develop(img, c.Shot, rand.New(rand.NewSource(c.Seed)))
	if err != nil {
		return nil, err
	}
	final, err := jpeg.Decode(bytes.NewReader(jb))
	if err != nil {
		return nil, err
	}
	f := c.truthFile(fs, &rep, final, name+".jpg")
	f.Scene.Gain, f.Scene.Samples, f.Scene.Seconds = gain, r.Samples, secs
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, name+".jpg"), jb, 0o644); err != nil {
		return nil, err
	}
	tb, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), append(tb, '\n'), 0o644); err != nil {
		return nil, err
	}
	if !r.Keep {
		os.Remove(sp.Out)
		os.Remove(sp.Report)
		os.Remove(specPath)
	}
	return f, nil
}

// truthFile decides legibility from the developed frame and builds the
// truth file.
func (c *Composed) truthFile(fs *Faces, rep *Report, final image.Image, img string) *File {
	g := grey(final)
	cam := c.Spec.Camera
	f := &File{Format: Format, Game: c.Game, Seed: c.Seed, Image: img, Width: c.Spec.W, Height: c.Spec.H, Shot: c.Shot,
		Scene: Info{Paper: c.Spec.Paper.Name, Table: c.Spec.Table.Kind, Tilt: cam.Tilt, Lens: cam.Lens, FStop: cam.FStop,
			Hands: len(c.Spec.Hands), Lights: len(c.Spec.Lights)}}
	if c.Game == "retail" {
		t := c.retailTruth(rep, g)
		f.Retail = &t
		f.Scene.TableColor = tableName(c.Spec.Table.Color)
		return f
	}
	legible := make([]bool, len(rep.Markers))
	why := make([]string, len(rep.Markers))
	for k, m := range rep.Markers {
		legible[k], why[k] = Legibility(g, m)
	}
	switch c.Game {
	case "codenames":
		t := c.codenamesTruth(fs, rep, legible, why)
		f.Codenames = &t
	case "insidejob":
		t := c.insideJobTruth(rep, legible, why)
		f.InsideJob = &t
		f.Scene.Players = c.players
		switch {
		case c.players == 2:
			f.Scene.Larry = "seat"
		case c.larryMark:
			f.Scene.Larry = "start marker"
		}
	}
	return f
}

// upscale enlarges img k times, bilinearly, keeping 16 bits per channel.
func upscale(img image.Image, k int) image.Image {
	b := img.Bounds()
	dst := image.NewRGBA64(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	draw.BiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}
