package exact

import (
	"testing"
	"yams/reports/internal/reporttest"
)

func TestFrontierHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteFrontier(dir, frontierFixture(t), "en"); err != nil {
		t.Fatal(err)
	}
	reporttest.CheckInChromium(t, dir, 3, 2)
}
