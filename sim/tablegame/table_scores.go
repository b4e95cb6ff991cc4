package tablegame

import "yams/sim"

// The final scores of table games: each player's (Results.Scores) and, at a table
// of two, the difference between the two players' totals, game by game
// (Results.Difference), which no pair of the players' own histograms can give.
// Both are integer histograms, so that slices of table games add up exactly.

// Scores returns the histogram of player p's final scores. The results keep it: it is not
// to be changed.
func (r *Results) Scores(p int) *sim.Histogram { return &r.scores[p] }

// Difference returns, at a table of two players, the histogram of player 1's final total
// less player 2's, one count per table game (players in the order of
// Config.Players, whatever their seats): above 0 player 1 won, at 0 they tied. It
// returns nil at a table of more players.
func (r *Results) Difference() *sim.Histogram {
	if len(r.Players) != 2 {
		return nil
	}
	return &r.diff
}

// newDifference returns the histogram of the differences of a table of players, sized
// for scores from lo to hi: empty unless there are two.
func newDifference(players, lo, hi int) sim.Histogram {
	if players != 2 {
		return sim.Histogram{}
	}
	return sim.NewHistogram(lo-hi, hi-lo)
}

// countDifference counts the difference of table game k of a chunk, whose totals are
// totals[p][k], at a table of two.
func (r *Results) countDifference(totals [][]int32, k int) {
	if len(totals) == 2 {
		r.diff.Add(int(totals[0][k] - totals[1][k]))
	}
}
