package optimal

import (
	"unsafe"
)

// goalCacheMemory is the memory of a goal strategy's cache of decisions (newGoalCache).
func goalCacheMemory(rolls int) int64 {
	words := int64(1)
	if wideEntries(rolls) {
		words = 2
	}
	return 8<<goalCacheLog2 + 2*numRolls*words<<goalCacheLog2
}

// goalWorkerMemory is the memory of a worker's goal strategy (goalBatch): its cache of
// decisions, its widget, the optimal strategy it plays where the goal is settled, and the
// turns of the games in play that miss the cache.
func goalWorkerMemory(sh sheetShape) int64 {
	return goalCacheMemory(sh.sp.rolls) + widgetMemory(sh) + strategyMemory(sh) +
		goalBatchGames*int64(unsafe.Sizeof(goalMiss{})) + int64(unsafe.Sizeof(goalBatch{}))
}
