package servertest

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"
)

// A LoadTable is one table that LoadTables plays.
type LoadTable struct {
	// Name names the table in failures, e.g. its game's ID.
	Name string
	// Streams are the screens that watch the table, each already past the
	// state it got on connecting.
	Streams []*Stream
	// Send sends the table's event seq (counted from 1) and reports whether
	// it did; it returns false when the game has no more events, or after
	// failing the test when the server refused one.
	Send func(seq int) bool
}

// LoadTables plays tables at once, each on its own goroutine, every event
// sent as soon as the previous one reached all of its table's streams. It
// returns, per event, how long it took from the moment it was sent until
// the last of its table's streams had it, shortest first, and fails the
// test if a stream misses an event or gets it out of order. It closes the
// streams.
func LoadTables(t testing.TB, tables []LoadTable) []time.Duration {
	var lat Latencies
	var wg sync.WaitGroup
	for _, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				for _, s := range tb.Streams {
					s.Close()
				}
			}()
			for seq := 1; ; seq++ {
				start := time.Now()
				if !tb.Send(seq) {
					return
				}
				for k, s := range tb.Streams {
					ev := s.Next(t)
					var got struct{ Seq int }
					json.Unmarshal(ev.Data, &got)
					if ev.ID != fmt.Sprint(seq) || got.Seq != seq {
						t.Errorf("table %s screen %d: got event %s (seq %d), want %d", tb.Name, k, ev.ID, got.Seq, seq)
						return
					}
				}
				lat.Add(time.Since(start))
			}
		}()
	}
	wg.Wait()
	return lat.Sorted()
}
