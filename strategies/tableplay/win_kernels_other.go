//go:build !amd64 || purego

package tableplay

// winDotSums sets acc to the sixteen sums of winDotGeneric over the first n elements.
func winDotSums(p []float32, u []float64, n int, acc *[16]float64) {
	winDotGeneric(p[:n], u[:n], acc)
}
