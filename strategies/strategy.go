package strategies

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"yams/engine"
	"yams/internal/nearest"
)

// Strategy decides a player's moves. A Strategy is built per worker (New) and may keep
// scratch space; its decisions must not allocate.
type Strategy interface {
	// Keep chooses the dice to hold before a reroll; rollsLeft is the number of rolls
	// still allowed (1 or 2 under three-roll rules). Returning r.Keep() (all five dice)
	// ends the turn: r is final. The keep must be part of r.
	Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep
	// Box chooses where to score the final roll r, reached after rollsUsed rolls;
	// it returns a box of s.Legal(r, rollsUsed).
	Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID
}

// GameStarter is implemented by strategies that draw random numbers. Before each game
// the simulator hands them a generator seeded for that game alone, so that results do
// not depend on which worker plays which game.
type GameStarter interface {
	StartGame(rng *rand.PCG)
}

// Batch decides for many games at once. A strategy whose answers come from elsewhere, an
// external bot (strategies/external), pays for every exchange far more than for a decision:
// the simulator keeps many games waiting and asks it for all their decisions together. A
// strategy that works its decisions out turn by turn (target:T) shares that work between
// the games that meet in the same position.
type Batch interface {
	// Decide answers every request, answers[i] for reqs[i]. An error stops the run; it
	// names the strategy.
	Decide(reqs []Request, answers []Answer) error
	// Close releases what the batch holds (its process); the simulator calls it once,
	// when the run is over.
	Close() error
}

// Dependent is implemented by a strategy whose play on a rule set depends on data it read
// or computed beyond its name, its Info.Identity, the rules and the build: a fit cached on
// disk, for instance. DependsOn returns that data, or a digest of it, as text that changes
// whenever the play may. The simulator records a hash of it with the strategy's results,
// and never adds up results of two different texts.
type Dependent interface {
	DependsOn() string
}

// Blocked is implemented by strategies that decide from a table of blocks, one per class of
// sheets that get the same decisions for every roll (the heuristics' policy tables, a rule
// file's table). The exact analysis (strategies/analysis) plays a turn once per block rather
// than once per state: the states of a block differ only in what the strategy does not
// read (an upper subtotal within its class), and their turns end alike.
type Blocked interface {
	// Block returns the block of sheet s, a number two sheets share only if the strategy
	// decides alike on both, every roll and roll number; -1 if it cannot tell.
	Block(s *engine.Sheet) int
}

// Request is a decision a game waits for.
type Request struct {
	Game int64 // the game's index in the run
	// Seed is the game's own seed for a strategy that draws random numbers (the seed
	// of its GameStarter generator): a function of the run's seed and the game alone.
	Seed  uint64
	Turn  int // from 1
	Sheet *engine.Sheet
	Roll  engine.Roll
	// RollsUsed is the rolls thrown in the turn; RollsLeft the rerolls left. A request
	// with rerolls left asks for a keep, one without for a box.
	RollsUsed, RollsLeft int
}

// Answer is the decision of a Request: Keep for a keep (the whole roll: stop), Box for
// a box.
type Answer struct {
	Keep engine.Keep
	Box  engine.BoxID
}

// Info describes a strategy.
type Info struct {
	Name        string
	Description string
	// Heuristic strategies are in the default set of a simulation.
	Heuristic bool
	// New builds the strategy for a rule set; it fails if the strategy cannot play them.
	// A batch strategy has NewBatch, which builds one for the worker numbered worker (each
	// worker has its own: an external bot's process, for instance). An external bot has
	// NewBatch alone; a strategy with both is played by the simulator through NewBatch and
	// one game at a time (advice, grading, replays) through New, which decides the same.
	New      func(rules *engine.Rules) (Strategy, error)
	NewBatch func(rules *engine.Rules, worker int) (Batch, error)
	// BatchGames is the number of games the simulator keeps in play together for
	// NewBatch (0: 1,024).
	BatchGames int
	// NewTableBatch, if not nil, builds the batch strategy of a player at a table in
	// place of NewBatch (an external bot, whose hello says the table): it is told the
	// players of the run's tables (Info.Name, in the order of the run) and which of them
	// it plays (players[player]), and sees the table of each of its games (TableBatch).
	NewTableBatch func(rules *engine.Rules, worker int, players []string, player int) (TableBatch, error)
	// Table marks a strategy that plays at a table only, seeing the other players
	// (TableStrategy): a run of games of one player refuses it.
	Table bool
	// Memory, if not nil, estimates before anything is built what the tables the
	// strategy's players share take on a rule set, in bytes, by table: a key names each
	// table (its rules and what it holds), so that a table several strategies read
	// (optimal's, which bonus and win read too) is counted once. Its error says why the
	// strategy cannot play the rules, or that a table alone is beyond --max-memory.
	Memory func(rules *engine.Rules) (map[string]int64, error)
	// Identity is what fixes the strategy's play beyond its name, for the files cached
	// from its games (beat:S's table, the distributions win assumes of S) and the results
	// the simulator adds up: "" for a built-in, whose play the build fixes; a rule file's
	// content, whose play changes when the file does. A member of a family whose
	// parameter names a strategy (beat:S) has S's (Resolve).
	Identity string
}

// Family is a strategy with a parameter, named PREFIX:PARAMETER (risk:0.05): one
// registration stands for every parameter. Info builds the Info of one parameter, or
// says in one line why the parameter is not one; the Info's Name is the strategy's
// canonical name (Info may normalise the parameter's spelling).
type Family struct {
	Prefix string
	// Syntax shows the name with its parameter, for lists of strategies ("risk:θ").
	Syntax      string
	Description string
	Info        func(param string) (Info, error)
}

var (
	mu       sync.RWMutex
	registry = map[string]Info{}
	families = map[string]Family{}
)

// RegisterFamily adds a family of strategies under its prefix. It panics on a duplicate
// prefix, or a prefix that is a strategy's name.
func RegisterFamily(f Family) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := families[f.Prefix]; dup {
		panic("strategies: duplicate family " + f.Prefix)
	}
	if strings.Contains(f.Prefix, ":") {
		panic("strategies: a colon in the family prefix " + f.Prefix)
	}
	if _, taken := registry[f.Prefix]; taken {
		panic("strategies: family prefix " + f.Prefix + " is a strategy's name")
	}
	families[f.Prefix] = f
}

// Resolve returns the strategy a name stands for: a registered strategy, or a member
// of a family (PREFIX:PARAMETER). Its error is one line naming what is wrong.
func Resolve(name string) (Info, error) {
	mu.RLock()
	info, ok := registry[name]
	prefix, param, hasParam := strings.Cut(name, ":")
	fam, isFam := families[prefix]
	mu.RUnlock()
	switch {
	case ok:
		return info, nil
	case isFam && hasParam:
		info, err := fam.Info(param)
		if err != nil {
			return Info{}, fmt.Errorf("strategy %s: %w", name, err)
		}
		// A parameter that names a strategy (beat:rules:FILE): the member plays from
		// what that strategy's play is, and so depends on what it depends on.
		if info.Identity == "" && strings.Contains(param, ":") {
			if of, err := Resolve(param); err == nil && of.Identity != "" {
				info.Identity = param + "\x00" + of.Identity
			}
		}
		return info, nil
	case isFam:
		return Info{}, fmt.Errorf("strategy %s takes a parameter: %s", name, fam.Syntax)
	}
	return Info{}, &UnknownError{Name: name, Nearest: Nearest(name)}
}

// UnknownError is the error of a name that is no strategy's. Nearest is the strategy it
// is likely a misspelling of (Nearest), if any.
type UnknownError struct {
	Name, Nearest string
}

func (e *UnknownError) Error() string {
	if e.Nearest != "" {
		return fmt.Sprintf("unknown strategy %q: did you mean %s? (strategies: %s)", e.Name, e.Nearest, strings.Join(Names(), ", "))
	}
	return fmt.Sprintf("unknown strategy %q (strategies: %s)", e.Name, strings.Join(Names(), ", "))
}

// Nearest returns the strategy that name most likely misspells: the registered name, or
// the member of a family (its prefix misspelled, its parameter kept), at the fewest edits
// (a letter added, removed, changed, or two swapped), if it is close enough to be a
// misspelling: one edit in a name of up to four letters, two up to eight, three beyond.
// others are names to consider besides the registry's (external bots). It returns "" when
// no name is that close, or name is itself a strategy's.
func Nearest(name string, others ...string) string {
	prefix, param, hasParam := strings.Cut(name, ":")
	var candidates []string // what would be suggested, and what is compared
	var compared []string
	if hasParam {
		for _, f := range Families() {
			candidates = append(candidates, f.Prefix+":"+param)
			compared = append(compared, f.Prefix)
		}
	} else {
		for _, info := range All() {
			candidates = append(candidates, info.Name)
			compared = append(compared, info.Name)
		}
		for _, o := range others {
			candidates = append(candidates, o)
			compared = append(compared, o)
		}
		for _, f := range Families() {
			candidates = append(candidates, f.Syntax)
			compared = append(compared, f.Prefix)
		}
	}
	key := strings.ToLower(prefix)
	limit := nearest.Limit(key)
	best, bestDist := "", limit+1
	for i, c := range compared {
		d := nearest.Distance(key, strings.ToLower(c))
		if d == 0 && candidates[i] == name {
			return ""
		}
		if d < bestDist || d == bestDist && candidates[i] < best {
			best, bestDist = candidates[i], d
		}
	}
	return best
}

// Register adds a strategy under its name. It panics on a duplicate name: registration
// happens in init functions, where a duplicate is a programming error.
func Register(info Info) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[info.Name]; dup {
		panic("strategies: duplicate strategy " + info.Name)
	}
	registry[info.Name] = info
}

// Lookup returns the strategy a name stands for (Resolve), and whether there is one.
func Lookup(name string) (Info, bool) {
	info, err := Resolve(name)
	return info, err == nil
}

// All returns the registered strategies sorted by name.
func All() []Info {
	return sortedValues(registry, func(i Info) string { return i.Name })
}

// sortedValues returns the values of a map of the registry, sorted by key.
func sortedValues[V any](m map[string]V, key func(V) string) []V {
	mu.RLock()
	defer mu.RUnlock()
	list := make([]V, 0, len(m))
	for _, v := range m {
		list = append(list, v)
	}
	slices.SortFunc(list, func(a, b V) int { return strings.Compare(key(a), key(b)) })
	return list
}

// Names returns the names of the registered strategies and the syntax of the families
// (risk:θ), sorted.
func Names() []string {
	var names []string
	for _, info := range All() {
		names = append(names, info.Name)
	}
	for _, f := range Families() {
		names = append(names, f.Syntax)
	}
	slices.Sort(names)
	return names
}

// Families returns the registered families sorted by prefix.
func Families() []Family {
	return sortedValues(families, func(f Family) string { return f.Prefix })
}

// New builds the named strategy for the rules.
func New(name string, rules *engine.Rules) (Strategy, error) {
	info, err := Resolve(name)
	if err != nil {
		return nil, err
	}
	s, err := info.New(rules)
	if err != nil {
		return nil, fmt.Errorf("strategy %s: %w", name, err)
	}
	return s, nil
}
