package optimal

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernels compares the kernels in use (the assembly where the processor runs it) with
// their Go versions on random vectors, bit for bit, for every stride a widget uses. Ties
// are frequent on purpose (values drawn from a few), so that the ranks that break them
// are compared too.
func TestKernels(t *testing.T) {
	t.Logf("kernels: %s", kernelsName)
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
	var cls [numRolls]uint8
	for _, S := range []int{4, 8, 12, 32} {
		for _, few := range []bool{false, true} {
			ev := make([]float64, numKeeps*S)
			fill(ev, few)
			ev2 := append([]float64(nil), ev...)
			expectLanes(ev, S)
			expectGeneric(ev2, S)
			same("expect", ev, ev2)

			stop := make([]float64, numRolls*S)
			fill(stop, few)
			m, m2 := make([]float64, rollBase*S), make([]float64, rollBase*S)
			out, out2 := make([]float64, numRolls*S), make([]float64, numRolls*S)
			bestRollsLanes(ev, m, stop, out, S)
			bestRollsGeneric(ev, m2, stop, out2, S)
			same("bestRolls m", m, m2)
			same("bestRolls", out, out2)

			mk, mk2 := make([]float64, rollBase*S), make([]float64, rollBase*S)
			bk, bk2 := make([]float64, numRolls*S), make([]float64, numRolls*S)
			decideRollsLanes(ev, m, mk, stop, out, bk, S)
			decideRollsGeneric(ev, m2, mk2, stop, out2, bk2, S)
			same("decide m", m, m2)
			same("decide ranks", mk, mk2)
			same("decide", out, out2)
			same("decide roll ranks", bk, bk2)

			cv := make([]float64, 256*S)
			fill(cv, few)
			for r := range cls {
				cls[r] = uint8(rng.IntN(256))
			}
			st := append([]float64(nil), stop...)
			st2 := append([]float64(nil), stop...)
			maxClassLanes(st, cv, S, &cls)
			maxClassGeneric(st2, cv, S, &cls)
			same("maxClass", st, st2)
			arg, arg2 := make([]float64, numRolls*S), make([]float64, numRolls*S)
			maxClassArgLanes(st, arg, cv, S, &cls, 7)
			maxClassArgGeneric(st2, arg2, cv, S, &cls, 7)
			same("maxClassArg", st, st2)
			same("maxClassArg boxes", arg, arg2)

			e, e2 := make([]float64, S), make([]float64, S)
			dotLanes(e, stop, S)
			dotGeneric(e2, stop, S)
			same("dot", e, e2)
		}
	}
}
