package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// openTestStore opens a store with opts and n tables, each with a game.
func openTestStore(t testing.TB, opts StoreOptions, n int) *Store {
	t.Helper()
	st, err := OpenStoreWith(filepath.Join(t.TempDir(), "commit.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	for i := range n {
		id := fmt.Sprintf("t%03d", i)
		err := st.tx(ctx, func(tx *sql.Tx) error {
			if err := createTable(ctx, tx, &storedTable{id: id, hostToken: "host" + id, created: time.Now()}); err != nil {
				return err
			}
			return createGame(ctx, tx, Stored{ID: "g" + id, Table: id, Family: "test", Setup: []byte(`{}`), Created: time.Now()}, 1)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// storedSeqs returns the event numbers stored for game.
func storedSeqs(t *testing.T, st *Store, game string) []int {
	t.Helper()
	rows, err := st.db.Query(`SELECT seq FROM game_events WHERE game = ? ORDER BY seq`, game)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var n int
		rows.Scan(&n)
		out = append(out, n)
	}
	return out
}

// TestGroupCommit: changes that arrive while the writer is busy are
// committed together in one transaction, each answered with its own
// outcome: a change that fails (or whose request went away first) leaves no
// trace, and the others of its batch are stored.
func TestGroupCommit(t *testing.T) {
	const n = 40
	tests := []struct {
		name   string
		fail   map[int]bool // these changes' fn fails after writing
		panics map[int]bool // these changes' fn panics after writing
		cancel map[int]bool // these changes' requests are gone before the writer gets them
	}{
		{"all succeed", nil, nil, nil},
		{"one fails", map[int]bool{7: true}, nil, nil},
		{"several fail", map[int]bool{0: true, 13: true, n - 1: true}, nil, nil},
		{"a request went away", nil, nil, map[int]bool{5: true}},
		{"one panics", nil, map[int]bool{3: true}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := openTestStore(t, StoreOptions{}, n+1)
			ctx := context.Background()
			// Hold the writer in a change of its own while the others
			// queue up behind it.
			hold, holding := make(chan struct{}), make(chan struct{})
			go st.tx(ctx, func(tx *sql.Tx) error {
				close(holding)
				<-hold
				return appendEvents(ctx, tx, fmt.Sprintf("gt%03d", n), 1, []LoggedEvent{{Event: []byte(`{}`)}}, time.Now())
			})
			<-holding
			b0, c0 := st.CommitStats()
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				game := fmt.Sprintf("gt%03d", i)
				cctx, cancel := context.WithCancel(ctx)
				defer cancel()
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = st.tx(cctx, func(tx *sql.Tx) error {
						if err := appendEvents(cctx, tx, game, 1, []LoggedEvent{{Event: []byte(`{"n":1}`)}}, time.Now()); err != nil {
							return err
						}
						if tt.fail[i] {
							return errors.New("refused")
						}
						if tt.panics[i] {
							panic("a family's bug")
						}
						return nil
					})
				}()
				if tt.cancel[i] {
					// Gone before the writer is free: not stored.
					time.Sleep(10 * time.Millisecond)
					cancel()
				}
			}
			time.Sleep(100 * time.Millisecond) // every change is waiting for the writer
			close(hold)
			wg.Wait()
			b1, c1 := st.CommitStats()
			if c1-c0 < n || b1-b0 > 3 {
				t.Errorf("%d changes took %d transactions after the held one, want them together", c1-c0, b1-b0)
			}
			for i := range n {
				game := fmt.Sprintf("gt%03d", i)
				got := storedSeqs(t, st, game)
				bad := tt.fail[i] || tt.cancel[i] || tt.panics[i]
				switch {
				case bad && errs[i] == nil:
					t.Errorf("change %d: acknowledged, want an error", i)
				case bad && len(got) != 0:
					t.Errorf("change %d: failed (%v) but stored %v", i, errs[i], got)
				case !bad && errs[i] != nil:
					t.Errorf("change %d: %v", i, errs[i])
				case !bad && !slices.Equal(got, []int{1}):
					t.Errorf("change %d: acknowledged, stored %v", i, got)
				}
			}
		})
	}
}

// TestGroupCommitClose: Close commits what was handed to the writer, and
// a change after Close is refused, not lost silently.
func TestGroupCommitClose(t *testing.T) {
	st := openTestStore(t, StoreOptions{}, 1)
	ctx := context.Background()
	if err := st.tx(ctx, func(tx *sql.Tx) error {
		return appendEvents(ctx, tx, "gt000", 1, []LoggedEvent{{Event: []byte(`{}`)}}, time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := st.tx(ctx, func(tx *sql.Tx) error { return nil }); err == nil {
		t.Errorf("a change after Close was acknowledged")
	}
}

// BenchmarkStoreCommit measures the store alone: tables goroutines, each
// committing its table's events one after another as fieldkit's update does
// (the next only after the last was acknowledged), for each way of syncing.
// It reports the 50th and 95th percentiles of the time from handing a change
// to the store until it is committed, and the changes per transaction.
//
//	go test ./server/ -run '^$' -bench StoreCommit -benchtime 3x -count 3
func BenchmarkStoreCommit(b *testing.B) {
	modes := []struct {
		name string
		opts StoreOptions
	}{
		{"each-full", StoreOptions{Synchronous: "FULL", EachCommit: true}},
		{"each-normal", StoreOptions{Synchronous: "NORMAL", EachCommit: true}},
		{"group-full", StoreOptions{Synchronous: "FULL"}},
		{"group-normal", StoreOptions{Synchronous: "NORMAL"}},
	}
	const events = 20
	for _, tables := range []int{20, 50} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("tables=%d/%s", tables, m.name), func(b *testing.B) {
				st := openTestStore(b, m.opts, tables)
				ctx := context.Background()
				var mu sync.Mutex
				var all []time.Duration
				seq := 0
				for b.Loop() {
					var wg sync.WaitGroup
					for i := range tables {
						game := fmt.Sprintf("gt%03d", i)
						first := seq
						wg.Add(1)
						go func() {
							defer wg.Done()
							for e := range events {
								start := time.Now()
								err := st.tx(ctx, func(tx *sql.Tx) error {
									return appendEvents(ctx, tx, game, first+e+1, []LoggedEvent{{Event: []byte(`{"type":"play","card":"Y3"}`)}}, start)
								})
								d := time.Since(start)
								if err != nil {
									b.Error(err)
									return
								}
								mu.Lock()
								all = append(all, d)
								mu.Unlock()
							}
						}()
					}
					wg.Wait()
					seq += events
				}
				slices.Sort(all)
				pct := func(p float64) float64 {
					return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
				}
				b.ReportMetric(pct(.5), "p50-ms")
				b.ReportMetric(pct(.95), "p95-ms")
				if batches, changes := st.CommitStats(); batches > 0 {
					b.ReportMetric(float64(changes)/float64(batches), "changes/commit")
				}
			})
		}
	}
}

// TestKnownTokens: a token or game found once is answered without the
// database (its answer never changes), an unknown one is always read.
func TestKnownTokens(t *testing.T) {
	st := openTestStore(t, StoreOptions{}, 1)
	ctx := context.Background()
	if err := st.tx(ctx, func(tx *sql.Tx) error {
		return addSeats(ctx, tx, "t000", 0, []storedSeat{{token: "seat1t000"}, {token: "seat2t000"}})
	}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		token string
		table string
		seat  int
	}{
		{"hostt000", "t000", 0},
		{"seat2t000", "t000", 2},
	}
	for _, tt := range tests {
		if id, seat, err := st.byToken(ctx, tt.token); id != tt.table || seat != tt.seat || err != nil {
			t.Errorf("byToken(%s) = %s %d %v, want %s %d", tt.token, id, seat, err, tt.table, tt.seat)
		}
	}
	if id, err := st.tableOf(ctx, "gt000"); id != "t000" || err != nil {
		t.Errorf("tableOf(gt000) = %s %v", id, err)
	}
	st.db.Close() // from now on only what is known answers
	for _, tt := range tests {
		if id, seat, err := st.byToken(ctx, tt.token); id != tt.table || seat != tt.seat || err != nil {
			t.Errorf("known byToken(%s) = %s %d %v, want %s %d", tt.token, id, seat, err, tt.table, tt.seat)
		}
	}
	if id, err := st.tableOf(ctx, "gt000"); id != "t000" || err != nil {
		t.Errorf("known tableOf(gt000) = %s %v", id, err)
	}
	for _, tok := range []string{"seat1t000", "nobody"} {
		if _, _, err := st.byToken(ctx, tok); err == nil || errors.Is(err, errNotFound) {
			t.Errorf("byToken(%s) with the database closed = %v, want a database error (not looked up before)", tok, err)
		}
	}
}
