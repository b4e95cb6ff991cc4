package sim

// The counts of a chunk of games are played into a Summary of their own, added to the
// worker's committed counts once the chunk is committed (Run); these empty them for reuse.

// clear empties the counts of s, keeping its storage and shape.
func (s *Summary) clear() {
	s.Games, s.YahtzeeScored, s.JokerGames = 0, 0, 0
	clear(s.Scores.Counts)
	clear(s.ExtraBonuses.Counts)
	clear(s.UpperBonus)
	for c := range s.UpperSubtotal {
		clear(s.UpperSubtotal[c].Counts)
	}
	for i := range s.Slots {
		sl := &s.Slots[i]
		sl.Sum, sl.Zeros, sl.Jokers = 0, 0, 0
		clear(sl.FillTurn)
	}
	s.blocks = [len(s.blocks)]blockSums{}
	if s.Regret != nil {
		s.Regret.clear()
	}
}

// empty returns an empty summary of the same shape as s (histograms of the same ranges).
func (s *Summary) empty() *Summary {
	c := s.clone()
	c.clear()
	return c
}

// clear empties the counts of p.
func (p *Pair) clear() { *p = Pair{A: p.A, B: p.B} }
