package retail_test

import (
	"fmt"
	"testing"

	"fieldkit/scan/codenames/retail"
)

// TestDimLight reads the regression set's frames underexposed (perturb
// "dark": every channel x0.55, sensor noise): the paper's level lies below
// the tuning frames' and is brought up (exposure.go), so no cover is wrong;
// as rendered, nothing is. Without it the 12 MP frame of seed 1 was
// refused, one card found on the dark table (seen).
func TestDimLight(t *testing.T) {
	seen := readUnderLight(t, "dark", func(o retail.Observation) (bool, string) {
		return o.Exposure != 0, fmt.Sprintf("gain %.2f", o.Exposure)
	})
	if o := seen["retail-1-phone.jpg"]; !o.OK {
		t.Errorf("retail-1-phone.jpg under dark: refused (%s, %d cards)", o.Reason, o.Cards)
	}
}
