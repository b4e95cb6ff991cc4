package refsolve

import (
	"math"
	"math/bits"

	"yams/engine"
	"yams/strategies/widget"
)

// Widget evaluates one turn from one turn-start state, given the values of the states
// after it: the stop value of every final roll (best box), then, roll number by roll
// number backwards, the value of every keep (the one-die-at-a-time recurrence) and of
// every roll (the best keep). It is about 30 KB of scratch space, one per worker.
type Widget struct {
	sp *widget.Space
	v  []float64 // values of turn-start states, read for the states after the turn

	// stop[u][r]: value of ending the turn with roll r after u+1 rolls (only stop[0]
	// when the space has sameStop). box[u][r]: the box that reaches it.
	stop [engine.MaxRollsPerTurn][widget.NumRolls]float64
	box  [engine.MaxRollsPerTurn][widget.NumRolls]uint8
	val  [engine.MaxRollsPerTurn][widget.NumRolls]float64
	ev   [widget.NumKeeps]float64
	m    [widget.RollBase]float64
	mk   [widget.RollBase]uint16 // with decide: the keep that reaches m
	cv   [256]float64
	// Score, if set, values the fills in place of reward + v[next] (target:T).
	Score func(x widget.Fill) float64
}

// fillValue is what filling a box is worth: score(x), or the points and the next state's value.
func (w *Widget) fillValue(x widget.Fill) float64 {
	if w.Score != nil {
		return w.Score(x)
	}
	return float64(x.Reward) + w.v[x.Next]
}

func NewWidget(sp *widget.Space, v []float64) *Widget { return &Widget{sp: sp, v: v} }

// StopLayer returns the stop values for rollsUsed (1-based).
func (w *Widget) StopLayer(rollsUsed int) *[widget.NumRolls]float64 {
	if w.sp.SameStop {
		return &w.stop[0]
	}
	return &w.stop[rollsUsed-1]
}

// Stops fills the stop values of state (mask, u, f); with track it also records the
// best box of every roll, the lowest box index winning ties.
func (w *Widget) Stops(mask uint32, u, f int, track bool) {
	sp := w.sp
	layers := sp.Rolls
	if sp.SameStop {
		layers = 1
	}
	for ru := 1; ru <= layers; ru++ {
		st := &w.stop[ru-1]
		arg := &w.box[ru-1]
		legal := sp.Legal(mask, widget.PlainRoll, ru)
		if legal == 0 {
			for r := range st {
				st[r] = math.Inf(-1)
			}
		}
		first := true
		for l := legal; l != 0; l &= l - 1 {
			b := bits.TrailingZeros32(l)
			scores := sp.ClassScores[b]
			cv := w.cv[:len(scores)]
			for k, pts := range scores {
				x := sp.ApplyPoints(mask, u, f, b, pts, false)
				cv[k] = w.fillValue(x)
			}
			cls := &sp.ScoreClass[b]
			switch {
			case first:
				for r := range st {
					st[r] = w.cv[cls[r]]
				}
				if track {
					for r := range arg {
						arg[r] = uint8(b)
					}
				}
				first = false
			case track:
				for r := range st {
					x, v, a := w.cv[cls[r]], st[r], arg[r]
					if x > v {
						v, a = x, uint8(b)
					}
					st[r], arg[r] = v, a
				}
			default:
				for r := range st {
					st[r] = max(st[r], w.cv[cls[r]])
				}
			}
		}
		// Five of a kind: the joker changes the points and, forced, the legal boxes;
		// the extra bonus adds to every box.
		for _, y := range widget.YahtzeeRolls {
			best, bestBox := math.Inf(-1), uint8(0)
			for l := sp.Legal(mask, y, ru); l != 0; l &= l - 1 {
				b := bits.TrailingZeros32(l)
				x := sp.Apply(mask, u, f, b, y)
				if v := w.fillValue(x); v > best {
					best, bestBox = v, uint8(b)
				}
			}
			st[y], arg[y] = best, bestBox
		}
	}
}

// expect fills w.ev with the expected value of every keep when its missing dice are
// rolled and the result is worth next[roll].
func (w *Widget) expect(next *[widget.NumRolls]float64) {
	ev := &w.ev
	copy(ev[widget.RollBase:], next[:])
	for k := widget.RollBase - 1; k >= 0; k-- {
		a := &widget.KeepAdd[k]
		ev[k] = (ev[a[0]] + ev[a[1]] + ev[a[2]] + ev[a[3]] + ev[a[4]] + ev[a[5]]) * (1.0 / 6)
	}
}

// bestRolls sets out[r] to the larger of stop[r] and the best value of rerolling part of
// roll r (w.ev), without enumerating the sub-keeps of each roll: m[k], the best value
// of any keep inside k, follows from the keeps one die smaller, and a roll's best reroll
// is the best m among its four-dice keeps.
func (w *Widget) bestRolls(stop, out *[widget.NumRolls]float64) {
	ev, m := &w.ev, &w.m
	m[0] = ev[0]
	for k := 1; k < widget.RollBase; k++ {
		x := ev[k]
		for _, j := range widget.KeepRem[widget.RemStart[k]:widget.RemStart[k+1]] {
			x = max(x, m[j])
		}
		m[k] = x
	}
	for r := range widget.NumRolls {
		x := stop[r]
		for _, j := range widget.KeepRem[widget.RemStart[widget.RollBase+r]:widget.RemStart[widget.RollBase+r+1]] {
			x = max(x, m[j])
		}
		out[r] = x
	}
}

// Value returns the expected value of state (mask, u, f) before its first roll, playing
// the turn optimally; it leaves the values of every roll at every roll number in w.val.
func (w *Widget) Value(mask uint32, u, f int, track bool) float64 {
	w.Stops(mask, u, f, track)
	last := w.sp.Rolls - 1
	w.val[last] = *w.StopLayer(last + 1)
	for ru := last - 1; ru >= 0; ru-- {
		w.expect(&w.val[ru+1])
		w.bestRolls(w.StopLayer(ru+1), &w.val[ru])
	}
	e := 0.0
	for r, p := range widget.RollProb {
		e += p * w.val[0][r]
	}
	return e
}

// Decide computes the decisions of every roll of state (mask, u, f) into out. Ties go,
// for the keep, to stopping, then to the keep of more dice, then to the lower keep
// index (the order of engine.SubKeeps, as engine.TurnPlan breaks them), and for the box
// to the lowest box index: the first of the equal values in a fixed order, which makes
// play deterministic. The best keep inside every keep follows from the keeps one die
// smaller, as in bestRolls, carrying the keep along with its value: the tie-break is a
// total order, so the best of a set does not depend on how the set is split.
//
// It returns the value of the state, the same number as value computes.
func (w *Widget) Decide(mask uint32, u, f int, out *[widget.NumRolls]uint32) float64 {
	sp := w.sp
	w.Stops(mask, u, f, true)
	last := sp.Rolls - 1
	w.val[last] = *w.StopLayer(last + 1)
	for r := range out {
		out[r] = uint32(w.box[0][r])
	}
	ev, m, mk := &w.ev, &w.m, &w.mk
	for ru := last - 1; ru >= 0; ru-- {
		w.expect(&w.val[ru+1])
		m[0], mk[0] = ev[0], 0
		for k := 1; k < widget.RollBase; k++ {
			x, xk := ev[k], uint16(k)
			for _, j := range widget.KeepRem[widget.RemStart[k]:widget.RemStart[k+1]] {
				// Keeps one die smaller come in increasing index, so a tie goes to
				// the keep already held unless it is smaller.
				y, yk := m[j], mk[j]
				if y > x || (y == x && widget.KeepSize[yk] > widget.KeepSize[xk]) || (y == x && widget.KeepSize[yk] == widget.KeepSize[xk] && yk < xk) {
					x, xk = y, yk
				}
			}
			m[k], mk[k] = x, xk
		}
		st := w.StopLayer(ru + 1)
		shift := widget.BoxBits + widget.KeepBits*(last-ru-1)
		for r := range widget.NumRolls {
			x, xk := st[r], uint16(widget.RollBase+r)
			for _, j := range widget.KeepRem[widget.RemStart[widget.RollBase+r]:widget.RemStart[widget.RollBase+r+1]] {
				y, yk := m[j], mk[j]
				if y > x || (y == x && xk < widget.RollBase && (widget.KeepSize[yk] > widget.KeepSize[xk] || (widget.KeepSize[yk] == widget.KeepSize[xk] && yk < xk))) {
					x, xk = y, yk
				}
			}
			w.val[ru][r] = x
			if xk < widget.RollBase {
				out[r] |= uint32(widget.SubPos[r][xk]) << shift
			}
		}
	}
	e := 0.0
	for r, p := range widget.RollProb {
		e += p * w.val[0][r]
	}
	return e
}
