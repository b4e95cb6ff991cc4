package tableplay

import (
	"unsafe"

	"yams/engine"
	"yams/strategies/solver"
	"yams/strategies/widget"
)

// WinWorkerMemory is the memory of a worker's win strategy (newWinStrategyOf): the
// optimal strategy it plays in the opening and where the game is settled, and its winTurn.
func WinWorkerMemory(sh widget.SheetShape) int64 {
	return solver.StrategyMemory(sh) + winTurnMemory(sh.Space) + int64(unsafe.Sizeof(winStrategy{}))
}

// ColumnsWinWorkerMemory is the memory of a worker's win strategy on a sheet of several
// columns (newColumnsWin): its column-tables, its plan, and its scratch, which holds a
// few distributions of a sheet's points to come (a few thousand points each).
func ColumnsWinWorkerMemory() int64 {
	return int64(unsafe.Sizeof(columnsWin{})) + 256<<10
}

// WinSharedMemory is the memory of the distributions of the points still to come that
// the process holds for the win strategies of rules r (winSharedFor): the player's own and
// every model of the others, each once. The policy beside them is sharedMemory's.
func WinSharedMemory(r *engine.Rules) int64 {
	winShares.Lock()
	sh := winShares.m[r.Hash()]
	winShares.Unlock()
	if sh == nil {
		return 0
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	seen := map[*remaining]bool{}
	var n int64
	for _, m := range sh.models {
		if !seen[m.rm] {
			seen[m.rm] = true
			n += m.rm.Bytes()
		}
	}
	return n
}
