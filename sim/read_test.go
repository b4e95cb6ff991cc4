package sim_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim"
)

func sample(t testing.TB, rules string, opts ...string) *sim.Results {
	t.Helper()
	cfg := sim.Config{Rules: load(t, rules, opts...), RuleOptions: opts, Strategies: infos(t, "random", "greedy", "upper-first"), Seed: 9, Games: 300}
	if len(opts) > 0 {
		cfg.Games = 20
	}
	return run(t, cfg)
}

func TestJSONRoundTrip(t *testing.T) {
	for _, res := range []*sim.Results{sample(t, "hasbro"), sample(t, "yams-wiki", "columns=top_down,free,free")} {
		js := jsonOf(t, res)
		back, err := sim.ReadSummary(bytes.NewReader(js))
		if err != nil {
			t.Fatalf("%s: %v", res.Rules, err)
		}
		if !reflect.DeepEqual(counts(res), counts(back)) {
			t.Errorf("%s: the summary read back differs from the one written", res.Rules)
		}
		if again := jsonOf(t, back); !bytes.Equal(js, again) {
			t.Errorf("%s: written again, the summary changes", res.Rules)
		}
	}
}

// edit decodes a summary file, changes it, and encodes it again.
func edit(t testing.TB, js []byte, change func(doc map[string]any)) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadSummaryRefuses(t *testing.T) {
	js := jsonOf(t, sample(t, "hasbro"))
	strat := func(doc map[string]any) map[string]any { return doc["strategies"].([]any)[1].(map[string]any) }
	obj := func(m map[string]any, k string) map[string]any { return m[k].(map[string]any) }
	firstKey := func(m map[string]any) string {
		k := make([]string, 0, len(m))
		for key := range m {
			k = append(k, key)
		}
		slices.Sort(k)
		return k[0]
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "EOF"},
		{"truncated", js[:len(js)/2], "unexpected EOF"},
		{"not an object", []byte(`[1, 2]`), "cannot unmarshal"},
		{"trailing data", append(slices.Clone(js), "{}"...), "data after"},
		{"no games", edit(t, js, func(d map[string]any) { d["games"] = 0 }), "games: 0"},
		{"no strategies", edit(t, js, func(d map[string]any) { d["strategies"] = []any{} }), "no strategies"},
		{"strategy twice", edit(t, js, func(d map[string]any) {
			d["strategies"] = append(d["strategies"].([]any), d["strategies"].([]any)[0])
		}), "twice"},
		{"a game more", edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = h[firstKey(h)].(float64) + 1
		}), "histogram: counts 301 games"},
		{"mean edited", edit(t, js, func(d map[string]any) { strat(d)["mean"] = 250.0 }), "mean: 250"},
		{"negative count", edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = -1.0
		}), "want a positive count"},
		{"key not a number", edit(t, js, func(d map[string]any) { obj(strat(d), "histogram")["abc"] = 1.0 }), `key "abc"`},
		{"huge key", edit(t, js, func(d map[string]any) { obj(strat(d), "histogram")["99999999999"] = 1.0 }), "within"},
		{"fractional count", edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = 0.5
		}), "cannot unmarshal number 0.5"},
		{"box missing", edit(t, js, func(d map[string]any) { delete(obj(strat(d), "boxes"), "chance") }), "joker: 13 boxes, want 12"},
		{"turn out of range", edit(t, js, func(d map[string]any) {
			obj(obj(obj(strat(d), "boxes"), "ones"), "fill_turn")["14"] = 1.0
		}), "fill_turn"},
		{"zeros above games", edit(t, js, func(d map[string]any) { obj(obj(strat(d), "boxes"), "ones")["zeros"] = 301.0 }), "zeros: 301 out of 0..300"},
		{"percentile edited", edit(t, js, func(d map[string]any) { obj(strat(d), "percentiles")["p50"] = 1.0 }), "percentiles"},
		{"unknown yahtzee box", edit(t, js, func(d map[string]any) { obj(strat(d), "yahtzee")["box"] = "yam" }), `no box "yam"`},
		{"bonus above games", edit(t, js, func(d map[string]any) { obj(strat(d), "upper_bonus")["count"] = 1000.0 }), "upper_bonus"},
		{"block sum edited", edit(t, js, func(d map[string]any) {
			strat(d)["convergence"].([]any)[2].(map[string]any)["sum"] = 1.0
		}), "blocks do not add up"},
		{"block misplaced", edit(t, js, func(d map[string]any) {
			strat(d)["convergence"].([]any)[2].(map[string]any)["first"] = 4.0
		}), "want 0, 1, 3, 7"},
		{"another stream", edit(t, js, func(d map[string]any) { d["stream"] = sim.StreamVersion + 1.0 }),
			"written by a build of yams with another dice stream"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := sim.ReadSummary(bytes.NewReader(c.data))
			if err == nil || res != nil || !strings.HasPrefix(err.Error(), "summary: ") || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("results %v, error %v; want one line that says %q", res != nil, err, c.want)
			}
		})
	}
	// The reader takes the file with other spaces and lines, and its members in another
	// order, since the checksum is of the content. The order of the boxes is content
	// (that of the sheet): a tool that sorts them changes the summary.
	var compact bytes.Buffer
	if err := json.Compact(&compact, js); err != nil {
		t.Fatal(err)
	}
	if _, err := sim.ReadSummary(&compact); err != nil {
		t.Errorf("compacted: %v", err)
	}
	reordered := bytes.Replace(js, []byte(`"rules": "hasbro",`), nil, 1)
	reordered = bytes.Replace(reordered, []byte(`"seed": 9,`), []byte(`"seed": 9, "rules": "hasbro",`), 1)
	if _, err := sim.ReadSummary(bytes.NewReader(reordered)); err != nil || bytes.Equal(reordered, js) {
		t.Errorf("rules after seed: %v", err)
	}
	// A file without "stream" was written before the stream was recorded: stream 1, read
	// as long as StreamVersion is 1.
	noStream := bytes.Replace(js, []byte(`"stream": 1,`), nil, 1)
	if _, err := sim.ReadSummary(bytes.NewReader(noStream)); err != nil || bytes.Equal(noStream, js) {
		t.Errorf("no stream: %v", err)
	}
	_, err := sim.ReadSummary(bytes.NewReader(edit(t, js, func(map[string]any) {})))
	if err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("boxes sorted by name: %v, want a checksum mismatch", err)
	}
}

// FuzzReadSummary: no input makes the reader panic, and what it accepts it writes back
// the same.
func FuzzReadSummary(f *testing.F) {
	// Small seeds: the fuzzer minimizes every input that finds new code, which takes
	// minutes on a summary of a hundred kilobytes.
	oneThrow, _ := engine.Parse("one-throw", []byte(oneThrow))
	for _, rules := range []*sim.Results{
		run(f, sim.Config{Rules: oneThrow, Strategies: infos(f, "random", "greedy"), Games: 4}),
		run(f, sim.Config{Rules: load(f, "yams-app", "columns=free,sec"), Strategies: infos(f, "random"), Games: 2}),
	} {
		f.Add(jsonOf(f, rules))
	}
	f.Add([]byte(`{"games": 1, "columns": ["free"], "strategies": [{"name": "x", "games": 1, "histogram": {"5": 1}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := sim.ReadSummary(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := res.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		again, err := sim.ReadSummary(&b)
		if err != nil || !reflect.DeepEqual(counts(res), counts(again)) {
			t.Fatalf("accepted, written, refused or changed: %v", err)
		}
	})
}
