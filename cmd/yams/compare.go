package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"yams/reports"
	"yams/reports/tablegames"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

func init() {
	register(&command{
		name:     "compare",
		summary:  "compare strategies on the same dice, or play them against each other at a table",
		run:      runCompare,
		moreHelp: strategiesHelp(false),
	})
}

func runCompare(e *env, args []string) error {
	fs := newFlags(e)
	names := addStrategiesFlag(fs, "two or more strategies `a,b,...` to compare game by game on the same dice")
	players := fs.StringSlice("players", nil, fmt.Sprintf("2 to %d strategies `a,b,...` to seat at a table, each with their own dice (a strategy may sit more than once; --games then counts table games)", tablegame.MaxPlayers))
	oneOfFlags(fs, "strategy", "players")
	rulesFlags := addRulesFlags(fs)
	memory := addMemoryFlag(fs)
	botFlags := addBotFlags(fs)
	play := addPlayFlags(fs)
	jsonOut := addJSONFlag(fs, "the results")
	out := addReportFlags(fs, reportOfRun, true)
	withRegret := addRegretFlag(fs)
	traceGame := fs.Uint64("trace-game", 0, "with --players, --out and a player that plays win: the table game `T` whose chances of winning the report follows turn by turn")
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	table := fs.Changed("players")
	games := int64(*play.games)
	switch {
	case table && fs.Changed("strategy"):
		return usagef("--strategy and --players: give one or the other")
	case !table && len(*names) < 2:
		return usagef("--strategy: give two strategies or more, such as --strategy greedy,upper-first (strategies: %s)", strings.Join(strategies.Names(), ", "))
	case table && (len(*players) < 2 || len(*players) > tablegame.MaxPlayers):
		return usagef("--players: %s, a table seats 2 to %d", plural(len(*players), "player", "players"), tablegame.MaxPlayers)
	case table && *withRegret:
		return usagef("--regret and --players: the cost of decisions is measured on games of one player; compare --strategy ... --regret")
	case fs.Changed("trace-game") && (!table || !fs.Changed("out")):
		return usagef("--trace-game: the game a report of table games follows (--players, --out)")
	case table && int64(*traceGame) >= games:
		return usagef("--trace-game %d: the table games are 0 to %d", *traceGame, games-1)
	case table && games > maxGames/int64(len(*players)):
		return usagef("at most %d table games of %d players", int64(maxGames)/int64(len(*players)), len(*players))
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	list, flag := *names, "strategy"
	if table {
		list, flag = *players, "players"
	}
	bots, err := botFlags.infos(e, *play.seed)
	if err != nil {
		return err
	}
	infos, err := lookupStrategies(flag, list, !table, bots)
	if err != nil {
		return err
	}

	// Everything that can be refused is refused before the games: the files, then the
	// strategies, which are built once here (their shared tables ready for the workers).
	outTable, err := checkOutputs(e, jsonOut, out)
	if err != nil {
		return err
	}
	c := e.console()
	run, err := prepareStrategies(e, rules, infos, true, *withRegret, int(*play.workers))
	if err != nil {
		return err
	}
	built := run.built
	if table {
		// A player that refuses the table (best-response:S seated beside another than
		// S, win beside a player it cannot model) is bad input, said before the games.
		var names []string
		for _, info := range infos {
			names = append(names, info.Name)
		}
		for _, st := range built {
			ts, ok := st.(strategies.TableStrategy)
			if !ok {
				continue
			}
			if err := ts.Join(names); err != nil {
				return badInput(fmt.Errorf("--players %s: %w", strings.Join(names, ","), err))
			}
		}
	}

	ctx, stop := e.interruptible(botFlags.stop)
	defer stop()
	var done atomic.Int64
	var bar *progress
	if e.interactive {
		unit := gamesOf(len(infos))
		if table {
			unit = tableGames
		}
		bar = startProgress(e.stderr, c, games, unit, &done)
	}
	if table {
		cfg := tablegame.Config{
			Rules: rules, RuleOptions: rulesFlags.options, Players: infos,
			Seed: *play.seed, Games: games, Workers: run.workers, Progress: &done,
			Provenance: e.provenance(),
		}
		if out.given() {
			cfg.Analyst, cfg.TraceGame = winAnalyst(rules, infos), int64(*traceGame)
		}
		res, err := tablegame.Run(ctx, cfg)
		if bar != nil {
			bar.end()
		}
		runtime.KeepAlive(built)
		if res == nil {
			return err
		}
		if res.Games == 0 { // stopped before the first chunk was finished
			return tableStopped(ctx, res, err, "no table game was finished, nothing was written")
		}
		// Interrupted, or stopped by a bot, the table games played (the first ones) are
		// written all the same, marked partial, as a run's.
		if res.Partial() {
			fmt.Fprintln(outTable, c.f("PARTIAL: %s of %s table games played (the run was stopped)", c.count(res.Games), c.count(res.Planned)))
		}
		printTable(outTable, c, res)
		printWinAssumes(outTable, c, rules, infos)
		if err := jsonOut.write(e, tableJSON(res)); err != nil {
			return err
		}
		if err := out.writeReport(e, outTable, func(dir string) ([]string, error) {
			return tablegames.Write(dir, res, reports.Options{Lang: out.lang.lang, Bots: reports.ExternalBots(infos)})
		}); err != nil {
			return err
		}
		if res.Partial() {
			note := "the table games played are written, marked partial"
			if !jsonOut.given() && !out.given() {
				note = "the table games played are printed, marked partial"
			}
			return tableStopped(ctx, res, err, note)
		}
		return nil
	}

	res, err := sim.Run(ctx, sim.Config{
		Rules: rules, RuleOptions: rulesFlags.options, Strategies: infos,
		Seed: *play.seed, Games: games, Workers: run.workers, Progress: &done, Pairs: true, Regret: run.valuer,
		Provenance: e.provenance(),
	})
	if bar != nil {
		bar.end()
	}
	runtime.KeepAlive(built)
	if res == nil {
		return err
	}
	if res.Games == 0 { // stopped before the first chunk was finished
		return stopped(ctx, res, err, nil)
	}
	// Interrupted, the comparison of the games played (a prefix of the run's) is
	// written all the same, marked partial.
	if res.Partial() {
		fmt.Fprintln(outTable, c.f("PARTIAL: %s of %s games played (the run was stopped)", c.count(res.Games), c.count(res.Planned)))
	}
	printComparison(outTable, c, res)
	printRunRegret(outTable, c, res, run.optimalMean)
	if err := jsonOut.write(e, summaryJSON(res)); err != nil {
		return err
	}
	if err := out.writeRun(e, outTable, res, rules); err != nil {
		return err
	}
	if res.Partial() {
		note := "the comparison of the games played is written, marked partial"
		if !jsonOut.given() && !out.given() {
			note = "the comparison of the games played is printed, marked partial"
		}
		return stopped(ctx, res, err, []string{note})
	}
	return nil
}

// tableStopped returns the error of table games stopped before their end: why, how far
// they got, and note, with the exit status stopCause gives.
func tableStopped(ctx context.Context, res *tablegame.Results, runErr error, note string) error {
	cause, code := stopCause(ctx, runErr)
	return exitError{code, fmt.Errorf("%s after %s of %s; %s", cause, thousands(res.Games), plural(res.Planned, "table game", "table games"), note)}
}

// printComparison prints each strategy's mean, then each pair: the mean difference with
// its paired interval, the unpaired interval and the head-to-head record.
func printComparison(w io.Writer, c console, res *sim.Results) {
	fmt.Fprintln(w, c.f("rules %s, seed %d, %s games per strategy on the same dice", describeRules(res.Rules, res.RuleOptions), res.Seed, c.count(res.Games)))
	fmt.Fprintln(w)
	// The upper bonus beside the mean, as sim prints it: what a comparison of strategies
	// is often made for (bonus against upper-first).
	bonus := res.RuleSet != nil && res.RuleSet.UpperPoints() > 0
	t := &textTable{}
	head := []string{c.t("strategy"), c.t("mean ± 95% CI"), c.t("sd")}
	if bonus {
		head = append(head, c.t("upper bonus ± 95% CI"))
	}
	t.row(head...)
	for _, s := range res.Summaries {
		st := s.Stats()
		cells := []string{s.Strategy, c.num(st.Mean, 2) + " ± " + c.num(st.CI95.Hi-st.Mean, 2), c.num(st.StdDev, 2)}
		if bonus {
			cells = append(cells, c.pct(st.UpperBonus.Rate, 2)+" ± "+c.pct((st.UpperBonus.CI95.Hi-st.UpperBonus.CI95.Lo)/2, 2))
		}
		t.row(cells...)
	}
	t.write(w)
	fmt.Fprintln(w)
	t = &textTable{}
	t.row("a − b", c.t("mean difference ± 95% CI (paired)"), c.t("unpaired ± 95% CI"), c.t("paired/unpaired"), c.t("a wins"), c.t("ties"), c.t("b wins"))
	for _, p := range res.Pairs {
		st := p.Stats()
		var a, b *sim.Summary
		for _, s := range res.Summaries {
			if s.Strategy == p.A {
				a = s
			}
			if s.Strategy == p.B {
				b = s
			}
		}
		un := sim.Unpaired(a, b)
		ratio := (st.CI95.Hi - st.CI95.Lo) / (un.Hi - un.Lo)
		t.row(p.A+" − "+p.B,
			c.signed(st.Mean, 3)+" ± "+c.num(st.CI95.Hi-st.Mean, 3),
			"± "+c.num((un.Hi-un.Lo)/2, 3),
			c.num(ratio, 3),
			c.pct(st.Wins.Rate, 2), c.pct(st.Ties.Rate, 2), c.pct(st.Losses.Rate, 2))
	}
	t.write(w)
	fmt.Fprintln(w, c.t("(paired: from the game-by-game differences on the same dice; unpaired: as if the dice were independent)"))
}

// printTable prints the wins of each player and of each seat, and the test of the seat.
func printTable(w io.Writer, c console, res *tablegame.Results) {
	n := len(res.Players)
	fmt.Fprintln(w, c.f("rules %s, seed %d, %s table games of %d players, each on their own dice, seats rotating", describeRules(res.Rules, res.RuleOptions), res.Seed, c.count(res.Games), n))
	fmt.Fprintln(w)
	t := &textTable{}
	t.row(c.t("player"), c.t("won (ties shared) ± 95% CI"), c.t("won alone"), c.t("tied first"), c.t("mean ± 95% CI"))
	for p, name := range res.Players {
		s := res.WinRate(p)
		mean, ci := res.Mean(p)
		t.row(fmt.Sprintf("%d: %s", p+1, name), c.pct(s.Rate, 2)+" ± "+c.pct((s.CI95.Hi-s.CI95.Lo)/2, 2),
			c.count(res.Outright[p]), c.count(res.Tied[p]), c.num(mean, 2)+" ± "+c.num(ci.Hi-mean, 2))
	}
	t.write(w)
	fmt.Fprintln(w)
	t = &textTable{}
	t.row(c.t("seat"), c.t("won ± 95% CI"))
	for s := range n {
		r := res.SeatWinRate(s)
		t.row(fmt.Sprint(s+1), c.pct(r.Rate, 2)+" ± "+c.pct((r.CI95.Hi-r.CI95.Lo)/2, 2))
	}
	t.write(w)
	test := tablegames.SeatOrder(res)
	if slices.Contains(res.SeesTable, true) {
		fmt.Fprintln(w, c.f("seat order: chi-square %s on %s, p = %s (a player sees the others' sheets, so the seat may matter: a later seat knows more of the round)",
			c.num(test.ChiSquare, 2), c.plural(int64(test.DF), "degree of freedom", "degrees of freedom"), c.num(test.P, 3)))
		return
	}
	fmt.Fprintln(w, c.f("seat order: chi-square %s on %s, p = %s (seats do not interact: each should win 1/%d)",
		c.num(test.ChiSquare, 2), c.plural(int64(test.DF), "degree of freedom", "degrees of freedom"), c.num(test.P, 3), n))
}
