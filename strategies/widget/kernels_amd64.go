//go:build amd64 && !purego

package widget

// The kernels a processor runs: AVX-512 where the processor and the operating system
// have it, else AVX, else the Go versions.
const (
	KernelsGo = iota
	KernelsAVX
	KernelsAVX512
)

var (
	hasAVX    = cpuHasAVX()
	hasAVX512 = hasAVX && cpuHasAVX512()
	// KernelLevel is the kernels in use; tests lower it to compare every level.
	KernelLevel = map[bool]int{true: KernelsAVX512, false: map[bool]int{true: KernelsAVX, false: KernelsGo}[hasAVX]}[hasAVX512]
)

// KernelNames name the levels, for benchmarks and messages.
var KernelNames = [...]string{KernelsGo: "Go", KernelsAVX: "AVX", KernelsAVX512: "AVX-512"}

// laneAlign returns the multiple of which a widget's stride of lanes must be: the AVX-512
// kernels work 16 lanes at a time.
func laneAlign() int {
	if KernelLevel == KernelsAVX512 {
		return 16
	}
	return 4
}

func cpuHasAVX() bool
func cpuHasAVX512() bool

//go:noescape
func expectAVX(ev *float64, S int, add *[RollBase][6]uint16, nk int)

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
func expectZ(ev *float64, rowBytes int, addOff *[RollBase][6]int32, nk int)

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
	addOff   [RollBase][6]int32
	remOff   []int32
}

// lanePlans[S/16] is the plan of a stride of S lanes.
var lanePlans [MaxLanes/16 + 1]*lanePlan

func init() {
	for S := 16; S <= MaxLanes; S += 16 {
		p := &lanePlan{rowBytes: 8 * S, remOff: make([]int32, len(KeepRem))}
		for k := range p.addOff {
			for f, a := range KeepAdd[k] {
				p.addOff[k][f] = int32(int(a) * 8 * S)
			}
		}
		for i, j := range KeepRem {
			p.remOff[i] = int32(int(j) * 8 * S)
		}
		lanePlans[S/16] = p
	}
}

// The assembly trusts the lengths of its vectors: each wrapper checks them first, so that
// a mistake is a panic, never a write out of bounds.

func expectLanes(ev []float64, S int) {
	switch KernelLevel {
	case KernelsAVX512:
		_ = ev[NumKeeps*S-1]
		expectZ(&ev[0], 8*S, &lanePlans[S/16].addOff, RollBase)
	case KernelsAVX:
		_ = ev[NumKeeps*S-1]
		expectAVX(&ev[0], S, &KeepAdd, RollBase)
	default:
		expectGeneric(ev, S)
	}
}

func bestRollsLanes(ev, m, stop, out []float64, S int) {
	_, _, _, _ = ev[NumKeeps*S-1], m[RollBase*S-1], stop[NumRolls*S-1], out[NumRolls*S-1]
	switch KernelLevel {
	case KernelsAVX512:
		bestRollsZ(&ev[0], &m[0], &stop[0], &out[0], 8*S, &RemStart[0], &lanePlans[S/16].remOff[0], RollBase, NumKeeps)
	case KernelsAVX:
		bestRollsAVX(&ev[0], &m[0], &stop[0], &out[0], S, &RemStart[0], &KeepRem[0], RollBase, NumRolls)
	default:
		bestRollsGeneric(ev, m, stop, out, S)
	}
}

// decideRollsLanes is decideRollsGeneric; bkf is scratch space of numRolls*S values for
// the AVX kernel, which carries the ranks of the rolls as float64.
func decideRollsLanes(ev, m, mk, stop, out []float64, bk []uint8, bkf []float64, S int) {
	_, _, _ = ev[NumKeeps*S-1], m[RollBase*S-1], mk[RollBase*S-1]
	_, _, _ = stop[NumRolls*S-1], out[NumRolls*S-1], bk[NumRolls*S-1]
	switch KernelLevel {
	case KernelsAVX512:
		decideRollsZ(&ev[0], &m[0], &mk[0], &stop[0], &out[0], &bk[0], 8*S, &RemStart[0], &lanePlans[S/16].remOff[0], &keepRankF[0], RollBase, NumKeeps)
	case KernelsAVX:
		_ = bkf[NumRolls*S-1]
		decideRollsAVX(&ev[0], &m[0], &mk[0], &stop[0], &out[0], &bkf[0], S, &RemStart[0], &KeepRem[0], &keepRankF[0], RollBase, NumRolls)
		for i, x := range bkf[:NumRolls*S] {
			bk[i] = uint8(x)
		}
	default:
		decideRollsGeneric(ev, m, mk, stop, out, bk, S)
	}
}

// stopsLanes is stopsGeneric; argf is scratch space of numRolls*S values for the AVX
// kernels, which carry boxes as float64.
func stopsLanes(st []float64, arg []uint8, argf []float64, cv []float64, S int, boxes []stopBox) {
	_ = st[NumRolls*S-1]
	if arg != nil {
		_ = arg[NumRolls*S-1]
	}
	for _, b := range boxes {
		_ = cv[b.base/8+b.rows*S-1]
	}
	switch {
	case len(boxes) == 0 || KernelLevel == KernelsGo:
		stopsGeneric(st, arg, cv, S, boxes)
	case KernelLevel == KernelsAVX512 && arg == nil:
		stopsZ(&st[0], &cv[0], 8*S, &boxes[0], len(boxes), NumRolls)
	case KernelLevel == KernelsAVX512:
		stopsArgZ(&st[0], &arg[0], &cv[0], 8*S, &boxes[0], len(boxes), NumRolls)
	default:
		fillNegInf(st[:NumRolls*S])
		if arg == nil {
			for _, b := range boxes {
				maxClassAVX(&st[0], &cv[b.base/8], S, &b.cls[0], NumRolls)
			}
			return
		}
		_ = argf[NumRolls*S-1]
		for i := range argf[:NumRolls*S] {
			argf[i] = float64(boxes[0].box)
		}
		for _, b := range boxes {
			maxClassArgAVX(&st[0], &argf[0], &cv[b.base/8], S, &b.cls[0], float64(b.box), NumRolls)
		}
		for i, x := range argf[:NumRolls*S] {
			arg[i] = uint8(x)
		}
	}
}

func maxClassLanes(st, cv []float64, S int, cls *[NumRolls]uint8) {
	if KernelLevel < KernelsAVX {
		maxClassGeneric(st, cv, S, cls)
		return
	}
	_, _ = st[NumRolls*S-1], cv[256*S-1] // a class is below 256
	maxClassAVX(&st[0], &cv[0], S, &cls[0], NumRolls)
}

func maxClassArgLanes(st, arg, cv []float64, S int, cls *[NumRolls]uint8, b float64) {
	if KernelLevel < KernelsAVX {
		maxClassArgGeneric(st, arg, cv, S, cls, b)
		return
	}
	_, _, _ = st[NumRolls*S-1], arg[NumRolls*S-1], cv[256*S-1]
	maxClassArgAVX(&st[0], &arg[0], &cv[0], S, &cls[0], b, NumRolls)
}

func dotLanes(e, val []float64, S int) {
	_, _ = e[S-1], val[NumRolls*S-1]
	switch KernelLevel {
	case KernelsAVX512:
		dotZ(&e[0], &val[0], 8*S, &RollProb[0], NumRolls)
	case KernelsAVX:
		dotAVX(&e[0], &val[0], S, &RollProb[0], NumRolls)
	default:
		dotGeneric(e, val, S)
	}
}
