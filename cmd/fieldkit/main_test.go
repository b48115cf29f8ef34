package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript scripts run `fieldkit` in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"fieldkit": func() {
			m := &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
			os.Exit(m.Run(context.Background(), os.Args[1:]))
		},
		"mkscene": func() { os.Exit(mkscene()) },
	})
}

// TestScripts runs the end-to-end command-line scripts in testdata/script.
// Each file is one scenario; `go test -run TestScripts/NAME` runs one.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}
