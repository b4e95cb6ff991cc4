package goals

import (
	"unsafe"

	"yams/strategies/solver"
	"yams/strategies/widget"
)

// goalCacheMemory is the memory of a goal strategy's cache of decisions (newGoalCache).
func goalCacheMemory(rolls int) int64 {
	words := int64(1)
	if solver.WideEntries(rolls) {
		words = 2
	}
	return 8<<goalCacheLog2 + 2*widget.NumRolls*words<<goalCacheLog2
}

// GoalWorkerMemory is the memory of a worker's goal strategy (goalBatch): its cache of
// decisions, its widget, the optimal strategy it plays where the goal is settled, and the
// turns of the games in play that miss the cache.
func GoalWorkerMemory(sh widget.SheetShape) int64 {
	return goalCacheMemory(sh.Space.Rolls) + widget.WidgetMemory(sh) + solver.StrategyMemory(sh) +
		goalBatchGames*int64(unsafe.Sizeof(goalMiss{})) + int64(unsafe.Sizeof(goalBatch{}))
}
