// Package matleak checks in tests that every gocv Mat made is closed again.
// gocv counts open Mats only when built with -tags matprofile; Check then
// compares the count before and after, and otherwise skips. `make
// test-long` builds that tag once and runs every leak test in it:
//
//	go test -tags matprofile -run 'NoMatLeak$' <the packages that have one>
//
// It imports no gocv itself.
package matleak

import (
	"bytes"
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
// close late. Without -tags matprofile it skips (the count does not exist);
// `make test-long` runs the leak tests in that build.
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
		t.Skip(Skipped(t.Name()))
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

// Skipped is why a leak test skips in a build without -tags matprofile, with
// the command that runs it in one.
func Skipped(name string) string {
	return "gocv built without -tags matprofile (make test-long runs it with the tag); run: go test -tags matprofile -run '^" + name + "$'"
}
