package main

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

// solve --strategy and exact --strategy of an objective agree with each other, and the
// certainty equivalent exact reports is the one its own distribution gives.
func TestObjectiveCommands(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	out, errOut, code := execYams(t, "", "solve", "--rules", "yams-app", "--strategy", "bonus")
	if code != 0 || !strings.Contains(errOut, "solving the strategy bonus of rules yams-app") {
		t.Fatalf("solve bonus: exit %d, %q %q", code, out, errOut)
	}
	_, after, ok := strings.Cut(out, "strategy bonus, P(upper bonus) ")
	pct, _, _ := strings.Cut(after, "%")
	solved, err := strconv.ParseFloat(pct, 64)
	if !ok || err != nil {
		t.Fatalf("solve bonus: %q", out)
	}
	var fig struct {
		UpperBonus float64 `json:"upper_bonus"`
		Objective  struct {
			Kind      string   `json:"kind"`
			Parameter *float64 `json:"parameter"`
			Value     float64  `json:"value"`
		} `json:"objective"`
		Distribution struct {
			Min           int       `json:"min"`
			Probabilities []float64 `json:"probabilities"`
		} `json:"distribution"`
	}
	out, errOut, code = execYams(t, "", "exact", "--rules", "yams-app", "--strategy", "bonus", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &fig) != nil {
		t.Fatalf("exact bonus: exit %d, %q", code, errOut)
	}
	if fig.Objective.Kind != "bonus" || fig.Objective.Parameter != nil || math.Abs(fig.Objective.Value*100-solved) > 5e-8 ||
		math.Abs(fig.UpperBonus-fig.Objective.Value) > 1e-12 {
		t.Errorf("exact bonus: objective %+v, upper bonus %v; solve said %v%%", fig.Objective, fig.UpperBonus, solved)
	}

	out, errOut, code = execYams(t, "", "exact", "--rules", "yams-app", "--strategy", "risk:-0.02", "--distribution", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &fig) != nil {
		t.Fatalf("exact risk: exit %d, %q", code, errOut)
	}
	if fig.Objective.Kind != "risk" || fig.Objective.Parameter == nil || *fig.Objective.Parameter != -0.02 {
		t.Fatalf("exact risk: objective %+v", fig.Objective)
	}
	sum := 0.0
	for i, p := range fig.Distribution.Probabilities {
		sum += p * math.Exp(-0.02*float64(fig.Distribution.Min+i))
	}
	if ce := math.Log(sum) / -0.02; math.Abs(ce-fig.Objective.Value) > 1e-9 {
		t.Errorf("exact risk:-0.02: certainty equivalent %.12f, from its distribution %.12f", fig.Objective.Value, ce)
	}
	text, _, _ := execYams(t, "", "exact", "--rules", "yams-app", "--strategy", "risk:-0.02", "--distribution")
	want := strconv.FormatFloat(fig.Objective.Value, 'f', 7, 64)
	if strings.Count(text, want) != 2 || !strings.Contains(text, "certainty equivalent  "+want) {
		t.Errorf("exact risk:-0.02 does not print %s twice (solve, distribution):\n%s", want, text)
	}
}

// An objective the rules refuse, or a bad θ, is bad input for every command.
func TestObjectiveBadInput(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--strategy", "risk:x"}, `--strategy: θ "x" is not a number`},
		{[]string{"solve", "--strategy", "risk:1e-9"}, "too close to 0"},
		{[]string{"solve", "--strategy", "risk:0.9"}, "objective not available: risk:0.9 on rules hasbro: exp(θ·score) leaves the range of float64"},
		{[]string{"solve", "--strategy", "bonus", "--rule", "upper_bonus.points=0"}, "have no upper bonus for the strategy bonus"},
		{[]string{"exact", "--strategy", "risk:0.9"}, "objective not available: risk:0.9"},
		{[]string{"exact", "--strategy", "bonus", "--rule", "upper_bonus.points=0"}, "have no upper bonus"},
		{[]string{"exact", "--strategy", "risk:"}, "is not a number"},
		{[]string{"sim", "--strategy", "risk:2", "--games", "10"}, "beyond ±1"},
		{[]string{"sim", "--strategy", "bonus", "--rule", "upper_bonus.points=0", "--games", "10"}, "have no upper bonus"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", c.args...)
			wantUsageError(t, c.want, out, errOut, code, c.want)
		})
	}
}
