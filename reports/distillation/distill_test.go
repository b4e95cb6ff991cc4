package distillation

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/strategies/rulefile"
)

// distillFixture is the distillation of hasbro that yams distill --json wrote
// (testdata/distill_hasbro.json): files of 1 to 10 rules with their exact figures, learned up to 40 (the learning stopped at 17).
func distillFixture(t *testing.T) *Distillation {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "distill_hasbro.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in struct {
		RulesHash  string  `json:"rules_hash"`
		Optimal    float64 `json:"optimal_mean"`
		Greedy     float64 `json:"greedy_mean"`
		UpperFirst float64 `json:"upper_first_mean"`
		Steps      []struct {
			Rules int     `json:"rules"`
			Rule  string  `json:"rule"`
			Mean  float64 `json:"mean"`
		} `json:"steps"`
		Files []struct {
			Rules      int     `json:"rules"`
			Text       string  `json:"text"`
			Mean       float64 `json:"mean"`
			SD         float64 `json:"stddev"`
			UpperBonus float64 `json:"upper_bonus"`
			Yahtzee    float64 `json:"yahtzee"`
			Regret     struct {
				Total float64            `json:"total"`
				Keeps []float64          `json:"keeps"`
				Box   float64            `json:"box"`
				ByBox map[string]float64 `json:"by_box"`
			} `json:"regret"`
		} `json:"files"`
		Sampling struct {
			States int    `json:"states"`
			Seed   uint64 `json:"seed"`
		} `json:"sampling"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	rules := reporttest.Hasbro(t, "distill_hasbro.json", in.RulesHash)
	d := &Distillation{Rules: rules, Optimal: in.Optimal, Greedy: in.Greedy, UpperFirst: in.UpperFirst,
		States: in.Sampling.States, Seed: in.Sampling.Seed, Elapsed: "9 min"}
	for _, s := range in.Steps {
		d.Steps = append(d.Steps, DistillStep{N: s.Rules, Rule: s.Rule, Mean: s.Mean})
	}
	for _, f := range in.Files {
		file, err := rulefile.Parse(FileName(f.Rules), []byte(f.Text))
		if err != nil {
			t.Fatal(err)
		}
		df := DistilledFile{N: f.Rules, File: file, Mean: f.Mean, SD: f.SD, UpperBonus: f.UpperBonus, Yahtzee: f.Yahtzee,
			Regret: DistillRegret{Total: f.Regret.Total, Keep: f.Regret.Keeps, Box: f.Regret.Box}}
		for _, b := range rules.Boxes() {
			df.Regret.ByBox = append(df.Regret.ByBox, f.Regret.ByBox[b.ID])
		}
		d.Files = append(d.Files, df)
	}
	return d
}

func TestWriteDistillation(t *testing.T) {
	d := distillFixture(t)
	for _, lang := range reports.Languages {
		dir := t.TempDir()
		names, err := Write(dir, d, lang)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"distill.md", "distill.csv"}
		for _, f := range d.Files {
			// The name the docs and yams exact --strategy rules:FILE use, written out.
			if name := FileName(f.N); name != fmt.Sprintf("rules-%d.rules", f.N) {
				t.Errorf("the file of %d rules is named %s", f.N, name)
			}
			want = append(want, FileName(f.N))
		}
		for _, fig := range []string{"distill_curve", "distill_regret", "distill_regret_by_box"} {
			want = append(want, fig+".svg", fig+".png", fig+".csv")
		}
		want = append(want, "report.html")
		if !slices.Equal(names, want) {
			t.Errorf("%s: files %v, want %v", lang, names, want)
		}
		for _, n := range names {
			data := reporttest.Read(t, dir, n)
			if strings.HasSuffix(n, ".png") {
				if _, err := png.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("%s: %v", n, err)
				}
			}
		}
		// Each rule file reads back to the file, its header saying where it comes from.
		for _, f := range d.Files {
			text := string(reporttest.Read(t, dir, FileName(f.N)))
			back, err := rulefile.Parse(FileName(f.N), []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Rules) != len(f.File.Rules) || !strings.Contains(text, "yams exact --strategy rules:"+filepath.Join(dir, FileName(f.N))) ||
				!strings.Contains(text, "# Exact mean "+strconv.FormatFloat(f.Mean, 'f', 4, 64)) {
				t.Errorf("%s:\n%s", FileName(f.N), text)
			}
		}
		rows, err := csv.NewReader(bytes.NewReader(reporttest.Read(t, dir, "distill.csv"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != len(d.Files)+1 || !slices.Equal(rows[0][:8], []string{"rules", "mean", "sd", "regret", "keep1", "keep2", "box", "upper_bonus"}) ||
			rows[0][len(rows[0])-1] != "by_box_chance" {
			t.Fatalf("distill.csv: %d rows, head %v", len(rows), rows[0])
		}
		for i, f := range d.Files {
			if got, err := strconv.ParseFloat(rows[i+1][1], 64); err != nil || got != f.Mean || rows[i+1][0] != strconv.Itoa(f.N) {
				t.Errorf("distill.csv row %d: %v", i+1, rows[i+1][:2])
			}
		}
		curve, err := csv.NewReader(bytes.NewReader(reporttest.Read(t, dir, "distill_curve.csv"))).ReadAll()
		if err != nil || len(curve) != len(d.Steps)+1 || curve[len(curve)-1][0] != strconv.Itoa(d.Steps[len(d.Steps)-1].N) {
			t.Errorf("distill_curve.csv: %v, %d rows for %d steps", err, len(curve), len(d.Steps))
		}
		md := string(reporttest.Read(t, dir, "distill.md"))
		page := string(reporttest.Read(t, dir, "report.html"))
		checks := map[string][]string{
			"en": {"# yams distill: the optimal strategy in a few rules", "yams distill learned rule files of 1, 2, 3, 5 and 10 rules from the optimal strategy on rules hasbro",
				"## The file of 10 rules, in words", "### 10 rules: the keeps", "### 10 rules: the boxes", "| otherwise | Otherwise, play for the most points",
				"| 1 | If at least 3 sixes and not five of a kind and not two pairs, score Sixes. |",
				"| greedy | 219.7287 |", "| optimal | 254.5877 |", "## The learning, rule by rule", "- files (rules): 1, 2, 3, 5, 10"},
			"fr": {"# Distillation yams : la stratégie optimale en quelques règles", "yams distill a appris des fichiers de 1, 2, 3, 5 et 10 règles",
				"## Le fichier de 10 règles, en mots", "| sinon | Sinon, jouer pour le plus de points",
				"| greedy | 219,7287 |", "| optimal | 254,5877 |", "## L’apprentissage, règle par règle"},
		}
		for _, w := range checks[lang] {
			if !strings.Contains(md, w) {
				t.Errorf("%s: distill.md lacks %q", lang, w)
			}
		}
		if !strings.Contains(page, d.fileTitle(lang)) || strings.Count(page, "<svg ") != 3 {
			t.Errorf("%s: report.html: %d figures", lang, strings.Count(page, "<svg "))
		}
	}
}

// Each rule of a learned file, in words, has the number of the step of the learning that
// added it, as the table of the learning numbers it: the file of n rules numbers its rules
// 1 to n, each once, the keeps and the boxes in tables of their own, and the rule numbered
// k is the rule the table of the learning adds at step k.
func TestDistillNumbering(t *testing.T) {
	d := distillFixture(t)
	r, err := newDistillReport(d, "en")
	if err != nil {
		t.Fatal(err)
	}
	added := map[string]string{}
	for _, row := range r.stepsTable().Rows {
		added[row[0]] = row[3]
	}
	for _, f := range d.Files {
		tables, err := r.wordsTables(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(tables) != 2 || tables[0].Head[1] != distillWords.In(&reports.English).KeepsHead || tables[1].Head[1] != distillWords.In(&reports.English).BoxesHead {
			t.Fatalf("the file of %d rules: %d tables", f.N, len(tables))
		}
		var numbers []int
		kinds := []rulefile.Kind{rulefile.KeepRule, rulefile.BoxRule}
		row := map[rulefile.Kind]int{}
		for _, rule := range f.File.Rules {
			k := slices.Index(kinds, rule.Kind())
			cell := tables[k].Rows[row[rule.Kind()]][0]
			row[rule.Kind()]++
			if rule.Default() {
				if cell != distillWords.In(&reports.English).Otherwise {
					t.Errorf("the file of %d rules: its default %q numbered %s", f.N, rule.String(), cell)
				}
				continue
			}
			n, err := strconv.Atoi(cell)
			if err != nil || added[cell] != rule.String() {
				t.Errorf("the file of %d rules: %q numbered %s, which the learning adds as %q", f.N, rule.String(), cell, added[cell])
			}
			numbers = append(numbers, n)
		}
		slices.Sort(numbers)
		for i, n := range numbers {
			if n != i+1 {
				t.Errorf("the file of %d rules numbers its rules %v, want 1 to %d", f.N, numbers, f.N)
				break
			}
		}
		if len(numbers) != f.N {
			t.Errorf("the file of %d rules has %d numbered rules", f.N, len(numbers))
		}
	}
}

func TestDistillHTMLInChromium(t *testing.T) {
	d := distillFixture(t)
	dir := t.TempDir()
	if _, err := Write(dir, d, "fr"); err != nil {
		t.Fatal(err)
	}
	// The parameters, the files, the points lost by box, two tables of each file, the
	// learning; the curve and the points lost by kind of decision and by box.
	reporttest.CheckInChromium(t, dir, 3, 1+2+2*len(d.Files)+1)
}

// fileTitle is the footer of a distillation's page in a language.
func (d *Distillation) fileTitle(lang string) string {
	if lang == "fr" {
		return distillWords.In(&reports.French).Generated
	}
	return distillWords.In(&reports.English).Generated
}

func TestDistillErrors(t *testing.T) {
	d := distillFixture(t)
	if _, err := Write(t.TempDir(), d, "de"); err == nil {
		t.Error("no error for language de")
	}
	bad := *d
	bad.Files = slices.Clone(d.Files)
	bad.Files[0].Regret.ByBox = bad.Files[0].Regret.ByBox[:3]
	if _, err := Write(t.TempDir(), &bad, "en"); err == nil || !strings.Contains(err.Error(), "regret of 3 boxes") {
		t.Errorf("a file's regret of 3 boxes: %v", err)
	}
	bad = *d
	bad.Rules = nil
	if _, err := Write(t.TempDir(), &bad, "en"); err == nil {
		t.Error("no error without rules")
	}
}
