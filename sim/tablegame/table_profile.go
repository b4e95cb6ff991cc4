package tablegame

import (
	"fmt"

	"yams/engine"
	"yams/strategies"
)

// Buckets of the score difference of Profile: DiffStep points wide, the first and the
// last holding everything beyond ±DiffMax.
const (
	DiffStep = 10
	DiffMax  = 150
	diffBins = 2*DiffMax/DiffStep + 1
)

// DiffBin returns the bucket of a score difference: bucket k holds the differences from
// (k − DiffMax/DiffStep)·DiffStep − DiffStep/2 to that plus DiffStep − 1, the first and
// the last everything beyond.
func DiffBin(diff int) int {
	k := (diff + DiffMax + DiffStep/2)
	if k < 0 {
		return 0
	}
	return min(diffBins-1, k/DiffStep)
}

// DiffOf returns the middle of bucket k (DiffBin).
func DiffOf(k int) int { return k*DiffStep - DiffMax }

// DiffBins is the number of buckets of the score difference.
const DiffBins = diffBins

// Profile counts the decisions of one player of a table by the turns it had left
// (its open boxes, the turn in play included) and the score difference when it decided
// (its total so far less the best of the others', in the buckets of DiffBin), and by
// strategies.Verdict: Counts[turnsLeft−1][bucket][verdict].
type Profile struct {
	Player int // the profiled player, in the order of Config.Players
	Counts [][diffBins][strategies.Verdicts]int64
}

func newProfile(player, turns int) *Profile {
	return &Profile{Player: player, Counts: make([][diffBins][strategies.Verdicts]int64, turns)}
}

func (p *Profile) add(o *Profile) {
	for t := range p.Counts {
		for d := range p.Counts[t] {
			for v := range p.Counts[t][d] {
				p.Counts[t][d][v] += o.Counts[t][d][v]
			}
		}
	}
}

func (p *Profile) clear() { clear(p.Counts) }

// Decisions returns the decisions counted in a cell and those of each verdict.
func (p *Profile) Decisions(turnsLeft, bucket int) (all int64, by [strategies.Verdicts]int64) {
	by = p.Counts[turnsLeft-1][bucket]
	for _, n := range by {
		all += n
	}
	return all, by
}

// TraceTurn is a turn of the traced table game: who played it, the totals of every seat
// once it was played, and each seat's chance of winning from there as the analyst
// estimates it.
type TraceTurn struct {
	Round, Seat int
	Totals      []int
	Chances     []float64
}

// Trace follows one table game turn by turn: Turns[0] is the start (Round 0, every
// total 0), then every turn in the order of play. Players[s] is the player of seat s.
type Trace struct {
	Game    int64
	Players []int
	Turns   []TraceTurn
}

// judged is a player's strategy whose decisions an analyst judges and counts.
type judged struct {
	st      strategies.Strategy
	an      strategies.TableAnalyst
	table   *strategies.Table
	profile *Profile
}

func (j *judged) count(s *engine.Sheet, v strategies.Verdict) {
	t := j.table
	best := 0
	first := true
	for seat, o := range t.Sheets {
		if seat != t.Seat && (first || o.Total() > best) {
			best, first = o.Total(), false
		}
	}
	left := s.Rules().NumSlots() - s.Turn()
	j.profile.Counts[left-1][DiffBin(s.Total()-best)][v]++
}

func (j *judged) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	k := j.st.Keep(s, r, rollsLeft)
	if k.Within(r) {
		j.count(s, j.an.Keep(j.table, r, rollsLeft, k))
	}
	return k
}

func (j *judged) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	b := j.st.Box(s, r, rollsUsed)
	if s.Legal(r, rollsUsed)&(1<<b) != 0 {
		j.count(s, j.an.Box(j.table, r, rollsUsed, b))
	}
	return b
}

// tracer records the turns of the traced game.
type tracer struct {
	an    strategies.TableAnalyst
	trace *Trace
}

// record adds the state of table t after the turn of round round of seat t.Seat (round 0:
// the start, before anyone has played), with the chances at the start of the next seat's
// turn.
func (tr *tracer) record(t *strategies.Table, round int) {
	n := len(t.Sheets)
	totals := make([]int, n)
	for s, sh := range t.Sheets {
		totals[s] = sh.Total()
	}
	ch := make([]float64, n)
	next := *t
	if round > 0 {
		next.Seat = (t.Seat + 1) % n
	}
	tr.an.Chances(&next, ch)
	tr.trace.Turns = append(tr.trace.Turns, TraceTurn{Round: round, Seat: t.Seat, Totals: totals, Chances: ch})
}

// checkAnalysis refuses an analysis of a table none of whose players sees it.
func checkAnalysis(cfg *Config) (player int, err error) {
	for p, info := range cfg.Players {
		if info.Table {
			return p, nil
		}
	}
	return 0, fmt.Errorf("sim: an analysis of the decisions at a table needs a player that sees it (a table strategy such as win)")
}
