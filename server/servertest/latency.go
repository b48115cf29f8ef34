package servertest

import (
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
	slices.Sort(all)
	b.ReportMetric(float64(Percentile(all, .5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(Percentile(all, .95).Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(len(all))/float64(b.N), "events/op")
}
