//go:build !unix

package sim_test

import "time"

// cpuTime is not measured here: benchmarks report no processor time.
func cpuTime() time.Duration { return 0 }
