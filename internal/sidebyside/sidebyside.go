// Package sidebyside times two ways of doing one job on the same inputs,
// alternating, on one locked OS thread, and reports both medians and their
// ratio, in wall time and in the thread's own CPU time (which a busy shared
// machine disturbs less). Benchmarks only.
package sidebyside

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// ThreadCPU returns the CPU time the calling OS thread has used, to the
// nanosecond (Linux CLOCK_THREAD_CPUTIME_ID; RUSAGE_THREAD counts whole
// scheduler ticks of 4 ms, too coarse for frames of a few milliseconds);
// 0 where that cannot be read.
func ThreadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// Median returns the median of ts in milliseconds (ts is sorted in place).
func Median(ts []time.Duration) float64 {
	if len(ts) == 0 {
		return 0
	}
	slices.Sort(ts)
	return float64(ts[len(ts)/2].Microseconds()) / 1000
}

// Run calls ours and theirs b.N times each, alternating, input i%n to both,
// and reports "NAME-ms" and "NAME-cpu-ms" medians for each and the ratios
// "ratio" (wall) and "cpu-ratio" (ours over theirs). It returns the medians
// of ours (wall, CPU) in milliseconds.
func Run(b *testing.B, n int, ours, theirs func(i int) error, oursName, theirsName string) (wall, cpu float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ow, tw, oc, tc []time.Duration
	b.ResetTimer()
	for i := range b.N {
		start, c := time.Now(), ThreadCPU()
		if err := theirs(i % n); err != nil {
			b.Fatal(err)
		}
		tw, tc = append(tw, time.Since(start)), append(tc, ThreadCPU()-c)
		start, c = time.Now(), ThreadCPU()
		if err := ours(i % n); err != nil {
			b.Fatal(err)
		}
		ow, oc = append(ow, time.Since(start)), append(oc, ThreadCPU()-c)
	}
	b.StopTimer()
	mow, mtw, moc, mtc := Median(ow), Median(tw), Median(oc), Median(tc)
	b.ReportMetric(mow, oursName+"-ms")
	b.ReportMetric(mtw, theirsName+"-ms")
	b.ReportMetric(moc, oursName+"-cpu-ms")
	b.ReportMetric(mtc, theirsName+"-cpu-ms")
	if mtw > 0 {
		b.ReportMetric(mow/mtw, "ratio")
	}
	if mtc > 0 {
		b.ReportMetric(moc/mtc, "cpu-ratio")
	}
	return mow, moc
}
