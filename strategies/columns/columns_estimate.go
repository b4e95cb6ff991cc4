package columns

import (
	"fmt"
	"math/bits"
	"sync"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/rollout"
)

// CoachSettings are what the estimate measures at a position. To find the best (the
// look-ahead of rollout:column-tables, with more games): column-tables's own choice and
// the options within three points of it by column-tables's values, three in all, 128
// games each played five turns on. Then the figures, on other dice, of games played to
// the end: the best's, DefaultEstimateGames games; column-tables's own choice and an
// option judged, on the first half of those, each paired with the best's games (the
// difference of two options on the same dice varies from game to game far less than a
// score: half the games measure a cost well, and the slowest advice of the family sheet,
// where the best is not column-tables's own choice, takes a quarter less time).
var CoachSettings = rollout.CoachSettings{Games: DefaultEstimateGames, CostGames: DefaultEstimateGames / 2, LookGames: 128, Margin: 3, Most: 3, Horizon: 5}

// ColumnEstimate values the options at a position of a sheet of several columns too large
// for an exact table, as expected final scores when column-tables plays on from there,
// measured by games played on from the position (rollout.Ranker): column-tables's own
// choice and the options its values put close to it, each played on by column-tables
// on the same dice, the one that scores the most ranked best; every other option valued
// by what column-tables's values say it costs. Games are drawn from a hash of the
// position, so that a figure does not change from one run to the next nor with
// Workers, and kept in a cache that estimates of the same rules share (Cache), so that
// no position's option is played twice. Where one column is left the values are exact
// (column-tables plays it as optimal does, from its exact table): Exact reports it.
// Build one per goroutine.
type ColumnEstimate struct {
	// Games is the games of a figure, in place of CoachSettings.Games where above 0 (the
	// tests play fewer), and Workers the goroutines that play them (0: one per CPU).
	Games, Workers int
	// Cache, when not nil, keeps the games measured (shared between estimates of the
	// same rules).
	Cache *rollout.Cache
	d     *columnData
	ct    *columnTables
	made  struct {
		games, workers int
		cache          *rollout.Cache
	}
	m      *rollout.Measurer
	ranker *rollout.Ranker
	sheet  engine.Sheet
	exact  bool // one column is left
	// The rankings of the position asked last.
	keeps, boxes rankedAt
}

// rankedAt is a ranking of a position, and what it was asked for.
type rankedAt struct {
	roll   engine.Roll
	used   int
	judged rollout.Option
	isJ    bool
	ok     bool
	list   []rollout.Ranked
}

// NewColumnEstimate returns the estimate of column-tables on rules r of several columns.
func NewColumnEstimate(r *engine.Rules) (*ColumnEstimate, error) {
	if len(r.Columns()) == 1 {
		return nil, fmt.Errorf("optimal: an estimate of a sheet of one column, whose values are exact")
	}
	d, err := columnDataFor(r)
	if err != nil {
		return nil, err
	}
	return &ColumnEstimate{d: d, ct: newColumnTablesOf(d, d.flex)}, nil
}

// Exact reports whether the values of the position started are exact (one column is
// left), not an estimate.
func (e *ColumnEstimate) Exact() bool { return e.exact }

// Start starts the position of sheet s, at the start of its turn.
func (e *ColumnEstimate) Start(s *engine.Sheet) error {
	ct := e.ct
	if s.Rules() != ct.rules && s.Rules().Hash() != ct.rules.Hash() {
		return fmt.Errorf("a sheet of rules %s, not of rules %s", s.Rules().Name(), ct.rules.Name())
	}
	if s.Done() {
		return fmt.Errorf("the sheet is full")
	}
	e.sheet = *s
	e.keeps.ok, e.boxes.ok = false, false
	open := 0
	filled := s.FilledMask()
	for c := range ct.cols {
		p := &ct.cols[c]
		if mask, _, _ := p.sp.ColumnState(s, filled, c, ct.nb); bits.OnesCount32(mask) < ct.nb {
			open++
		}
	}
	e.exact = open == 1
	return nil
}

// ranker returns the Ranker of the estimate's settings, made again when they change.
func (e *ColumnEstimate) rankerNow() *rollout.Ranker {
	games := e.Games
	if games <= 0 {
		games = CoachSettings.Games
	}
	if e.ranker == nil || e.made.games != games || e.made.workers != e.Workers || e.made.cache != e.Cache {
		d := e.d
		e.m = rollout.NewMeasurer(d.rules, func() (strategies.Strategy, error) { return newColumnTablesOf(d, d.flex), nil }, e.Workers)
		e.m.Cache, e.m.Who = e.Cache, d.who()
		set := CoachSettings
		set.Games, set.LookGames = games, min(set.LookGames, games)
		set.CostGames = games * CoachSettings.CostGames / CoachSettings.Games
		e.ranker = rollout.NewRanker(e.m, newColumnTablesOf(d, d.flex), set)
		e.made.games, e.made.workers, e.made.cache = games, e.Workers, e.Cache
		e.keeps.ok, e.boxes.ok = false, false
	}
	return e.ranker
}

// rolloutsLeft reports whether roll r after used rolls may be rolled again.
func (e *ColumnEstimate) rollsLeft(r engine.Roll, used int) bool {
	return used < e.ct.rolls && e.sheet.Legal(r, used+1) != 0
}

// RankKeeps ranks the keeps of roll r after used rolls (stopping among them), the best
// first, keep judged measured too where not nil. The list is the estimate's, valid until
// its next ranking.
func (e *ColumnEstimate) RankKeeps(r engine.Roll, used int, judged *engine.Keep) []rollout.Ranked {
	var j rollout.Option
	if judged != nil {
		j = rollout.KeepOption(*judged)
	}
	return e.rank(&e.keeps, r, used, j, judged != nil, false)
}

// RankBoxes ranks the boxes that may take roll r after used rolls, the best first, box
// judged measured too where not nil. Where rolls are left, the boxes are what stopping
// leads to: column-tables's own box is measured, and the others valued by its values
// against it, unless one is judged (the box chosen after a stop).
func (e *ColumnEstimate) RankBoxes(r engine.Roll, used int, judged *engine.BoxID) []rollout.Ranked {
	var j rollout.Option
	if judged != nil {
		j = rollout.BoxOption(*judged)
	}
	return e.rank(&e.boxes, r, used, j, judged != nil, true)
}

func (e *ColumnEstimate) rank(at *rankedAt, r engine.Roll, used int, judged rollout.Option, isJ, boxes bool) []rollout.Ranked {
	k := e.rankerNow()
	if at.ok && at.roll == r && at.used == used && at.isJ == isJ && at.judged == judged {
		return at.list
	}
	var j *rollout.Option
	if isJ {
		j = &judged
	}
	var list []rollout.Ranked
	var err error
	switch {
	case e.exact:
		list, err = k.Exact(&e.sheet, r, used, boxes)
	case boxes && !isJ && e.rollsLeft(r, used):
		// What stopping leads to: the stop measured among the keeps.
		var stop rollout.Ranked
		for _, x := range e.RankKeeps(r, used, nil) {
			if x.Option.Keep == r.Keep() {
				stop = x
			}
		}
		list = k.BoxesAt(&e.sheet, r, used, stop.Value, stop.Interval)
	case boxes:
		list, err = k.Boxes(&e.sheet, r, used, j)
	default:
		list, err = k.Keeps(&e.sheet, r, used, j)
	}
	if err != nil {
		panic("columns: rollouts of column-tables: " + err.Error()) // column-tables is built from tables loaded: it cannot fail
	}
	*at = rankedAt{roll: r, used: used, judged: judged, isJ: isJ, ok: true, list: append(at.list[:0], list...)}
	return at.list
}

// Figure returns the figure of the best choice at roll r after rollsUsed rolls (rollsUsed
// 0: the turn's start, where column-tables plays the whole turn), with its interval.
func (e *ColumnEstimate) Figure(r engine.Roll, rollsUsed int) Figure {
	switch {
	case rollsUsed == 0:
		k := e.rankerNow()
		if e.exact {
			return Figure{Mean: k.ExactStart(&e.sheet)}
		}
		ms, err := e.m.Measure(&rollout.Position{Sheet: &e.sheet}, []rollout.Option{{}}, e.made.games)
		if err != nil {
			panic("columns: rollouts of column-tables: " + err.Error())
		}
		return ms.Figure(0)
	case e.rollsLeft(r, rollsUsed):
		x := e.RankKeeps(r, rollsUsed, nil)[0]
		return Figure{Mean: x.Value, HalfWidth: x.Interval, Games: x.Games}
	}
	x := e.RankBoxes(r, rollsUsed, nil)[0]
	return Figure{Mean: x.Value, HalfWidth: x.Interval, Games: x.Games}
}

// Value returns the measured expected final score from the start of the turn.
func (e *ColumnEstimate) Value() float64 { return e.Figure(0, 0).Mean }

// BestKeepValue returns the expected final score of the best keep of roll r after
// rollsUsed rolls.
func (e *ColumnEstimate) BestKeepValue(r engine.Roll, rollsUsed int) float64 {
	return e.RankKeeps(r, rollsUsed, nil)[0].Value
}

// BestBoxValue returns the expected final score of the best box for the final roll r.
func (e *ColumnEstimate) BestBoxValue(r engine.Roll, rollsUsed int) float64 {
	return e.RankBoxes(r, rollsUsed, nil)[0].Value
}

// Keeps returns every keep of roll r after rollsUsed rolls with its value, the best first.
func (e *ColumnEstimate) Keeps(r engine.Roll, rollsUsed int) []analysis.Option {
	list := e.RankKeeps(r, rollsUsed, nil)
	out := make([]analysis.Option, len(list))
	for i, x := range list {
		out[i] = analysis.Option{Keep: x.Option.Keep, Value: x.Value}
	}
	return out
}

// Boxes returns every (column, box) that may take the final roll r after rollsUsed rolls,
// with its value, the best first.
func (e *ColumnEstimate) Boxes(r engine.Roll, rollsUsed int) []analysis.Option {
	list := e.RankBoxes(r, rollsUsed, nil)
	out := make([]analysis.Option, len(list))
	for i, x := range list {
		out[i] = analysis.Option{Box: x.Option.Box, Value: x.Value}
	}
	return out
}

// who names column-tables's play on the rules in a cache of games (rollout.Cache): the
// rules and its fit.
func (d *columnData) who() string {
	id := "no flexTable"
	if d.flex != nil {
		id = d.flex.identity()
	}
	return ColumnTablesName + "\x00" + d.rules.Hash() + "\x00" + id
}

// caches holds the cache of games of each rule set's estimates (EstimateCache).
var caches struct {
	sync.Mutex
	m map[string]*rollout.Cache
}

// EstimateCacheBytes bounds the games each rule set's estimates keep (EstimateCache).
var EstimateCacheBytes int64 = 64 << 20

// EstimateCache returns the process's cache of the games measured by the estimates of
// rules r: every ColumnEstimate of a command or a server shares it.
func EstimateCache(r *engine.Rules) *rollout.Cache {
	caches.Lock()
	defer caches.Unlock()
	if caches.m == nil {
		caches.m = map[string]*rollout.Cache{}
	}
	c := caches.m[r.Hash()]
	if c == nil {
		c = rollout.NewCache(EstimateCacheBytes)
		caches.m[r.Hash()] = c
	}
	return c
}
