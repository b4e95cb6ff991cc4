package reports

import (
	"image/png"
	"os"
	"testing"
)

// The tests write blank PNGs (see BlankPNGs), as those of every kind of report do
// (reporttest.Main).
func TestMain(m *testing.M) {
	BlankPNGs, PNGCompression = true, png.BestSpeed
	os.Exit(m.Run())
}
