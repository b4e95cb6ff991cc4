//go:build !amd64 || purego

package optimal

func expectLanes(ev []float64, S int)                  { expectGeneric(ev, S) }
func bestRollsLanes(ev, m, stop, out []float64, S int) { bestRollsGeneric(ev, m, stop, out, S) }
func decideRollsLanes(ev, m, mk, stop, out, bk []float64, S int) {
	decideRollsGeneric(ev, m, mk, stop, out, bk, S)
}
func maxClassLanes(st, cv []float64, S int, cls *[numRolls]uint8) { maxClassGeneric(st, cv, S, cls) }
func maxClassArgLanes(st, arg, cv []float64, S int, cls *[numRolls]uint8, b float64) {
	maxClassArgGeneric(st, arg, cv, S, cls, b)
}
func dotLanes(e, val []float64, S int) { dotGeneric(e, val, S) }

// kernelsName names the kernels in use, for benchmarks and messages.
const kernelsName = "Go"
