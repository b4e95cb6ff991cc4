package tableplay

import (
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies"
	"yams/strategies/widget"
)

// WinDuel decides as win does at a table of two: at the start of every turn of games
// played on random dice, against another player level or a turn ahead, the decisions
// WinDuel works out from the two states and the difference of points are the keeps and
// the boxes win takes from the sheets, for every roll. The other player has scored
// nothing (random boxes filled with 0): win then counts the points as WinDuel does, so
// that options of exactly the same value are told apart by the same rounding.
func TestWinDuelDecidesAsWin(t *testing.T) {
	r := exacttest.SmallRules(t)
	wd, err := NewWinDuel(r, "optimal")
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWinStrategy(r)
	if err != nil {
		t.Fatal(err)
	}
	players := []string{"win", "optimal"}
	if err := w.Join(players); err != nil {
		t.Fatal(err)
	}
	opt, err := strategies.New("optimal", r)
	if err != nil {
		t.Fatal(err)
	}
	dice, coin := rand.NewPCG(3, 4), rand.New(rand.NewPCG(5, 6))
	var tape engine.Tape
	sp, osp := w.sp, wd.rm.sp
	zeroable := []int{0, 1, 2, 3, 4, 5, 7} // the boxes that may hold 0: all but the subtracted chance
	turns, decided := 0, 0
	for range 12 {
		a := engine.NewSheet(r)
		for !a.Done() {
			second := coin.IntN(2) == 1 && a.Turn() < len(zeroable)
			b := zeroSheet(t, r, zeroable, a.Turn(), second, coin)
			mask, u, f, ok := sp.SheetParts(&a)
			ib, okB := osp.SheetState(&b)
			if !ok || !okB {
				t.Fatalf("sheets %#x and %#x are not states of rules %s", a.FilledMask(), b.FilledMask(), r.Name())
			}
			oMask, oU, oF := osp.Split(ib)
			d := sp.PointsSoFar(&a) - osp.PointsSoFar(&b)
			var entries [widget.NumRolls]uint32
			own := wd.DuelTurn(mask, u, f, oMask, oU, oF, d, second, &entries)
			w.SeeTable(&strategies.Table{Seat: 0, Sheets: []*engine.Sheet{&a, &b}, Players: players})
			for roll := range engine.Roll(widget.NumRolls) {
				for left := 1; left < r.Rolls(); left++ {
					want := opt.Keep(&a, roll, left)
					if own {
						want = widget.EntryKeep(entries[roll], roll, left)
					}
					if got := w.Keep(&a, roll, left); got != want {
						t.Fatalf("sheets %#x and %#x, %d ahead, roll %v, %d rolls left: win keeps %v, WinDuel %v", a.FilledMask(), b.FilledMask(), d, roll, left, got, want)
					}
				}
				want := opt.Box(&a, roll, r.Rolls())
				if own {
					want = engine.BoxID(widget.EntryBox(entries[roll]))
				}
				if got := w.Box(&a, roll, r.Rolls()); got != want {
					t.Fatalf("sheets %#x and %#x, %d ahead, roll %v: win fills %d, WinDuel %d", a.FilledMask(), b.FilledMask(), d, roll, got, want)
				}
			}
			turns++
			if own {
				decided++
			}
			finishTurn(&a, opt, dice, &tape)
		}
	}
	if decided == 0 {
		t.Fatalf("none of %d turns decided for the table", turns)
	}
	t.Logf("%d turns, %d decided for the table", turns, decided)
}

// zeroSheet returns a sheet of r with turns boxes of zeroable filled with 0 (one more if
// ahead), drawn with coin.
func zeroSheet(t *testing.T, r *engine.Rules, zeroable []int, turns int, ahead bool, coin *rand.Rand) engine.Sheet {
	t.Helper()
	if ahead {
		turns++
	}
	scores := make([]int, r.NumSlots())
	for i := range scores {
		scores[i] = -1
	}
	for _, i := range coin.Perm(len(zeroable))[:turns] {
		scores[zeroable[i]] = 0
	}
	sh, err := engine.SheetOf(r, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}
