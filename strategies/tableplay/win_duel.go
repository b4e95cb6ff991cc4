package tableplay

import (
	"fmt"
	"math/bits"

	"yams/engine"
	"yams/strategies/widget"
)

// WinDuel is win at a table of two against a player of one strategy, as strategies/duel
// follows its games exactly (duel.Player): so that what win wins is measured against the
// exact best response to the same player, where the sheet is small enough for its solve.
type WinDuel struct {
	s  *winStrategy
	rm *remaining // win's model of the other player
}

// NewWinDuel returns win on rules r at a table of two against a player of strategy
// opponent, refused as win's Join refuses the table.
func NewWinDuel(r *engine.Rules, opponent string) (*WinDuel, error) {
	s, err := newWinStrategy(r)
	if err != nil {
		return nil, err
	}
	if err := s.Join([]string{"win", opponent}); err != nil {
		return nil, err
	}
	_, m, err := s.sh.model(opponent)
	if err != nil {
		return nil, fmt.Errorf("win against %s: %w", opponent, err)
	}
	return &WinDuel{s: s, rm: m.rm}, nil
}

// DuelTurn works out win's decisions of the turn of its state (mask, u, f) of the solver's
// space against the other player's state (oMask, oU, oF) (an exact subtotal, made
// canonical here), d points ahead. At a table of two, win's decisions depend on these
// alone: its chances move with the difference of points, not the points, and the
// tie-break with its own points moves every option alike. The seat plays no part in win's
// decisions. It reports false where win plays optimal's decisions (out is then left as
// it is).
func (w *WinDuel) DuelTurn(mask uint32, u, f int, oMask uint32, oU, oF, d int, second bool, out *[widget.NumRolls]uint32) bool {
	s := w.s
	if bits.OnesCount32(mask) < s.opening {
		return false
	}
	osp := w.rm.sp
	b := osp.Index(oMask, osp.Canon(oMask, min(osp.UpperCap, oU)), oF)
	lo, dist := w.rm.dist(b)
	s.opp = append(s.opp[:0], opponent{lo: lo, p: dist})
	return s.turn.Decide(mask, u, f, d, s.opp, out)
}
