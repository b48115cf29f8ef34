package missionmap

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
)

// An Estimator plays simulated games of a mission and counts the wins. The same
// seed must always give the same count.
type Estimator interface {
	// Wins plays games of the mission turns-mistakes and returns how many were won.
	Wins(turns, mistakes, games int, seed uint64) (int, error)
}

// Pairs returns every mission a map may hold, turns MinTurns..MaxTurns and
// mistakes 0..turns, in that order.
func Pairs() [][2]int {
	var ps [][2]int
	for t := MinTurns; t <= MaxTurns; t++ {
		for m := 0; m <= t; m++ {
			ps = append(ps, [2]int{t, m})
		}
	}
	return ps
}

// A Table holds the estimated win probability of every mission turns-mistakes.
type Table struct {
	Model string // the estimator that filled it, e.g. "pair v1"
	Games int    // games played per mission
	Seed  uint64 // the seed every mission was played with
	wins  [MaxTurns + 1][MaxTurns + 1]int
}

// Win returns the estimated win probability of turns-mistakes, or -1 if the
// table has no such mission.
func (t *Table) Win(turns, mistakes int) float64 {
	if turns < MinTurns || turns > MaxTurns || mistakes < 0 || mistakes > turns || t.Games <= 0 {
		return -1
	}
	return float64(t.wins[turns][mistakes]) / float64(t.Games)
}

// Wins returns the number of games won at turns-mistakes.
func (t *Table) Wins(turns, mistakes int) int { return t.wins[turns][mistakes] }

// BuildTable plays games of every mission with e. Every mission is played with
// the same seed, so the games of two missions differ only where the tokens do
// (common random numbers): differences between missions are measured far more
// precisely than the missions themselves.
func BuildTable(e Estimator, model string, games int, seed uint64) (*Table, error) {
	if games <= 0 {
		return nil, fmt.Errorf("missionmap: %d games, want at least 1", games)
	}
	t := &Table{Model: model, Games: games, Seed: seed}
	pairs := Pairs()
	errs := make([]error, len(pairs))
	// Missions are independent, so they are played on every core; the table
	// does not depend on how many there are.
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(pairs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p := pairs[i]
				w, err := e.Wins(p[0], p[1], games, seed)
				switch {
				case err != nil:
					errs[i] = fmt.Errorf("missionmap: estimating %d-%d: %w", p[0], p[1], err)
				case w < 0 || w > games:
					errs[i] = fmt.Errorf("missionmap: estimating %d-%d: %d wins of %d games", p[0], p[1], w, games)
				}
				t.wins[p[0]][p[1]] = w
			}
		}()
	}
	for i := range pairs {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return t, nil
}

// ErrTable is wrapped by errors reading a table.
var ErrTable = errors.New("bad difficulty table")

// WriteTo writes the table in its text form: a header line
// "# missionmap difficulty table: model=M games=G seed=S" and one line
// "turns mistakes wins" per mission.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# missionmap difficulty table: model=%s games=%d seed=%d\n", strings.ReplaceAll(t.Model, " ", "_"), t.Games, t.Seed)
	for _, p := range Pairs() {
		fmt.Fprintf(&b, "%d %d %d\n", p[0], p[1], t.wins[p[0]][p[1]])
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// ReadTable reads a table in the form WriteTo writes.
func ReadTable(r io.Reader) (*Table, error) {
	sc := bufio.NewScanner(r)
	t := &Table{}
	if !sc.Scan() {
		return nil, fmt.Errorf("%w: empty", ErrTable)
	}
	var model string
	if _, err := fmt.Sscanf(sc.Text(), "# missionmap difficulty table: model=%s games=%d seed=%d", &model, &t.Games, &t.Seed); err != nil || t.Games <= 0 {
		return nil, fmt.Errorf("%w: line 1 %q, want \"# missionmap difficulty table: model=M games=G seed=S\"", ErrTable, sc.Text())
	}
	t.Model = strings.ReplaceAll(model, "_", " ")
	seen := map[[2]int]bool{}
	line := 1
	for sc.Scan() {
		line++
		var tu, mi, w int
		if _, err := fmt.Sscanf(sc.Text(), "%d %d %d", &tu, &mi, &w); err != nil {
			return nil, fmt.Errorf("%w: line %d %q, want \"turns mistakes wins\"", ErrTable, line, sc.Text())
		}
		if tu < MinTurns || tu > MaxTurns || mi < 0 || mi > tu || w < 0 || w > t.Games {
			return nil, fmt.Errorf("%w: line %d %q is out of range", ErrTable, line, sc.Text())
		}
		if seen[[2]int{tu, mi}] {
			return nil, fmt.Errorf("%w: line %d: %d-%d is there twice", ErrTable, line, tu, mi)
		}
		seen[[2]int{tu, mi}] = true
		t.wins[tu][mi] = w
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTable, err)
	}
	if len(seen) != len(Pairs()) {
		return nil, fmt.Errorf("%w: %d missions, want %d (turns %d..%d, mistakes 0..turns)", ErrTable, len(seen), len(Pairs()), MinTurns, MaxTurns)
	}
	return t, nil
}
