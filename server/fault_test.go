package server

import (
	"errors"
	"strings"
	"testing"
)

// TestFaultMessages checks the messages of database faults, as SQLite words
// them: at start (openFault, with what to do) and while serving (Fault,
// without the file's name). Root writes read-only files, so the attack
// suite cannot always make SQLite say "readonly"; this table can.
func TestFaultMessages(t *testing.T) {
	for _, tc := range []struct{ sqlite, open, serving string }{
		{"attempt to write a readonly database (8)", "cannot be written", "cannot be written"},
		{"database or disk is full (13)", "disk is full", "disk is full"},
		{"file is not a database (26)", "is it a fieldkit database?", "damaged"},
		{"database disk image is malformed (11)", "is it a fieldkit database?", "damaged"},
		{"unable to open database file: out of memory (14)", "cannot be opened", "failed"},
		{"sql: database is closed", "is it a fieldkit database?", "failed"},
	} {
		err := errors.New(tc.sqlite)
		if got := openFault(err); !strings.Contains(got, tc.open) {
			t.Errorf("openFault(%q) = %q, want %q", tc.sqlite, got, tc.open)
		}
		got := Fault(err)
		if !strings.Contains(got, tc.serving) || !strings.HasPrefix(got, "not saved") || strings.Contains(got, "sql") {
			t.Errorf("Fault(%q) = %q, want %q after \"not saved\" and no SQL", tc.sqlite, got, tc.serving)
		}
	}
}
