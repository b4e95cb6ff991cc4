package reporttest

import (
	"bytes"
	"encoding/csv"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"yams/reports"
)

var update = flag.Bool("update", false, "rewrite the golden plots in testdata")

// CheckGolden compares an SVG with testdata/NAME.svg, byte for byte: gonum/plot draws
// the same bytes for the same counts.
func CheckGolden(t *testing.T, name string, got []byte) {
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
		t.Fatalf("%v (run go test ./reports/... -run Golden -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("%s differs from %s at line %d:\n got  %s\n want %s\n(if the change is meant, run go test ./reports/... -run Golden -update)", name, path, i+1, gl[i], wl[i])
				return
			}
		}
		t.Errorf("%s: %d lines, %s has %d (if the change is meant, run go test ./reports/... -run Golden -update)", name, len(gl), path, len(wl))
	}
}

// Main runs the tests of a package of reports: they write blank PNGs (see
// reports.BlankPNGs), but for those that call DrawPNGs.
func Main(m *testing.M) {
	reports.BlankPNGs, reports.PNGCompression = true, png.BestSpeed
	os.Exit(m.Run())
}

// DrawPNGs has the figures' PNGs drawn until the test ends, compressed at level (their
// pixels drawn, a test that looks at nothing else can leave them uncompressed). The tests
// that call it are not parallel: no other test runs while it holds.
func DrawPNGs(t *testing.T, level png.CompressionLevel) {
	reports.BlankPNGs, reports.PNGCompression = false, level
	t.Cleanup(func() { reports.BlankPNGs, reports.PNGCompression = true, png.BestSpeed })
}

// CheckFiguresOnPage checks that every figure written into dir, as SVG or PNG, stands in
// its page, report.html, as a figure, and in the page's contents, as a link to it; that
// each has its three files, SVG, PNG and CSV; and that the page shows no figure that is
// not written beside it. It returns the names of the figures.
func CheckFiguresOnPage(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	var figs []string
	for _, e := range entries {
		files[e.Name()] = true
		ext := filepath.Ext(e.Name())
		if name := strings.TrimSuffix(e.Name(), ext); (ext == ".svg" || ext == ".png") && !slices.Contains(figs, name) {
			figs = append(figs, name)
		}
	}
	page := string(Read(t, dir, "report.html"))
	_, nav, _ := strings.Cut(page, `<nav class="contents"`)
	nav, _, found := strings.Cut(nav, "</nav>")
	if !found {
		t.Fatalf("%s: report.html has no contents", dir)
	}
	for _, name := range figs {
		for _, ext := range []string{".svg", ".png", ".csv"} {
			if !files[name+ext] {
				t.Errorf("%s: the figure %s has no %s", dir, name, ext)
			}
		}
		if !strings.Contains(page, `<figure class="plot" id="figure-`+name+`">`) {
			t.Errorf("%s: %s.svg is written, and report.html does not show it", dir, name)
		}
		if !strings.Contains(nav, `<a href="#figure-`+name+`">`) {
			t.Errorf("%s: %s.svg is written, and the contents of report.html do not list it", dir, name)
		}
	}
	shown := regexp.MustCompile(`<figure class="plot" id="figure-([^"]*)">`).FindAllStringSubmatch(page, -1)
	for _, m := range shown {
		if !slices.Contains(figs, m[1]) {
			t.Errorf("%s: report.html shows the figure %s, which is not written beside it", dir, m[1])
		}
	}
	if len(shown) != len(figs) {
		t.Errorf("%s: %d figures written, %d shown", dir, len(figs), len(shown))
	}
	return figs
}

// CheckFigureCSVs checks that every figure of the report in dir has a CSV beside it,
// named like it: a header and rows of as many cells, the first column naming what each
// row is of. It returns the CSVs by figure name.
func CheckFigureCSVs(t *testing.T, dir string) map[string][][]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][]string{}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".svg")
		if !ok {
			continue
		}
		if _, err := os.Stat(dir + "/" + name + ".csv"); err != nil {
			t.Errorf("%s.svg has no CSV beside it", name)
			continue
		}
		rows := ReadCSV(t, dir, name+".csv")
		if len(rows) < 2 {
			t.Errorf("%s.csv: %d rows, want a header and the numbers", name, len(rows))
			continue
		}
		for i, r := range rows {
			if len(r) != len(rows[0]) || r[0] == "" {
				t.Errorf("%s.csv row %d: %q under %q", name, i, r, rows[0])
			}
		}
		out[name] = rows
	}
	if len(out) == 0 {
		t.Errorf("%s: no figure", dir)
	}
	return out
}

// Col returns the number in column head of a row.
func Col(t *testing.T, rows [][]string, row int, head string) float64 {
	t.Helper()
	k := slices.Index(rows[0], head)
	if k < 0 {
		t.Fatalf("no column %s in %q", head, rows[0])
	}
	v, err := strconv.ParseFloat(rows[row][k], 64)
	if err != nil {
		t.Fatalf("column %s, row %d: %v", head, row, err)
	}
	return v
}

func Read(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func ReadCSV(t *testing.T, dir, name string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(Read(t, dir, name))).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rows
}

// Page is a report of TestEveryFigureOnItsPage: the figures it must have among others,
// how it is written in a language, and whether its French report is checked as French
// (CheckFrench), the names of FrenchNames aside.
type Page struct {
	Name   string
	Want   []string
	Write  func(t *testing.T, dir, lang string) error
	French bool
}

// FrenchNames are the names of the reports of the pages that are no one's language: the
// strategies, the rule sets and their hashes, the command.
var FrenchNames = []string{"yams report", "lazy", "hoarder", "tiny", "yams-family", "6b658aab2989bc20"}

// EveryFigureOnItsPage writes each page in every language and checks that every figure
// it writes stands in the page and its contents (CheckFiguresOnPage), those it wants
// among them, and, for a page marked French, that its French report is French.
func EveryFigureOnItsPage(t *testing.T, pages []Page) {
	DrawPNGs(t, png.NoCompression) // every kind of figure drawn in pixels too
	for _, c := range pages {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			dirs := map[string]string{}
			for _, lang := range reports.Languages {
				dirs[lang] = t.TempDir()
				if err := c.Write(t, dirs[lang], lang); err != nil {
					t.Fatal(err)
				}
				figs := CheckFiguresOnPage(t, dirs[lang])
				for _, w := range c.Want {
					if !slices.Contains(figs, w) {
						t.Errorf("%s: no figure %s among %v", lang, w, figs)
					}
				}
			}
			if c.French {
				CheckFrench(t, dirs["fr"], dirs["en"], FrenchNames, []string{"lazy", "hoarder"})
			}
		})
	}
}

func Exists(dir, name string) bool {
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}

func Manifest(t *testing.T, dir string) []string {
	t.Helper()
	names, err := reports.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return names
}
