package main

import (
	"bytes"
	"context"
	"io"
	"testing"
)

// BenchmarkKeycardNew100k measures `fieldkit keycard new --count 100000 --json`
// in-process (goal: under 2 s).
func BenchmarkKeycardNew100k(b *testing.B) {
	var errs bytes.Buffer
	m := &Main{Stdout: io.Discard, Stderr: &errs, Getenv: func(string) string { return "" }}
	for b.Loop() {
		if code := m.Run(context.Background(), []string{"keycard", "new", "--count", "100000", "--json"}); code != 0 {
			b.Fatalf("exit %d: %s", code, errs.String())
		}
	}
}
