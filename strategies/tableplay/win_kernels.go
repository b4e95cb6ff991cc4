package tableplay

// winDot returns Σ_k p[k]·u[k] (u at least as long as p), the sum of a chance of winning
// over a distribution of scores. It is summed in sixteen sums, element k into sum k mod
// 16, each product rounded before it is added, then the sums added pairwise (8 apart, 4,
// 2, 1): the AVX and AVX-512 kernels do the same operations, so the sum has the same bits
// on every processor.
func winDot(p []float32, u []float64) float64 {
	var acc [16]float64
	n := len(p) &^ 15
	if n > 0 {
		winDotSums(p, u, n, &acc)
	}
	for k := n; k < len(p); k++ {
		acc[k&15] += float64(float64(p[k]) * u[k])
	}
	for s := 8; s >= 1; s /= 2 {
		for i := range s {
			acc[i] += acc[i+s]
		}
	}
	return acc[0]
}

// winDotGeneric sets acc to the sixteen sums of the elements of p·u (len(p) a multiple
// of 16): sum j gets the products of the elements k with k mod 16 = j.
func winDotGeneric(p []float32, u []float64, acc *[16]float64) {
	*acc = [16]float64{}
	u = u[:len(p)]
	for k := 0; k+16 <= len(p); k += 16 {
		for j := range 16 {
			acc[j] += float64(float64(p[k+j]) * u[k+j])
		}
	}
}
