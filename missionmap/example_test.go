package missionmap_test

import (
	"fmt"
	"time"

	"fieldkit/missionmap"
)

func ExampleParseCode() {
	c, err := missionmap.ParseCode("m39ch 22222 29azb")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("version %d, %d missions, seed %d, hardest %d%%, branchy %d\n",
		c.Version, c.Options.Missions, c.Options.Seed, c.Options.Hardest, c.Options.Branchy)
	fmt.Println(c)
	// Output:
	// version 1, 26 missions, seed 7, hardest 10%, branchy 2
	// M39CH-22222-29AZB
}

func ExampleRulebook() {
	m, err := missionmap.Rulebook()
	if err != nil {
		fmt.Println(err)
		return
	}
	start, _ := m.Mission(m.Start)
	fmt.Println(m.Name, len(m.Missions), "missions")
	fmt.Println("start:", start.Name, start.Pair())
	for _, id := range m.Neighbours(m.Start) {
		ms, _ := m.Mission(id)
		fmt.Println("  then:", ms.Name, ms.Pair())
	}
	// Output:
	// Rulebook campaign 26 missions
	// start: Praha 9-9
	//   then: Berlín 11-2
	//   then: Káhira 9-5
	//   then: Moskva 8-8
}

func ExampleCampaign() {
	m, _ := missionmap.Rulebook()
	var c missionmap.Campaign
	fmt.Println(c.Playable(m))
	c, err := c.Record(m, missionmap.Result{Mission: "praha", Won: true, Score: 7,
		Date: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)})
	fmt.Println(c.Playable(m), err)
	// Output:
	// [praha]
	// [berlin kahira moskva] <nil>
}
