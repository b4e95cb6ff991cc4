package reports

import (
	"strings"
	"testing"
)

func TestScalingPlot(t *testing.T) {
	svg, png, err := ScalingPlot("hasbro", []Scaling{{Strategy: "greedy", GamesPerSecond: []float64{900_000, 1_750_000}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), ">greedy<") || len(png) < 1000 {
		t.Errorf("scaling plot lacks its legend or its PNG (%d bytes)", len(png))
	}
	if _, _, err := ScalingPlot("hasbro", []Scaling{{Strategy: "greedy"}}); err == nil {
		t.Error("a strategy without a rate with one worker is drawn")
	}
}
