package tableplay

import (
	"unsafe"

	"yams/strategies/widget"
)

// winTurn values the options of a turn for the chance of finishing first. The other
// players' final scores are independent of what this player does (each plays their own
// dice), so with their final scores' distributions known, a final score s of this player
// is worth u(s): the probability that nobody else ends above s, a tie between k players
// for the highest total counting 1/k (seed 000's shared win). u is fixed for the whole
// turn: the others play between this player's turns. An option is then worth the
// expectation of u over the final scores it leads to, and the turn is the game of a
// goal (target:T, beat:S) of that utility, with the values of the states after the turn
// given by
//
//	W(next state, points so far) = Σ_r P(r points to come from the next state) · u(points so far + r)
//
// the points to come taken from the distributions of the remaining table (own): the
// estimate that this player plays the mean's strategy from the next turn on, which it
// does not (it plays for the table again next turn, knowing more), so each turn is a
// step of policy improvement over that strategy. The widget of the goals then works the
// turn out from those values (decideGoal), laid out as a goal's values are (gv) for the
// pairs the turn can reach and nowhere else.
//
// Two other estimates were measured against optimal at two players, on yams-app, 200,000
// table games each, the same dice (51.19% with this one): its own chances taken from the
// best probability of scoring at least n more points, for every n (the all-targets values
// of Pawlewicz's player, a goal solve over every state and every n: 22 million values in
// 1 min 45 s against 8 s for the distributions) gave 51.23%, no measurable gain; the
// others' distributions summarised by a normal law of the same mean and deviation gave
// 50.50%, most of the edge lost (late in a game a player's points to come are few and
// lumpy: a yahtzee box open is 0 or 50).
type winTurn struct {
	*GoalTurn
	own  *remaining
	mean []float64 // the mean's values: the expected points to come from each state
	util winUtility
}

// winUtility is u, the chance that a final score finishes first against the others'
// distributions, over the final scores a turn's options can reach.
type winUtility struct {
	// u[s − uLo] for the final scores the turn's options can reach.
	u   []float64
	uLo int
	// Scratch for u: per other player, the probability below the score and the inverse
	// of the distribution's sum; the polynomial of the ties.
	below, inv, c []float64
}

// winTieBreak weighs the expected final score beside the chance of winning: options whose
// chances differ by less than about 1e-10 (a hundred points of mean) are told apart by the
// expected score, so that a turn whose options all win, or all lose, plays for the score,
// as optimal would.
const winTieBreak = 1e-12

func newWinTurn(sp *widget.Space, own *remaining, mean []float64) *winTurn {
	return &winTurn{GoalTurn: NewGoalTurn(sp), own: own, mean: mean}
}

// winTurnMemory is the memory of a winTurn of sp (newWinTurn).
func winTurnMemory(sp *widget.Space) int64 {
	return goalTurnMemory(sp) + int64(unsafe.Sizeof(winTurn{}))
}

// opponent is the distribution of another player's final score: the probability of
// lo+k is p[k].
type opponent struct {
	lo int
	p  []float32
}

// Decide works out the decisions of the turn of state (mask, u, f) with points so far p,
// against the others' final scores opp, into out. It reports false when every option is
// worth the same chance of winning (u is constant over every final score the turn can
// lead to: the game is won or lost whatever the play), and then leaves out as it is.
func (wt *winTurn) Decide(mask uint32, u, f, p int, opp []opponent, out *[widget.NumRolls]uint32) bool {
	lo, hi := int(^uint(0)>>1), -int(^uint(0)>>1)-1
	for _, it := range wt.Begin(mask, u, f, p) {
		l, d := wt.own.dist(int(it.Next))
		lo, hi = min(lo, int(it.P)+l), max(hi, int(it.P)+l+len(d)-1)
	}
	wt.util.fillU(lo, hi, opp)
	if wt.util.settled() {
		return false
	}
	wt.GoalTurn.Decide(wt, out)
	return true
}

// Value is W(next, p): the chance of winning from state next with p points so far when
// the rest is played as the mean's strategy plays it, plus the tie-break.
func (wt *winTurn) Value(next, p int) float64 {
	l, d := wt.own.dist(next)
	return winDot(d, wt.util.u[p+l-wt.util.uLo:]) + winTieBreak*(float64(p)+wt.mean[next])
}

// settled reports whether u is the same over every final score it holds: the game is won,
// or lost, whatever the play (u does not decrease with the score).
func (wt *winUtility) settled() bool { return wt.u[0] == wt.u[len(wt.u)-1] }

// fillU sets u(s) for s from lo to hi: the chance that a final score of s finishes first
// against the others' distributions, a tie for first between k players counting 1/k.
// With F_j(s) the chance that player j ends below s and D_j(s) that j ends on s, it is
// Σ_T Π_{j∈T} D_j(s) · Π_{j∉T} F_j(s) / (|T| + 1) over the sets T of players who tie:
// the coefficients of Π_j (F_j(s) + D_j(s)·z), each divided by its degree plus one.
// Each distribution is divided by its sum (1 but for the rounding of float32), so that
// F_j is 1 exactly above the last score j can reach and u is 1 where s beats everyone.
func (wt *winUtility) fillU(lo, hi int, opp []opponent) {
	n := hi - lo + 1
	if cap(wt.u) < n {
		wt.u = make([]float64, n)
	}
	wt.u, wt.uLo = wt.u[:n], lo
	m := len(opp)
	if cap(wt.below) < m {
		wt.below, wt.inv, wt.c = make([]float64, m), make([]float64, m), make([]float64, m+1)
	}
	below, inv := wt.below[:m], wt.inv[:m]
	clear(below)
	for j := range opp {
		o := &opp[j]
		sum := 0.0
		for k, x := range o.p {
			if o.lo+k < lo {
				below[j] += float64(x)
			}
			sum += float64(x)
		}
		inv[j] = 1 / sum
	}
	if m == 1 {
		// One other player: u = F + D/2.
		o, below, inv := &opp[0], below[0], inv[0]
		for s := lo; s <= hi; s++ {
			d := 0.0
			if k := s - o.lo; k >= 0 && k < len(o.p) {
				d = float64(o.p[k])
			}
			wt.u[s-lo] = below*inv + d*inv/2
			below += d
		}
		return
	}
	for s := lo; s <= hi; s++ {
		c := wt.c[:m+1]
		clear(c)
		c[0] = 1
		for j := range opp {
			o := &opp[j]
			d := 0.0
			if k := s - o.lo; k >= 0 && k < len(o.p) {
				d = float64(o.p[k])
			}
			F := below[j] * inv[j]
			below[j] += d
			d *= inv[j]
			for k := j + 1; k > 0; k-- {
				c[k] = c[k]*F + c[k-1]*d
			}
			c[0] *= F
		}
		x := 0.0
		for k := m; k >= 0; k-- {
			x += c[k] / float64(k+1)
		}
		wt.u[s-lo] = x
	}
}
