//go:build amd64 && !purego

package optimal

// hasAVX tells whether the processor and the operating system run AVX instructions.
var hasAVX = cpuHasAVX()

// kernelsName names the kernels in use, for benchmarks and messages.
var kernelsName = map[bool]string{true: "AVX", false: "Go"}[hasAVX]

func cpuHasAVX() bool

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

// The assembly trusts the lengths of its vectors: each wrapper checks them first, so that
// a mistake is a panic, never a write out of bounds.

func expectLanes(ev []float64, S int) {
	if !hasAVX {
		expectGeneric(ev, S)
		return
	}
	_ = ev[numKeeps*S-1]
	expectAVX(&ev[0], S, &keepAdd, rollBase)
}

func bestRollsLanes(ev, m, stop, out []float64, S int) {
	if !hasAVX {
		bestRollsGeneric(ev, m, stop, out, S)
		return
	}
	_, _, _, _ = ev[numKeeps*S-1], m[rollBase*S-1], stop[numRolls*S-1], out[numRolls*S-1]
	bestRollsAVX(&ev[0], &m[0], &stop[0], &out[0], S, &remStart[0], &keepRem[0], rollBase, numRolls)
}

func decideRollsLanes(ev, m, mk, stop, out, bk []float64, S int) {
	if !hasAVX {
		decideRollsGeneric(ev, m, mk, stop, out, bk, S)
		return
	}
	_, _, _ = ev[numKeeps*S-1], m[rollBase*S-1], mk[rollBase*S-1]
	_, _, _ = stop[numRolls*S-1], out[numRolls*S-1], bk[numRolls*S-1]
	decideRollsAVX(&ev[0], &m[0], &mk[0], &stop[0], &out[0], &bk[0], S, &remStart[0], &keepRem[0], &keepRankF[0], rollBase, numRolls)
}

func maxClassLanes(st, cv []float64, S int, cls *[numRolls]uint8) {
	if !hasAVX {
		maxClassGeneric(st, cv, S, cls)
		return
	}
	_, _ = st[numRolls*S-1], cv[256*S-1] // a class is below 256
	maxClassAVX(&st[0], &cv[0], S, &cls[0], numRolls)
}

func maxClassArgLanes(st, arg, cv []float64, S int, cls *[numRolls]uint8, b float64) {
	if !hasAVX {
		maxClassArgGeneric(st, arg, cv, S, cls, b)
		return
	}
	_, _, _ = st[numRolls*S-1], arg[numRolls*S-1], cv[256*S-1]
	maxClassArgAVX(&st[0], &arg[0], &cv[0], S, &cls[0], b, numRolls)
}

func dotLanes(e, val []float64, S int) {
	if !hasAVX {
		dotGeneric(e, val, S)
		return
	}
	_, _ = e[S-1], val[numRolls*S-1]
	dotAVX(&e[0], &val[0], S, &rollProb[0], numRolls)
}
