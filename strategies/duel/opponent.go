package duel

import (
	"cmp"
	"fmt"
	"math/bits"
	"runtime"
	"slices"

	"yams/engine"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/tableplay"
	"yams/strategies/widget"
)

// opponent is the player the best response plays against, as yams follows its play state
// by state: the space of its states, the states its games reach, and the outcomes of its
// turn from each (the forward pass of one turn of the exact analysis).
type opponent struct {
	name  string
	sp    *widget.Space
	first int // its state at the start of a game
	// trans[i] are the outcomes of the turn of state i: the next state, the points
	// gained, the probability; nil for a state its games do not reach (or a full sheet).
	trans [][]analysis.Transition
	// layers[k] lists the states its games reach with k boxes filled, in increasing index.
	layers [][]int32
	reach  []bool
	// policy is the memory the tables of its decisions take.
	policy int64
}

// opponentSpace returns the space of the states of a player of strategy name on rules r,
// as StateDecisions lays it out for the best response (the exact subtotal for a strategy
// that is not an objective solved over states), without loading or solving anything; it
// refuses a strategy whose decisions depend on more than the state and the dice.
func opponentSpace(r *engine.Rules, name string) (*widget.Space, error) {
	as, why, err := tableplay.WinAssumes(r, name)
	if err != nil {
		return nil, err
	}
	if as != "" {
		return nil, fmt.Errorf("the best response answers a player whose decisions depend on the state of its sheet and the dice alone; %s is not one: %s", name, why)
	}
	if _, err := solver.ParseObjective(name); err == nil {
		return widget.NewSolverSpace(r)
	}
	return widget.ExactSpace(r)
}

// newOpponent follows the play of strategy name on rules r from the empty sheet, a layer
// of filled boxes at a time, with workers goroutines (0: one per CPU).
func newOpponent(r *engine.Rules, name string, workers int) (*opponent, error) {
	if _, err := opponentSpace(r, name); err != nil {
		return nil, err
	}
	sp, newDecider, base, err := tableplay.StateDecisions(r, name, true)
	if err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type worker struct {
		tw  *analysis.TurnWorker
		res analysis.TurnResult
	}
	ws := make([]*worker, workers)
	for i := range ws {
		d, err := newDecider()
		if err != nil {
			return nil, err
		}
		ws[i] = &worker{tw: analysis.NewTurnWorker(sp, d)}
	}
	o := &opponent{name: name, sp: sp, first: sp.Index(0, 0, 0), policy: base,
		trans: make([][]analysis.Transition, sp.NumStates()), reach: make([]bool, sp.NumStates()),
		layers: make([][]int32, sp.NumBoxes+1)}
	o.reach[o.first] = true
	o.layers[0] = []int32{int32(o.first)}
	errs := make([]error, workers)
	for k := range sp.NumBoxes {
		list := o.layers[k]
		solver.ForEach(ws, len(list), func(w *worker, id, j int) {
			if errs[id] != nil {
				return
			}
			i := int(list[j])
			res := &w.res
			res.Src, res.Count, res.Transitions = res.Src[:0], res.Count[:0], res.Transitions[:0]
			if err := w.tw.Run(i, 1, res); err != nil {
				errs[id] = fmt.Errorf("the play of %s from state %d: %w", name, i, err)
				return
			}
			o.trans[i] = mergeTransitions(res.Transitions)
		})
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		for _, i := range list {
			for _, t := range o.trans[i] {
				if !o.reach[t.Next] {
					o.reach[t.Next] = true
					o.layers[k+1] = append(o.layers[k+1], t.Next)
				}
			}
		}
		slices.Sort(o.layers[k+1])
	}
	return o, nil
}

// mergeTransitions returns the outcomes of a turn with those of the same next state and
// points added together, in the order of the next state and the points.
func mergeTransitions(ts []analysis.Transition) []analysis.Transition {
	out := slices.Clone(ts)
	slices.SortFunc(out, func(a, b analysis.Transition) int {
		return cmp.Or(cmp.Compare(a.Next, b.Next), cmp.Compare(a.Reward, b.Reward))
	})
	n := 0
	for _, t := range out {
		if n > 0 && out[n-1].Next == t.Next && out[n-1].Reward == t.Reward {
			out[n-1].Q += t.Q
			continue
		}
		out[n] = t
		n++
	}
	return slices.Clip(out[:n])
}

// layerOf returns the number of filled boxes of state i of sp.
func layerOf(sp *widget.Space, i int) int {
	mask, _, _ := sp.Split(i)
	return bits.OnesCount32(mask)
}
