package server_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestServerWithoutCgo checks that the table server's packages (this one,
// each game family's, and all they import) use no OpenCV and no cgo of
// ours: the readers are handed in from cmd/fieldkit (package camera).
func TestServerWithoutCgo(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", "fieldkit/server/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, cgo, _ := strings.Cut(line, " ")
		n++
		if strings.Contains(path, "gocv") || strings.HasPrefix(path, "fieldkit/") && cgo != "0" {
			t.Errorf("the table server depends on %s (cgo files: %s)", path, cgo)
		}
	}
	if n < 20 {
		t.Fatalf("go list gave %d packages: %s", n, out)
	}
}
