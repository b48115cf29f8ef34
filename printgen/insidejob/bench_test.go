package insidejob_test

import (
	"testing"

	"fieldkit/printgen"
	"fieldkit/printgen/insidejob"
)

type countingWriter struct{ n int }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

// BenchmarkSet prints a whole set (all five PDFs) in each language: the goal
// is under 2 seconds. It reports the total size.
func BenchmarkSet(b *testing.B) {
	for _, lang := range insidejob.Langs {
		b.Run(lang, func(b *testing.B) {
			s, err := insidejob.New(lang, printgen.Options{Paper: printgen.A4})
			if err != nil {
				b.Fatal(err)
			}
			var w countingWriter
			for b.Loop() {
				w = countingWriter{}
				for _, f := range s.Files() {
					if _, err := s.WritePDF(&w, f); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(w.n)/1e6, "MB")
		})
	}
}
