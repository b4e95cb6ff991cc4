package serve

import (
	"yams/coach"
	"yams/strategies/analysis"
)

// prefetch measures, in the background, the advice of the position on the player's table
// where the rule set's values are estimated (games of column-tables played on from it,
// half a second or so): while the player looks at the dice, so that the judgement of
// their decision, and an advice they ask, read the games back from the estimates' cache
// (columns.EstimateCache) rather than wait for them. One at a time per game; a game's
// lock is not held, and the valuers of the rule set's pool bound how many run at once.
// Called with the game's lock held.
func (g *game) prefetch() {
	v := g.rs.values
	if g.phase != phasePlay || g.prefetching || v == nil || v.Exact() || g.human().sheet.Done() {
		return
	}
	sheet, roll, used := *g.human().sheet, g.roll, g.used
	g.prefetching = true
	go func() {
		g.rs.withPositions(func(v *coach.Values, pos analysis.Positions) error {
			if err := pos.Start(&sheet); err != nil {
				return err
			}
			coach.Advise(pos, v.Estimate, &sheet, roll, used)
			return nil
		})
		g.mu.Lock()
		g.prefetching = false
		g.mu.Unlock()
	}()
}
