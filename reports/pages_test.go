package reports

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

// checkFiguresOnPage checks that every figure written into dir, as SVG or PNG, stands in
// its page, report.html, as a figure, and in the page's contents, as a link to it; that
// each has its three files, SVG, PNG and CSV; and that the page shows no figure that is
// not written beside it. It returns the names of the figures.
func checkFiguresOnPage(t *testing.T, dir string) []string {
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
	page := string(read(t, dir, "report.html"))
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

// Every figure that any kind of report writes into its directory stands in the page and
// its contents, in English and in French: a run of one strategy, a comparison, points
// lost, a sheet of several columns (the family sheet), table games of two and three
// players and with a player that sees the table, exact figures with and without their
// distribution, a frontier and a distillation. And every string of the French reports
// of runs and tables is French: captions, titles, legends, tables, the page and the
// title of the rule set; the same check finds English in every kind of file of the
// English report, so that it cannot pass for want of text to read (the exact figures and
// the frontiers have theirs: TestWriteExact, TestFrontierFrench).
func TestEveryFigureOnItsPage(t *testing.T) {
	drawPNGs(t, png.NoCompression) // every kind of figure drawn in pixels too
	infos := fixtureInfos()
	run := func(t *testing.T, rules *engine.Rules, ss []strategies.Info, pairs bool) *sim.Results {
		res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: ss, Seed: 3, Games: 120, Workers: 1, Pairs: pairs})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	load := func(t *testing.T, name string, opts ...string) *engine.Rules {
		rules, err := engine.Load(name, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return rules
	}
	table := func(t *testing.T, players ...strategies.Info) *tablegame.Results {
		res, err := tablegame.Run(context.Background(), tablegame.Config{Rules: tinyRules(t), Players: players, Seed: 3, Games: 200, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	cases := []struct {
		name  string
		want  []string // figures the report must have among others
		write func(t *testing.T, dir, lang string) error
		// french, when true, checks that the French report is French (checkFrench), the
		// names of frenchNames aside.
		french bool
	}{
		{"sim, one strategy", []string{"scores", "box_mean"}, func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, run(t, tinyRules(t), infos[:1], false), Options{Lang: lang})
			return err
		}, false},
		{"compare --strategy", []string{"pairs", "head_to_head"}, func(t *testing.T, dir, lang string) error {
			res, _ := fixture(t)
			_, err := Write(dir, res, Options{Lang: lang})
			return err
		}, true},
		{"sim --regret", []string{"regret", "regret_by_turn"}, func(t *testing.T, dir, lang string) error {
			res, _ := regretFixture(t)
			_, err := Write(dir, res, Options{Lang: lang})
			return err
		}, true},
		{"the family sheet, compared", []string{"column_turn", "fill_turn_lazy", "pairs"}, func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, run(t, load(t, filepath.Join("..", "examples", "rules", "yams-family.json")), infos, true), Options{Lang: lang})
			return err
		}, true},
		{"compare --players, two", []string{"wins", "table_scores", "table_difference"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteTable(dir, table(t, infos[1], infos[0]), Options{Lang: lang})
			return err
		}, true},
		{"compare --players, three", []string{"wins", "seats", "table_scores"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteTable(dir, table(t, infos[0], infos[1], infos[1]), Options{Lang: lang})
			return err
		}, true},
		{"a player that sees the table", []string{"win_decisions", "win_chances"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteTable(dir, winTableFixture(t), Options{Lang: lang})
			return err
		}, false},
		{"exact --out --distribution", []string{"scores", "box_mean"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteExact(dir, exactFixture(t), lang)
			return err
		}, false},
		{"exact --out", []string{"box_mean", "box_zeros"}, func(t *testing.T, dir, lang string) error {
			e := exactFixture(t)
			e.Distribution, e.Regret, e.Objective = nil, nil, nil
			_, err := WriteExact(dir, e, lang)
			return err
		}, false},
		{"frontier", []string{"frontier_sd"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteFrontier(dir, frontierFixture(t), lang)
			return err
		}, false},
		{"distill", []string{"distill_curve"}, func(t *testing.T, dir, lang string) error {
			_, err := WriteDistillation(dir, distillFixture(t), lang)
			return err
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dirs := map[string]string{}
			for _, lang := range Languages {
				dirs[lang] = t.TempDir()
				if err := c.write(t, dirs[lang], lang); err != nil {
					t.Fatal(err)
				}
				figs := checkFiguresOnPage(t, dirs[lang])
				for _, w := range c.want {
					if !slices.Contains(figs, w) {
						t.Errorf("%s: no figure %s among %v", lang, w, figs)
					}
				}
			}
			if c.french {
				checkFrench(t, dirs["fr"], dirs["en"], frenchNames, []string{"lazy", "hoarder"})
			}
		})
	}
}

// frenchNames are the names of the reports of TestEveryFigureOnItsPage that are no
// one's language: the strategies, the rule sets and their hashes, the command.
var frenchNames = []string{"yams report", "lazy", "hoarder", "tiny", "yams-family", "6b658aab2989bc20"}

// A report whose page leaves out one of its figures is not written.
func TestFigureOutsideThePage(t *testing.T) {
	l, _ := labelsFor("en")
	figs := []figure{{name: "a"}, {name: "b"}}
	doc := &document{l: l, title: "t", sections: sectionOf("one", "One", nil, figs, "a")}
	if _, err := withFigures(doc, nil, figs); err == nil || !strings.Contains(err.Error(), "figure b stands in 0 sections") {
		t.Errorf("a figure left out of the page: %v", err)
	}
	doc.sections = append(doc.sections, sectionOf("two", "Two", nil, figs, "a", "b")...)
	if _, err := withFigures(doc, nil, figs); err == nil || !strings.Contains(err.Error(), "figure a stands in 2 sections") {
		t.Errorf("a figure shown twice: %v", err)
	}
}
