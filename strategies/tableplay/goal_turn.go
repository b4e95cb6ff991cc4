package tableplay

import (
	"math/bits"
	"unsafe"

	"yams/engine"
	"yams/strategies/widget"
)

// GoalTurn works out a turn of one column whose options are worth what the states after
// it are worth, and where what a state after it is worth depends on the points scored so
// far: the turn of a goal (target:T, beat:S), of win, of the best response of a player who
// sees the other's sheet (strategies/duel), whose "points" are the difference of the two
// players' points. Begin lists the (next state, points) pairs the turn's options reach and
// lays out their values as a goal's values are laid out (widget.GoalValues), for those
// pairs and nowhere else; Decide asks a NextValues for each pair's value and lets the
// widget work the turn out (DecideGoal).
type GoalTurn struct {
	sp *widget.Space
	w  *widget.Widget
	gv widget.GoalValues // the values of the states after the turn in play, laid out for w
	// stamp[i] is the turn that computed gv.Values[i]: a value is worked out once per
	// turn however many rolls lead to it.
	stamp []uint32
	turn  uint32
	items []TurnItem
	// The state of the turn laid out by Begin.
	mask    uint32
	u, f, p int
}

// TurnItem is a (next state, points) pair a turn's options may reach: the next state's
// dense index and the points so far there, and where its value goes in the layout.
type TurnItem struct {
	Next int32
	P    int32
	at   int32
}

// NextValues values the states after a turn: the value of state next (a dense index of
// the turn's space) with p points so far.
type NextValues interface {
	Value(next, p int) float64
}

// NewGoalTurn returns the turn machinery of space sp.
func NewGoalTurn(sp *widget.Space) *GoalTurn {
	gt := &GoalTurn{sp: sp}
	ng := sp.NumFlags << sp.NumBoxes
	gt.gv = widget.GoalValues{Base: make([]int64, ng+1), Lo: make([]int32, ng), Width: make([]int32, ng),
		Least: make([]int32, ng), Rank: make([]uint16, len(sp.UpperReach))}
	for up, lanes := range sp.Lanes {
		for k, u := range lanes {
			gt.gv.Rank[up*sp.NumSubtotals+int(u)] = uint16(k)
		}
	}
	n := goalTurnValues(sp)
	gt.gv.Values = make([]float64, n)
	gt.stamp = make([]uint32, n)
	gt.w = widget.NewWidget(sp, nil)
	gt.w.GoalValues = &gt.gv
	return gt
}

// goalTurnValues is the largest layout of values a turn needs (GoalTurn.gv.Values):
// every box's next groups, every subtotal, every reward a box may bring.
func goalTurnValues(sp *widget.Space) int {
	n := 0
	maxLanes := 0
	for _, l := range sp.Lanes {
		maxLanes = max(maxLanes, len(l))
	}
	best, least := sp.BoxReach()
	for b := range sp.NumBoxes {
		n += sp.NumFlags * maxLanes * (best[b] - least[b] + sp.UpperBonus + sp.ExtraBonus + 1)
	}
	return n
}

// goalTurnMemory is the memory of a GoalTurn of sp (NewGoalTurn): its values and their
// stamps, the goal layout of every group and subtotal, and its widget.
func goalTurnMemory(sp *widget.Space) int64 {
	ng := int64(sp.NumFlags) << sp.NumBoxes
	return int64(goalTurnValues(sp))*(8+4) + (ng+1)*8 + 3*ng*4 + int64(len(sp.UpperReach))*2 +
		widget.WidgetMemory(widget.ShapeOf(sp)) + int64(unsafe.Sizeof(GoalTurn{}))
}

// Begin lays out the turn of state (mask, u, f) with p points so far, and returns the
// (next state, points) pairs its options reach (valid until the next Begin).
func (gt *GoalTurn) Begin(mask uint32, u, f, p int) []TurnItem {
	sp, gv := gt.sp, &gt.gv
	gt.mask, gt.u, gt.f, gt.p = mask, u, f, p
	gt.turn++
	if gt.turn == 0 { // the stamps wrapped: forget them all
		clear(gt.stamp)
		gt.turn = 1
	}
	g0 := int(mask)*sp.NumFlags + f
	gv.Lo[g0], gv.Width[g0] = int32(p), 1
	gt.items = gt.items[:0]
	// The boxes the turn may fill, and their scores, as the widget asks for them.
	layers := sp.Rolls
	if sp.SameStop {
		layers = 1
	}
	var open, fives uint32
	var fiveLegal [engine.NumFaces]uint32
	for ru := 1; ru <= layers; ru++ {
		open |= sp.Legal(mask, widget.PlainRoll, ru)
		for i, y := range widget.YahtzeeRolls {
			fiveLegal[i] |= sp.Legal(mask, y, ru)
			fives |= fiveLegal[i]
		}
	}
	n := int64(0)
	for l := open | fives; l != 0; l &= l - 1 {
		b := bits.TrailingZeros32(l)
		nm := mask | 1<<b
		up2 := sp.Up(nm)
		ranks := int64(len(sp.Lanes[up2]))
		// The rewards of box b from this state, and the flags it leads to.
		first := len(gt.items)
		minP, maxP := [2]int{1 << 30, 1 << 30}, [2]int{-1 << 30, -1 << 30}
		add := func(pts int, five bool) {
			t, f2, reward := gt.Step(mask, u, f, b, pts, five)
			np := p + reward
			minP[f2], maxP[f2] = min(minP[f2], np), max(maxP[f2], np)
			gt.items = append(gt.items, TurnItem{Next: int32(sp.Index(nm, t, f2)), P: int32(np), at: int32(f2)})
		}
		if open&(1<<b) != 0 {
			for _, pts := range sp.ClassScores[b] {
				add(pts, false)
			}
		}
		for i, y := range widget.YahtzeeRolls {
			if fiveLegal[i]&(1<<b) != 0 {
				add(sp.Rules.Points(uint64(mask), engine.BoxID(b), y), true)
			}
		}
		// Lay out the next groups of box b: every subtotal, the rewards seen.
		for f2 := range sp.NumFlags {
			if minP[f2] > maxP[f2] {
				continue
			}
			g2 := int(nm)*sp.NumFlags + f2
			gv.Base[g2], gv.Lo[g2], gv.Width[g2] = n, int32(minP[f2]), int32(maxP[f2]-minP[f2]+1)
			n += ranks * int64(gv.Width[g2])
		}
		for k := first; k < len(gt.items); k++ {
			it := &gt.items[k]
			f2 := int(it.at)
			g2 := int(nm)*sp.NumFlags + f2
			_, t, _ := sp.Split(int(it.Next))
			it.at = int32(gv.Base[g2] + int64(gv.Rank[up2*sp.NumSubtotals+t])*int64(gv.Width[g2]) + int64(int(it.P)-int(gv.Lo[g2])))
		}
	}
	return gt.items
}

// Decide values every pair of the turn laid out by Begin with v, and works out the
// decisions of the turn into out. It returns the turn's value.
func (gt *GoalTurn) Decide(v NextValues, out *[widget.NumRolls]uint32) float64 {
	gv := &gt.gv
	for _, it := range gt.items {
		if gt.stamp[it.at] == gt.turn {
			continue
		}
		gt.stamp[it.at] = gt.turn
		gv.Values[it.at] = v.Value(int(it.Next), int(it.P))
	}
	return gt.w.DecideGoal(gt.mask, gt.u, gt.f, gt.p, out)
}

// Step returns the state and flag a turn of state (mask, u, f) leads to when it scores
// pts in box b (five: with five of a kind), and the points it gains: what the widget's
// scoring of a box makes of it.
func (gt *GoalTurn) Step(mask uint32, u, f, b, pts int, five bool) (t, f2, reward int) {
	sp := gt.sp
	reward = sp.Sign[b] * pts
	f2 = f
	if sp.NumFlags == 2 {
		if five && f == 1 {
			reward += sp.ExtraBonus
		}
		if b == sp.YahtzeeBox && pts > 0 {
			f2 = 1
		}
	}
	t = u
	if sp.UpperMask&(1<<b) != 0 {
		dead := 0
		if sp.Merged {
			dead = sp.DeadBelow[sp.Up(mask|1<<b)]
		}
		var bonus int
		t, bonus = sp.UpperStep(u, pts, dead)
		reward += bonus
	}
	return t, f2, reward
}
