package main

// The flags of the commands and the groups they share: the rules, the strategies, the
// games, the seed and the workers, the memory, the regret, the language, the bots (here),
// and the outputs (files.go). A flag that two commands take is declared once, by its
// group: the same name, usage, default, validation and error line everywhere, which a
// test checks across every command (flags_test.go). Each flag's usage backquotes the name
// of its argument, which the help and the synopsis show (pflag.UnquoteUsage).

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/internal/nearest"
	"yams/reports"
	"yams/sim"
	"yams/strategies"
	"yams/strategies/external"
	"yams/strategies/rulefile"
)

// newFlags returns the flag set of the command e runs: it returns its errors instead of
// exiting, lists the flags in the order they are declared, and prints the command's help
// on --help.
func newFlags(e *env) *pflag.FlagSet {
	fs := pflag.NewFlagSet(e.cmd.name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.Usage = func() { printHelp(e.stdout, e.cmd, fs) }
	e.flags = fs
	return fs
}

// Annotations of the flags a group declares: the group, and what of a flag the command
// gives, which may differ from command to command: a part of its usage (what --json
// writes), or its default.
const (
	annotationGroup      = "yams-group"
	annotationPart       = "yams-part"
	annotationOwnDefault = "yams-own-default"
)

// inGroup marks the flag name as declared by group, with part, the words of its usage
// the command gave ("" for none).
func inGroup(fs *pflag.FlagSet, name, group, part string) {
	mustAnnotate(fs, name, annotationGroup, group)
	if part != "" {
		mustAnnotate(fs, name, annotationPart, part)
	}
}

// ownDefault marks the flag name as having the command's own default.
func ownDefault(fs *pflag.FlagSet, name string) {
	mustAnnotate(fs, name, annotationOwnDefault, "true")
}

// afterParse, when not nil, is called by parseFlags with the flags of a command line
// parsed without error, and its error returned: a test checks the command lines of the
// documentation this way without running them.
var afterParse func(fs *pflag.FlagSet) error

// parseFlags parses args; a flag that is wrong is a usage error that points to --help.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	err := fs.Parse(args)
	var invalid *pflag.InvalidValueError
	var unknown *pflag.NotExistError
	switch {
	case err == nil && afterParse != nil:
		return afterParse(fs)
	case err == nil:
		return nil
	case errors.Is(err, pflag.ErrHelp):
		return err // pflag has printed the help
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return usagef("--%s %s: %s (see yams %s --help)", f.Name, shorten(invalid.GetValue()), whyInvalid(f, invalid.Unwrap()), fs.Name())
	case errors.As(err, &unknown):
		return unknownFlag(fs, unknown)
	}
	return usagef("%v (see yams %s --help)", err, fs.Name())
}

// unknownFlag is the error line of a flag the command does not have, which names the
// flag it likely misspells: --regrets, or -regret with one dash (which pflag reads as
// the letters r, e, g... of short flags, and yams has none), is --regret.
func unknownFlag(fs *pflag.FlagSet, err *pflag.NotExistError) error {
	given, dashes := err.GetSpecifiedName(), "--"
	if group := err.GetSpecifiedShortnames(); group != "" {
		given, dashes = group, "-"
	}
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	names = append(names, "help")
	if near := nearest.Word(given, names); near != "" || dashes == "-" && slices.Contains(names, given) {
		if near == "" {
			near = given
		}
		return usagef("unknown flag %s%s: did you mean --%s? (see yams %s --help)", dashes, shorten(given), near, fs.Name())
	}
	return usagef("unknown flag %s%s (see yams %s --help)", dashes, shorten(given), fs.Name())
}

// whyInvalid says what is wrong with the value of flag f: the error of its own type, or,
// for the types of pflag, what they want.
func whyInvalid(f *pflag.Flag, err error) string {
	var num *strconv.NumError
	switch {
	case f.Value.Type() == "duration":
		return "want a duration such as 10s, 2m or 1h30m"
	case errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange):
		return "out of range"
	case errors.As(err, &num) && strings.HasPrefix(f.Value.Type(), "uint"):
		return "want a whole number, 0 or more"
	case errors.As(err, &num):
		return "want a whole number"
	}
	return err.Error()
}

// maxEcho bounds the characters of a value an error line repeats: a value pasted by
// mistake may be kilobytes long, and the line must stay one line a person reads.
const maxEcho = 40

// shorten returns a value for an error line: as it is, or its beginning and "…".
func shorten(v string) string {
	if r := []rune(v); len(r) > maxEcho {
		return string(r[:maxEcho]) + "…"
	}
	return v
}

// quoteShort returns a value for an error line, quoted and shortened (shorten).
func quoteShort(v string) string {
	if r := []rune(v); len(r) > maxEcho {
		return strconv.Quote(string(r[:maxEcho])) + "…"
	}
	return strconv.Quote(v)
}

// parseCommand parses the flags of a command that takes no argument and holds to
// --max-memory: the flags, then that no argument follows them, then the memory limit set
// for the process, before the command reads or computes anything.
func parseCommand(fs *pflag.FlagSet, args []string, memory *memoryFlag) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	return memory.apply()
}

// parseLegacyCommand parses the flags of a command that reads a game's record (advise,
// replay): --json given as the switch it once was rewritten (legacy says so), then the
// flags, the memory limit, and --lang against --out. The record's argument is the
// caller's.
func parseLegacyCommand(fs *pflag.FlagSet, args []string, legacy *bool, memory *memoryFlag, lang *langFlag, out *outDir) error {
	args, *legacy = legacyJSONSwitch(fs, args)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := memory.apply(); err != nil {
		return err
	}
	return lang.check(out)
}

// parseDistinct reads a flag's list of values separated by commas, each trimmed and read
// by parse, and returns them in increasing order; a value given twice is an error, twice
// its format (%s: the value as given).
func parseDistinct[T cmp.Ordered](list string, parse func(s string) (T, error), twice string) ([]T, error) {
	var vs []T
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		v, err := parse(s)
		if err != nil {
			return nil, err
		}
		if slices.Contains(vs, v) {
			return nil, fmt.Errorf(twice, s)
		}
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return vs, nil
}

// noArgs refuses the arguments left after the flags, for a command that takes none.
func noArgs(fs *pflag.FlagSet) error {
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (see yams %s --help)", fs.Arg(0), fs.Name())
	}
	return nil
}

// rulesFlags are --rules and --rule, which every command that plays or solves takes.
type rulesFlags struct {
	name    string
	options []string
}

// rulesUsage is the usage of --rules.
func rulesUsage() string {
	return "the rules `NAME|FILE`: a preset (" + strings.Join(engine.Presets(), ", ") + ") or a rule file"
}

// addRulesFlags declares --rules, the preset hasbro by default, and --rule.
func addRulesFlags(fs *pflag.FlagSet) *rulesFlags {
	r := &rulesFlags{}
	fs.StringVar(&r.name, "rules", engine.DefaultPreset, rulesUsage())
	inGroup(fs, "rules", "rules", "")
	addRuleOptionFlag(fs, &r.options)
	return r
}

// addRulesFlagFrom declares --rules for a command whose rules come from elsewhere unless
// --rules gives them: from, such as "the summary file".
func addRulesFlagFrom(fs *pflag.FlagSet, from string) *string {
	part := "; without it, those of " + from
	name := fs.String("rules", "", rulesUsage()+part)
	inGroup(fs, "rules", "rules", part)
	ownDefault(fs, "rules")
	return name
}

// addRuleOptionFlag declares --rule, an option applied to the rules.
func addRuleOptionFlag(fs *pflag.FlagSet, options *[]string) {
	fs.StringArrayVar(options, "rule", nil, "change one rule, `KEY=VALUE` (repeatable; yams rules --help lists the keys)")
	inGroup(fs, "rule", "rules", "")
}

// load loads the rules; a wrong name, file or option is the user's mistake.
func (r *rulesFlags) load() (*engine.Rules, error) {
	rules, err := engine.Load(r.name, r.options...)
	return rules, badInput(err)
}

// ruleSetRef names the rules as the command line gave them, for the line of rules of the
// files distill writes ("rules: yatzy --rule rolls=4"): a rule set's file by its absolute
// path, since the line is read from the rule file's directory.
func (r *rulesFlags) ruleSetRef() *rulefile.RuleSetRef {
	name := r.name
	if _, preset := engine.PresetJSON(name); !preset {
		if abs, err := filepath.Abs(name); err == nil {
			name = abs
		}
	}
	return &rulefile.RuleSetRef{Name: name, Options: slices.Clone(r.options)}
}

// describeRules names a rule set with its options, as a user would pass them again.
func describeRules(name string, options []string) string {
	for _, o := range options {
		name += " --rule " + o
	}
	return name
}

// --strategy names what a command plays, which differs from command to command: several
// strategies (sim, bench, compare) or one (exact, solve), and which by default. Its
// usage and default are each command's own; its values are read by one function
// (lookupStrategies, resolveStrategy), with the same error lines everywhere.

// addStrategiesFlag declares --strategy, a list of strategies; usage says which.
func addStrategiesFlag(fs *pflag.FlagSet, usage string) *[]string {
	list := fs.StringSlice("strategy", nil, usage)
	inGroup(fs, "strategy", "strategy", usage)
	ownDefault(fs, "strategy")
	return list
}

// addStrategyFlag declares --strategy, one strategy, optimal by default; usage says which.
func addStrategyFlag(fs *pflag.FlagSet, usage string) *string {
	name := fs.String("strategy", "optimal", usage)
	inGroup(fs, "strategy", "strategy", usage)
	ownDefault(fs, "strategy")
	return name
}

// playFlags are the flags of the commands that play games: how many, on which dice,
// with how many goroutines.
type playFlags struct {
	games   *gamesFlag
	seed    *uint64
	workers *workersFlag
}

// addPlayFlags declares --games, --seed and --workers.
func addPlayFlags(fs *pflag.FlagSet) *playFlags {
	return &playFlags{games: addGamesFlag(fs), seed: addSeedFlag(fs), workers: addWorkersFlag(fs)}
}

// addGamesFlag declares --games.
func addGamesFlag(fs *pflag.FlagSet) *gamesFlag {
	g := gamesFlag(defaultGames)
	fs.Var(&g, "games", "`N` games per strategy (1000000, 1_000_000 and 1e6 alike)")
	inGroup(fs, "games", "play", "")
	return &g
}

// addSeedFlag declares --seed.
func addSeedFlag(fs *pflag.FlagSet) *uint64 {
	seed := fs.Uint64("seed", 1, "the seed `S` of what is drawn at random: the same seed gives the same results, whatever the workers")
	inGroup(fs, "seed", "play", "")
	return seed
}

// defaultGames is the default of --games.
const defaultGames = 1_000_000

// maxGames bounds --games: the most games sim plays in a run.
const maxGames = sim.MaxGames

// gamesFlag is --games: a positive whole number, written 1000000, 1_000_000 or 1e6.
type gamesFlag int64

func (g *gamesFlag) String() string { return strconv.FormatInt(int64(*g), 10) }
func (g *gamesFlag) Type() string   { return "N" }

func (g *gamesFlag) Set(s string) error {
	n, err := parseCount(s)
	if err != nil {
		return err
	}
	*g = gamesFlag(n)
	return nil
}

// parseCount reads a count of games: digits with optional underscores between them
// (1_000_000), or a number with an exponent that is a whole number (1e6, 2.5e5).
func parseCount(s string) (int64, error) {
	want := errors.New("want a whole number of games, such as 1000000, 1_000_000 or 1e6")
	if s == "" || strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") || strings.Contains(s, "__") {
		return 0, want
	}
	s = strings.ReplaceAll(s, "_", "")
	var n int64
	if strings.ContainsAny(s, "eE") {
		r, ok := new(big.Rat).SetString(s)
		if !ok || !r.IsInt() || !r.Num().IsInt64() || strings.ContainsAny(s, "/") {
			return 0, want
		}
		n = r.Num().Int64()
	} else {
		var err error
		if n, err = strconv.ParseInt(s, 10, 64); err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return 0, fmt.Errorf("at most %d games", int64(maxGames))
			}
			return 0, want
		}
	}
	switch {
	case n < 1:
		return 0, errors.New("want at least one game")
	case n > maxGames:
		return 0, fmt.Errorf("at most %d games", int64(maxGames))
	}
	return n, nil
}

// maxWorkers bounds --workers. Each worker holds its own strategies, counts and, in a
// solve, its own scratch tables: a million of them takes gigabytes, for nothing, since
// goroutines beyond the processors only wait their turn.
const maxWorkers = 256

// workersFlag is --workers: the goroutines that play or solve, 1 to maxWorkers, one per
// CPU by default, in every command that has it.
type workersFlag int

func (w *workersFlag) String() string { return strconv.Itoa(int(*w)) }
func (w *workersFlag) Type() string   { return "W" }

func (w *workersFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return errors.New("want a whole number of goroutines")
	case n < 1 || n > maxWorkers:
		return fmt.Errorf("want 1 to %d", maxWorkers)
	}
	*w = workersFlag(n)
	return nil
}

// addWorkersFlag declares --workers.
func addWorkersFlag(fs *pflag.FlagSet) *workersFlag {
	w := workersFlag(min(runtime.GOMAXPROCS(0), maxWorkers))
	fs.Var(&w, "workers", fmt.Sprintf("`W` goroutines, 1 to %d; the results are the same whatever the number", maxWorkers))
	fs.Lookup("workers").DefValue = "one per CPU"
	inGroup(fs, "workers", "play", "")
	return &w
}

// addRegretFlag declares --regret.
func addRegretFlag(fs *pflag.FlagSet) *bool {
	regret := fs.Bool("regret", false, "also value every decision against optimal play: where each strategy loses its points, by roll, box and turn (solves the rules once)")
	inGroup(fs, "regret", "regret", "")
	return regret
}

// langFlag is --lang, the language of what a command prints and of the files it writes.
type langFlag struct {
	lang string
	// prints tells a command that prints in the language; for one that does not, the
	// flag is for the files of --out alone.
	prints bool
	fs     *pflag.FlagSet
}

func addLangFlag(fs *pflag.FlagSet, prints bool) *langFlag {
	l := &langFlag{fs: fs, prints: prints}
	l.lang = "en"
	fs.Var((*langValue)(&l.lang), "lang", "the language `LANG` of what the command prints and of the files it writes: "+strings.Join(reports.Languages, " or ")+", in either case")
	inGroup(fs, "lang", "lang", "")
	return l
}

// langValue is the value of --lang, kept in lower case: a language's code is the same
// word whatever its case (FR, Fr, fr), as the locales of a shell write it in either.
type langValue string

func (v *langValue) String() string { return string(*v) }
func (v *langValue) Type() string   { return "LANG" }

func (v *langValue) Set(s string) error {
	*v = langValue(strings.ToLower(s))
	return nil
}

// check refuses a language the reports do not speak, and, for a command that prints
// nothing in it, the language of files it was not asked to write (out, which may be nil).
func (l *langFlag) check(out *outDir) error {
	if err := reports.CheckLang(l.lang); err != nil {
		return usagef("--lang: %v", err)
	}
	if !l.prints && l.fs.Changed("lang") && (out == nil || !out.given()) {
		return usagef("--lang is for the report: give --out DIR too")
	}
	return nil
}

// botFlags are --bot, --bot-timeout and --bot-log: external bots (docs/bots.md), which
// play as strategies under their names.
type botFlags struct {
	specs        []string
	timeout      time.Duration
	startTimeout time.Duration
	logDir       string
	fs           *pflag.FlagSet
	// slowMu guards slowNoted, the bots whose slow start a note has told.
	slowMu    sync.Mutex
	slowNoted map[string]bool
	// stopper stops the bots' processes at once when the command is interrupted (stop).
	stopper external.Stopper
}

// stop stops the processes of the bots at once: the command was interrupted.
func (b *botFlags) stop() { b.stopper.Stop() }

// slow says, once a bot, that it has not said hello within --bot-timeout, and how long
// yams waits for it: a bot that loads for a minute is waited for, not taken for dead.
func (b *botFlags) slow(e *env, name string, waited, limit time.Duration) {
	b.slowMu.Lock()
	defer b.slowMu.Unlock()
	if b.slowNoted[name] {
		return
	}
	if b.slowNoted == nil {
		b.slowNoted = map[string]bool{}
	}
	b.slowNoted[name] = true
	e.note("%s", e.console().f("bot %s has not said hello after %v: waiting for it up to %v (--bot-start-timeout)", name, waited, limit))
}

func addBotFlags(fs *pflag.FlagSet) *botFlags {
	b := &botFlags{fs: fs}
	fs.StringArrayVar(&b.specs, "bot", nil, "an external bot, `NAME=COMMAND`, playing as the strategy NAME (repeatable; see docs/bots.md)")
	fs.DurationVar(&b.timeout, "bot-timeout", external.DefaultTimeout, "how long to wait for each message of a bot, `D`, but its hello")
	fs.DurationVar(&b.startTimeout, "bot-start-timeout", external.DefaultStartTimeout, "how long to wait for a bot's hello from its start, `D`: what it loads before it plays")
	fs.StringVar(&b.logDir, "bot-log", "", "write what the bots print on standard error into `DIR`, a file per bot process, rather than on standard error")
	for _, name := range []string{"bot", "bot-timeout", "bot-start-timeout", "bot-log"} {
		inGroup(fs, name, "bots", "")
	}
	return b
}

// infos returns the bots as strategies, for a run of the given seed.
func (b *botFlags) infos(e *env, seed uint64) ([]strategies.Info, error) {
	switch {
	case b.timeout <= 0:
		return nil, usagef("--bot-timeout %v: want a positive duration", b.timeout)
	case b.startTimeout <= 0:
		return nil, usagef("--bot-start-timeout %v: want a positive duration", b.startTimeout)
	case (b.fs.Changed("bot-timeout") || b.fs.Changed("bot-start-timeout") || b.logDir != "") && len(b.specs) == 0:
		return nil, usagef("--bot-timeout, --bot-start-timeout and --bot-log are for --bot NAME=COMMAND: give it too")
	}
	if b.logDir != "" {
		if err := reports.CheckDir(b.logDir); err != nil {
			return nil, badInput(fmt.Errorf("--bot-log: cannot write into %s: %w", b.logDir, reasonOf(err)))
		}
	}
	var infos []strategies.Info
	for _, spec := range b.specs {
		bot, err := external.Parse(spec)
		if err != nil {
			return nil, usageError{err}
		}
		for _, o := range infos {
			if o.Name == bot.Name {
				return nil, usagef("--bot %s given twice", bot.Name)
			}
		}
		bot.Timeout, bot.StartTimeout, bot.LogDir, bot.Seed, bot.Columns = b.timeout, b.startTimeout, b.logDir, seed, sim.ColumnLabels
		bot.Slow = func(name string, worker int, waited, limit time.Duration) { b.slow(e, name, waited, limit) }
		bot.Stderr, bot.Stopper = e.stderr, &b.stopper
		infos = append(infos, bot.Info())
	}
	return infos, nil
}

// memoryFlag is --max-memory: the memory a solve, an exact analysis or the strategies of
// a run's workers may take, in MiB.
type memoryFlag struct{ mib int64 }

// addMemoryFlag declares --max-memory.
func addMemoryFlag(fs *pflag.FlagSet) *memoryFlag {
	m := &memoryFlag{}
	fs.Int64Var(&m.mib, "max-memory", memlimit.Default>>20, "the memory a solve of the optimal strategy, an exact analysis or the strategies of the workers may take, in `MiB`: what would need more is refused at once, with the estimate (a run plays with the workers that fit)")
	inGroup(fs, "max-memory", "memory", "")
	return m
}

// apply checks the flag and sets the limit.
func (m *memoryFlag) apply() error {
	if m.mib <= 0 || m.mib > 1<<30 {
		return usagef("--max-memory %d: want a positive number of MiB", m.mib)
	}
	memlimit.Set(m.mib << 20)
	// The estimates bound what the process holds; the garbage collector, left to itself,
	// lets the heap grow to twice what it holds before it collects. Told the limit, it
	// collects as the process nears it instead (unless GOMEMLIMIT says otherwise). Its
	// limit is soft and counts only the memory the runtime maps: the process's code
	// (memlimit.Process) comes on top, and so do the pages the heap has freed but not yet
	// given back, which a table built of many small pieces and packed into large chunks
	// leaves behind (a sixteenth of the heap, measured on win's tables of hasbro; a
	// twelfth is left, for a machine whose runtime gives pages back later). The runtime is
	// told the limit less both.
	runtimeLimit(m.mib << 20)
	return nil
}

// runtimeLimit tells the garbage collector to keep the process within limit bytes (as
// memoryFlag.apply says why: the limit less the process's code and a twelfth), unless
// GOMEMLIMIT says otherwise.
func runtimeLimit(limit int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(max(limit-memlimit.Process-limit/12, limit/2))
	}
}

// minHeld is the least bound holdWithin gives the runtime: below it, a run holds no table
// worth the name (a heuristic's estimate is the process alone, 32 MiB), and a bound that
// tight would only make the collector run for nothing.
const minHeld = 256 << 20

// holdWithin makes a run's own estimate, what its tables and workers take, the bound the
// garbage collector keeps the process within, where it is below --max-memory. Told only
// --max-memory, the collector lets the heap grow to twice what it holds before it
// collects: a run whose play leaves garbage, however little a move, climbs far beyond
// its estimate over a long run (win against column-tables on the family sheet peaked at
// 1,541 MiB over 10,000 tables under an estimate of 1,239 MiB). Within its estimate, it
// collects as it nears it instead. The bound is the estimate less the process's code
// alone: a run that plays reads its tables rather than build them, and leaves few pages
// freed behind (memoryFlag.apply's twelfth).
func holdWithin(estimate int64) {
	if held := max(estimate, minHeld); held < memlimit.Limit() && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(held - memlimit.Process)
	}
}

// bytes returns the limit in bytes.
func (m *memoryFlag) bytes() int64 { return m.mib << 20 }
