package summaryfile_test

import "yams/internal/simtest"

// The helpers of sim's tests (internal/simtest).
var (
	load        = simtest.Load
	infos       = simtest.Infos
	run         = simtest.Run
	counts      = simtest.Counts
	jsonOf      = simtest.JSONOf
	record      = simtest.Record
	edit        = simtest.Edit
	columnRules = simtest.ColumnRules
)

const oneThrow = simtest.OneThrow
