package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"
	"fieldkit/scan/codenames/reading"

	"gocv.io/x/gocv"
)

// TestScanRetail reads a synthetic photo of retail cards with `fieldkit
// scan-retail`: as JSON with the board's 25 words (turned to seat A), for
// people with the built-in list, and refuses bad calls.
func TestScanRetail(t *testing.T) {
	sc, err := sceneretail.Generate(sceneretail.Params{Seed: 101, Lang: "cs", Width: 1920, Height: 1080})
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	dir := t.TempDir()
	photo := filepath.Join(dir, "table.jpg")
	if !gocv.IMWrite(photo, sc.Frame) {
		t.Fatal("cannot write the photo")
	}
	run := func(args ...string) (string, string, error) {
		var out, errb bytes.Buffer
		m := &Main{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
		err := runScanRetail(m, context.Background(), args)
		return out.String(), errb.String(), err
	}

	stdout, stderr, err := run("--lang", "cs", "--words", strings.Join(sc.Words, ","), "--json", photo)
	if err != nil {
		t.Fatalf("scan-retail --json: %v\n%s", err, stderr)
	}
	var rd reading.Reading
	if err := json.Unmarshal([]byte(stdout), &rd); err != nil {
		t.Fatalf("output is not a reading: %v\n%s", err, stdout)
	}
	wantEdge := "bottom"
	if sc.Truth.Flipped {
		wantEdge = "top"
	}
	if !rd.OK || rd.SeatAEdge != wantEdge || len(rd.Cells) != 25 {
		t.Fatalf("reading ok %v, edge %q, %d cells; want ok, %q, 25", rd.OK, rd.SeatAEdge, len(rd.Cells), wantEdge)
	}
	for i, c := range rd.Cells {
		if c.Word != "" && c.Word != sc.Words[i] {
			t.Errorf("cell %d,%d: %q, want %q", c.Row, c.Col, c.Word, sc.Words[i])
		}
	}

	stdout, _, err = run("--lang", "cs", photo)
	if err != nil || !strings.Contains(stdout, "OCR lines") {
		t.Errorf("scan-retail for people: %v\n%s", err, stdout)
	}

	for _, args := range [][]string{{}, {"--words", "A", "--list", "x.txt", photo}, {"--lang", "xx", photo}} {
		var ue *usageError
		if _, _, err := run(args...); !errors.As(err, &ue) {
			t.Errorf("scan-retail %q: %v, want a usage error", args, err)
		}
	}
}
