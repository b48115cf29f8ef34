package scan

import (
	"fmt"
	"math"
	"testing"
)

// TestSolve: systems with a known solution, one that needs its rows
// swapped (a zero first pivot), and singular ones, whose pivot falls
// under tiny.
func TestSolve(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    [][]float64
		x    []float64 // the solution; nil when singular
	}{
		{"identity", [][]float64{{1, 0}, {0, 1}}, []float64{3, -2}},
		{"a zero first pivot", [][]float64{{0, 2, 1}, {1, 1, 1}, {2, 0, 3}}, []float64{1, 2, 3}},
		{"least squares' normal matrix", [][]float64{{4, 2, 0.6}, {2, 2, 0.5}, {0.6, 0.5, 3}}, []float64{-1.5, 0.25, 7}},
		{"singular", [][]float64{{1, 2}, {2, 4}}, nil},
		{"zero", [][]float64{{0, 0}, {0, 0}}, nil},
	} {
		n := len(tc.a)
		b := make([]float64, n)
		want := tc.x
		if want == nil {
			want = make([]float64, n)
			for i := range want {
				want[i] = float64(i + 1)
			}
		}
		for r := range n {
			for c := range n {
				b[r] += tc.a[r][c] * want[c]
			}
		}
		a := make([][]float64, n)
		for r := range n {
			a[r] = append([]float64(nil), tc.a[r]...)
		}
		x, ok := Solve(a, b, 1e-9)
		if ok != (tc.x != nil) {
			t.Errorf("%s: ok %v, want %v", tc.name, ok, tc.x != nil)
			continue
		}
		for i := range tc.x {
			if math.Abs(x[i]-tc.x[i]) > 1e-9 {
				t.Errorf("%s: x = %v, want %v", tc.name, x, tc.x)
				break
			}
		}
	}
}

// ExampleSolve solves two equations in two unknowns.
func ExampleSolve() {
	// 2x + y = 5, x + 3y = 10
	x, ok := Solve([][]float64{{2, 1}, {1, 3}}, []float64{5, 10}, 1e-9)
	fmt.Println(ok, math.Round(x[0]*1e6)/1e6, math.Round(x[1]*1e6)/1e6)
	// Output: true 1 3
}
