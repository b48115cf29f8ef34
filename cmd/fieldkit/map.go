package main

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"fieldkit/missionmap"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"
)

func init() {
	commands["map"] = command{
		summary: "show, make and print Duet mission maps",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "map", args, map[string]command{
				"show":       {summary: "show a map: the rulebook's or one from its code", run: runMapShow},
				"new":        {summary: "generate a new map", run: runMapNew},
				"print":      {summary: "print a map sheet as PDF", run: runMapPrint},
				"difficulty": {summary: "estimate a mission's win chance by simulation", run: runMapDifficulty},
			})
		},
	}
}

// loadMap reads the positional arguments: "rulebook" or a map code, which
// may come in pieces ("M39CH 22222 29QNA" typed without quotes).
func loadMap(fs *flag.FlagSet, pos []string) (*missionmap.Map, error) {
	if len(pos) == 0 {
		return nil, usagef(fs, "want one map: rulebook or a map code")
	}
	return missionmap.Load(strings.Join(pos, " "))
}

func runMapShow(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("map show", "map show rulebook|CODE [--json]",
		"fieldkit map show rulebook",
		"fieldkit map show M39CH-22222-29QNA --json")
	asJSON := fs.Bool("json", false, "print the map as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	mp, err := loadMap(fs, pos)
	if err != nil {
		return err
	}
	return writeMap(m.Stdout, mp, *asJSON)
}

func runMapNew(m *Main, ctx context.Context, args []string) error {
	def := missionmap.DefaultOptions()
	fs := newFlags("map new", "map new [--seed S] [--missions N] [--hardest P] [--branchy B] [--json]",
		"fieldkit map new",
		"fieldkit map new --seed 2026 --missions 30 --branchy 3",
		"fieldkit map new --missions 12 --hardest 25 --json")
	seed := fs.String("seed", "", "seed 0..4294967295: the same seed and options give the same map (default: a fresh seed)")
	missions := fs.Int("missions", def.Missions, fmt.Sprintf("number of missions, the start included (%d..%d)", missionmap.MinMissions, missionmap.MaxMissions))
	hardest := fs.Int("hardest", def.Hardest, "the hardest missions' estimated win chance, in percent (0..99)")
	branchy := fs.Int("branchy", def.Branchy, fmt.Sprintf("0 long roads .. %d a web of forks and extra paths", missionmap.MaxBranchy))
	asJSON := fs.Bool("json", false, "print the map as JSON")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	opts := missionmap.Options{Missions: *missions, Hardest: *hardest, Branchy: *branchy}
	if *seed == "" {
		var b [4]byte
		if _, err := crand.Read(b[:]); err != nil {
			return fmt.Errorf("drawing a seed: %w", err)
		}
		opts.Seed = binary.LittleEndian.Uint32(b[:])
	} else {
		s, err := strconv.ParseUint(*seed, 10, 32)
		if err != nil {
			return usagef(fs, "--seed %q: want a whole number 0..4294967295", *seed)
		}
		opts.Seed = uint32(s)
	}
	if err := opts.Validate(); err != nil {
		return usagef(fs, "%v", err)
	}
	mp, err := missionmap.New(opts)
	if errors.Is(err, missionmap.ErrOptions) {
		return usagef(fs, "%v", err)
	}
	if err != nil {
		return err
	}
	return writeMap(m.Stdout, mp, *asJSON)
}

func runMapPrint(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("map print", "map print rulebook|CODE --out FILE.pdf [--paper a4|letter] [--lang pl|cs|pt|en]",
		"fieldkit map print rulebook --out rulebook-map.pdf",
		"fieldkit map print M39CH-22222-29QNA --out map.pdf --paper letter --lang cs")
	out := fs.String("out", "", "the PDF file to write (required)")
	paperName := fs.String("paper", "a4", "paper size: a4 or letter")
	lang := addLabelFlag(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef(fs, "--out FILE.pdf is required")
	}
	lb, err := m.labelsOf(fs, *lang)
	if err != nil {
		return err
	}
	paper, err := printgen.ParsePaper(*paperName)
	if err != nil {
		return usagef(fs, "--paper: %v", err)
	}
	mp, err := loadMap(fs, pos)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = cnprint.MapSheet(w, mp, paper, lb)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(*out)
		return fmt.Errorf("writing %s: %w", *out, err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s: %s, %d missions, code %s, %s\n", *out, mp.Name, len(mp.Missions), mp.Code, paper)
	return nil
}

// writeMap prints a map as JSON or as a table of missions by distance from the start.
func writeMap(w io.Writer, mp *missionmap.Map, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(mp)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\ncode %s\n", mp.Name, mp.Code)
	if mp.Note != "" {
		fmt.Fprintln(bw, mp.Note)
	}
	dist := mp.Distances()
	ms := append([]missionmap.Mission(nil), mp.Missions...)
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if dist[a.ID] != dist[b.ID] {
			return dist[a.ID] < dist[b.ID]
		}
		if a.Difficulty != b.Difficulty {
			return a.Difficulty > b.Difficulty
		}
		return a.Name < b.Name
	})
	name := map[string]string{}
	width := len("mission")
	for _, x := range ms {
		name[x.ID] = x.Name
		width = max(width, utf8.RuneCountInString(x.Name))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", width-utf8.RuneCountInString(s)) }
	fmt.Fprintf(bw, "\nsteps  %s  turns-mistakes  win   leads to\n", pad("mission"))
	for _, x := range ms {
		var next []string
		for _, n := range mp.Neighbours(x.ID) {
			if dist[n] == dist[x.ID]+1 {
				next = append(next, name[n])
			}
		}
		sort.Strings(next)
		fmt.Fprintf(bw, "%5d  %s  %-14s  %3.0f%%  %s\n", dist[x.ID], pad(x.Name), x.Pair(), 100*x.Difficulty, strings.Join(next, ", "))
	}
	fmt.Fprintf(bw, "\n%d missions, %d paths; win: estimated chance that a pair of players wins (model %s)\n", len(mp.Missions), len(mp.Paths), missionmap.PairV1Name)
	return bw.Flush()
}

func runMapDifficulty(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("map difficulty", "map difficulty --turns T --mistakes M [--games N] [--seed S] [--json]",
		"fieldkit map difficulty --turns 9 --mistakes 9",
		"fieldkit map difficulty --turns 11 --mistakes 0 --games 100000 --seed 7")
	turns := fs.Int("turns", 0, fmt.Sprintf("timer tokens in the bank (%d..%d)", missionmap.MinTurns, missionmap.MaxTurns))
	mistakes := fs.Int("mistakes", -1, "of them, bystander face up (0..turns)")
	games := fs.Int("games", 20000, "simulated games (1..10000000)")
	seed := fs.Uint64("seed", 1, "seed of the simulation: the same seed gives the same estimate")
	asJSON := fs.Bool("json", false, "print the estimate as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef(fs, "unexpected argument %q", pos[0])
	case *turns < missionmap.MinTurns || *turns > missionmap.MaxTurns:
		return usagef(fs, "--turns %d: a mission has %d..%d turns", *turns, missionmap.MinTurns, missionmap.MaxTurns)
	case *mistakes < 0 || *mistakes > *turns:
		return usagef(fs, "--mistakes %d: want 0..turns (%d)", *mistakes, *turns)
	case *games < 1 || *games > 10_000_000:
		return usagef(fs, "--games %d: want 1..10000000", *games)
	}
	est, err := missionmap.EstimateWin(*turns, *mistakes, *games, *seed)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(m.Stdout).Encode(est)
	}
	fmt.Fprintf(m.Stdout, "%d-%d: win %.1f%% ± %.1f%% (%d of %d games won; model %s, seed %d)\n",
		est.Turns, est.Mistakes, 100*est.Win, 100*est.Margin, est.Wins, est.Games, est.Model, est.Seed)
	return nil
}
