package simulation

import (
	"testing"

	"yams/reports/internal/reporttest"
)

func TestMain(m *testing.M) { reporttest.Main(m) }
