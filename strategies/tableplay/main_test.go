package tableplay

import (
	"os"
	"testing"

	"yams/internal/exacttest"
	"yams/internal/exhaustive"
	"yams/strategies/columns"
)

func TestMain(m *testing.M) {
	// The default run's sheets of several columns are small: column-tables fits them, and
	// win calibrates it, on fewer games (the exhaustive run's family sheets as yams does).
	if !exhaustive.On {
		columns.FitRounds, columns.FitGames, columns.CalibrationGames = 3, 4000, 8192
	}
	os.Exit(exacttest.Main(m))
}
