package tablegame

// What the package's external tests use of its unexported API.

// Merge adds the counts of another slice of the same table games (merge).
func (r *Results) Merge(o *Results) error { return r.merge(o) }

// SetTurnByTurn makes Run play every table turn by turn (turnByTurn), for the test
// that solitaire players play the same games either way.
func SetTurnByTurn(on bool) { turnByTurn = on }
