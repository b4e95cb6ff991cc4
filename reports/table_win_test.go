package reports

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim/tablegame"
	"yams/strategies"
)

// seer is a table strategy for the fixtures: hoarder, which a table shows its sheet.
type seer struct {
	hoarder
}

func (seer) Join([]string) error          { return nil }
func (seer) SeeTable(t *strategies.Table) {}

// judge is an analyst for the fixtures: a keep is riskier than another's when the
// player is behind and holds fewer than three dice, safer when ahead and holds more than
// two, the same otherwise; a box the same as lazy's, else riskier when behind and safer
// when ahead; each seat's chance grows with its total.
type judge struct{}

func lead(t *strategies.Table) int {
	best := -1 << 30
	for s, o := range t.Sheets {
		if s != t.Seat {
			best = max(best, o.Total())
		}
	}
	return t.Sheets[t.Seat].Total() - best
}

func (judge) Keep(t *strategies.Table, r engine.Roll, left int, k engine.Keep) strategies.Verdict {
	switch d := lead(t); {
	case d < 0 && k.Size() < 3:
		return strategies.Riskier
	case d > 0 && k.Size() > 2:
		return strategies.Safer
	}
	return strategies.Same
}

func (judge) Box(t *strategies.Table, r engine.Roll, used int, b engine.BoxID) strategies.Verdict {
	if b == (lazy{}).Box(t.Sheets[t.Seat], r, used) {
		return strategies.Same
	}
	if lead(t) < 0 {
		return strategies.Riskier
	}
	return strategies.Safer
}

func (judge) Chances(t *strategies.Table, out []float64) {
	sum := 0.0
	for s, o := range t.Sheets {
		out[s] = float64(o.Total() + 10)
		sum += out[s]
	}
	for s := range out {
		out[s] /= sum
	}
}

// winTableFixture is 3,000 table games of a table strategy against lazy, its decisions
// judged and table game 7 traced.
func winTableFixture(t testing.TB) *tablegame.Results {
	t.Helper()
	infos := fixtureInfos()
	see := strategies.Info{Name: "seer", Table: true, New: func(*engine.Rules) (strategies.Strategy, error) { return seer{}, nil }}
	res, err := tablegame.Run(context.Background(), tablegame.Config{
		Rules: tinyRules(t), Players: []strategies.Info{see, infos[0]}, Seed: 5, Games: 3000, Workers: 2,
		Analyst: func() (strategies.TableAnalyst, error) { return judge{}, nil }, TraceGame: 7,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The figures of a table with a player that sees it have golden SVGs, and the report
// writes their tables and CSV files.
func TestGoldenWinPlots(t *testing.T) {
	res := winTableFixture(t)
	for _, lang := range []string{"en", "fr"} {
		tr, err := newTableReport(res, Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := tr.winFigures()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range figs {
			names = append(names, f.name)
			suffix := ""
			if lang == "fr" {
				suffix = ".fr"
			}
			checkGolden(t, f.name+suffix, f.svg)
		}
		if !slices.Equal(names, []string{"win_decisions", "win_chances"}) {
			t.Errorf("%s: figures %v", lang, names)
		}
	}
	dir := t.TempDir()
	if _, err := WriteTable(dir, res, Options{}); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "table.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Decisions of seer against optimal's", "ahead by 55 or more", "from −15 to 14", "may matter"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("table.md lacks %q", want)
		}
	}
	csv, err := os.ReadFile(filepath.Join(dir, "win_chances.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// The start, then a turn of each of the two seats for each of the eight boxes.
	if rows := strings.Count(string(csv), "\n"); rows != 1+2*(1+2*8) {
		t.Errorf("win_chances.csv has %d lines", rows)
	}
	if _, err := os.Stat(filepath.Join(dir, "win_decisions.csv")); err != nil {
		t.Error(err)
	}
}
