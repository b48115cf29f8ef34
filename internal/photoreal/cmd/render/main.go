// Command render renders photoreal fieldkit tables with Blender and writes
// each frame with its truth file (see package photoreal and
// docs/photoreal.md):
//
//	go run ./internal/photoreal/cmd/render -game codenames -from 1 -n 20 -out /tmp/rendered
//
// Files are named game-seed-camera.jpg and .json; a frame whose files exist
// is skipped, so an interrupted run resumes.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"fieldkit/internal/photoreal"
)

func main() {
	game := flag.String("game", "both", "codenames, insidejob, both (alternating) or retail (retail-style word cards without markers)")
	camera := flag.String("camera", "mix", "webcam (1080p), phone (12 MP) or mix (even seeds webcam, odd phone)")
	from := flag.Int64("from", 1, "first seed")
	n := flag.Int("n", 10, "seeds to render")
	out := flag.String("out", "rendered", "output directory (a subdirectory per game)")
	faces := flag.String("faces", filepath.Join(os.TempDir(), "photoreal-faces"), "where the printed faces are exported (kept between runs)")
	work := flag.String("work", filepath.Join(os.TempDir(), "photoreal-work"), "where specs and raw renders go")
	jobs := flag.Int("jobs", 2, "renders at once")
	threads := flag.Int("threads", 1, "Cycles threads per render")
	samples := flag.Int("samples", 8, "Cycles samples per pixel at 1080p")
	phoneSamples := flag.Int("phone-samples", 4, "Cycles samples per pixel at 12 MP")
	keep := flag.Bool("keep", false, "keep specs, raw renders and reports in -work")
	reuse := flag.Bool("reuse", false, "develop the raw renders kept in -work again (after a change to the pipeline or the legibility rule) instead of rendering; remove the outputs first")
	light := flag.String("light", "fixed", "fixed (the scenes' one warm lamp, no white balance: every earlier set) or vary (lamp colour 2700-7500 K, the camera's auto white balance in 70%, exposure bias -0.7..+0.7 EV, drawn per seed)")
	players := flag.Int("players", 0, "Inside Job: render only the seeds whose table has this many players (2-5; 0: every seed)")
	flag.Parse()
	if *light != "fixed" && *light != "vary" {
		log.Fatalf("render: -light %q, want fixed or vary", *light)
	}
	blender, err := exec.LookPath("blender")
	if err != nil {
		log.Fatal("render: blender is not installed (apt-get install blender)")
	}
	d, err := photoreal.TestDeck()
	if err != nil {
		log.Fatal(err)
	}
	cn, err := photoreal.CodenamesFaces(filepath.Join(*faces, "codenames"), d)
	if err != nil {
		log.Fatal(err)
	}
	ij, err := photoreal.InsideJobFaces(filepath.Join(*faces, "insidejob"))
	if err != nil {
		log.Fatal(err)
	}
	rf, err := photoreal.NewRetailFaces(filepath.Join(*faces, "retail"))
	if err != nil {
		log.Fatal(err)
	}
	type job struct {
		game string
		seed int64
		dev  photoreal.Device
	}
	var todo []job
	for i := range int64(*n) {
		seed := *from + i
		dev := photoreal.Webcam
		switch *camera {
		case "mix":
			if seed%2 == 1 {
				dev = photoreal.Phone
			}
		default:
			if dev, err = photoreal.ParseDevice(*camera); err != nil {
				log.Fatal(err)
			}
		}
		switch *game {
		case "both":
			g := "codenames"
			if (seed/2)%2 == 1 {
				g = "insidejob"
			}
			todo = append(todo, job{g, seed, dev})
		case "codenames", "insidejob", "retail":
			todo = append(todo, job{*game, seed, dev})
		default:
			log.Fatalf("render: -game %q, want codenames, insidejob, both or retail", *game)
		}
	}
	next := make(chan job)
	var wg sync.WaitGroup
	for w := range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &photoreal.Renderer{Blender: blender, Work: filepath.Join(*work, fmt.Sprint(w)), Threads: *threads, Keep: *keep || *reuse, Reuse: *reuse}
			for j := range next {
				name := fmt.Sprintf("%s-%d-%s", j.game, j.seed, j.dev)
				dir := filepath.Join(*out, j.game)
				if _, err := os.Stat(filepath.Join(dir, name+".json")); err == nil {
					continue
				}
				var c *photoreal.Composed
				fs := cn
				switch j.game {
				case "codenames":
					c, err = photoreal.ComposeCodenames(cn, j.seed, j.dev)
				case "retail":
					fs = nil
					c, err = photoreal.ComposeRetail(rf, j.seed, j.dev)
				default:
					fs = ij
					c, err = photoreal.ComposeInsideJob(ij, j.seed, j.dev)
				}
				if err != nil {
					log.Printf("%s: %v", name, err)
					continue
				}
				if *light == "vary" {
					photoreal.VaryLight(c, j.seed)
				}
				if *players != 0 && j.game == "insidejob" && c.Players() != *players {
					continue
				}
				r.Samples = *samples
				if j.dev == photoreal.Phone {
					r.Samples = *phoneSamples
				}
				began := time.Now()
				f, err := r.Render(c, fs, dir, name)
				if err != nil {
					log.Printf("%s: %v", name, err)
					continue
				}
				log.Printf("%s: %.0f s (blender %.0f s), %s", name, time.Since(began).Seconds(), f.Scene.Seconds, summary(f))
			}
		}()
	}
	for _, j := range todo {
		next <- j
	}
	close(next)
	wg.Wait()
}

// summary says in a few words what the truth holds.
func summary(f *photoreal.File) string {
	legible, all := 0, 0
	var why string
	switch {
	case f.Codenames != nil:
		for _, m := range f.Codenames.Markers {
			all++
			if m.Legible {
				legible++
			}
		}
		why = f.Codenames.Why
		if f.Codenames.Readable {
			why = "readable"
		}
	case f.Retail != nil:
		for _, c := range f.Retail.Truth.Cells {
			if c.Cover == "" {
				all++
			}
			if c.Legible {
				legible++
			}
		}
		why = f.Retail.Why
		if f.Retail.Truth.Readable {
			why = "readable"
		}
		return fmt.Sprintf("%s, %d of %d uncovered words legible (median cap %.1f px), %s", f.Retail.Lang, legible, all, f.Retail.Truth.CapPx, why)
	case f.InsideJob != nil:
		for _, m := range f.InsideJob.Markers {
			all++
			if m.Legible {
				legible++
			}
		}
		why = f.InsideJob.Why
		if f.InsideJob.Readable {
			why = "readable"
		}
	}
	return fmt.Sprintf("%d of %d markers legible, %s", legible, all, why)
}
