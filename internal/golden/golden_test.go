package golden

import (
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that notes failures instead of stopping the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	for _, tt := range []struct {
		name       string
		update     bool
		got        string
		wantFailed bool
	}{
		{"missing file", false, "a", true},
		{"update writes", true, "a", false},
		{"same", false, "a", false},
		{"different", false, "b", true},
	} {
		*update = tt.update
		r := &recorder{TB: t}
		Check(r, path, []byte(tt.got))
		if r.failed != tt.wantFailed {
			t.Errorf("%s: failed = %v, want %v", tt.name, r.failed, tt.wantFailed)
		}
	}
	*update = false
}
