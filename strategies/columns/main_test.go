package columns

import (
	"os"
	"testing"

	"yams/engine"
	"yams/internal/exacttest"
	"yams/strategies"
	"yams/strategies/analysis"
)

func TestMain(m *testing.M) { os.Exit(exacttest.Main(m)) }

// analyzeProductNamed analyses the registered strategy name, other than optimal, on a
// sheet of several columns.
func analyzeProductNamed(name string, r *engine.Rules, opts analysis.Options) (*analysis.Figures, error) {
	info, ok := strategies.Lookup(name)
	if !ok {
		_, err := strategies.New(name, r)
		return nil, err
	}
	return AnalyzeProductStrategy(name, info, r, opts)
}
