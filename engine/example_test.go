package engine_test

import (
	"fmt"

	"fieldkit/engine"
	"fieldkit/engine/codenames"
)

// A referee loop over registered families: a "new" event starts the game it
// names, every other event goes to the game in progress.
func ExampleFamilies() {
	families := engine.Families{codenames.Family}
	var cur engine.Referee = engine.NoGame{Games: families.Names()}
	for _, line := range []string{
		`{"type":"clue","by":"a","word":"tree","count":1}`,
		`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":5}`,
		`{"type":"new","game":"chess"}`,
	} {
		var err error
		if h, herr := engine.ReadHead([]byte(line)); herr == nil && h.Type == "new" {
			var r engine.Referee
			if r, err = families.Start(h, []byte(line)); err == nil {
				cur = r
			}
		} else {
			err = cur.Apply([]byte(line))
		}
		if b, ok := cur.(engine.Briefer); ok {
			b.SetBrief(true)
		}
		fmt.Println(string(cur.State(err)))
	}
	// Output:
	// {"error":"not now: no game yet; start one with {\"type\":\"new\",\"game\":NAME,...}, NAME one of duet, classic","game":""}
	// {"game":"duet","mission":"9-5","status":"playing","phase":"clue","next":"either","tokens_left":9,"mistakes_left":5,"tokens_taken":0,"agents_left":15}
	// {"error":"malformed event: \"game\" \"chess\"; want one of duet, classic","game":"duet","mission":"9-5","status":"playing","phase":"clue","next":"either","tokens_left":9,"mistakes_left":5,"tokens_taken":0,"agents_left":15}
}
