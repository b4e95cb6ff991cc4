package exact

import (
	"fmt"
	"testing"

	"yams/reports"
)

// The frontier draws optimal as every report does (LooksOf alone).
func TestLooksAcrossReports(t *testing.T) {
	if alone := reports.LooksOf([]string{"optimal"})[0]; fmt.Sprint(optimalLook) != fmt.Sprint(alone) {
		t.Errorf("the frontier draws optimal %v, a run %v", optimalLook, alone)
	}
}
