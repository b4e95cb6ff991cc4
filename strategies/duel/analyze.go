package duel

import (
	"cmp"
	"maps"
	"slices"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// Outcome is the exact outcome of the best response's play in a seat: the distribution
// of the final difference of points (its total minus the opponent's), and from it the
// chances of a win, a tie and a loss.
type Outcome struct {
	// Difference[i] is the probability that the game ends DiffMin+i points ahead.
	Difference     []float64
	DiffMin        int
	Win, Tie, Loss float64
	// Positions is the number of positions (both sheets and the difference, at the start
	// of a turn of the best response) its games reach.
	Positions int
}

// Analyze follows the best response's games in seat s forward, a turn of each player at
// a time, from the empty sheets: the probability of every position where it is its turn,
// pushed through its turn with the decisions the strategy best-response:S takes there
// (the forward pass of one turn of the exact analysis), then through the opponent's turn.
// Its chance of a win plus half its chance of a tie is the duel's value from the start
// (Chance), worked out backwards: the tests hold one to the other.
func (du *Duel) Analyze(s int) Outcome {
	br := newBestResponse(du)
	dec := &brDecider{br: br, opt: &analysis.OptimalDecider{Filler: solver.NewGroupFiller(du.mean), P: du.mean}}
	tw := analysis.NewTurnWorker(du.sp, dec)
	var res analysis.TurnResult
	final := map[int]float64{}
	type position struct{ a, b, d int32 }
	cur := map[position]float64{}
	a0, b0 := du.sp.Index(0, 0, 0), du.opp.first
	if s == 0 {
		cur[position{int32(a0), int32(b0), 0}] = 1
	} else {
		for _, t := range du.opp.trans[b0] {
			cur[position{int32(a0), t.Next, -t.Reward}] += t.Q
		}
	}
	out := Outcome{}
	for range du.sp.NumBoxes {
		next := map[position]float64{}
		// In a fixed order, so that the sums do not depend on the maps' order.
		keys := slices.SortedFunc(maps.Keys(cur), func(x, y position) int {
			return cmp.Or(cmp.Compare(x.b, y.b), cmp.Compare(x.a, y.a), cmp.Compare(x.d, y.d))
		})
		out.Positions += len(keys)
		for _, pos := range keys {
			m := cur[pos]
			a, b, d := int(pos.a), int(pos.b), int(pos.d)
			br.decide(s, b, d, a)
			res.Src, res.Count, res.Transitions = res.Src[:0], res.Count[:0], res.Transitions[:0]
			if err := tw.Run(a, 1, &res); err != nil {
				panic(err) // the decisions of a widget are legal
			}
			aFull := layerOf(du.sp, a)+1 == du.sp.NumBoxes
			for _, x := range res.Transitions {
				d2 := d + int(x.Reward)
				ts := du.opp.trans[b]
				if ts == nil {
					final[d2] += m * x.Q
					continue
				}
				for _, t := range ts {
					d3 := d2 - int(t.Reward)
					if aFull {
						final[d3] += m * x.Q * t.Q
					} else {
						next[position{x.Next, t.Next, int32(d3)}] += m * x.Q * t.Q
					}
				}
			}
		}
		cur = next
	}
	ds := slices.Sorted(maps.Keys(final))
	out.DiffMin = ds[0]
	out.Difference = make([]float64, ds[len(ds)-1]-ds[0]+1)
	for _, d := range ds {
		p := final[d]
		out.Difference[d-out.DiffMin] = p
		switch {
		case d > 0:
			out.Win += p
		case d == 0:
			out.Tie += p
		default:
			out.Loss += p
		}
	}
	return out
}

// brDecider gives a TurnWorker the decisions of the best response's turn last decided:
// optimal's where the turn is settled.
type brDecider struct {
	br  *bestResponse
	opt *analysis.OptimalDecider
}

func (d *brDecider) Begin(st widget.TurnState) error {
	if d.br.settled {
		return d.opt.Begin(st)
	}
	return nil
}

func (d *brDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	if d.br.settled {
		return d.opt.Keep(r, rollsLeft)
	}
	return widget.EntryKeep(d.br.entries[r], r, rollsLeft)
}

func (d *brDecider) Box(r engine.Roll, rollsUsed int) int {
	if d.br.settled {
		return d.opt.Box(r, rollsUsed)
	}
	return widget.EntryBox(d.br.entries[r])
}

func (d *brDecider) Err() error { return nil }
