package simulation

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
)

// figuresOf draws the figures of a report.
func figuresOf(t *testing.T, res *sim.Results, opt reports.Options) []reports.Figure {
	t.Helper()
	r, err := newReport(res, opt)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := r.Figures()
	if err != nil {
		t.Fatal(err)
	}
	return figs
}

// Every kind of plot has a golden SVG.
func TestGoldenPlots(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	figs := figuresOf(t, res, reports.Options{Rules: rules})
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
		reporttest.CheckGolden(t, f.Name, f.SVG)
	}
	want := []string{"scores", "cdf", "upper_bonus", "upper_subtotal", "yahtzee", "extra_bonus", "jokers",
		"box_mean", "box_zeros", "fill_turn_lazy", "fill_turn_hoarder", "convergence", "pairs", "head_to_head"}
	if !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}

	// In French: the labels, the decimal comma, the names of the boxes from the rules.
	fr := figuresOf(t, res, reports.Options{Rules: rules, Lang: "fr"})
	for _, f := range fr {
		if f.Name == "scores" || f.Name == "box_zeros" {
			reporttest.CheckGolden(t, f.Name+".fr", f.SVG)
		}
	}
}

// The PNGs are images of the figure's size, at 200 dots per inch, drawn and compressed as
// yams writes them.
func TestPNG(t *testing.T) {
	reporttest.DrawPNGs(t, png.DefaultCompression)
	res, rules := reporttest.Fixture(t)
	figs := figuresOf(t, res, reports.Options{Rules: rules})
	for _, f := range figs {
		img, err := png.Decode(bytes.NewReader(f.PNG))
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		if b := img.Bounds(); b.Dx() != 900 || b.Dy() < 300 {
			t.Errorf("%s: %v pixels, want 900 wide", f.Name, b)
		}
	}
}

// The SVGs name a font stack that starts with Liberation Sans, never the serif default.
func TestFont(t *testing.T) {
	res, rules := reporttest.Fixture(t)
	figs := figuresOf(t, res, reports.Options{Rules: rules})
	for _, f := range figs {
		s := string(f.SVG)
		if strings.Contains(s, "Serif") || !strings.Contains(s, reports.SVGFamily) || strings.Contains(s, "font-family:Liberation Sans;") {
			t.Errorf("%s: font not Liberation Sans with its fallbacks", f.Name)
		}
	}
}
