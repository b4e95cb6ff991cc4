package strategies

import (
	"math"

	"yams/engine"
	"yams/strategies/turnplan"
)

func init() {
	Register(Info{
		Name:        "upper-first",
		Description: "plays for the upper bonus: three of each face first, lower boxes when the bonus is safe or the roll exceptional",
		Heuristic:   true,
		New:         func(r *engine.Rules) (Strategy, error) { return newUpperFirst(r) },
	})
}

// Upper statuses of a column, for upper-first.
const (
	upperDone   uint8 = iota // no bonus to play for: won, out of reach, no open upper box, or none in the rules
	upperBehind              // in play, the upper subtotal below par
	upperAhead               // in play, at or above par
)

// The constants of upper-first: the credit for three of a face, as a share of the upper
// bonus; the discount on an ordinary lower score while the upper section is behind par;
// and what makes a lower score exceptional, as a share of the box's best score. They
// maximise the mean on the hasbro rules over a grid (credit 0.25 to 1.5, for a credit
// that grows with each die or only at three; discount 0.35 to 0.75; exceptional 0.6 to
// 0.9), 150,000 games on common dice per point: the credit only at three of a face
// scores 6 points more than a credit per die, which pays for two of a face almost as
// well as three and so misses the bonus more often.
const (
	upperCredit    = 0.5
	lowerDiscount  = 0.5
	exceptionalPct = 0.7
)

// upperFirst plays for the upper bonus. While the bonus is in play it values an upper
// box by its points plus, once three of that face are reached, a credit of half the
// bonus, so that its keeps go for the faces of the open upper boxes; it takes a lower box
// at full value only when the upper section is at or above par or the roll is
// exceptional for that box, and at half value otherwise. Once the bonus is won, out of reach or absent from the rules
// it plays as greedy. The package documentation gives the rules in full.
type upperFirst struct {
	t    *upperTables
	live *turnplan.Live
}

type upperTables struct {
	up     *upperInfo
	plan   *turnplan.Planner
	greedy *greedyTables    // the policy of the upperDone status
	policy *turnplan.Policy // the upperBehind and upperAhead statuses; nil for several columns
}

var upperCache tableCache[upperTables]

// newUpperFirst returns the upper-first strategy for the rules.
func newUpperFirst(rules *engine.Rules) (*upperFirst, error) {
	t := upperCache.get(rules.Hash(), func() *upperTables { return newUpperTables(rules) })
	u := &upperFirst{t: t}
	if t.policy == nil {
		u.live = turnplan.NewLive(t.plan)
	}
	return u, nil
}

// upperInfo is what the upper status of a column depends on, tabulated by the set of
// filled upper boxes.
type upperInfo struct {
	nb        int
	columns   int
	threshold int
	points    int
	mask      uint64 // the upper boxes of a column
	totalPar  int    // three of each face of the upper face boxes: 63 on a standard sheet
	filledPar []int32
	openMax   []int32 // the most the open upper boxes can still add
}

func newUpperInfo(rules *engine.Rules) *upperInfo {
	nb := rules.NumBoxes()
	u := &upperInfo{nb: nb, columns: len(rules.Columns()), threshold: rules.UpperThreshold(), points: rules.UpperPoints()}
	par := make([]int, nb)
	best := make([]int, nb)
	for b, box := range rules.Boxes() {
		if !rules.IsUpper(b) {
			continue
		}
		u.mask |= 1 << b
		par[b] = 3 * box.Face
		u.totalPar += par[b]
		for r := range engine.Roll(engine.NumRolls) {
			best[b] = max(best[b], rules.Score(b, r))
		}
	}
	u.filledPar = make([]int32, 1<<nb)
	u.openMax = make([]int32, 1<<nb)
	for m := range uint64(1 << nb) {
		if m&^u.mask != 0 {
			continue
		}
		for b := range nb {
			if u.mask&(1<<b) == 0 {
				continue
			}
			if m&(1<<b) != 0 {
				u.filledPar[m] += int32(par[b])
			} else {
				u.openMax[m] += int32(best[b])
			}
		}
	}
	return u
}

// statusOf is the upper status of a column whose filled boxes are filled and upper subtotal sub.
func (u *upperInfo) statusOf(filled uint64, sub int) uint8 {
	up := filled & u.mask
	if u.points == 0 || up == u.mask || sub >= u.threshold || sub+int(u.openMax[up]) < u.threshold {
		return upperDone
	}
	// Par is three of each filled face, scaled to the threshold: sub/threshold against
	// filledPar/totalPar, in integers.
	if sub*u.totalPar >= u.threshold*int(u.filledPar[up]) {
		return upperAhead
	}
	return upperBehind
}

func (u *upperInfo) status(s *engine.Sheet, c int) uint8 {
	return u.statusOf(s.FilledMask()>>(c*u.nb)&(1<<u.nb-1), s.Upper(c))
}

// statuses returns the upper status of every column of s.
func (u *upperInfo) statuses(s *engine.Sheet) [engine.MaxColumns]uint8 {
	var st [engine.MaxColumns]uint8
	filled := s.FilledMask()
	for c := range u.columns {
		st[c] = u.statusOf(filled>>(c*u.nb)&(1<<u.nb-1), s.Upper(c))
	}
	return st
}

func newUpperTables(rules *engine.Rules) *upperTables {
	u := newUpperInfo(rules)
	t := &upperTables{up: u}
	t.greedy = greedyCache.get(rules.Hash(), func() *greedyTables { return newGreedyTables(rules) })

	boxes := rules.Boxes()
	greedy := greedyWorth(rules)
	exceptional := make([]int, len(boxes))
	for b := range boxes {
		best := 0
		for r := range engine.Roll(engine.NumRolls) {
			best = max(best, rules.Score(b, r))
		}
		exceptional[b] = int(math.Ceil(exceptionalPct * float64(best)))
	}
	credit := upperCredit * float64(rules.UpperPoints())
	worth := func(st uint8, b, points int) float64 {
		box := &boxes[b]
		switch {
		case st == upperDone || box.Subtract:
			return greedy(st, b, points)
		case rules.IsUpper(b):
			if box.Face == 0 {
				return float64(points)
			}
			if points >= 3*box.Face {
				return float64(points) + credit
			}
			return float64(points)
		case st == upperAhead || points >= exceptional[b]:
			return float64(points)
		}
		return lowerDiscount * float64(points)
	}

	// Ties: in the done status as greedy; in play, lower boxes before upper boxes (a
	// zero goes to the lower section while the bonus is in play), each in greedy's order.
	order := turnplan.TieOrder(rules)
	nslots := rules.NumSlots()
	rank := make([]int32, 3*nslots)
	copy(rank, turnplan.Ranks(order))
	inPlay := make([]engine.BoxID, 0, nslots)
	for _, upper := range []bool{false, true} {
		for _, id := range order {
			if _, b := rules.Split(id); rules.IsUpper(b) == upper {
				inPlay = append(inPlay, id)
			}
		}
	}
	copy(rank[nslots:], turnplan.Ranks(inPlay))
	copy(rank[2*nslots:], turnplan.Ranks(inPlay))

	t.plan = turnplan.New(rules, 3, worth, u.statuses, rank)
	if len(rules.Columns()) == 1 {
		t.policy = turnplan.NewPolicy(t.plan, []uint8{upperBehind, upperAhead}, func(filled uint64, _ uint8) bool {
			return filled&u.mask == u.mask
		})
	}
	return t
}

// Block implements Blocked: the state of the policy table in play, or after it those of
// greedy's table once the upper section is settled; -1 on several columns.
func (u *upperFirst) Block(s *engine.Sheet) int {
	if u.live != nil {
		return -1
	}
	if st := u.t.up.statusOf(s.FilledMask(), s.Upper(0)); st != upperDone {
		return u.t.state(s, st)
	}
	return u.t.policy.States() + u.t.greedy.state(s)
}

// Keep implements Strategy.
func (u *upperFirst) Keep(s *engine.Sheet, r engine.Roll, rollsLeft int) engine.Keep {
	if u.live != nil {
		p := u.t.plan.Position(s)
		return u.live.Keep(&p, r, rollsLeft)
	}
	if st := u.t.up.statusOf(s.FilledMask(), s.Upper(0)); st != upperDone {
		return u.t.policy.Keep(u.t.state(s, st), r, rollsLeft)
	}
	return u.t.greedy.policy.Keep(u.t.greedy.state(s), r, rollsLeft)
}

// Box implements Strategy.
func (u *upperFirst) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
	if u.live != nil {
		p := u.t.plan.Position(s)
		id, _ := u.t.plan.Best(&p, r, s.Legal(r, rollsUsed))
		return id
	}
	if st := u.t.up.statusOf(s.FilledMask(), s.Upper(0)); st != upperDone {
		return u.t.policy.Box(u.t.state(s, st), r)
	}
	return u.t.greedy.policy.Box(u.t.greedy.state(s), r)
}

// state numbers the position of a sheet of one column in status st (in play).
func (t *upperTables) state(s *engine.Sheet, st uint8) int {
	return t.policy.State(int(st-upperBehind), s)
}
