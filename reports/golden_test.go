package reports

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"yams/sim"
)

var update = flag.Bool("update", false, "rewrite the golden plots in testdata")

// checkGolden compares an SVG with testdata/NAME.svg, byte for byte: gonum/plot draws
// the same bytes for the same counts.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.WriteFile(path, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -run Golden -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("%s differs from %s at line %d:\n got  %s\n want %s\n(if the change is meant, run go test ./reports -run Golden -update)", name, path, i+1, gl[i], wl[i])
				return
			}
		}
		t.Errorf("%s: %d lines, %s has %d (if the change is meant, run go test ./reports -run Golden -update)", name, len(gl), path, len(wl))
	}
}

// figuresOf draws the figures of a report.
func figuresOf(t *testing.T, res *sim.Results, opt Options) []figure {
	t.Helper()
	r, err := newReport(res, opt)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := r.figures()
	if err != nil {
		t.Fatal(err)
	}
	return figs
}

// Every kind of plot has a golden SVG.
func TestGoldenPlots(t *testing.T) {
	res, rules := fixture(t)
	figs := figuresOf(t, res, Options{Rules: rules})
	tr, err := newTableReport(tableFixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tfigs, err := tr.figures()
	if err != nil {
		t.Fatal(err)
	}
	figs = append(figs, tfigs...)
	var names []string
	for _, f := range figs {
		names = append(names, f.name)
		checkGolden(t, f.name, f.svg)
	}
	want := []string{"scores", "cdf", "upper_bonus", "upper_subtotal", "yahtzee", "extra_bonus", "jokers",
		"box_mean", "box_zeros", "fill_turn_lazy", "fill_turn_hoarder", "convergence", "pairs", "head_to_head", "wins", "seats"}
	if !slices.Equal(names, want) {
		t.Errorf("figures %v, want %v", names, want)
	}

	// In French: the labels, the decimal comma, the names of the boxes from the rules.
	fr := figuresOf(t, res, Options{Rules: rules, Lang: "fr"})
	for _, f := range fr {
		if f.name == "scores" || f.name == "box_zeros" {
			checkGolden(t, f.name+".fr", f.svg)
		}
	}
}

// The tests write blank PNGs (see BlankPNGs), but for those that call drawPNGs.
func TestMain(m *testing.M) {
	BlankPNGs, PNGCompression = true, png.BestSpeed
	os.Exit(m.Run())
}

// drawPNGs has the figures' PNGs drawn until the test ends, compressed at level (their
// pixels drawn, a test that looks at nothing else can leave them uncompressed). The tests
// that call it are not parallel: no other test runs while it holds.
func drawPNGs(t *testing.T, level png.CompressionLevel) {
	BlankPNGs, PNGCompression = false, level
	t.Cleanup(func() { BlankPNGs, PNGCompression = true, png.BestSpeed })
}

// The PNGs are images of the figure's size, at 200 dots per inch, drawn and compressed as
// yams writes them.
func TestPNG(t *testing.T) {
	drawPNGs(t, png.DefaultCompression)
	res, rules := fixture(t)
	figs := figuresOf(t, res, Options{Rules: rules})
	for _, f := range figs {
		img, err := png.Decode(bytes.NewReader(f.png))
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		if b := img.Bounds(); b.Dx() != 900 || b.Dy() < 300 {
			t.Errorf("%s: %v pixels, want 900 wide", f.name, b)
		}
	}
}

// The SVGs name a font stack that starts with Liberation Sans, never the serif default.
func TestFont(t *testing.T) {
	res, rules := fixture(t)
	figs := figuresOf(t, res, Options{Rules: rules})
	for _, f := range figs {
		s := string(f.svg)
		if strings.Contains(s, "Serif") || !strings.Contains(s, svgFamily) || strings.Contains(s, "font-family:Liberation Sans;") {
			t.Errorf("%s: font not Liberation Sans with its fallbacks", f.name)
		}
	}
}
