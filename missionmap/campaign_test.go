package missionmap

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// diamond is a small map: s - a, s - b, a - c, b - c.
func diamond() *Map {
	ms := func(id string, t, m int) Mission {
		return Mission{ID: id, Name: id, Turns: t, Mistakes: m, Difficulty: 0.5, X: 0.5, Y: 0.5}
	}
	return &Map{Name: "diamond", Start: "s",
		Missions: []Mission{ms("s", 9, 9), ms("a", 9, 5), ms("b", 8, 8), ms("c", 7, 3)},
		Paths:    [][2]string{{"s", "a"}, {"s", "b"}, {"a", "c"}, {"c", "b"}}}
}

func TestCampaign(t *testing.T) {
	m := diamond()
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var c Campaign
	steps := []struct {
		r        Result
		err      error
		playable []string
	}{
		{Result{}, nil, []string{"s"}},
		{Result{Mission: "a", Won: true, Date: day, Score: 3}, ErrNotPlayable, []string{"s"}},
		{Result{Mission: "s", Won: false, Date: day}, nil, []string{"s"}},
		{Result{Mission: "s", Won: true, Date: day, Score: 7}, nil, []string{"a", "b"}},
		{Result{Mission: "s", Won: true, Date: day, Score: 7}, ErrNotPlayable, []string{"a", "b"}},
		{Result{Mission: "c", Won: true, Date: day, Score: 1}, ErrNotPlayable, []string{"a", "b"}},
		{Result{Mission: "x", Won: true, Date: day}, ErrNotPlayable, []string{"a", "b"}},
		{Result{Mission: "b", Won: true, Date: day, Score: 2}, nil, []string{"a", "c"}},
		{Result{Mission: "c", Won: true, Date: day, Score: 4}, nil, []string{"a"}},
		{Result{Mission: "a", Won: true, Date: day, Score: 5}, nil, nil},
	}
	for i, s := range steps {
		if s.r.Mission != "" {
			next, err := c.Record(m, s.r)
			if !errors.Is(err, s.err) {
				t.Fatalf("step %d: Record(%+v) = %v, want %v", i, s.r, err, s.err)
			}
			if err != nil && len(next.Results) != len(c.Results) {
				t.Fatalf("step %d: a refused result was recorded", i)
			}
			c = next
		}
		if got := c.Playable(m); !slices.Equal(got, s.playable) {
			t.Errorf("step %d: Playable = %q, want %q", i, got, s.playable)
		}
	}
	if len(c.Results) != 5 {
		t.Errorf("%d results recorded, want 5", len(c.Results))
	}
}

func TestCampaignRecordIsPure(t *testing.T) {
	m := diamond()
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	a, _ := Campaign{Team: "us"}.Record(m, Result{Mission: "s", Won: true, Date: day, Score: 2})
	b, _ := a.Record(m, Result{Mission: "a", Date: day})
	c, _ := a.Record(m, Result{Mission: "b", Won: true, Date: day, Score: 1})
	if len(a.Results) != 1 || b.Results[1].Mission != "a" || c.Results[1].Mission != "b" {
		t.Errorf("Record changed its receiver: %+v %+v %+v", a, b, c)
	}
}

func TestCampaignBadResults(t *testing.T) {
	m := diamond()
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, r := range []Result{
		{Mission: "s", Won: true},                       // no date
		{Mission: "s", Won: false, Date: day, Score: 3}, // a loss scores nothing
		{Mission: "s", Won: true, Date: day, Score: 99}, // more than the bank can give
		{Mission: "s", Won: true, Date: day, Score: -2},
	} {
		if _, err := (Campaign{}).Record(m, r); err == nil {
			t.Errorf("Record(%+v) = nil, want an error", r)
		}
	}
}
