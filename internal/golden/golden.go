// Package golden compares test output with golden files and rewrites them when
// the tests run with -update. It owns the -update flag for every package whose
// tests import it, so `go test ./... -update` means one thing everywhere.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/ (review the diff like code)")

// Update reports whether the tests run with -update.
func Update() bool { return *update }

// Check compares got with the golden file at path (usually under testdata/).
// With -update it writes got there first, making the directory if needed.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		Write(t, path, got)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden file (if intended, review and run go test -update):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// Write writes b to the golden file at path, making the directory if needed:
// what a test that makes its golden file only with -update (a picture it
// checks by its properties rather than byte by byte) writes it with.
func Write(t testing.TB, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
