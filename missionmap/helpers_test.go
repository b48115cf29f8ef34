package missionmap

import (
	"math"
	"testing"
)

// formulaEstimator is a stand-in for the Monte Carlo in tests of code that must
// work with any table (the generator, codes, layouts): wins follow a smooth
// formula, more turns and more mistakes easier. It is not a difficulty estimate.
type formulaEstimator struct{}

func (formulaEstimator) Wins(turns, mistakes, games int, seed uint64) (int, error) {
	x := 0.9*float64(turns-9) + 0.55*math.Min(float64(mistakes), 6) - 1.4
	return int(math.Round(float64(games) / (1 + math.Exp(-x)))), nil
}

func formulaTable(t testing.TB) *Table {
	t.Helper()
	tb, err := BuildTable(formulaEstimator{}, "formula", 10000, 1)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
