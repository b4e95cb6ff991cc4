package duel

import (
	"cmp"
	"maps"
	"math/bits"
	"slices"

	"yams/engine"
	"yams/internal/memlimit"
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

// Player is a player at a table of two whose decisions in a turn are a function of its
// sheet's state, the other's and the difference of points: the best response, win. The
// duel follows its games exactly (Follow).
type Player interface {
	// DuelTurn works out the decisions of the player's turn (policy entries, as the
	// widget packs them) in state (mask, u, f) of the solver's space, the other player's
	// sheet in state (oMask, oU, oF) (its subtotal exact, as the duel's opponent space
	// keeps it), d points ahead, in the second seat of the round or the first. It
	// returns false where it plays optimal's decisions, and then leaves out as it is.
	DuelTurn(mask uint32, u, f int, oMask uint32, oU, oF, d int, second bool, out *[widget.NumRolls]uint32) bool
}

// Analyze follows the best response's games in seat s (Follow): its chance of a win plus
// half its chance of a tie is the duel's value from the start (Chance), worked out
// backwards; the tests hold one to the other.
func (du *Duel) Analyze(s int) Outcome { return du.Follow(newBestResponse(du), s) }

// Follow follows the games of player p against the duel's opponent in seat s forward, a
// turn of each player at a time, from the empty sheets: the probability of every position
// where it is p's turn, pushed through its turn with p's decisions there (the forward
// pass of one turn of the exact analysis), then through the opponent's turn. It gives the
// exact outcome of any such player, the best response or not.
func (du *Duel) Follow(p Player, s int) Outcome {
	dec := &playerDecider{opt: &analysis.OptimalDecider{Filler: solver.NewGroupFiller(du.mean), P: du.mean}}
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
			mask, u, f := du.sp.Split(a)
			oMask, oU, oF := du.opp.sp.Split(b)
			dec.decided = p.DuelTurn(mask, u, f, oMask, oU, oF, d, s == 1, &dec.entries)
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

// playerDecider gives a TurnWorker the decisions of the turn of a Player last decided:
// optimal's where it plays them.
type playerDecider struct {
	decided bool
	entries [widget.NumRolls]uint32
	opt     *analysis.OptimalDecider
}

func (d *playerDecider) Begin(st widget.TurnState) error {
	if !d.decided {
		return d.opt.Begin(st)
	}
	return nil
}

func (d *playerDecider) Keep(r engine.Roll, rollsLeft int) engine.Keep {
	if !d.decided {
		return d.opt.Keep(r, rollsLeft)
	}
	return widget.EntryKeep(d.entries[r], r, rollsLeft)
}

func (d *playerDecider) Box(r engine.Roll, rollsUsed int) int {
	if !d.decided {
		return d.opt.Box(r, rollsUsed)
	}
	return widget.EntryBox(d.entries[r])
}

func (d *playerDecider) Err() error { return nil }

// followEntryBytes is what a position held by Follow costs: its entry in the map of its
// layer (a key of three int32 and a float64, with the map's slack and a growth's two
// copies) and in the sorted keys.
const followEntryBytes = 96

// FollowMemory bounds the memory of Follow, before it starts: at most two layers of
// positions held at once, each position of a layer one of the best response's states of
// the layer, one of the states of the layer or the next that the opponent's games reach,
// and a difference of points between the least and the most their filled boxes can have
// made.
func (du *Duel) FollowMemory() int64 {
	sp, osp := du.sp, du.opp.sp
	perLayer := make([]int64, sp.NumBoxes+1)
	reached := map[int]int64{} // the opponent's states its games reach, by group
	for b, ok := range du.opp.reach {
		if ok {
			reached[du.oppGroup(b)]++
		}
	}
	ob := groupBounds(osp)
	for gB, states := range reached {
		b := ob[gB]
		kB := bits.OnesCount32(uint32(gB / osp.NumFlags))
		for g, a := range du.own {
			mA, fA := uint32(g/sp.NumFlags), g%sp.NumFlags
			kA := bits.OnesCount32(mA)
			if !sp.GroupValid(mA, fA) || (kA != kB && kA+1 != kB) || kA == sp.NumBoxes {
				continue
			}
			w := int64(a.done-b.lowest) - int64(a.lowest-b.done) + 1
			perLayer[kA] = memlimit.Sum(perLayer[kA], memlimit.Mul(states, memlimit.Mul(int64(len(sp.Lanes[sp.Up(mA)])), w)))
		}
	}
	var peak int64
	for k := range sp.NumBoxes {
		peak = max(peak, memlimit.Sum(perLayer[k], perLayer[k+1]))
	}
	return memlimit.Mul(peak, followEntryBytes)
}
