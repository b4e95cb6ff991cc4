package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"yams/engine"
	"yams/reports"
	"yams/sim"
)

func init() {
	register(&command{
		name:     "sim",
		summary:  "play many games with each strategy and print what they score",
		run:      runSim,
		moreHelp: strategiesHelp(true),
	})
}

// strategiesToPlay is what --strategy names in the commands that play strategies alone.
const strategiesToPlay = "the strategies `a,b,...` (default: every heuristic, and optimal when it is built in)"

func runSim(e *env, args []string) error {
	fs := newFlags(e)
	rulesFlags := addRulesFlags(fs)
	memory := addMemoryFlag(fs)
	botFlags := addBotFlags(fs)
	names := addStrategiesFlag(fs, strategiesToPlay)
	play := addPlayFlags(fs)
	long := addLongRunFlags(fs)
	jsonOut := addJSONFlag(fs, "the summary")
	out := addReportFlags(fs, reportOfRun, true)
	profile := addOutputFile(fs, "cpuprofile", "write a CPU profile of the run to `FILE`", false)
	withRegret := addRegretFlag(fs)
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	named := fs.Changed("strategy")
	bots, err := botFlags.infos(e, *play.seed)
	if err != nil {
		return err
	}
	infos, err := chooseStrategies(named, *names, bots, rules)
	if err != nil {
		return err
	}
	shard, err := parseShard(long.shard, int64(*play.games))
	if err != nil {
		return err
	}

	// Every output is checked before anything slow, so that a wrong path is refused at
	// once, not after hours of games, and written at the end, each atomically.
	table, err := checkOutputs(e, jsonOut, out)
	if err != nil {
		return err
	}
	if err := profile.check(); err != nil {
		return err
	}
	resume, err := long.check()
	if err != nil {
		return err
	}

	setup := time.Now()
	run, err := prepareStrategies(e, rules, infos, named, *withRegret, int(*play.workers))
	if err != nil {
		return err
	}
	infos, built, workers, optimalMean := run.infos, run.built, run.workers, run.optimalMean
	setupTime := time.Since(setup)

	var done atomic.Int64
	cfg := sim.Config{
		Regret: run.valuer, Rules: rules, RuleOptions: rulesFlags.options, Strategies: infos,
		Seed: *play.seed, Games: int64(*play.games), Workers: workers, Progress: &done,
		Shard: shard, Resume: resume, Checkpoint: long.saver(), CheckpointEvery: long.every,
		Provenance: e.provenance(),
	}
	if !shard.IsZero() {
		cfg.First, cfg.Games = shard.Range()
	}
	left := cfg.Games
	if resume != nil {
		if err := sim.CheckResume(cfg, resume); err != nil {
			return badInput(fmt.Errorf("--resume %s: %w", long.from, err))
		}
		left -= resume.Games
	}
	ctx, stop := e.interruptible(botFlags.stop)
	defer stop()
	var bar *progress
	if e.interactive && left > 0 {
		bar = startProgress(e.stderr, e.console(), left, gamesOf(len(infos)), &done)
	}
	// The profile is kept in memory while the games are played (a few megabytes), and
	// written with the results.
	var samples bytes.Buffer
	if profile.given() {
		if err := pprof.StartCPUProfile(&samples); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
	}
	res, err := sim.Run(ctx, cfg)
	if profile.given() {
		pprof.StopCPUProfile()
	}
	if bar != nil {
		bar.end()
	}
	runtime.KeepAlive(built)
	if res == nil {
		// Known once the strategies are built and the bots have said hello: the checkpoint
		// is of another program, or of another version of a strategy's file.
		var otherBot *sim.OtherBotError
		var otherStrategy *sim.OtherStrategyError
		switch {
		case errors.As(err, &otherBot):
			return badInput(fmt.Errorf("--resume %s: %w", long.from, otherBot))
		case errors.As(err, &otherStrategy):
			return badInput(fmt.Errorf("--resume %s: %w", long.from, otherStrategy))
		}
		return err
	}
	// The results, complete or partial (interrupted, or a checkpoint failed), go to every
	// destination; partial ones say so, and can be resumed from.
	err = finishRun(ctx, e, res, err, long, jsonOut, out, table, rules, func(w io.Writer) { printSim(w, e.console(), res, setupTime, optimalMean) })
	if perr := profile.write(e, func(w io.Writer) error { _, err := samples.WriteTo(w); return err }); err == nil {
		err = perr
	}
	return err
}

// printSim prints the results: a line per strategy, then the mean and zero rate of
// every box per strategy, then how long the games took. The tables depend on the seed
// alone; the timings come last, on lines of their own. The boxes are named by their
// labels (the summary file keeps the ids), and the columns of a bonus, a five of a kind
// or a joker the rules do not have are left out.
func printSim(w io.Writer, c console, res *sim.Results, setup time.Duration, optimalMean float64) {
	fmt.Fprintln(w, c.f("rules %s, seed %d, %s per strategy", describeRules(res.Rules, res.RuleOptions), res.Seed, c.plural(res.Games, "game", "games")))
	printSlice(w, c, res)
	fmt.Fprintln(w)

	rules := res.RuleSet
	bonus := rules.UpperPoints() > 0
	five := res.Summaries[0].YahtzeeBox // the five-of-a-kind box, or -1
	joker := rules.Joker() != engine.NoJoker
	head := []string{c.t("strategy"), c.t("mean ± 95% CI"), c.t("sd"), c.t("median")}
	var notes []string
	if bonus {
		head = append(head, c.t("upper bonus ± 95% CI"))
	}
	if five >= 0 {
		label := reports.BoxLabel(rules, five, c.lang)
		head = append(head, label)
		notes = append(notes, c.f("%s: games with the %s box scored", label, label))
	}
	if joker {
		head = append(head, c.t("joker"))
		notes = append(notes, c.t("joker: games with at least one joker"))
	}
	t := &textTable{}
	t.row(head...)
	stats := make([]sim.Stats, len(res.Summaries))
	for i, s := range res.Summaries {
		st := s.Stats()
		stats[i] = st
		cells := []string{s.Strategy,
			c.num(st.Mean, 2) + " ± " + c.num(st.CI95.Hi-st.Mean, 2),
			c.num(st.StdDev, 2),
			strconv.Itoa(st.Median)}
		if bonus {
			cells = append(cells, c.pct(st.UpperBonus.Rate, 2)+" ± "+c.pct((st.UpperBonus.CI95.Hi-st.UpperBonus.CI95.Lo)/2, 2))
		}
		if five >= 0 {
			cells = append(cells, c.pct(st.YahtzeeScored.Rate, 2))
		}
		if joker {
			cells = append(cells, c.pct(st.Joker.Rate, 2))
		}
		t.row(cells...)
	}
	t.write(w)
	if len(notes) > 0 {
		fmt.Fprintf(w, "(%s)\n", strings.Join(notes, c.t("; ")))
	}

	fmt.Fprintln(w)
	t = &textTable{}
	head = []string{c.t("box (mean, zeros)")}
	for _, s := range res.Summaries {
		head = append(head, s.Strategy)
	}
	t.row(head...)
	for id, name := range reports.SlotLabels(rules, c.lang) {
		cells := []string{name}
		for i := range res.Summaries {
			b := stats[i].Slots[id]
			cells = append(cells, fmt.Sprintf("%s %6s", c.num(b.Mean, 2), c.pct(b.ZeroRate, 1)))
		}
		t.row(cells...)
	}
	t.write(w)
	printRunRegret(w, c, res, optimalMean)
	fmt.Fprintln(w)
	printTimings(w, c, res, setup)
}

// printTimings says how long the games of a run took: all together, in games of every
// strategy per second (the unit of the progress line), and per strategy, over the time
// the workers spent playing it.
func printTimings(w io.Writer, c console, res *sim.Results, setup time.Duration) {
	perStrategy := res.Games - res.Resumed
	if perStrategy == 0 {
		fmt.Fprintln(w, c.t("every game came from the run resumed: none was left to play"))
		return
	}
	n := len(res.Summaries)
	played := perStrategy * int64(n)
	fmt.Fprintln(w, c.f("%s in %s on %s: %s games/s; strategies ready in %s",
		c.countOf(gamesOf(n), perStrategy), c.duration(res.Elapsed), c.plural(int64(res.Workers), "worker", "workers"), c.rate(float64(played)/res.Elapsed.Seconds()), c.duration(setup+res.Setup)))
	bots := false
	for _, s := range res.Summaries {
		bots = bots || s.Bot != nil
	}
	if n > 1 {
		var rates []string
		for i, s := range res.Summaries {
			rates = append(rates, c.f("%s %s games/s", s.Strategy, c.rate(res.GamesPerSecond(i))))
		}
		fmt.Fprintln(w, c.f("per strategy, over the time spent playing it: %s", strings.Join(rates, ", ")))
		if bots {
			// What the workers can time is the wall clock, not the processors it is
			// shared on.
			fmt.Fprintln(w, c.t("(a bot's time is the wait for its answers, its processes' work and the messages included; the other strategies"))
			fmt.Fprintln(w, c.t(" share the processors with the bots' processes meanwhile, and play slower than alone)"))
		}
	}
	// What a bot's processes took of the processors, their system says.
	var took []string
	for i, s := range res.Summaries {
		if s.Bot != nil && i < len(res.Outside) && res.Outside[i] > 0 {
			took = append(took, c.f("%s %s (%s µs a game)", s.Strategy, c.duration(res.Outside[i]),
				c.num(float64(res.Outside[i].Microseconds())/float64(perStrategy), 1)))
		}
	}
	if len(took) > 0 {
		fmt.Fprintln(w, c.f("processor time of the bots' processes: %s", strings.Join(took, ", ")))
	}
}
