package sim

// names returns the strategies of the results, in order.
func (r *Results) names() []string {
	var n []string
	for _, s := range r.Summaries {
		n = append(n, s.Strategy)
	}
	return n
}

// planned returns the games the results set out to play (Games when they are complete).
func (r *Results) planned() int64 { return max(r.Planned, r.Games) }
