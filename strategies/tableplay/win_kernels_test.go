package tableplay

import (
	"math/rand/v2"
	"testing"

	"yams/strategies/widget"
)

// The dot product of win gives the same bits at every kernel level, for every length.
func TestWinDotLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	defer func(l int) { widget.KernelLevel = l }(widget.KernelLevel)
	top := widget.KernelLevel
	for n := range 200 {
		p := make([]float32, n)
		u := make([]float64, n+5)
		for i := range p {
			p[i] = float32(rng.Float64() * 1e-2)
		}
		for i := range u {
			u[i] = rng.Float64()
		}
		want := 0.0
		for i := range p {
			want += float64(p[i]) * u[i]
		}
		var got []float64
		for level := widget.KernelsGo; level <= top; level++ {
			widget.KernelLevel = level
			got = append(got, winDot(p, u))
		}
		for level, g := range got {
			if g != got[0] {
				t.Fatalf("n %d: level %s gives %v, Go %v", n, widget.KernelNames[level], g, got[0])
			}
		}
		if d := got[0] - want; d > 1e-15 || d < -1e-15 {
			t.Fatalf("n %d: %v, want %v", n, got[0], want)
		}
	}
}
