package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"yams/engine"
	"yams/reports"
	"yams/sim"
	"yams/strategies"
)

func init() {
	register(&command{
		name:    "bench",
		summary: "measure the speed of the strategies: games/s on 1 to GOMAXPROCS workers, ns per decision and per game, beside the floor (a game without its decisions)",
		run:     runBench,
		moreHelp: func(w io.Writer) {
			fmt.Fprintf(w, "The workload: --games games of each strategy on each number of workers, each run %d times, the fastest counting.\n\n", benchReps)
			listStrategies(w, true)
		},
	})
}

// The workload of yams bench: --games games per strategy and number of workers, each run
// benchReps times, of which the fastest counts (the others met a busier machine); the
// decisions of the first benchRecorded games are replayed, and the scoring calls made,
// in proportion to --games.
const (
	benchReps      = 3
	benchRecorded  = 2000
	decisionsRatio = 2  // decisions replayed per game of --games
	scoringRatio   = 20 // scoring calls per game of --games
)

// benchResult is what yams bench measures of a strategy.
type benchResult struct {
	name string
	// rates[w-1] is the games per second with w workers.
	rates []float64
	// nsDecision is the time of a decision (a keep or a box), replayed from positions
	// met in play; decisions the number of decisions per game.
	nsDecision, decisions float64
	// together: the simulator plays its games many at once (a batch strategy built in,
	// target:T), while its decisions are replayed one game at a time.
	together bool
}

func (b *benchResult) nsGame() float64 { return 1e9 / b.rates[0] }

// efficiency is the rate with w workers over w times the rate with one.
func (b *benchResult) efficiency(w int) float64 { return b.rates[w-1] / (float64(w) * b.rates[0]) }

func runBench(e *env, args []string) error {
	fs := newFlags(e)
	names := addStrategiesFlag(fs, strategiesToPlay)
	games := addGamesFlag(fs)
	rulesFlags := addRulesFlags(fs)
	memory := addMemoryFlag(fs)
	botFlags := addBotFlags(fs)
	jsonOut := addJSONFlag(fs, "the figures")
	out := addOutDir(fs, "the figures: as JSON and CSV (bench.json, bench.csv), and the scaling plot as SVG and PNG (scaling.svg, scaling.png)")
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	rules, err := rulesFlags.load()
	if err != nil {
		return err
	}
	named := fs.Changed("strategy")
	bots, err := botFlags.infos(e, 1)
	if err != nil {
		return err
	}
	infos, err := chooseStrategies(named, *names, bots, rules)
	if err != nil {
		return err
	}
	if err := checkFiles(jsonOut, out); err != nil {
		return err
	}
	// Before anything is read or solved: a strategy beyond --max-memory with one worker
	// is refused at once.
	for _, info := range infos {
		if _, _, err := fitWorkers(e, rules, []strategies.Info{info}, false, 1); err != nil {
			return err
		}
	}
	kept, built, err := buildStrategies(e, rules, infos, named)
	if err != nil {
		return err
	}

	n := int64(*games)
	maxWorkers := runtime.GOMAXPROCS(0)
	desc := describeRules(rules.Name(), rulesFlags.options)
	text := jsonOut.textOut(e)
	fmt.Fprintf(text, "yams bench: rules %s; %s per strategy and number of workers, the fastest of %d runs\n", desc, gameCount(n), benchReps)
	fmt.Fprintf(text, "%s/%s, %s, GOMAXPROCS %d%s\n\n", runtime.GOOS, runtime.GOARCH, runtime.Version(), maxWorkers, cpuModel())

	floor, err := benchStrategy(rules, sim.Floor(), n, maxWorkers)
	if err != nil {
		return fmt.Errorf("%s: %w", sim.FloorName, err)
	}
	parts, err := sim.TimeFloorParts(rules, n, func(part func()) time.Duration { return bestOf(benchReps, part) })
	if err != nil {
		return fmt.Errorf("%s: %w", sim.FloorName, err)
	}
	var results []*benchResult
	for _, info := range kept {
		// Each strategy plays alone, on as many workers as fit in --max-memory.
		fit, _, err := fitWorkers(e, rules, []strategies.Info{info}, false, maxWorkers)
		if err != nil {
			return err
		}
		b, err := benchStrategy(rules, info, n, fit)
		if err != nil {
			return fmt.Errorf("%s: %w", info.Name, err)
		}
		results = append(results, b)
	}
	nsScore := benchScoring(rules, n)
	runtime.KeepAlive(built)

	printBench(text, floor, parts, results, nsScore)
	js, err := indentedJSON(benchFigures(rules, rulesFlags.options, n, floor, parts, results, nsScore))
	if err != nil {
		return err
	}
	if err := jsonOut.write(e, func(w io.Writer) error { _, err := w.Write(js); return err }); err != nil {
		return err
	}
	if !out.given() {
		return nil
	}
	files, err := benchFiles(desc, js, floor, results, nsScore)
	if err != nil {
		return err
	}
	fmt.Fprintln(text)
	return out.writeFiles(e, text, files)
}

// benchStrategy measures a strategy: its games per second on 1 to maxWorkers workers
// (sim.Run, the time of playing only), and the time of its decisions.
func benchStrategy(rules *engine.Rules, info strategies.Info, n int64, maxWorkers int) (*benchResult, error) {
	// An external bot has no New: nothing of it is replayed, and its note says so.
	b := &benchResult{name: info.Name, together: info.NewBatch != nil && info.New != nil}
	for w := 1; w <= maxWorkers; w++ {
		var fastest time.Duration
		for range benchReps {
			res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{info}, Seed: 1, Games: n, Workers: w})
			if err != nil {
				return nil, err
			}
			if fastest == 0 || res.Elapsed < fastest {
				fastest = res.Elapsed
			}
		}
		b.rates = append(b.rates, float64(n)/max(fastest.Seconds(), 1e-9))
	}

	if info.New == nil {
		// An external bot decides in another process, many games at once: its time is
		// that of the whole game, the protocol included.
		b.nsDecision, b.decisions = math.NaN(), math.NaN()
		return b, nil
	}
	// The decisions of the first games, recorded by sim with the sheet they were made on,
	// are replayed in the same order to a strategy of their own: the time of the
	// decisions alone, without the dice, the checks and the counting of a game.
	rec := &recorder{}
	recording := strategies.Info{Name: info.Name, New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := info.New(r)
		rec.st = st
		return rec, err
	}}
	recorded := min(n, benchRecorded)
	if _, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{recording}, Seed: 1, Games: recorded, Workers: 1}); err != nil {
		return nil, err
	}
	b.decisions = float64(len(rec.calls)) / float64(recorded)
	if len(rec.calls) == 0 {
		return b, nil // rules without a decision to make
	}
	fresh, err := info.New(rules)
	if err != nil {
		return nil, err
	}
	if gs, ok := fresh.(strategies.GameStarter); ok {
		gs.StartGame(rand.NewPCG(1, 2))
	}
	passes := max(1, int(n*decisionsRatio)/len(rec.calls))
	fastest := bestOf(benchReps, func() {
		for range passes {
			rec.replay(fresh)
		}
	})
	b.nsDecision = float64(fastest.Nanoseconds()) / float64(passes*len(rec.calls))
	return b, nil
}

// orDash formats x, or "-" for a figure that does not apply (NaN).
func orDash(format string, x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf(format, x)
}

// bestOf runs f reps times and returns its shortest time.
func bestOf(reps int, f func()) time.Duration {
	var fastest time.Duration
	for range reps {
		t0 := time.Now()
		f()
		if d := time.Since(t0); fastest == 0 || d < fastest {
			fastest = d
		}
	}
	return max(fastest, 1)
}

// benchSink keeps the results of the calls timed, so that the compiler keeps the calls.
var benchSink int

// benchScoring returns the time of a scoring call, Sheet.Points (the points of a roll in
// a box, the joker applied), over sheets, boxes and rolls drawn at random.
func benchScoring(rules *engine.Rules, n int64) float64 {
	type call struct {
		sheet engine.Sheet
		box   engine.BoxID
		roll  engine.Roll
	}
	g := rand.New(rand.NewPCG(1, 2))
	calls := make([]call, 4096)
	slots := rules.NumSlots()
	for i := range calls {
		s := engine.NewSheet(rules)
		// Fill a random number of boxes with random rolls, as far as they are legal.
		for range g.IntN(slots) {
			r := engine.Roll(g.IntN(engine.NumRolls))
			if legal := s.Legal(r, rules.Rolls()); legal != 0 {
				for id := range slots {
					if legal&(1<<id) != 0 {
						s.Fill(engine.BoxID(id), r)
						break
					}
				}
			}
		}
		calls[i] = call{s, engine.BoxID(g.IntN(slots)), engine.Roll(g.IntN(engine.NumRolls))}
	}
	passes := max(1, int(n*scoringRatio)/len(calls))
	fastest := bestOf(benchReps, func() {
		sum := 0
		for range passes {
			for i := range calls {
				c := &calls[i]
				sum += c.sheet.Points(c.box, c.roll)
			}
		}
		benchSink += sum
	})
	return float64(fastest.Nanoseconds()) / float64(passes*len(calls))
}

// recorder passes the decisions of a strategy on and records them: the sheet of each
// turn, and each call with its roll and its number of rolls. sim plays it with one
// worker, so that the calls are those of the games in order.
type recorder struct {
	st     strategies.Strategy
	sheets []engine.Sheet
	calls  []decision
}

type decision struct {
	sheet int32
	roll  engine.Roll
	rolls int8 // rolls left for a keep, rolls used for a box
	box   bool
}

func (r *recorder) StartGame(g *rand.PCG) {
	if gs, ok := r.st.(strategies.GameStarter); ok {
		gs.StartGame(g)
	}
}

func (r *recorder) note(s *engine.Sheet, roll engine.Roll, rolls int, box bool) {
	if len(r.sheets) == 0 || r.sheets[len(r.sheets)-1] != *s {
		r.sheets = append(r.sheets, *s)
	}
	r.calls = append(r.calls, decision{int32(len(r.sheets) - 1), roll, int8(rolls), box})
}

func (r *recorder) Keep(s *engine.Sheet, roll engine.Roll, rollsLeft int) engine.Keep {
	r.note(s, roll, rollsLeft, false)
	return r.st.Keep(s, roll, rollsLeft)
}

func (r *recorder) Box(s *engine.Sheet, roll engine.Roll, rollsUsed int) engine.BoxID {
	r.note(s, roll, rollsUsed, true)
	return r.st.Box(s, roll, rollsUsed)
}

// replay asks st for every decision recorded, in order.
func (r *recorder) replay(st strategies.Strategy) {
	sum := 0
	for _, c := range r.calls {
		s := &r.sheets[c.sheet]
		if c.box {
			sum += int(st.Box(s, c.roll, int(c.rolls)))
		} else {
			sum += int(st.Keep(s, c.roll, int(c.rolls)))
		}
	}
	benchSink += sum
}

// cpuModel returns ", " and the model of the processor, where Linux says it.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return ", " + strings.TrimSpace(v)
		}
	}
	return ""
}

func printBench(w io.Writer, floor *benchResult, parts sim.FloorParts, results []*benchResult, nsScore float64) {
	all := append([]*benchResult{floor}, results...)
	t := &textTable{}
	t.row("strategy", "workers", "games/s", "speed-up", "efficiency")
	for _, b := range all {
		for k, r := range b.rates {
			t.row(b.name, fmt.Sprint(k+1), thousands(int64(r)), fmt.Sprintf("%.2f", r/b.rates[0]), fmt.Sprintf("%.1f%%", 100*b.efficiency(k+1)))
		}
	}
	t.write(w)
	fmt.Fprintln(w, "(efficiency: the games/s of w workers over w times those of one; floor: a game whose decisions cost")
	fmt.Fprintln(w, " next to nothing, every die rerolled and the first legal box, for the time of everything else)")
	fmt.Fprintln(w)
	t = &textTable{}
	t.row("strategy", "ns/game", "ns/decision", "decisions/game", "decisions' share")
	for _, b := range all {
		t.row(b.name, thousands(int64(b.nsGame()+0.5)), orDash("%.1f", b.nsDecision), orDash("%.1f", b.decisions),
			orDash("%.0f%%", 100*b.nsDecision*b.decisions/b.nsGame()))
	}
	t.write(w)
	fmt.Fprintln(w, "(ns/game on one worker, everything included: dice, decisions, checks, counting; ns/decision: a keep or a box,")
	fmt.Fprintln(w, " replayed from the positions of the first games)")
	for _, b := range results {
		if b.together {
			fmt.Fprintf(w, "(%s plays its games many at once, their turns worked out together; its decisions are replayed one game\n", b.name)
			fmt.Fprintln(w, " at a time, each turn worked out alone: the two do not add up)")
		}
	}
	fmt.Fprintln(w)

	// The floor less its own decisions is a game without decisions: what every strategy's
	// game costs besides deciding.
	nsFloor, floorDecisions := floor.nsGame(), floor.nsDecision*floor.decisions
	base := nsFloor - floorDecisions
	share := func(x float64) string { return fmt.Sprintf("%s (%.0f%%)", thousands(int64(x+0.5)), 100*x/nsFloor) }
	fmt.Fprintf(w, "floor, %s ns/game: dice %s, counting %s, sheet, checks and loop %s, its own decisions %s\n",
		thousands(int64(nsFloor+0.5)), share(parts.Dice), share(parts.Counting), share(base-parts.Dice-parts.Counting), share(floorDecisions))
	t = &textTable{}
	t.row("strategy", "ns/game", "without decisions", "decisions replayed", "decisions in play", "their share")
	for _, b := range results {
		inPlay := b.nsGame() - base
		t.row(b.name, thousands(int64(b.nsGame()+0.5)), thousands(int64(base+0.5)), orDash("%.0f", b.nsDecision*b.decisions),
			thousands(int64(inPlay+0.5)), fmt.Sprintf("%.0f%%", 100*inPlay/b.nsGame()))
	}
	t.write(w)
	fmt.Fprintln(w, "(without decisions: the floor less its own decisions; decisions in play: the rest of a game, more than")
	fmt.Fprintln(w, " replayed when each decision waits for memory after the one before)")
	fmt.Fprintf(w, "\nscoring call (Sheet.Points: a box's points for a roll, the joker applied): %.2f ns\n", nsScore)
}

// benchJSON is what bench --json writes: the machine, the workload, and per strategy
// (the floor first) its games per second on 1, 2... workers and the time of a decision.
type benchJSON struct {
	Rules       string   `json:"rules"`
	RulesHash   string   `json:"rules_hash"`
	RuleOptions []string `json:"rule_options"`
	Games       int64    `json:"games"`
	Runs        int      `json:"runs"` // per strategy and number of workers, the fastest counting
	GOOS        string   `json:"goos"`
	GOARCH      string   `json:"goarch"`
	Go          string   `json:"go"`
	GOMAXPROCS  int      `json:"gomaxprocs"`
	CPU         string   `json:"cpu,omitempty"`
	// FloorParts are the times of the floor's dice and of its counting, in ns per game.
	FloorParts struct {
		Dice     float64 `json:"dice_ns"`
		Counting float64 `json:"counting_ns"`
	} `json:"floor_parts"`
	NsPerScoringCall float64             `json:"ns_per_scoring_call"`
	Strategies       []benchStrategyJSON `json:"strategies"`
}

type benchStrategyJSON struct {
	Strategy string `json:"strategy"`
	// GamesPerSecond[w-1] is the rate on w workers.
	GamesPerSecond []float64 `json:"games_per_s"`
	NsPerGame      float64   `json:"ns_per_game"`
	// NsPerDecision and DecisionsPerGame are left out for an external bot, whose
	// decisions are not replayed.
	NsPerDecision    *float64 `json:"ns_per_decision,omitempty"`
	DecisionsPerGame *float64 `json:"decisions_per_game,omitempty"`
	// Together: the simulator plays the strategy's games many at once.
	Together bool `json:"played_together,omitempty"`
}

// benchFigures gathers the figures of a bench for its JSON.
func benchFigures(rules *engine.Rules, options []string, games int64, floor *benchResult, parts sim.FloorParts, results []*benchResult, nsScore float64) benchJSON {
	out := benchJSON{Rules: rules.Name(), RulesHash: rules.Hash(), RuleOptions: append([]string{}, options...), Games: games, Runs: benchReps,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Go: runtime.Version(), GOMAXPROCS: runtime.GOMAXPROCS(0),
		CPU: strings.TrimPrefix(cpuModel(), ", "), NsPerScoringCall: nsScore}
	out.FloorParts.Dice, out.FloorParts.Counting = parts.Dice, parts.Counting
	for _, b := range append([]*benchResult{floor}, results...) {
		s := benchStrategyJSON{Strategy: b.name, GamesPerSecond: b.rates, NsPerGame: b.nsGame(), Together: b.together}
		if !math.IsNaN(b.nsDecision) {
			s.NsPerDecision, s.DecisionsPerGame = &b.nsDecision, &b.decisions
		}
		out.Strategies = append(out.Strategies, s)
	}
	return out
}

// benchFiles returns the files of bench --out: the figures (js, as bench --json writes
// them, and as CSV) and the scaling plot.
func benchFiles(rules string, js []byte, floor *benchResult, results []*benchResult, nsScore float64) ([]namedFile, error) {
	runs := make([]reports.Scaling, len(results))
	for i, b := range results {
		runs[i] = reports.Scaling{Strategy: b.name, GamesPerSecond: b.rates}
	}
	svg, png, err := reports.ScalingPlot(rules, runs)
	if err != nil {
		return nil, err
	}
	var csv strings.Builder
	csv.WriteString("strategy,workers,games_per_s,speedup,efficiency,ns_per_game,ns_per_decision,decisions_per_game,ns_per_scoring_call,floor_games_per_s,floor_ns_per_game\n")
	for _, b := range results {
		for k, r := range b.rates {
			fmt.Fprintf(&csv, "%s,%d,%.0f,%.4f,%.4f,%.1f,%.2f,%.2f,%.3f,%.0f,%.1f\n", b.name, k+1, r, r/b.rates[0], b.efficiency(k+1), b.nsGame(), b.nsDecision, b.decisions, nsScore, floor.rates[k], floor.nsGame())
		}
	}
	return []namedFile{{"bench.json", js}, {"bench.csv", []byte(csv.String())}, {"scaling.svg", svg}, {"scaling.png", png}}, nil
}
