package rollout

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"yams/engine"
)

// CoachSettings are what a Ranker measures at a position. To find the best: the strategy's
// own choice and the options within Margin points of it by the strategy's values (Most
// in all), LookGames games each, played Horizon turns on (0: to the end) and valued there
// by the strategy's potential. Then, on Games other games played to the end (other dice,
// so that the figures are not those that chose the best): the best; and on the first
// CostGames of them (0: all), paired with the best's, the strategy's own choice and an
// option judged, whose costs against the best vary far less from game to game than a
// game's score does, and need fewer games for as narrow an interval.
type CoachSettings struct {
	Games, CostGames, LookGames int
	Margin                      float64
	Most                        int
	Horizon                     int
}

// Ranked is an option of a position with what a ranking says of it.
type Ranked struct {
	Option Option
	// Model is the strategy's own value of the option: h after it, or h's expectation.
	Model float64
	// Value is the expected final score after the option, the strategy playing on: the
	// best option's figure (the mean of its games' corrected scores) less the option's
	// Cost; Interval is the half width of its 95% interval.
	Value, Interval float64
	// Games is the games played after the option, 0 where it was not measured.
	Games int
	// Cost is what the option costs against the best, CostInterval the half width of its
	// 95% interval: measured game by game on the same dice where the option is measured;
	// where not, the measured cost of the strategy's own choice plus what the strategy's
	// values say the option costs against it.
	Cost, CostInterval float64
}

// Ranker ranks the options at positions by a Valued strategy's own values, and measures
// the closest by games of the strategy played on from there (Measurer): the one-step
// look-ahead of rollout:S, with the figures a coach shows. Use one per goroutine.
type Ranker struct {
	m     *Measurer
	v     Valued
	set   CoachSettings
	turn  Turn
	sheet engine.Sheet
	ok    bool
	list  []Ranked
	opts  []Option
	games []int
	// decide: only the best option is wanted, unmeasured where it is the only close one
	decide bool
	pos    Position // the position measured
	figs   []Option // the options of the figures: the best, own and judged
	// look measures the selection's games: m's strategy, truncated at the settings'
	// Horizon (made on first use, sharing m's cache).
	look *Measurer
}

// lookMeasurer returns the Measurer of the selection's games.
func (k *Ranker) lookMeasurer() *Measurer {
	if k.look == nil {
		m := k.m
		k.look = NewMeasurer(m.rules, m.build, m.workers)
		k.look.Horizon, k.look.Cache = k.set.Horizon, m.Cache
		k.look.Who = fmt.Sprintf("%s\x00horizon %d", m.Who, k.set.Horizon)
	}
	return k.look
}

// NewRanker returns a Ranker that measures with m and values options by v, its own copy
// of the strategy m plays. Where the best measured is not the strategy's own choice, it
// is measured again for Games games: with a Cache in m, only the games it adds are
// played.
func NewRanker(m *Measurer, v Valued, set CoachSettings) *Ranker {
	return &Ranker{m: m, v: v, set: set}
}

func (k *Ranker) evaluate(s *engine.Sheet) *Turn {
	if !k.ok || k.sheet != *s {
		k.v.Evaluate(s, &k.turn)
		k.sheet, k.ok = *s, true
	}
	return &k.turn
}

// Keeps ranks the keeps of roll r after used rolls of sheet s (a reroll left), stopping
// among them, the best first; judged, if not nil, is measured for Games games too. The
// list is the Ranker's, valid until its next ranking.
func (k *Ranker) Keeps(s *engine.Sheet, r engine.Roll, used int, judged *Option) ([]Ranked, error) {
	own := KeepOption(k.v.Keep(s, r, k.m.rules.Rolls()-used))
	t := k.evaluate(s)
	k.list = k.list[:0]
	for _, kp := range engine.SubKeeps(r) {
		x := Ranked{Option: KeepOption(kp)}
		if kp == r.Keep() {
			x.Model = t.Stop[used][r]
		} else {
			x.Model = t.Keep[used][kp]
		}
		k.list = append(k.list, x)
	}
	return k.rank(s, r, used, own, judged)
}

// Boxes ranks the boxes that may take roll r after used rolls of sheet s, the best first;
// judged, if not nil, is measured for Games games too.
func (k *Ranker) Boxes(s *engine.Sheet, r engine.Roll, used int, judged *Option) ([]Ranked, error) {
	own := BoxOption(k.v.Box(s, r, used))
	k.list = k.list[:0]
	for lg := s.Legal(r, used); lg != 0; lg &= lg - 1 {
		id := engine.BoxID(bits.TrailingZeros64(lg))
		k.list = append(k.list, Ranked{Option: BoxOption(id), Model: k.v.After(s, id, r)})
	}
	return k.rank(s, r, used, own, judged)
}

// rank measures the options of k.list that the settings say and ranks them all, the best
// measured first. To find the best: own (the strategy's own choice) and the others within
// Margin of its value, Most in all, the closest first, LookGames games each, truncated
// at Horizon turns (k.look). Then, on the Games full games that follow those (other dice,
// so that the figures are not those that chose the best): the best, own and judged.
func (k *Ranker) rank(s *engine.Sheet, r engine.Roll, used int, own Option, judged *Option) ([]Ranked, error) {
	list := k.list
	sortByModel(list)
	set := k.set
	k.opts, k.games = k.opts[:0], k.games[:0]
	k.add(own, set.LookGames)
	ownModel := list[k.find(own)].Model
	for _, x := range list {
		if len(k.opts) >= set.Most {
			break
		}
		if x.Option != own && x.Model >= ownModel-set.Margin {
			k.add(x.Option, set.LookGames)
		}
	}
	if k.decide && len(k.opts) == 1 {
		list[0].Option = own
		return list[:1], nil
	}
	k.pos = Position{Sheet: s, Roll: r, Used: used}
	pos := &k.pos
	// The selection: sel games of each close option, the best's index in look.
	sel, best := 0, 0
	var look *Measurement
	if len(k.opts) > 1 {
		sel = roundUp(set.LookGames)
		var err error
		if look, err = k.lookMeasurer().MeasureEach(pos, k.opts, k.gamesOf); err != nil {
			return nil, err
		}
		for i := 1; i < len(k.opts); i++ {
			if look.FigureOf(i, 0, sel).Mean > look.FigureOf(best, 0, sel).Mean {
				best = i
			}
		}
		if k.decide {
			list[0].Option = k.opts[best]
			return list[:1], nil
		}
	}
	selected := k.opts[:len(k.opts):len(k.opts)]
	// The figures: the best first, on games sel to fig, then own and judged where others,
	// on games sel to cost.
	fig := sel + roundUp(set.Games)
	cost := fig
	if set.CostGames > 0 {
		cost = min(fig, sel+roundUp(set.CostGames))
	}
	k.figs = append(k.figs[:0], selected[best])
	if selected[best] != own {
		k.figs = append(k.figs, own)
	}
	if judged != nil && *judged != own && *judged != selected[best] {
		k.figs = append(k.figs, *judged)
	}
	ms, err := k.m.MeasureEach(pos, k.figs, func(i int) int {
		if i == 0 {
			return fig
		}
		return cost
	})
	if err != nil {
		return nil, err
	}
	at := func(o Option) int {
		for i, x := range k.figs {
			if x == o {
				return i
			}
		}
		return -1
	}
	ownAt := at(own)
	bestFig := ms.FigureOf(0, sel, fig)
	ownCost := ms.DiffOf(0, ownAt, sel, cost)
	for i := range list {
		x := &list[i]
		x.Games = 0
		j := at(x.Option)
		switch {
		case j == 0:
			x.Cost, x.CostInterval, x.Games = 0, 0, fig-sel
		case j > 0:
			d := ms.DiffOf(0, j, sel, cost)
			x.Cost, x.CostInterval, x.Games = d.Mean, d.HalfWidth, cost-sel
		case look != nil && slices.Contains(selected, x.Option):
			// Measured to find the best only: against own on those games (short ones),
			// and own against the best on the figures' games.
			i := slices.Index(selected, x.Option)
			d := look.DiffOf(slices.Index(selected, own), i, 0, sel)
			x.Cost, x.CostInterval, x.Games = ownCost.Mean+d.Mean, math.Hypot(ownCost.HalfWidth, d.HalfWidth), sel
		default:
			x.Cost, x.CostInterval = ownCost.Mean+max(0, ownModel-x.Model), ownCost.HalfWidth
		}
		x.Value = bestFig.Mean - x.Cost
		x.Interval = math.Hypot(bestFig.HalfWidth, x.CostInterval)
	}
	bestOpt := k.figs[0]
	sortFirst(list, bestOpt)
	return list, nil
}

// add measures option o for games games at least.
func (k *Ranker) add(o Option, games int) {
	if i := k.measured(o); i >= 0 {
		k.games[i] = max(k.games[i], games)
		return
	}
	k.opts, k.games = append(k.opts, o), append(k.games, games)
}

// measured returns the index of o among the options measured, −1 if not among them.
func (k *Ranker) measured(o Option) int {
	for i, x := range k.opts {
		if x == o {
			return i
		}
	}
	return -1
}

// find returns the index of o in the list.
func (k *Ranker) find(o Option) int {
	for i, x := range k.list {
		if x.Option == o {
			return i
		}
	}
	return 0
}

func (k *Ranker) gamesOf(i int) int { return k.games[i] }

// roundUp returns games rounded up to whole chunks.
func roundUp(games int) int { return max(1, (games+Chunk-1)/Chunk) * Chunk }

// prefixMean returns the mean of the first n corrected scores of option i.
func (m *Measurement) prefixMean(i, n int) float64 {
	sum := 0.0
	for _, x := range m.scores[i][:n] {
		sum += x
	}
	return sum / float64(n)
}

// DecideKeep returns the best keep of roll r after used rolls of sheet s, as Keeps ranks
// them, without measuring where no option is close to the strategy's own.
func (k *Ranker) DecideKeep(s *engine.Sheet, r engine.Roll, used int) (engine.Keep, error) {
	k.decide = true
	list, err := k.Keeps(s, r, used, nil)
	k.decide = false
	if err != nil {
		return 0, err
	}
	return list[0].Option.Keep, nil
}

// DecideBox returns the best box for roll r after used rolls of sheet s, as Boxes ranks
// them, without measuring where no option is close to the strategy's own.
func (k *Ranker) DecideBox(s *engine.Sheet, r engine.Roll, used int) (engine.BoxID, error) {
	k.decide = true
	list, err := k.Boxes(s, r, used, nil)
	k.decide = false
	if err != nil {
		return 0, err
	}
	return list[0].Option.Box, nil
}

// Exact ranks the keeps (boxes false) or the boxes of roll r after used rolls of sheet s
// by the strategy's own values alone, unmeasured: for a position where they are exact,
// as column-tables's are where one column is left (it plays the column as optimal does,
// from its exact table).
func (k *Ranker) Exact(s *engine.Sheet, r engine.Roll, used int, boxes bool) ([]Ranked, error) {
	k.list = k.list[:0]
	if boxes {
		for lg := s.Legal(r, used); lg != 0; lg &= lg - 1 {
			id := engine.BoxID(bits.TrailingZeros64(lg))
			k.list = append(k.list, Ranked{Option: BoxOption(id), Model: k.v.After(s, id, r)})
		}
	} else {
		t := k.evaluate(s)
		for _, kp := range engine.SubKeeps(r) {
			x := Ranked{Option: KeepOption(kp), Model: t.Keep[used][kp]}
			if kp == r.Keep() {
				x.Model = t.Stop[used][r]
			}
			k.list = append(k.list, x)
		}
	}
	sortByModel(k.list)
	for i := range k.list {
		x := &k.list[i]
		x.Value, x.Cost = x.Model, k.list[0].Model-x.Model
	}
	return k.list, nil
}

// ExactStart returns the strategy's own value of sheet s at its turn's start: the
// expected final score where its values are exact.
func (k *Ranker) ExactStart(s *engine.Sheet) float64 { return k.evaluate(s).Start }

// BoxesAt ranks the boxes that may take roll r after used rolls of sheet s by the
// strategy's values alone, anchored on value, the measured value of scoring the roll in
// the strategy's own box (interval the half width of its 95% interval): the boxes that
// stopping leads to, where the decision measured is a keep. Each costs what the
// strategy's values say against its own box, which is first.
func (k *Ranker) BoxesAt(s *engine.Sheet, r engine.Roll, used int, value, interval float64) []Ranked {
	own := BoxOption(k.v.Box(s, r, used))
	k.list = k.list[:0]
	ownModel := 0.0
	for lg := s.Legal(r, used); lg != 0; lg &= lg - 1 {
		id := engine.BoxID(bits.TrailingZeros64(lg))
		x := Ranked{Option: BoxOption(id), Model: k.v.After(s, id, r)}
		if x.Option == own {
			ownModel = x.Model
		}
		k.list = append(k.list, x)
	}
	for i := range k.list {
		x := &k.list[i]
		x.Cost = max(0, ownModel-x.Model)
		if x.Option == own {
			x.Cost = 0
		}
		x.Value, x.Interval = value-x.Cost, interval
	}
	sortFirst(k.list, own)
	return k.list
}

// sortByModel sorts list by the strategy's own values, the highest first (stably: equals
// keep their order).
func sortByModel(list []Ranked) {
	slices.SortStableFunc(list, func(a, b Ranked) int { return cmp.Compare(b.Model, a.Model) })
}

// sortFirst sorts list with option first at its head, then by value, the highest first
// (stably).
func sortFirst(list []Ranked, first Option) {
	slices.SortStableFunc(list, func(a, b Ranked) int {
		switch {
		case a.Option == first:
			return -1
		case b.Option == first:
			return 1
		}
		return cmp.Compare(b.Value, a.Value)
	})
}
