package columns

import (
	"yams/engine"
)

// ProductAnalysisMemory estimates what the exact analysis of strategy name, other than
// optimal, on a sheet of several columns holds (AnalyzeProductStrategy): three numbers per
// state of the product of its columns' spaces as the analysis lays them out (capped upper
// subtotals for column-tables, exact ones for the others).
func ProductAnalysisMemory(name string, r *engine.Rules) (int64, error) {
	return productAnalysisMemory(analysisSpace(name), r)
}
