package tableplay

import (
	"fmt"
	"math"
	"sync"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/analysis"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// WinAnalyst looks at the games of win at a table for a report (strategies.TableAnalyst):
// it judges each decision of win against optimal's at the same position, and estimates
// each player's chance of winning from the sheets as win does.
//
// A decision that differs from optimal's is riskier or safer by the spread of the final
// score it leads to, both decisions played on as optimal plays: its standard deviation,
// from the rest of the turn under optimal's decisions and the distributions of the points
// still to come from the states the turn leads to.
type WinAnalyst struct {
	sh    *winShared
	sp    *widget.Space
	mean  *solver.Strategy
	dec   *analysis.OptimalDecider
	turn  *winTurn
	mom   *remainingMoments
	opp   []opponent
	q, q2 [widget.NumKeeps]float64
}

// remainingMoments are the mean and the second moment of the points still to come from
// every state, from a remaining table.
type remainingMoments struct {
	mean, m2 []float64
}

var winMoments sync.Map // *remaining → *remainingMoments

func momentsOf(rm *remaining) *remainingMoments {
	if m, ok := winMoments.Load(rm); ok {
		return m.(*remainingMoments)
	}
	n := len(rm.off)
	m := &remainingMoments{mean: make([]float64, n), m2: make([]float64, n)}
	for i := range n {
		lo, d := rm.dist(i)
		for k, x := range d {
			s := float64(lo + k)
			m.mean[i] += float64(x) * s
			m.m2[i] += float64(x) * s * s
		}
	}
	got, _ := winMoments.LoadOrStore(rm, m)
	return got.(*remainingMoments)
}

// NewWinAnalyst returns an analyst of the strategy win on rules r, at tables of the named
// players.
func NewWinAnalyst(r *engine.Rules, players []string) (*WinAnalyst, error) {
	sh, err := WinSharedFor(r)
	if err != nil {
		return nil, err
	}
	for _, name := range players {
		if _, _, err := sh.model(name); err != nil {
			return nil, err
		}
	}
	p := sh.mean
	return &WinAnalyst{sh: sh, sp: p.Space, mean: solver.NewStrategyFrom(p), dec: &analysis.OptimalDecider{Filler: solver.NewGroupFiller(p), P: p},
		turn: newWinTurn(p.Space, sh.own, p.Table.Values), mom: momentsOf(sh.own)}, nil
}

// Keep implements strategies.TableAnalyst.
func (a *WinAnalyst) Keep(t *strategies.Table, r engine.Roll, rollsLeft int, k engine.Keep) strategies.Verdict {
	s := t.Sheets[t.Seat]
	o := a.mean.Keep(s, r, rollsLeft)
	if o == k {
		return strategies.Same
	}
	used := a.sp.Rolls - rollsLeft
	return verdict(a.keepSD(s, r, used, k), a.keepSD(s, r, used, o))
}

// Box implements strategies.TableAnalyst.
func (a *WinAnalyst) Box(t *strategies.Table, r engine.Roll, rollsUsed int, b engine.BoxID) strategies.Verdict {
	s := t.Sheets[t.Seat]
	o := a.mean.Box(s, r, rollsUsed)
	if o == b {
		return strategies.Same
	}
	mask, u, f, _ := a.sp.SheetParts(s)
	sd := func(b int) float64 {
		x := a.sp.Apply(mask, u, f, b, r)
		return math.Sqrt(max(0, a.mom.m2[x.Next]-a.mom.mean[x.Next]*a.mom.mean[x.Next]))
	}
	return verdict(sd(int(b)), sd(int(o)))
}

// verdict compares the spreads of the decision taken and of the other.
func verdict(taken, other float64) strategies.Verdict {
	switch d := taken - other; {
	case d > 1e-9*max(1, other):
		return strategies.Riskier
	case d < -1e-9*max(1, other):
		return strategies.Safer
	}
	return strategies.Other
}

// keepSD returns the standard deviation of the final score of sheet s when keep k is held
// from roll r after used rolls, the rest played as optimal plays.
func (a *WinAnalyst) keepSD(s *engine.Sheet, r engine.Roll, used int, k engine.Keep) float64 {
	sp := a.sp
	mask, u, f, _ := sp.SheetParts(s)
	a.dec.Begin(sp.State(sp.Index(mask, u, f)))
	p := float64(sp.PointsSoFar(s))
	var m1, m2 float64
	outcome := func(roll engine.Roll, ru int, w float64) {
		x := sp.Apply(mask, u, f, a.dec.Box(roll, ru), roll)
		base := p + float64(x.Reward)
		mu := a.mom.mean[x.Next]
		m1 += w * (base + mu)
		m2 += w * (base*base + 2*base*mu + a.mom.m2[x.Next])
	}
	if k.IsRoll() {
		outcome(r, used, 1)
	} else {
		q := &a.q
		clear(q[:])
		q[k] = 1
		for ru := used + 1; ru <= sp.Rolls; ru++ {
			// The mass of the keeps spreads over the keeps of one more die, up to rolls.
			for kk := range widget.RollBase {
				if x := q[kk]; x != 0 {
					x *= 1.0 / 6
					for _, add := range widget.KeepAdd[kk] {
						q[add] += x
					}
					q[kk] = 0
				}
			}
			q2 := &a.q2
			clear(q2[:])
			for ri, m := range q[widget.RollBase:] {
				if m == 0 {
					continue
				}
				roll := engine.Roll(ri)
				if ru < sp.Rolls {
					if kk := a.dec.Keep(roll, sp.Rolls-ru); kk != roll.Keep() {
						q2[kk] += m
						continue
					}
				}
				outcome(roll, ru, m)
			}
			*q = *q2
		}
	}
	return math.Sqrt(max(0, m2-m1*m1))
}

// Chances implements strategies.TableAnalyst: each player's chance of finishing first
// if every one plays the rest of the game as win models them (win as optimal).
func (a *WinAnalyst) Chances(t *strategies.Table, out []float64) {
	n := len(t.Sheets)
	type dist struct {
		lo int
		p  []float32
	}
	ds := make([]dist, n)
	for s, sh := range t.Sheets {
		_, m, err := a.sh.model(t.Players[s])
		if err != nil {
			panic(fmt.Sprintf("optimal: no model of %s: %v", t.Players[s], err))
		}
		i, ok := m.rm.sp.SheetState(sh)
		if !ok {
			panic(fmt.Sprintf("optimal: the sheet of seat %d is not a state of rules %s", s, a.sp.Rules.Name()))
		}
		lo, d := m.rm.dist(i)
		ds[s] = dist{lo + m.rm.sp.PointsSoFar(sh), d}
	}
	for s := range n {
		a.opp = a.opp[:0]
		for o := range n {
			if o != s {
				a.opp = append(a.opp, opponent{lo: ds[o].lo, p: ds[o].p})
			}
		}
		d := ds[s]
		a.turn.util.fillU(d.lo, d.lo+len(d.p)-1, a.opp)
		sum := 0.0
		for _, x := range d.p {
			sum += float64(x)
		}
		out[s] = winDot(d.p, a.turn.util.u) / sum
	}
}
