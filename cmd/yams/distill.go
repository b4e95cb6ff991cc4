package main

import (
	"fmt"
	"strconv"
	"strings"

	"yams/strategies/distill"
)

func init() {
	register(&command{
		name:    "distill",
		summary: "learn rule files from the optimal strategy: for each size N, the N rules that lose the fewest points against optimal play",
		run:     runDistill,
	})
}

func runDistill(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	sizeList := fs.String("size", "1,2,3,5,10,20,40", "the sizes N of the rule files to learn, `LIST` of numbers of rules, comma-separated")
	states := fs.Int("states", distill.DefaultStates, "turn-start states sampled for each turn at every step, `N`")
	seed := fs.Uint64("seed", 1, "the seed of the sampling, `S`")
	var workers workersFlag
	addWorkersFlag(fs, &workers, "compute")
	memory := addMemoryFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if err := memory.apply(); err != nil {
		return err
	}
	var sizes []int
	for _, s := range strings.Split(*sizeList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 200 {
			return usagef("--size %s: %q is not a number of rules from 1 to 200", *sizeList, s)
		}
		sizes = append(sizes, n)
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	res, err := distill.Learn(rules, distill.Options{Sizes: sizes, States: *states, Workers: int(workers), Seed: *seed,
		Progress: func(s distill.Step) {
			fmt.Fprintf(e.stderr, "%3d rules  %.4f  (estimated +%.3f)  %s  [%s]\n", s.N, s.Mean, s.Estimated, s.Rule, s.Elapsed.Round(100e6))
		}})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "optimal %.4f, greedy %.4f, upper-first %.4f\n", res.Optimal, res.Greedy, res.UpperFirst)
	for _, f := range res.Files {
		fmt.Fprintf(e.stdout, "\n# %d rules: exact mean %.4f (%.4f below optimal)\n%s", f.N, f.Figures.Mean, res.Optimal-f.Figures.Mean, f.File.String())
	}
	return nil
}
