package serve

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies/optimal"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// What a rule set holds besides its opponents' strategies, named among the uses of
// budget.admit.
const (
	useCoach   = "the coach" // the values of its positions and the pool of their valuers
	useChances = "win"       // win's distributions and the pool of its analysts
)

// budget holds what a server holds in memory, each part estimated before it is taken,
// so that every part is checked, with all the others, against --max-memory (memlimit):
//   - the rule sets' tables (kept until the server stops, for the games to come), checked
//     when a rule set loads one (admit);
//   - the games it holds, in play or over (gameMemory each), checked when a game is made
//     (admitGame), where room may be made by clearing games over;
//   - the processes of the games' bots, at most maxBots of them, each counted at the most
//     a process of its bot was seen to hold, botMemoryFloor at least (startBot).
type budget struct {
	mu   sync.Mutex
	held map[*ruleSet]int64
	uses map[*ruleSet][]string
	// games is what the games held take, nGames how many they are.
	games  int64
	nGames int
	// maxBots bounds the bots' processes running; running counts them by bot, seen the
	// most a process of each bot was measured to hold.
	maxBots int
	running map[string]int
	seen    map[string]int64
}

// botMemoryFloor is what a bot's process is counted at, at the least: a yams process's own
// (yams bot greedy holds 16 to 27 MiB), and what the first process of a bot is counted at
// before it is measured.
const botMemoryFloor = memlimit.Process

// DefaultMaxBots bounds the bots' processes running at once, across games.
const DefaultMaxBots = 32

func newBudget(maxBots int) *budget {
	return &budget{held: map[*ruleSet]int64{}, uses: map[*ruleSet][]string{}, maxBots: maxBots,
		running: map[string]int{}, seen: map[string]int64{}}
}

// botMemory is what a process of bot name is counted at; b.mu is held.
func (b *budget) botMemory(name string) int64 { return max(botMemoryFloor, b.seen[name]) }

// others returns what the server holds besides rule set rs's tables (nil: every rule
// set's), with the process itself, and names it for a message; b.mu is held.
func (b *budget) others(rs *ruleSet) (int64, string) {
	total := int64(memlimit.Process)
	var parts []string
	sets := false
	for other, n := range b.held {
		if other != rs && n > 0 {
			total, sets = memlimit.Sum(total, n), true
		}
	}
	if sets {
		if rs != nil {
			parts = append(parts, "the tables of the other rule sets")
		} else {
			parts = append(parts, "the tables of the rule sets")
		}
	}
	if b.nGames > 0 {
		total = memlimit.Sum(total, b.games)
		parts = append(parts, plural(b.nGames, "game", "games")+" held")
	}
	bots := 0
	for name, n := range b.running {
		total, bots = memlimit.Sum(total, memlimit.Mul(int64(n), b.botMemory(name))), bots+n
	}
	if bots > 0 {
		parts = append(parts, plural(bots, "bot process", "bot processes"))
	}
	switch len(parts) {
	case 0:
		return total, ""
	case 1:
		return total, ", with " + parts[0] + ","
	}
	return total, ", with " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + ","
}

// plural writes n things.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// admit checks, before rule set rs loads what use needs (useCoach, useChances or the
// name of an opponent's strategy), that the process stays within the budget: rs's tables
// estimated with use among its uses (optimal.PlayMemory, which counts each table once
// and what each pooled object adds, poolSize of them), plus all else the server holds
// (budget.others). It records the use once admitted.
func (b *budget) admit(rs *ruleSet, what, use string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	uses := b.uses[rs]
	if !slices.Contains(uses, use) {
		uses = append(slices.Clone(uses), use)
	}
	need, err := ruleSetMemory(rs, uses)
	if err != nil {
		return err
	}
	others, besides := b.others(rs)
	if err := memlimit.Check(what+besides, memlimit.Sum(others, need)); err != nil {
		return err
	}
	b.held[rs], b.uses[rs] = need, uses
	return nil
}

// admitGame counts a new game of n bytes (gameMemory), if it fits with all else.
func (b *budget) admitGame(n int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	others, besides := b.others(nil)
	if err := memlimit.Check("a new game"+besides, memlimit.Sum(others, n)); err != nil {
		return err
	}
	b.games += n
	b.nGames++
	return nil
}

// releaseGame forgets a game of n bytes.
func (b *budget) releaseGame(n int64) {
	b.mu.Lock()
	b.games -= n
	b.nGames--
	b.mu.Unlock()
}

// errTooManyBots is a bot's process beyond maxBots.
var errTooManyBots = errors.New("too many bot processes")

// startBots counts the processes of bots names about to start, one each, if they fit: at
// most maxBots running with them, and their memory with all else.
func (b *budget) startBots(names []string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(names)
	for _, k := range b.running {
		n += k
	}
	if n > b.maxBots {
		return errTooManyBots
	}
	others, besides := b.others(nil)
	var need int64
	for _, name := range names {
		need = memlimit.Sum(need, b.botMemory(name))
	}
	what := "a process of the bot " + names[0]
	if len(names) > 1 {
		what = "the processes of the bots " + strings.Join(names, ", ")
	}
	if err := memlimit.Check(what+besides, memlimit.Sum(others, need)); err != nil {
		return err
	}
	for _, name := range names {
		b.running[name]++
	}
	return nil
}

// stopBot forgets a process of bot name, which held held bytes last (0 if not known).
func (b *budget) stopBot(name string, held int64) {
	b.mu.Lock()
	b.seen[name] = max(b.seen[name], held)
	if b.running[name]--; b.running[name] <= 0 {
		delete(b.running, name)
	}
	b.mu.Unlock()
}

// measured records that a process of bot name holds held bytes.
func (b *budget) measured(name string, held int64) {
	b.mu.Lock()
	b.seen[name] = max(b.seen[name], held)
	b.mu.Unlock()
}

// bots returns the bots' processes running.
func (b *budget) bots() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, k := range b.running {
		n += k
	}
	return n
}

// ruleSetMemory estimates what rule set rs holds for uses, without the process itself.
// The coach reads the exact table with an evaluator per valuer, as the regret of a run
// does, or, on a sheet without an exact solve, the tables of column-tables.
func ruleSetMemory(rs *ruleSet, uses []string) (int64, error) {
	var names []string
	regret := false
	for _, u := range uses {
		switch u {
		case useCoach:
			_, err := solver.TablesMemory(rs.Rules, solver.Mean)
			switch {
			case err == nil:
				regret = true
			case errors.Is(err, widget.ErrColumns):
				names = append(names, "column-tables")
			default:
				return 0, err
			}
		default:
			names = append(names, u)
		}
	}
	shared, perWorker, err := optimal.PlayMemory(rs.Rules, names, regret)
	if err != nil {
		return 0, err
	}
	return memlimit.Sum(shared-memlimit.Process, memlimit.Mul(perWorker, int64(poolSize))), nil
}

// gameMemory estimates what a game of rules at a table of seats holds once played to its
// end: its layout, and for each turn of the player its decisions (a keep after each roll
// and the box, each with its position and its grade) and for each other seat its record.
// TestGameMemory measures it: 36 KiB a game of hasbro alone, 53 KiB at a table of three,
// 52 KiB a game of yatzy, counted here as 68, 94 and 76 KiB.
func gameMemory(rules *engine.Rules, seats int) int64 {
	const base, perDecision, perOtherTurn = 16 << 10, 1 << 10, 1 << 10
	turns := int64(rules.NumSlots())
	return base + turns*int64(rules.Rolls()+1)*perDecision + turns*int64(seats-1)*perOtherTurn
}
