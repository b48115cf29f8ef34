package sidebyside

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCPUResolution: the thread's CPU clock must resolve far less
// than a frame's few milliseconds (a clock counting scheduler ticks steps
// by 4 ms and made medians of 12.00 and 28.00 ms).
func TestThreadCPUResolution(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var steps []time.Duration
	last := ThreadCPU()
	deadline := time.Now().Add(200 * time.Millisecond)
	for len(steps) < 20 && time.Now().Before(deadline) {
		if now := ThreadCPU(); now != last {
			steps = append(steps, now-last)
			last = now
		}
	}
	if len(steps) == 0 {
		t.Fatal("the thread's CPU clock did not move in 200 ms of spinning")
	}
	Median(steps)
	if med := steps[len(steps)/2]; med > 500*time.Microsecond {
		t.Errorf("the thread's CPU clock steps by %v (median of %d steps), want well under a millisecond", med, len(steps))
	}
	if last <= 0 {
		t.Errorf("ThreadCPU = %v", last)
	}
}
