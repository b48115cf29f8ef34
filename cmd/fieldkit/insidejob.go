package main

import (
	"context"

	"fieldkit/catalog"
	rules "fieldkit/engine/insidejob"
	"fieldkit/engine/insidejob/difficulty"
)

func init() {
	commands["insidejob"] = command{
		summary: "Inside Job tools: the mission deck's difficulty",
		run: func(m *Main, ctx context.Context, args []string) error {
			return subcommands(m, ctx, "insidejob", args, map[string]command{
				"missions": {summary: "measure each mission card's completion rate by simulation", run: runInsidejobMissions},
			})
		},
	}
}

func runInsidejobMissions(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("insidejob missions", "insidejob missions [--tricks N] [--seed S] [--wagers] [--rollouts R]",
		"fieldkit insidejob missions",
		"fieldkit insidejob missions --wagers",
		"fieldkit insidejob missions --tricks 2000 --seed 7")
	tricks := fs.Int("tricks", 10000, "simulated tricks per mission card, player count and policy (1..1000000)")
	seed := fs.Uint64("seed", 1, "seed: the same seed and flags print the same table")
	wagers := fs.Bool("wagers", false, "players may raise the stakes with intel (M17 and M18 join the deck)")
	rollouts := fs.Int("rollouts", 3, "random finishes the cooperative players weigh per candidate card (1..20)")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *tricks < 1 || *tricks > 1000000 {
		return usagef(fs, "--tricks %d: want 1..1000000", *tricks)
	}
	if *rollouts < 1 || *rollouts > 20 {
		return usagef(fs, "--rollouts %d: want 1..20", *rollouts)
	}
	res := difficulty.Measure(difficulty.Options{Tricks: *tricks, Seed: *seed, Wagers: *wagers, Rollouts: *rollouts})
	return res.WriteTable(m.Stdout, func(mi rules.Mission) string { return catalog.Text("en", string(mi.Term()), nil) })
}
