package summaryfile_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"yams/internal/simtest"
	"yams/sim"
)

// The shape of the summary file is the users' contract (README): these keys, these types.
func TestJSONShape(t *testing.T) {
	res := sample(t, "hasbro")
	var doc map[string]any
	if err := json.Unmarshal(simtest.JSONOf(t, res), &doc); err != nil {
		t.Fatal(err)
	}
	keys := func(m map[string]any) []string {
		var k []string
		for key := range m {
			k = append(k, key)
		}
		slices.Sort(k)
		return k
	}
	if got := keys(doc); !reflect.DeepEqual(got, []string{"checksum", "columns", "games", "rule_options", "rule_set", "rules", "rules_hash", "seed", "strategies", "stream"}) {
		t.Errorf("top-level keys %v", got)
	}
	// No option is written [], as the README's layout shows it, not left out.
	if opts, ok := doc["rule_options"].([]any); !ok || len(opts) != 0 {
		t.Errorf("rule_options %#v, want []", doc["rule_options"])
	}
	if doc["rules"] != "hasbro" || doc["seed"] != 9.0 || doc["games"] != 300.0 || doc["stream"] != float64(sim.StreamVersion) {
		t.Errorf("rules %v seed %v games %v stream %v", doc["rules"], doc["seed"], doc["games"], doc["stream"])
	}
	if rs, ok := doc["rule_set"].(map[string]any); !ok || rs["name"] != "hasbro" || len(rs["boxes"].([]any)) != 13 {
		t.Errorf("rule_set %v, want the spec of hasbro", doc["rule_set"])
	}
	strats := doc["strategies"].([]any)
	if len(strats) != 3 {
		t.Fatalf("%d strategies", len(strats))
	}
	pair := func(where string, v any) {
		a, ok := v.([]any)
		if !ok || len(a) != 2 || a[0].(float64) > a[1].(float64) {
			t.Errorf("%s: %v is not an interval [lo, hi]", where, v)
		}
	}
	countsOf := func(where string, v any, keyOK func(int) bool) float64 {
		total := 0.0
		for k, n := range v.(map[string]any) {
			i, err := strconv.Atoi(k)
			if err != nil || !keyOK(i) {
				t.Errorf("%s: key %q", where, k)
			}
			total += n.(float64)
		}
		return total
	}
	for _, x := range strats {
		s := x.(map[string]any)
		name := s["name"].(string)
		for _, k := range []string{"name", "games", "mean", "stddev", "ci95", "percentiles", "histogram", "upper_bonus", "yahtzee", "joker", "boxes", "convergence"} {
			if _, ok := s[k]; !ok {
				t.Errorf("%s: no %q", name, k)
			}
		}
		pair(name+".ci95", s["ci95"])
		conv := s["convergence"].([]any)
		last := conv[len(conv)-1].(map[string]any)
		if len(conv) != 9 || last["running_games"] != 300.0 || last["running_mean"] != s["mean"] {
			t.Errorf("%s: convergence %v", name, conv)
		}
		if m, sd := s["mean"].(float64), s["stddev"].(float64); m <= 0 || sd <= 0 {
			t.Errorf("%s: mean %v sd %v", name, m, sd)
		}
		p := s["percentiles"].(map[string]any)
		if got := keys(p); !reflect.DeepEqual(got, []string{"p1", "p25", "p5", "p50", "p75", "p95", "p99"}) {
			t.Errorf("%s: percentiles %v", name, got)
		}
		if p["p1"].(float64) > p["p50"].(float64) || p["p50"].(float64) > p["p99"].(float64) {
			t.Errorf("%s: percentiles out of order %v", name, p)
		}
		if n := countsOf(name+".histogram", s["histogram"], func(int) bool { return true }); n != 300 {
			t.Errorf("%s: histogram counts %v games", name, n)
		}
		ub := s["upper_bonus"].(map[string]any)
		if got := keys(ub); !reflect.DeepEqual(got, []string{"ci95", "count", "rate"}) {
			t.Errorf("%s: upper_bonus %v", name, got)
		}
		pair(name+".upper_bonus.ci95", ub["ci95"])
		y := s["yahtzee"].(map[string]any)
		if r, ok := y["scored_rate"].(float64); !ok || r < 0 || r > 1 {
			t.Errorf("%s: yahtzee.scored_rate %v", name, y["scored_rate"])
		}
		if n := countsOf(name+".yahtzee.extra_bonus", y["extra_bonus"], func(k int) bool { return k >= 0 && k <= 13 }); n != 300 {
			t.Errorf("%s: extra_bonus counts %v games", name, n)
		}
		joker := s["joker"].(map[string]any)
		boxes := s["boxes"].(map[string]any)
		if len(joker) != 13 || len(boxes) != 13 {
			t.Errorf("%s: %d joker boxes, %d boxes, want 13", name, len(joker), len(boxes))
		}
		for id, v := range boxes {
			b := v.(map[string]any)
			if _, ok := joker[id]; !ok {
				t.Errorf("%s: box %s has no joker count", name, id)
			}
			zr := b["zero_rate"].(float64)
			if _, ok := b["mean"].(float64); !ok || zr < 0 || zr > 1 {
				t.Errorf("%s.%s: %v", name, id, b)
			}
			if n := countsOf(name+"."+id+".fill_turn", b["fill_turn"], func(k int) bool { return k >= 1 && k <= 13 }); n != 300 {
				t.Errorf("%s.%s: fill_turn counts %v games", name, id, n)
			}
		}
	}
}
