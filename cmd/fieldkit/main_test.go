package main

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript scripts run `fieldkit` in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"fieldkit": func() {
			m := &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
			os.Exit(m.Run(context.Background(), os.Args[1:]))
		},
		"mkscene":   func() { os.Exit(mkscene()) },
		"mkijscene": func() { os.Exit(mkijscene()) },
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// waitfile FILE waits (up to a minute) until FILE exists: a
			// background command is ready, on a machine however busy.
			"waitfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: waitfile FILE")
				}
				for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
					if _, err := os.Stat(ts.MkAbs(args[0])); err == nil {
						return
					}
				}
				ts.Fatalf("%s did not appear within a minute", args[0])
			},
		},
	})
}
