package distill

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/analysis"
	"yams/strategies/optimal"
	"yams/strategies/rulefile"
	"yams/strategies/solver"
)

// Options tune a distillation.
type Options struct {
	// Sizes are the numbers of rules of the files to learn, each at least 1; the learning
	// adds rules up to the largest.
	Sizes []int
	// States is the number of turn-start states sampled for each turn at every step
	// (0: DefaultStates).
	States  int
	Workers int // 0: one per CPU
	Seed    uint64
	// Averages starts the learning from the boxes' averages under optimal play: the file
	// of no rule counts, for "score best" and "keep for", a box's points above its average
	// (rulefile.Average), where greedy counts its points.
	Averages bool
	// RuleSet names the rules as the command line did (--rules, --rule), for the line of
	// rules of every file learned ("rules: hasbro"); nil names them by their preset when
	// they are one, unchanged, and otherwise writes no such line.
	RuleSet *rulefile.RuleSetRef
	// Progress, if not nil, is called after every step.
	Progress func(Step)
}

// ruleSetOf returns the line of rules of the files learned on rules.
func ruleSetOf(rules *engine.Rules, opts Options) *rulefile.RuleSetRef {
	if opts.RuleSet != nil {
		ref := *opts.RuleSet
		return &ref
	}
	data, ok := engine.PresetJSON(rules.Name())
	if !ok {
		return nil
	}
	if preset, err := engine.Parse("preset "+rules.Name(), data); err != nil || !rulefile.SameRules(preset, rules) {
		return nil
	}
	return &rulefile.RuleSetRef{Name: rules.Name()}
}

// DefaultStates is the states sampled for each turn at every step, MaxStates the most.
const (
	DefaultStates = 100
	MaxStates     = 5000
)

// Step is one rule added: the file it makes and its exact figures.
type Step struct {
	N    int            // the rules of the file, defaults aside
	File *rulefile.File // the whole file
	Rule string         // the rule added or the default changed, as the file writes it
	// Estimated is the gain the search expected, on its sample; Mean the exact mean of
	// the file.
	Estimated, Mean float64
	// States are the turn-start states sampled for each turn at the step: Options.States,
	// doubled each time a step found no rule that raised the mean (at most twice).
	States  int
	Elapsed time.Duration // since the start of the distillation
	// Dropped are the rules tried before this one at the step, whose exact analysis did
	// not raise the mean.
	Dropped []Attempt
}

// Attempt is a rule tried and dropped: the rule, the gain the search expected and the
// exact mean of the file with it.
type Attempt struct {
	Rule            string
	Estimated, Mean float64
}

// Learned is a file of a requested size and its exact figures, regret included.
type Learned struct {
	N       int
	File    *rulefile.File
	Figures *analysis.Figures
}

// Result is what a distillation learned.
type Result struct {
	Rules *engine.Rules
	// Optimal, Greedy and UpperFirst are the exact means of the strategies of the same
	// names, for comparison.
	Optimal, Greedy, UpperFirst float64
	// Steps are the files from 0 rules (greedy's defaults) to the largest size, each with
	// its exact mean.
	Steps []Step
	// Files are the files of the requested sizes, in increasing size.
	Files   []Learned
	Elapsed time.Duration
	// Stopped, when the learning ended before the largest size, are the rules tried at
	// the step where none raised the mean (none if the search found no rule to gain).
	Stopped []Attempt
	// Short is true when the learning ended before the largest size.
	Short bool
	// States are the turn-start states sampled a turn at the last step: Options.States,
	// or up to four times as many after steps that found no rule on smaller samples.
	States int
	// Averaged tells files that give the boxes' averages under optimal play (Options.Averages).
	Averaged bool
}

// optimalAverages returns the average of each box under optimal play (what it adds to the
// total: negative for a subtracted box), to the hundredth, as a file declares them.
func optimalAverages(rules *engine.Rules, workers int) ([]rulefile.Average, error) {
	fig, err := optimal.Analyze("optimal", rules, analysis.Options{Workers: workers})
	if err != nil {
		return nil, err
	}
	var avgs []rulefile.Average
	for b, box := range rules.Boxes() {
		v := fig.Boxes[b].Mean
		if box.Subtract {
			v = -v
		}
		avgs = append(avgs, rulefile.Average{Box: rulefile.BoxRef{ID: box.ID}, Value: math.Round(100*v) / 100})
	}
	return avgs, nil
}

// learner holds what a distillation reads.
type learner struct {
	rules   *engine.Rules
	table   *solver.Table
	vocab   *vocabulary
	reach   *analysis.Reach
	workers int
	opts    Options
}

// attempts is the number of candidates tried at a step before giving up: a candidate whose
// exact mean is not above the current file's is dropped and the next one tried.
const attempts = 6

// resamples is how many times a step whose candidates all fail draws a new sample of
// twice as many states before the learning stops: the gains of the rules that are left
// grow small against the sampling's noise, and a larger sample tells them apart. The
// learning goes on with the larger sample.
const resamples = 2

// Learn learns rule files for the rules, of each size of opts.Sizes.
func Learn(rules *engine.Rules, opts Options) (*Result, error) {
	start := time.Now()
	if len(opts.Sizes) == 0 {
		return nil, errors.New("distill: no size to learn")
	}
	sizes := slices.Clone(opts.Sizes)
	slices.Sort(sizes)
	sizes = slices.Compact(sizes)
	if sizes[0] < 1 {
		return nil, fmt.Errorf("distill: a size of %d rules: want at least 1", sizes[0])
	}
	if opts.States <= 0 {
		opts.States = DefaultStates
	}
	table, _, err := solver.LoadOrSolve(rules, false, opts.Workers)
	if err != nil {
		return nil, err
	}
	l := &learner{rules: rules, table: table, workers: workersOf(opts.Workers), opts: opts}
	res := &Result{Rules: rules, Optimal: table.Expected()}
	for _, s := range []struct {
		name string
		to   *float64
	}{{"greedy", &res.Greedy}, {"upper-first", &res.UpperFirst}} {
		f, err := optimal.Analyze(s.name, rules, analysis.Options{Workers: opts.Workers})
		if err != nil {
			return nil, err
		}
		*s.to = f.Mean
	}

	file := &rulefile.File{Name: "distilled", RuleSet: ruleSetOf(rules, opts)}
	if opts.Averages {
		if file.Averages, err = optimalAverages(rules, opts.Workers); err != nil {
			return nil, err
		}
		res.Averaged = true
	}
	prog, err := rulefile.Compile(file, rules)
	if err != nil {
		return nil, err
	}
	prog.TrackRules() // the candidates' tables are derived from the current file's
	if l.vocab, err = newVocabulary(prog); err != nil {
		return nil, err
	}
	fig, reach, err := l.analyze(prog)
	if err != nil {
		return nil, err
	}
	l.reach = reach
	res.Steps = append(res.Steps, Step{N: 0, File: file, Mean: fig.Mean, Elapsed: time.Since(start)})
	mean := fig.Mean
	// The file of a requested size is analysed with its regret once the learning has
	// gone past its size (a step may still change the default of the current file, at
	// the same size): pending is that file's step and program, its table read again.
	var pending *Step
	var pendingProg *rulefile.Program
	finish := func() error {
		if pending == nil {
			return nil
		}
		f, _, err := analysis.AnalyzeReach(fmt.Sprintf("%d rules", pending.N), rules, pendingProg.NewStrategy, analysis.Options{Workers: opts.Workers, Regret: true})
		if err != nil {
			return err
		}
		res.Files = append(res.Files, Learned{N: pending.N, File: pending.File, Figures: f})
		pending, pendingProg = nil, nil
		return nil
	}
	rejected := map[string]bool{}
	states, resampled := opts.States, 0
	for step := 0; rulesOf(file) < sizes[len(sizes)-1]; step++ {
		samples := sampleStates(reach.Turns(), states, opts.Seed+uint64(step))
		if need := int64(len(samples)) * bytesPerSample(rules.Rolls(), [2]int{len(l.vocab.actions[0]), len(l.vocab.actions[1])}); need > memlimit.Limit()/2 {
			return nil, &memlimit.Error{What: fmt.Sprintf("the positions of %d sampled states (%d a turn)", len(samples), states), Need: need, Limit: memlimit.Limit() / 2}
		}
		dt, err := l.build(prog, samples)
		if err != nil {
			return nil, err
		}
		cands := l.search(dt, countRules(file))
		var accepted bool
		tries := 0
		var failed []candidate
		var dropped []Attempt
		for _, c := range cands {
			if c.gain <= 0 || tries == attempts {
				break
			}
			next, text := l.apply(file, &c)
			if rejected[text] || slices.ContainsFunc(failed, func(f candidate) bool { return similar(&f, &c) }) {
				continue
			}
			tries++
			np, err := l.compileFrom(prog, file, next, &c)
			if err != nil {
				return nil, err
			}
			nfig, nreach, err := l.analyze(np)
			if err != nil {
				return nil, err
			}
			if nfig.Mean <= mean {
				rejected[text] = true
				failed = append(failed, c)
				dropped = append(dropped, Attempt{Rule: text, Estimated: c.gain, Mean: nfig.Mean})
				continue
			}
			file, prog, mean, reach = next, np, nfig.Mean, nreach
			l.reach = reach
			s := Step{N: rulesOf(file), File: file, Rule: text, Estimated: c.gain, Mean: mean, States: states, Elapsed: time.Since(start), Dropped: dropped}
			if c.place < 0 && len(res.Steps) > 0 && res.Steps[len(res.Steps)-1].N == s.N {
				res.Steps[len(res.Steps)-1] = s // a new default: the same number of rules
			} else {
				res.Steps = append(res.Steps, s)
			}
			if pending != nil && pending.N != s.N {
				if err := finish(); err != nil {
					return nil, err
				}
			}
			if slices.Contains(sizes, s.N) {
				pending, pendingProg = &s, prog
			}
			if opts.Progress != nil {
				opts.Progress(s)
			}
			accepted = true
			break
		}
		if !accepted && resampled < resamples && states < MaxStates {
			// A new sample (the next step's seed), twice as large.
			states, resampled = min(2*states, MaxStates), resampled+1
			continue
		}
		if !accepted {
			// No rule the search finds improves the file: the learning ends here.
			res.Stopped, res.Short = dropped, true
			break
		}
	}
	res.States = states
	if err := finish(); err != nil { // the sizes the learning did not reach have no file
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// similar reports whether a candidate is one a failed candidate makes not worth an exact
// analysis: the same action at the same place, with a condition that decides alike on the
// sample (the same gain to the last bits: two spellings of one condition, as "not full
// house" and "full_house pays = 0") or shares an atom (a variant of the same rule, which
// fails for the same reason as a rule).
func similar(failed, c *candidate) bool {
	if failed.kind != c.kind || failed.act != c.act || failed.place != c.place {
		return false
	}
	return math.Abs(failed.gain-c.gain) < 1e-9 || slices.ContainsFunc(c.atoms, func(a int) bool { return slices.Contains(failed.atoms, a) })
}

// compileFrom compiles next, the file with candidate c added to the current file (of
// program cur), and builds its table from cur's: the rules before c's place decide as they
// did, and only the decisions they leave to later rules are asked again.
func (l *learner) compileFrom(cur *rulefile.Program, file, next *rulefile.File, c *candidate) (*rulefile.Program, error) {
	np, err := rulefile.Compile(next, l.rules)
	if err != nil {
		return nil, err
	}
	place, del := c.place, 0
	if c.place < 0 {
		// A default: after the rules of its kind, in the place of the file's own.
		place = countRules(file)[c.kind]
		if slices.ContainsFunc(file.Rules, func(r rulefile.Rule) bool { return r.Default() && int(r.Kind()) == c.kind }) {
			del = 1
		}
	}
	if err := np.DeriveTable(cur, rulefile.Kind(c.kind), place, del); err != nil {
		// A table of another layout (the first box rule that reads the rolls left): built
		// from nothing.
		np.TrackRules()
	}
	return np, nil
}

func (l *learner) analyze(p *rulefile.Program) (*analysis.Figures, *analysis.Reach, error) {
	return analysis.AnalyzeReach("rules", l.rules, p.NewStrategy, analysis.Options{Workers: l.opts.Workers})
}

// countRules counts the rules of each kind before the defaults.
func countRules(f *rulefile.File) [2]int {
	var n [2]int
	for i := range f.Rules {
		if !f.Rules[i].Default() {
			n[f.Rules[i].Kind()]++
		}
	}
	return n
}

func rulesOf(f *rulefile.File) int {
	n := countRules(f)
	return n[0] + n[1]
}

// apply returns the file with a candidate added (or its default changed), the keep rules
// first, then the box rules, each list before its default; and the rule as written.
func (l *learner) apply(f *rulefile.File, c *candidate) (*rulefile.File, string) {
	act := l.vocab.actions[c.kind][c.act].src
	rule := rulefile.Rule{Then: act}
	if len(c.atoms) > 0 {
		var terms []rulefile.Cond
		for _, a := range c.atoms {
			terms = append(terms, l.vocab.atoms[a].src)
		}
		if len(terms) == 1 {
			rule.If = terms[0]
		} else {
			rule.If = &rulefile.And{Terms: terms}
		}
	}
	var lists [2][]rulefile.Rule
	var defs [2]*rulefile.Rule
	for i := range f.Rules {
		r := f.Rules[i]
		if r.Default() {
			defs[r.Kind()] = &r
		} else {
			lists[r.Kind()] = append(lists[r.Kind()], r)
		}
	}
	if rule.Default() {
		defs[c.kind] = &rule
	} else {
		lists[c.kind] = slices.Insert(lists[c.kind], c.place, rule)
	}
	next := &rulefile.File{Name: f.Name, RuleSet: f.RuleSet, Averages: f.Averages}
	for k := range 2 {
		next.Rules = append(next.Rules, lists[k]...)
		if defs[k] != nil {
			next.Rules = append(next.Rules, *defs[k])
		}
	}
	return next, rule.String()
}
