//go:build amd64 && !purego

package tableplay

import (
	"yams/strategies/widget"
)

//go:noescape
func winDotAVX(p *float32, u *float64, n int, acc *[16]float64)

//go:noescape
func winDotZ(p *float32, u *float64, n int, acc *[16]float64)

// winDotSums sets acc to the sixteen sums of winDotGeneric over the first n elements
// (n a positive multiple of 16), with the kernels of the processor.
func winDotSums(p []float32, u []float64, n int, acc *[16]float64) {
	_, _ = p[n-1], u[n-1]
	switch widget.KernelLevel {
	case widget.KernelsAVX512:
		winDotZ(&p[0], &u[0], n, acc)
	case widget.KernelsAVX:
		winDotAVX(&p[0], &u[0], n, acc)
	default:
		winDotGeneric(p[:n], u[:n], acc)
	}
}
