package sim

// What the package's external tests use of its unexported API.

// Percentile returns the p-th percentile by nearest rank (percentile).
func (h *Histogram) Percentile(p int) int { return h.percentile(p) }
