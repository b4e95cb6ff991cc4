package main

// Choosing the strategies of a run and building them.

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"yams/sim/regret"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
	"yams/strategies/columns"
	"yams/strategies/optimal"
	"yams/strategies/solver"
)

// defaultStrategies are those a run plays without --strategy on rules: every heuristic,
// on a sheet of several columns column-tables (on one column it is optimal), and optimal
// when it is registered.
func defaultStrategies(rules *engine.Rules) []strategies.Info {
	var infos []strategies.Info
	for _, info := range strategies.All() {
		if info.Heuristic {
			infos = append(infos, info)
		}
	}
	if info, ok := strategies.Lookup(columns.ColumnTablesName); ok && len(rules.Columns()) > 1 {
		infos = append(infos, info)
	}
	if info, ok := strategies.Lookup("optimal"); ok && !info.Heuristic {
		infos = append(infos, info)
	}
	return infos
}

// chooseStrategies returns the strategies of --strategy (named), or without it the default
// ones on rules and the bots of --bot.
func chooseStrategies(named bool, names []string, bots []strategies.Info, rules *engine.Rules) ([]strategies.Info, error) {
	if named {
		return lookupStrategies("strategy", names, true, bots)
	}
	return append(defaultStrategies(rules), bots...), nil
}

// lookupStrategies finds the strategies a flag names, among the registered ones and the
// bots; distinct says the games have one player each, so a strategy may be named once
// only (a comparison) and none may be a table strategy, not several times (the players of
// a table).
func lookupStrategies(flag string, names []string, distinct bool, bots []strategies.Info) ([]strategies.Info, error) {
	if len(names) == 0 {
		known := strategies.Names()
		for _, b := range bots {
			known = append(known, b.Name)
		}
		return nil, usagef("--%s: no strategy given (strategies: %s)", flag, strings.Join(known, ", "))
	}
	var infos []strategies.Info
	for _, n := range names {
		n = strings.TrimSpace(n)
		info, err := resolveStrategy(n, bots)
		if err != nil {
			return nil, err
		}
		if distinct && info.Table {
			return nil, tableOnly("--"+flag, info.Name)
		}
		if distinct && slices.ContainsFunc(infos, func(o strategies.Info) bool { return o.Name == info.Name }) {
			if n != info.Name {
				return nil, usagef("strategy %s given twice (%s is %s)", info.Name, n, info.Name)
			}
			return nil, usagef("strategy %s given twice", info.Name)
		}
		infos = append(infos, info)
	}
	for _, b := range bots {
		if !slices.ContainsFunc(infos, func(i strategies.Info) bool { return i.Name == b.Name }) {
			return nil, usagef("--bot %s: the bot is not among --%s (%s): name it there to play it", b.Name, flag, strings.Join(names, ","))
		}
	}
	return infos, nil
}

// resolveStrategy returns the strategy name stands for, among the registered ones and the
// bots of --bot. A name that is no strategy's is refused in one line that names the
// strategy it likely misspells, if one is close; otherwise that a program is made a
// strategy with --bot.
func resolveStrategy(name string, bots []strategies.Info) (strategies.Info, error) {
	for _, b := range bots {
		if b.Name == name {
			return b, nil
		}
	}
	info, err := strategies.Resolve(name)
	var unknown *strategies.UnknownError
	switch {
	case err == nil:
		return info, nil
	case !errors.As(err, &unknown) || unknown.Name != name:
		return info, usageError{err} // a family's member whose parameter is wrong
	}
	known := strategies.Names()
	var botNames []string
	for _, b := range bots {
		known = append(known, b.Name)
		botNames = append(botNames, b.Name)
	}
	if near := strategies.Nearest(name, botNames...); near != "" {
		return info, usagef("unknown strategy %q: did you mean %s? (strategies: %s)", name, near, strings.Join(known, ", "))
	}
	return info, usagef("unknown strategy %q (strategies: %s; a program is made a strategy with --bot %s=COMMAND)", name, strings.Join(known, ", "), name)
}

// strategiesWithinMemory checks, before anything is read or solved, that the tables each
// strategy reads fit in --max-memory alone (strategies.Info.Memory): one that does not is
// an error when it was named, and left out with a note when it was a default, as
// buildStrategies treats a strategy that cannot play the rules. With regret the optimal
// table that values every decision is checked first. What the strategies take together,
// and their workers, fitWorkers checks next.
func strategiesWithinMemory(e *env, rules *engine.Rules, infos []strategies.Info, named, regret bool) ([]strategies.Info, error) {
	if regret {
		if _, err := solver.TablesMemory(rules, solver.Mean); errors.Is(err, memlimit.ErrTooLarge) {
			return nil, badInput(fmt.Errorf("--regret: %w", err))
		}
	}
	var kept []strategies.Info
	for _, info := range infos {
		if info.Memory != nil {
			// Another error (rules the strategy cannot play) is buildStrategies' to say.
			if _, err := info.Memory(rules); errors.Is(err, memlimit.ErrTooLarge) {
				if named {
					return nil, badInput(fmt.Errorf("strategy %s: %w", info.Name, err))
				}
				e.note("%s left out: %v", info.Name, err)
				continue
			}
		}
		kept = append(kept, info)
	}
	if len(kept) == 0 {
		return nil, badInput(errors.New("no strategy can play these rules"))
	}
	return kept, nil
}

// buildStrategies builds each strategy once for the rules, so that one that cannot play
// them is refused before any game and the tables the strategies share are ready for the
// workers (the caller keeps built alive until the run ends). A strategy that cannot play
// the rules is an error when it was named, and left out with a note when it was a default.
func buildStrategies(e *env, rules *engine.Rules, infos []strategies.Info, named bool) (kept []strategies.Info, built []strategies.Strategy, err error) {
	for _, info := range infos {
		if info.New == nil {
			kept = append(kept, info) // a bot starts with the run, once per worker
			continue
		}
		st, err := info.New(rules)
		if err != nil {
			if named {
				return nil, nil, badInput(fmt.Errorf("strategy %s: %w", info.Name, err))
			}
			e.note("%s left out: %v", info.Name, err)
			continue
		}
		kept = append(kept, info)
		built = append(built, st)
	}
	if len(kept) == 0 {
		return nil, nil, badInput(errors.New("no strategy can play these rules"))
	}
	return kept, built, nil
}

// tableOnly refuses a strategy that plays at a table where the games have one player.
func tableOnly(flag, name string) error {
	return usagef("%s: strategy %s plays at a table, from the other players' sheets, and a game of one player has none: seat it with yams compare --players %s,optimal", flag, name, name)
}

// fitWorkers returns the workers a run of the strategies infos on rules may have within
// --max-memory, regret saying whether every decision is valued: each worker holds its own
// copy of each strategy, and some are large (a goal strategy's cache of decisions, 64 MiB;
// an evaluator's cache of turns, 24 MB on hasbro), beside the tables the workers share.
// It is called before the strategies are built, from estimates: nothing is read or
// solved for a run that would not fit. Fewer workers than
// asked only play slower: the results are the same whatever their number, so a run that
// would not fit is played with as many as fit, with a note that gives the estimate; one
// whose first worker would not fit is refused, with the estimate. estimate is what the
// run takes with fit workers, which holdWithin makes its bound.
func fitWorkers(e *env, rules *engine.Rules, infos []strategies.Info, regret bool, workers int) (fit int, estimate int64, err error) {
	names := make([]string, len(infos))
	for i, info := range infos {
		names[i] = info.Name
	}
	shared, perWorker, err := optimal.PlayMemory(rules, names, regret)
	if err != nil {
		return 0, 0, badInput(err)
	}
	limit := memlimit.Limit()
	what := "the strategies " + strings.Join(names, ", ")
	if len(names) == 1 {
		what = "the strategy " + names[0]
	}
	if regret {
		what += " and the valuing of every decision (--regret)"
	}
	if perWorker < 1<<20 { // what a heuristic holds: nothing worth a note
		if shared+perWorker > limit {
			// The tables alone do not fit (win on the family sheet: one column's
			// distributions fit, all four do not).
			return 0, 0, badInput(&memlimit.Error{What: fmt.Sprintf("%s, with %s of tables,", what, megabytes(shared)), Need: shared + perWorker, Limit: limit})
		}
		return workers, memlimit.Sum(shared, memlimit.Mul(int64(workers), perWorker)), nil
	}
	n := (limit - shared) / perWorker
	if n >= int64(workers) {
		return workers, memlimit.Sum(shared, memlimit.Mul(int64(workers), perWorker)), nil
	}
	if n < 1 {
		return 0, 0, badInput(&memlimit.Error{What: fmt.Sprintf("%s, with %s of tables and %s a worker,", what, megabytes(shared), megabytes(perWorker)),
			Need: shared + perWorker, Limit: limit})
	}
	verb := "take"
	if len(names) == 1 && !regret {
		verb = "takes"
	}
	e.note("%s %s about %s of memory a worker beside %s of tables: playing with %s rather than %d, within --max-memory %d MiB (the results are the same whatever the number of workers)",
		what, verb, megabytes(perWorker), megabytes(shared), plural(int(n), "worker", "workers"), workers, limit>>20)
	return int(n), shared + n*perWorker, nil
}

// strategiesHelp returns what a command's help lists after its flags: the strategies a
// run may name, with what each does, the built-in ones (with defaults, marked when a run
// without --strategy plays them) and the families of strategies with a parameter.
func strategiesHelp(defaults bool) func(w io.Writer) {
	return func(w io.Writer) { listStrategies(w, defaults) }
}

func listStrategies(w io.Writer, defaults bool) {
	// The defaults on a sheet of one column, and on one of several.
	one, _ := engine.Load(engine.DefaultPreset)
	several, _ := engine.Load(engine.DefaultPreset, "columns=free,free")
	isDefault := func(rules *engine.Rules, name string) bool {
		return rules != nil && slices.ContainsFunc(defaultStrategies(rules), func(d strategies.Info) bool { return d.Name == name })
	}
	if defaults {
		fmt.Fprintln(w, "Strategies (--strategy; * a run without --strategy plays them, + on a sheet of several columns):")
	} else {
		fmt.Fprintln(w, "Strategies (--strategy, --players):")
	}
	var lines [][2]string
	for _, info := range strategies.All() {
		name := info.Name
		switch {
		case defaults && isDefault(one, name):
			name += " *"
		case defaults && isDefault(several, name):
			name += " +"
		}
		lines = append(lines, [2]string{name, info.Description})
	}
	for _, f := range strategies.Families() {
		lines = append(lines, [2]string{f.Syntax, f.Description})
	}
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l[0])))
	}
	for _, l := range lines {
		fmt.Fprintf(w, "  %s%s  %s\n", l[0], strings.Repeat(" ", width-len([]rune(l[0]))), l[1])
	}
	fmt.Fprintln(w, "An external program plays as a strategy with --bot NAME=COMMAND (docs/bots.md).")
}

// preparedStrategies are what sim and compare set up before their games.
type preparedStrategies struct {
	infos   []strategies.Info // those kept (a bot's has no New: it starts with the run)
	built   []strategies.Strategy
	workers int
	// valuer and optimalMean are --regret's: the valuer of optimal play for sim.Config,
	// and the optimal expected score the printed table sets beside the means.
	valuer      func() (regret.Valuer, error)
	optimalMean float64
}

// prepareStrategies sets up the strategies of a run in the order that refuses what can
// be refused soonest: the memory of every table and worker first, before anything is read
// or solved (a run beyond --max-memory is refused at once, or played with the workers
// that fit); then the optimal table of --regret, so that a sheet it cannot value is
// refused before the strategies say anything; then the strategies, built once here
// (their shared tables ready for the workers). named says the user named the
// strategies: one that cannot play the rules is then an error, not left out.
func prepareStrategies(e *env, rules *engine.Rules, infos []strategies.Info, named, withRegret bool, workers int) (*preparedStrategies, error) {
	infos, err := strategiesWithinMemory(e, rules, infos, named, withRegret)
	if err != nil {
		return nil, err
	}
	p := &preparedStrategies{}
	var estimate int64
	if p.workers, estimate, err = fitWorkers(e, rules, infos, withRegret, workers); err != nil {
		return nil, err
	}
	holdWithin(estimate)
	if withRegret {
		if p.valuer, p.optimalMean, err = regretValuer(rules); err != nil {
			return nil, err
		}
	}
	if p.infos, p.built, err = buildStrategies(e, rules, infos, named); err != nil {
		return nil, err
	}
	return p, nil
}
