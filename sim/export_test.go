package sim

// What the package's external tests use of its unexported API.

// Percentile returns the p-th percentile by nearest rank (percentile).
func (h *Histogram) Percentile(p int) int { return h.percentile(p) }

// Merge adds the counts of another slice of the same table games (merge).
func (r *TableResults) Merge(o *TableResults) error { return r.merge(o) }

// SetTurnByTurn makes RunTable play every table turn by turn (turnByTurn), for the test
// that solitaire players play the same games either way.
func SetTurnByTurn(on bool) { turnByTurn = on }
