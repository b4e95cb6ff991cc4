package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"sync/atomic"
	"time"

	"yams/internal/outfile"
	"yams/sim"
)

func init() {
	register(&command{
		name:    "sim",
		summary: "play many games with each strategy and print what they score",
		run:     runSim,
	})
}

const simSynopsis = "[--rules NAME|FILE] [--rule key=value]... [--strategy a,b,...] [--games N] [--seed S] [--workers W] [--shard K/N|env/N] [--checkpoint FILE [--checkpoint-every D] [--resume-if-present]] [--resume FILE] [--json FILE|-] [--out DIR [--lang en|fr]] [--cpuprofile FILE]"

func runSim(e *env, args []string) error {
	fs := newFlags(e, "sim", simSynopsis)
	rulesName, options := addRulesFlags(fs)
	names := fs.StringSlice("strategy", nil, "strategies, comma-separated (default: every heuristic, and optimal when it is built in)")
	games := gamesFlag(1_000_000)
	fs.Var(&games, "games", "games per strategy (1000000, 1_000_000 and 1e6 alike)")
	seed := fs.Uint64("seed", 1, "seed of the dice: the same seed gives the same results, whatever the workers")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines playing games")
	jsonOut := fs.String("json", "", "write the summary as JSON to FILE (- for standard output, the table then going to standard error)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to FILE")
	shardArg := fs.String("shard", "", "play the K-th (from 1) of N contiguous slices of the games, for yams merge to add up: K/N, or env/N to take K from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm), both from 0")
	long := addLongRunFlags(fs)
	out := addOutFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("sim: unexpected argument %q (see yams sim --help)", fs.Arg(0))
	}
	if *workers < 1 {
		return usagef("sim: --workers %d: want at least 1", *workers)
	}
	rules, err := loadRules(*rulesName, *options)
	if err != nil {
		return err
	}
	infos, err := resolveStrategies(*names, fs.Changed("strategy"))
	if err != nil {
		return err
	}
	shard, err := parseShard("sim", *shardArg, int64(games))
	if err != nil {
		return err
	}

	// Every output is checked before anything slow, so that a wrong path is refused at
	// once, not after hours of games. The summary files are written at the end, each
	// atomically; the profile, streamed, is created now and removed if the run does not
	// happen.
	table := e.stdout
	var created []*os.File
	fail := func(err error) error {
		for _, f := range created {
			f.Close()
			os.Remove(f.Name())
		}
		return err
	}
	switch *jsonOut {
	case "":
	case "-":
		table = e.stderr
	default:
		if err := outfile.Check(*jsonOut); err != nil {
			return badInput(fmt.Errorf("sim: --json: %w", err))
		}
	}
	if err := out.check("sim"); err != nil {
		return err
	}
	resume, err := long.check("sim")
	if err != nil {
		return err
	}
	var profile *os.File
	if *cpuProfile != "" {
		if profile, err = os.Create(*cpuProfile); err != nil {
			return fail(badInput(fmt.Errorf("sim: --cpuprofile: %w", err)))
		}
		created = append(created, profile)
	}

	// Every strategy is built once before the run: rules it cannot play are refused
	// before any game, and the shared tables it builds are ready for the workers (kept
	// alive by built until the run ends).
	setup := time.Now()
	infos, built, notes, err := buildStrategies(rules, infos, fs.Changed("strategy"))
	if err != nil {
		return fail(err)
	}
	setupTime := time.Since(setup)
	for _, n := range notes {
		fmt.Fprintf(e.stderr, "yams: %s\n", n)
	}
	if profile != nil {
		if err := pprof.StartCPUProfile(profile); err != nil {
			return fail(fmt.Errorf("sim: --cpuprofile: %w", err))
		}
		defer profile.Close()
		defer pprof.StopCPUProfile()
	}

	var done atomic.Int64
	cfg := sim.Config{
		Rules: rules, RuleOptions: *options, Strategies: infos,
		Seed: *seed, Games: int64(games), Workers: *workers, Progress: &done,
		Shard: shard, Resume: resume, Checkpoint: long.saver(), CheckpointEvery: *long.every,
	}
	if !shard.IsZero() {
		cfg.First, cfg.Games = shard.Range()
	}
	left := cfg.Games
	if resume != nil {
		if err := sim.CheckResume(cfg, resume); err != nil {
			return fail(badInput(fmt.Errorf("sim: --resume %s: %w", long.from, err)))
		}
		left -= resume.Games
	}
	ctx, stop := interruptible()
	defer stop()
	var bar *progress
	if e.interactive && left > 0 {
		bar = startProgress(e.stderr, left, &done)
	}
	res, err := sim.Run(ctx, cfg)
	if bar != nil {
		bar.end()
	}
	runtime.KeepAlive(built)
	if res == nil {
		return fail(err)
	}
	// The results, complete or partial (interrupted, or a checkpoint failed), go to every
	// destination; partial ones say so, and can be resumed from.
	return finishRun(ctx, e, "sim", res, err, long, *jsonOut, out, table, rules, func(w io.Writer) { printSim(w, res, setupTime) })
}

// printSim prints the results: a line per strategy, then the mean and zero rate of
// every box per strategy.
func printSim(w io.Writer, res *sim.Results, setup time.Duration) {
	rules := res.Rules
	for _, o := range res.RuleOptions {
		rules += " --rule " + o
	}
	fmt.Fprintf(w, "rules %s, seed %d, %s games per strategy\n", rules, res.Seed, thousands(res.Games))
	printSlice(w, res)
	fmt.Fprintln(w)

	t := &textTable{}
	t.row("strategy", "mean ± 95% CI", "sd", "median", "upper bonus ± 95% CI", "yahtzee", "joker", "games/s")
	stats := make([]sim.Stats, len(res.Summaries))
	for i, s := range res.Summaries {
		st := s.Stats()
		stats[i] = st
		t.row(s.Strategy,
			fmt.Sprintf("%.2f ± %.2f", st.Mean, st.CI95.Hi-st.Mean),
			fmt.Sprintf("%.2f", st.StdDev),
			strconv.Itoa(st.Median),
			fmt.Sprintf("%.2f%% ± %.2f%%", 100*st.UpperBonus.Rate, 50*(st.UpperBonus.CI95.Hi-st.UpperBonus.CI95.Lo)),
			fmt.Sprintf("%.2f%%", 100*st.YahtzeeScored.Rate),
			fmt.Sprintf("%.2f%%", 100*st.Joker.Rate),
			rate(res.GamesPerSecond(i)))
	}
	t.write(w)
	fmt.Fprintln(w, "(yahtzee: games with a scored yahtzee box; joker: games with at least one joker)")

	fmt.Fprintln(w)
	t = &textTable{}
	head := []string{"box (mean, zeros)"}
	for _, s := range res.Summaries {
		head = append(head, s.Strategy)
	}
	t.row(head...)
	for id := range res.Summaries[0].Slots {
		cells := []string{res.Summaries[0].SlotName(id)}
		for i := range res.Summaries {
			b := stats[i].Slots[id]
			cells = append(cells, fmt.Sprintf("%.2f %5.1f%%", b.Mean, 100*b.ZeroRate))
		}
		t.row(cells...)
	}
	t.write(w)

	played := (res.Games - res.Resumed) * int64(len(res.Summaries))
	if played == 0 {
		fmt.Fprintf(w, "\nevery game came from the run resumed: none was left to play\n")
		return
	}
	workers := "workers"
	if res.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(w, "\n%s games in %s on %d %s (%s games/s); strategies ready in %s\n",
		thousands(played), seconds(res.Elapsed), res.Workers, workers, rate(float64(played)/res.Elapsed.Seconds()), seconds(setup+res.Setup))
}
