package retail

import "testing"

// inTurns runs old and cut in turns within each op of b (which goes first
// alternates from op to op), each timed by the process's CPU time
// (lineCPU), and reports old-ms and new-ms, each way's time an op, and
// new/old, their ratio: on a shared, loaded machine the ratio is the
// measure, the two ways having run side by side.
func inTurns(b *testing.B, old, cut func()) {
	ways := [2]func(){old, cut}
	var cpu [2]float64
	op := 0
	for b.Loop() {
		for k := range 2 {
			way := (k + op) % 2
			c := lineCPU()
			ways[way]()
			cpu[way] += lineCPU() - c
		}
		op++
	}
	n := float64(b.N)
	b.ReportMetric(cpu[0]/n, "old-ms")
	b.ReportMetric(cpu[1]/n, "new-ms")
	b.ReportMetric(cpu[1]/cpu[0], "new/old")
}
