package servertest

import (
	"fieldkit/server"
	"slices"
	"sync"
	"testing"
	"time"
)

// Latencies collects how long events took, from many goroutines.
type Latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

// Add records one event that took d.
func (l *Latencies) Add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

// Sorted returns what was recorded, shortest first.
func (l *Latencies) Sorted() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := slices.Clone(l.d)
	slices.Sort(s)
	return s
}

// Percentile returns the p-th fraction (0 to 1) of sorted durations (0 for none).
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// ReportPropagation sorts all, the latencies of a benchmark's every
// iteration, and reports their 50th and 95th percentiles in milliseconds and
// the events per iteration.
func ReportPropagation(b *testing.B, all []time.Duration) {
	ReportStore(b, nil, all)
}

// ReportStore is ReportPropagation, and with group commit the changes
// committed per transaction in st (st may be nil).
func ReportStore(b *testing.B, st *server.Store, all []time.Duration) {
	if st != nil {
		if batches, changes := st.CommitStats(); batches > 0 {
			b.ReportMetric(float64(changes)/float64(batches), "changes/commit")
		}
	}
	slices.Sort(all)
	b.ReportMetric(float64(Percentile(all, .5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(Percentile(all, .95).Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(len(all))/float64(b.N), "events/op")
}

// StoreModes are the ways of syncing the store that the propagation
// benchmarks compare, each with its sub-benchmark name. Every one of them
// keeps an acknowledged event across a kill -9 of the server; the FULL ones
// also across a power cut.
var StoreModes = []struct {
	Name string
	Opts server.StoreOptions
}{
	{"each-full", server.StoreOptions{Synchronous: "FULL", EachCommit: true}}, // fieldkit before group commit: one transaction and one sync per change
	{"each-normal", server.StoreOptions{Synchronous: "NORMAL", EachCommit: true}},
	{"group-full", server.StoreOptions{Synchronous: "FULL"}}, // what fieldkit serves with
	{"group-normal", server.StoreOptions{Synchronous: "NORMAL"}},
}
