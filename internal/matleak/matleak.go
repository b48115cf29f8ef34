// Package matleak checks in tests that every gocv Mat made is closed again.
// gocv counts open Mats only when built with -tags matprofile; Check then
// compares the count before and after, and otherwise runs the calling test
// again in such a build. It imports no gocv itself.
package matleak

import (
	"bytes"
	"os/exec"
	"runtime/pprof"
	"testing"
	"time"
)

// profileName is the pprof profile in which gocv, built with -tags
// matprofile, records every Mat not yet closed.
const profileName = "gocv.io/x/gocv.Mat"

// settle is how long Check waits for Mats that body's goroutines close
// after it returns (a picture still being drawn in the background).
const settle = 10 * time.Second

// Check runs body and reports every gocv Mat it leaves open, with where it
// was made, after waiting a few seconds for Mats that body's goroutines
// close late. Without -tags matprofile it runs t's test again that way, in
// the package being tested (go test -tags matprofile -run '^Name$' .), and
// skips in -short mode or without a go command.
func Check(t *testing.T, body func()) {
	t.Helper()
	CheckAfter(t, nil, body)
}

// CheckAfter is Check with setup (if not nil) run first, outside the count:
// for what the test makes to keep, such as the faces the scene generator
// caches. Setup runs only in the build that counts.
func CheckAfter(t *testing.T, setup, body func()) {
	t.Helper()
	prof := pprof.Lookup(profileName)
	if prof == nil {
		again := "go test -tags matprofile -run '^" + t.Name() + "$'"
		if testing.Short() {
			t.Skip("gocv built without -tags matprofile; run: " + again)
		}
		goTool, err := exec.LookPath("go")
		if err != nil {
			t.Skip("gocv built without -tags matprofile and no go command to rebuild it; run: " + again)
		}
		out, err := exec.Command(goTool, "test", "-tags", "matprofile", "-run", "^"+t.Name()+"$", ".").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", again, err, out)
		}
		t.Logf("go test -tags matprofile: %s", bytes.TrimSpace(out))
		return
	}
	if setup != nil {
		setup()
	}
	before := prof.Count()
	body()
	for deadline := time.Now().Add(settle); prof.Count() != before && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if after := prof.Count(); after != before {
		var b bytes.Buffer
		prof.WriteTo(&b, 1)
		t.Errorf("%d gocv Mats left open (%d before, %d after); where they were made:\n%s", after-before, before, after, b.String())
	}
}
