//go:build amd64 && !purego

package optimal

// The kernels a processor runs: AVX-512 where the processor and the operating system
// have it, else AVX, else the Go versions.
const (
	kernelsGo = iota
	kernelsAVX
	kernelsAVX512
)

var (
	hasAVX    = cpuHasAVX()
	hasAVX512 = hasAVX && cpuHasAVX512()
	// kernelLevel is the kernels in use; tests lower it to compare every level.
	kernelLevel = map[bool]int{true: kernelsAVX512, false: map[bool]int{true: kernelsAVX, false: kernelsGo}[hasAVX]}[hasAVX512]
)

// kernelNames name the levels, for benchmarks and messages.
var kernelNames = [...]string{kernelsGo: "Go", kernelsAVX: "AVX", kernelsAVX512: "AVX-512"}

// laneAlign returns the multiple of which a widget's stride of lanes must be: the AVX-512
// kernels work 16 lanes at a time.
func laneAlign() int {
	if kernelLevel == kernelsAVX512 {
		return 16
	}
	return 4
}

func cpuHasAVX() bool
func cpuHasAVX512() bool

//go:noescape
func expectAVX(ev *float64, S int, add *[rollBase][6]uint16, nk int)

//go:noescape
func bestRollsAVX(ev, m, stop, out *float64, S int, remStart *uint16, keepRem *uint16, nk, nr int)

//go:noescape
func decideRollsAVX(ev, m, mk, stop, out, bk *float64, S int, remStart *uint16, keepRem *uint16, rank *float64, nk, nr int)

//go:noescape
func maxClassAVX(st, cv *float64, S int, cls *uint8, nr int)

//go:noescape
func maxClassArgAVX(st, arg, cv *float64, S int, cls *uint8, b float64, nr int)

//go:noescape
func dotAVX(e, val *float64, S int, prob *float64, nr int)

//go:noescape
func expectZ(ev *float64, rowBytes int, addOff *[rollBase][6]int32, nk int)

//go:noescape
func bestRollsZ(ev, m, stop, out *float64, rowBytes int, remStart *uint16, remOff *int32, nk, nkr int)

//go:noescape
func decideRollsZ(ev, m, mk, stop, out *float64, bk *uint8, rowBytes int, remStart *uint16, remOff *int32, rank *float64, nk, nkr int)

//go:noescape
func stopsZ(st, cv *float64, rowBytes int, boxes *stopBox, nb, nr int)

//go:noescape
func stopsArgZ(st *float64, arg *uint8, cv *float64, rowBytes int, boxes *stopBox, nb, nr int)

//go:noescape
func dotZ(e, val *float64, rowBytes int, prob *float64, nr int)

// lanePlan holds the byte offsets of the rows the AVX-512 kernels read, for vectors of S
// lanes: the keeps of one more die (keepAdd) and of one die less (keepRem).
type lanePlan struct {
	rowBytes int
	addOff   [rollBase][6]int32
	remOff   []int32
}

// lanePlans[S/16] is the plan of a stride of S lanes.
var lanePlans [maxLanes/16 + 1]*lanePlan

func init() {
	for S := 16; S <= maxLanes; S += 16 {
		p := &lanePlan{rowBytes: 8 * S, remOff: make([]int32, len(keepRem))}
		for k := range p.addOff {
			for f, a := range keepAdd[k] {
				p.addOff[k][f] = int32(int(a) * 8 * S)
			}
		}
		for i, j := range keepRem {
			p.remOff[i] = int32(int(j) * 8 * S)
		}
		lanePlans[S/16] = p
	}
}

// The assembly trusts the lengths of its vectors: each wrapper checks them first, so that
// a mistake is a panic, never a write out of bounds.

func expectLanes(ev []float64, S int) {
	switch kernelLevel {
	case kernelsAVX512:
		_ = ev[numKeeps*S-1]
		expectZ(&ev[0], 8*S, &lanePlans[S/16].addOff, rollBase)
	case kernelsAVX:
		_ = ev[numKeeps*S-1]
		expectAVX(&ev[0], S, &keepAdd, rollBase)
	default:
		expectGeneric(ev, S)
	}
}

func bestRollsLanes(ev, m, stop, out []float64, S int) {
	_, _, _, _ = ev[numKeeps*S-1], m[rollBase*S-1], stop[numRolls*S-1], out[numRolls*S-1]
	switch kernelLevel {
	case kernelsAVX512:
		bestRollsZ(&ev[0], &m[0], &stop[0], &out[0], 8*S, &remStart[0], &lanePlans[S/16].remOff[0], rollBase, numKeeps)
	case kernelsAVX:
		bestRollsAVX(&ev[0], &m[0], &stop[0], &out[0], S, &remStart[0], &keepRem[0], rollBase, numRolls)
	default:
		bestRollsGeneric(ev, m, stop, out, S)
	}
}

// decideRollsLanes is decideRollsGeneric; bkf is scratch space of numRolls*S values for
// the AVX kernel, which carries the ranks of the rolls as float64.
func decideRollsLanes(ev, m, mk, stop, out []float64, bk []uint8, bkf []float64, S int) {
	_, _, _ = ev[numKeeps*S-1], m[rollBase*S-1], mk[rollBase*S-1]
	_, _, _ = stop[numRolls*S-1], out[numRolls*S-1], bk[numRolls*S-1]
	switch kernelLevel {
	case kernelsAVX512:
		decideRollsZ(&ev[0], &m[0], &mk[0], &stop[0], &out[0], &bk[0], 8*S, &remStart[0], &lanePlans[S/16].remOff[0], &keepRankF[0], rollBase, numKeeps)
	case kernelsAVX:
		_ = bkf[numRolls*S-1]
		decideRollsAVX(&ev[0], &m[0], &mk[0], &stop[0], &out[0], &bkf[0], S, &remStart[0], &keepRem[0], &keepRankF[0], rollBase, numRolls)
		for i, x := range bkf[:numRolls*S] {
			bk[i] = uint8(x)
		}
	default:
		decideRollsGeneric(ev, m, mk, stop, out, bk, S)
	}
}

// stopsLanes is stopsGeneric; argf is scratch space of numRolls*S values for the AVX
// kernels, which carry boxes as float64.
func stopsLanes(st []float64, arg []uint8, argf []float64, cv []float64, S int, boxes []stopBox) {
	_ = st[numRolls*S-1]
	if arg != nil {
		_ = arg[numRolls*S-1]
	}
	for _, b := range boxes {
		_ = cv[b.base/8+b.rows*S-1]
	}
	switch {
	case len(boxes) == 0 || kernelLevel == kernelsGo:
		stopsGeneric(st, arg, cv, S, boxes)
	case kernelLevel == kernelsAVX512 && arg == nil:
		stopsZ(&st[0], &cv[0], 8*S, &boxes[0], len(boxes), numRolls)
	case kernelLevel == kernelsAVX512:
		stopsArgZ(&st[0], &arg[0], &cv[0], 8*S, &boxes[0], len(boxes), numRolls)
	default:
		fillNegInf(st[:numRolls*S])
		if arg == nil {
			for _, b := range boxes {
				maxClassAVX(&st[0], &cv[b.base/8], S, &b.cls[0], numRolls)
			}
			return
		}
		_ = argf[numRolls*S-1]
		for i := range argf[:numRolls*S] {
			argf[i] = float64(boxes[0].box)
		}
		for _, b := range boxes {
			maxClassArgAVX(&st[0], &argf[0], &cv[b.base/8], S, &b.cls[0], float64(b.box), numRolls)
		}
		for i, x := range argf[:numRolls*S] {
			arg[i] = uint8(x)
		}
	}
}

func maxClassLanes(st, cv []float64, S int, cls *[numRolls]uint8) {
	if kernelLevel < kernelsAVX {
		maxClassGeneric(st, cv, S, cls)
		return
	}
	_, _ = st[numRolls*S-1], cv[256*S-1] // a class is below 256
	maxClassAVX(&st[0], &cv[0], S, &cls[0], numRolls)
}

func maxClassArgLanes(st, arg, cv []float64, S int, cls *[numRolls]uint8, b float64) {
	if kernelLevel < kernelsAVX {
		maxClassArgGeneric(st, arg, cv, S, cls, b)
		return
	}
	_, _, _ = st[numRolls*S-1], arg[numRolls*S-1], cv[256*S-1]
	maxClassArgAVX(&st[0], &arg[0], &cv[0], S, &cls[0], b, numRolls)
}

func dotLanes(e, val []float64, S int) {
	_, _ = e[S-1], val[numRolls*S-1]
	switch kernelLevel {
	case kernelsAVX512:
		dotZ(&e[0], &val[0], 8*S, &rollProb[0], numRolls)
	case kernelsAVX:
		dotAVX(&e[0], &val[0], S, &rollProb[0], numRolls)
	default:
		dotGeneric(e, val, S)
	}
}
