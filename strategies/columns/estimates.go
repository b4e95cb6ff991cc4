package columns

import (
	"yams/engine"
)

// ProductAnalysisMemory estimates what the exact analysis of a strategy other than
// optimal on a sheet of several columns holds (AnalyzeProductStrategy): three numbers per
// state of the product of its columns' exact spaces.
func ProductAnalysisMemory(r *engine.Rules) (int64, error) { return productAnalysisMemory(r) }
