//go:build !amd64 || purego

package widget

const (
	KernelsGo = iota
	KernelsAVX
	KernelsAVX512
)

// KernelLevel is the kernels in use: the Go versions (tests set it as on amd64).
var KernelLevel = KernelsGo

// KernelNames name the levels, for benchmarks and messages.
var KernelNames = [...]string{KernelsGo: "Go", KernelsAVX: "AVX", KernelsAVX512: "AVX-512"}

func laneAlign() int { return 4 }

func expectLanes(ev []float64, S int)                  { expectGeneric(ev, S) }
func bestRollsLanes(ev, m, stop, out []float64, S int) { bestRollsGeneric(ev, m, stop, out, S) }
func decideRollsLanes(ev, m, mk, stop, out []float64, bk []uint8, bkf []float64, S int) {
	decideRollsGeneric(ev, m, mk, stop, out, bk, S)
}
func stopsLanes(st []float64, arg []uint8, argf []float64, cv []float64, S int, boxes []stopBox) {
	stopsGeneric(st, arg, cv, S, boxes)
}
func maxClassLanes(st, cv []float64, S int, cls *[NumRolls]uint8) { maxClassGeneric(st, cv, S, cls) }
func maxClassArgLanes(st, arg, cv []float64, S int, cls *[NumRolls]uint8, b float64) {
	maxClassArgGeneric(st, arg, cv, S, cls, b)
}
func dotLanes(e, val []float64, S int) { dotGeneric(e, val, S) }
