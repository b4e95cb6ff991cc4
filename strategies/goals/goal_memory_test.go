package goals

import (
	"runtime"
	"testing"

	"yams/internal/exacttest"
)

// The estimate of a goal strategy's cache of decisions is that of the cache allocated. On
// the four-roll rules it keeps its decisions in two words: 127 MiB, where three rolls
// take 64 (the keys 1 MiB, the decisions 63).
func TestGoalCacheMemoryEstimate(t *testing.T) {
	for _, rolls := range []int{3, 4} {
		var gc goalCache
		if got := exacttest.Allocated(func() { gc = newGoalCache(rolls) }); !exacttest.Within(goalCacheMemory(rolls), got) {
			t.Errorf("%d rolls: a goal's cache takes %d bytes, estimated at %d", rolls, got, goalCacheMemory(rolls))
		}
		runtime.KeepAlive(gc)
	}
	if goalCacheMemory(3) != 64<<20 || goalCacheMemory(4) != 127<<20 {
		t.Errorf("goal caches of %d and %d bytes", goalCacheMemory(3), goalCacheMemory(4))
	}
}
