package tablegame_test

import "yams/internal/simtest"

// The helpers of sim's tests (internal/simtest).
var (
	load    = simtest.Load
	infos   = simtest.Infos
	approx  = simtest.Approx
	batchOf = simtest.BatchOf
)

const oneThrow = simtest.OneThrow

// asBatch plays a strategy as a batch (simtest.AsBatch).
type asBatch = simtest.AsBatch
