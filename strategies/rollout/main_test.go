package rollout_test

import (
	"os"
	"testing"

	"yams/internal/exacttest"
	"yams/strategies/columns"
)

func TestMain(m *testing.M) {
	// column-tables fitted on the small sheets as the columns' own tests fit them.
	columns.FitRounds, columns.FitGames, columns.CalibrationGames = 3, 4000, 8192
	os.Exit(exacttest.Main(m))
}
