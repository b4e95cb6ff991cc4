package widget

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// supportedKernels lists the kernel levels this processor runs, the Go versions first.
func supportedKernels() []int {
	levels := []int{KernelsGo}
	for l := KernelsGo + 1; l <= KernelLevel; l++ {
		levels = append(levels, l)
	}
	return levels
}

// withKernels runs f with the kernels of a level, then restores those in use.
func withKernels(level int, f func()) {
	saved := KernelLevel
	KernelLevel = level
	defer func() { KernelLevel = saved }()
	f()
}

// TestKernels compares every level of kernels the processor runs (the assembly) with the
// Go versions on random vectors, bit for bit, for strides each level uses. Ties are
// frequent on purpose (values drawn from a few), so that the ranks and boxes that break
// them are compared too.
func TestKernels(t *testing.T) {
	for _, level := range supportedKernels()[1:] {
		t.Run(KernelNames[level], func(t *testing.T) {
			withKernels(level, func() { testKernels(t, level) })
		})
	}
}

func testKernels(t *testing.T, level int) {
	rng := rand.New(rand.NewPCG(1, 2))
	fill := func(v []float64, few bool) {
		for i := range v {
			if few {
				v[i] = float64(rng.IntN(4))
			} else {
				v[i] = rng.NormFloat64() * 100
			}
			if rng.IntN(50) == 0 {
				v[i] = math.Inf(-1)
			}
		}
	}
	same := func(what string, a, b []float64) {
		t.Helper()
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				t.Fatalf("%s: element %d: %v, Go %v", what, i, a[i], b[i])
			}
		}
	}
	sameBytes := func(what string, a, b []uint8) {
		t.Helper()
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: element %d: %v, Go %v", what, i, a[i], b[i])
			}
		}
	}
	strides := []int{4, 8, 12, 32}
	if level == KernelsAVX512 {
		strides = []int{16, 32, 48, 64}
	}
	for _, S := range strides {
		for _, few := range []bool{false, true} {
			ev := make([]float64, NumKeeps*S)
			fill(ev, few)
			ev2 := append([]float64(nil), ev...)
			expectLanes(ev, S)
			expectGeneric(ev2, S)
			same("expect", ev, ev2)

			stop := make([]float64, NumRolls*S)
			fill(stop, few)
			m, m2 := make([]float64, RollBase*S), make([]float64, RollBase*S)
			out, out2 := make([]float64, NumRolls*S), make([]float64, NumRolls*S)
			bestRollsLanes(ev, m, stop, out, S)
			bestRollsGeneric(ev, m2, stop, out2, S)
			same("bestRolls m", m, m2)
			same("bestRolls", out, out2)

			mk, mk2 := make([]float64, RollBase*S), make([]float64, RollBase*S)
			bk, bk2 := make([]uint8, NumRolls*S), make([]uint8, NumRolls*S)
			decideRollsLanes(ev, m, mk, stop, out, bk, make([]float64, NumRolls*S), S)
			decideRollsGeneric(ev, m2, mk2, stop, out2, bk2, S)
			same("decide m", m, m2)
			same("decide ranks", mk, mk2)
			same("decide", out, out2)
			sameBytes("decide roll ranks", bk, bk2)

			// Boxes of random classes over a shared block of values.
			const boxes = 5
			var cls [boxes][NumRolls]uint8
			cv := make([]float64, boxes*40*S)
			fill(cv, few)
			var list []stopBox
			for b := range boxes {
				for r := range cls[b] {
					cls[b][r] = uint8(rng.IntN(40))
				}
				list = append(list, stopBox{cls: &cls[b], base: 8 * b * 40 * S, box: 2*b + 1, rows: 40})
			}
			for n := range boxes + 1 {
				name := fmt.Sprintf("stops of %d boxes", n)
				st, st2 := make([]float64, NumRolls*S), make([]float64, NumRolls*S)
				stopsLanes(st, nil, make([]float64, NumRolls*S), cv, S, list[:n])
				stopsGeneric(st2, nil, cv, S, list[:n])
				same(name, st, st2)
				arg, arg2 := make([]uint8, NumRolls*S), make([]uint8, NumRolls*S)
				stopsLanes(st, arg, make([]float64, NumRolls*S), cv, S, list[:n])
				stopsGeneric(st2, arg2, cv, S, list[:n])
				same(name+" with boxes", st, st2)
				sameBytes(name+": boxes", arg, arg2)
			}

			e, e2 := make([]float64, S), make([]float64, S)
			dotLanes(e, stop, S)
			dotGeneric(e2, stop, S)
			same("dot", e, e2)
		}
	}
}
