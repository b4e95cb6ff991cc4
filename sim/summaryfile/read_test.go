package summaryfile_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/provenance"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
)

func sample(t testing.TB, rules string, opts ...string) *sim.Results {
	t.Helper()
	cfg := sim.Config{Rules: simtest.Load(t, rules, opts...), RuleOptions: opts, Strategies: simtest.Infos(t, "random", "greedy", "upper-first"), Seed: 9, Games: 300}
	if len(opts) > 0 {
		cfg.Games = 20
	}
	return simtest.Run(t, cfg)
}

func TestJSONRoundTrip(t *testing.T) {
	for _, res := range []*sim.Results{sample(t, "hasbro"), sample(t, "yams-wiki", "columns=top_down,free,free")} {
		js := simtest.JSONOf(t, res)
		back, err := summaryfile.Read(bytes.NewReader(js))
		if err != nil {
			t.Fatalf("%s: %v", res.Rules, err)
		}
		if !reflect.DeepEqual(simtest.Counts(res), simtest.Counts(back)) {
			t.Errorf("%s: the summary read back differs from the one written", res.Rules)
		}
		if again := simtest.JSONOf(t, back); !bytes.Equal(js, again) {
			t.Errorf("%s: written again, the summary changes", res.Rules)
		}
	}
}

func TestReadSummaryRefuses(t *testing.T) {
	js := simtest.JSONOf(t, sample(t, "hasbro"))
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
		{"empty", nil, "empty file"},
		{"truncated", js[:len(js)/2], "truncated: the file ends in the middle"},
		{"not an object", []byte(`[1, 2]`), "cannot unmarshal"},
		{"trailing data", append(slices.Clone(js), "{}"...), "data after"},
		{"no games", simtest.Edit(t, js, func(d map[string]any) { d["games"] = 0 }), "games: 0"},
		{"no strategies", simtest.Edit(t, js, func(d map[string]any) { d["strategies"] = []any{} }), "no strategies"},
		{"strategy twice", simtest.Edit(t, js, func(d map[string]any) {
			d["strategies"] = append(d["strategies"].([]any), d["strategies"].([]any)[0])
		}), "twice"},
		{"a game more", simtest.Edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = h[firstKey(h)].(float64) + 1
		}), "histogram: counts more than 300 games"},
		{"mean edited", simtest.Edit(t, js, func(d map[string]any) { strat(d)["mean"] = 250.0 }), "mean: 250"},
		{"negative count", simtest.Edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = -1.0
		}), "want a positive count"},
		{"key not a number", simtest.Edit(t, js, func(d map[string]any) { obj(strat(d), "histogram")["abc"] = 1.0 }), `key "abc"`},
		{"huge key", simtest.Edit(t, js, func(d map[string]any) { obj(strat(d), "histogram")["99999999999"] = 1.0 }), "out of 0..1575 under these rules"},
		{"fractional count", simtest.Edit(t, js, func(d map[string]any) {
			h := obj(strat(d), "histogram")
			h[firstKey(h)] = 0.5
		}), "cannot unmarshal number 0.5"},
		{"box missing", simtest.Edit(t, js, func(d map[string]any) { delete(obj(strat(d), "boxes"), "chance") }), "boxes: 12 boxes, the rule set's sheet has 13"},
		{"turn out of range", simtest.Edit(t, js, func(d map[string]any) {
			obj(obj(obj(strat(d), "boxes"), "ones"), "fill_turn")["14"] = 1.0
		}), "fill_turn"},
		{"zeros above games", simtest.Edit(t, js, func(d map[string]any) { obj(obj(strat(d), "boxes"), "ones")["zeros"] = 301.0 }), "zeros: 301 out of 0..300"},
		{"percentile edited", simtest.Edit(t, js, func(d map[string]any) { obj(strat(d), "percentiles")["p50"] = 1.0 }), "percentiles"},
		{"unknown yahtzee box", simtest.Edit(t, js, func(d map[string]any) { obj(strat(d), "yahtzee")["box"] = "yam" }), `yahtzee.box: "yam", the rule set's is "yahtzee"`},
		{"bonus above games", simtest.Edit(t, js, func(d map[string]any) { obj(strat(d), "upper_bonus")["count"] = 1000.0 }), "upper_bonus"},
		{"block sum edited", simtest.Edit(t, js, func(d map[string]any) {
			strat(d)["convergence"].([]any)[2].(map[string]any)["sum"] = 1.0
		}), "blocks do not add up"},
		{"block misplaced", simtest.Edit(t, js, func(d map[string]any) {
			strat(d)["convergence"].([]any)[2].(map[string]any)["first"] = 4.0
		}), "convergence[2]: want the block of games from 3, with 4 of them"},
		{"another stream", simtest.Edit(t, js, func(d map[string]any) { d["stream"] = sim.StreamVersion + 1.0 }),
			"written by a build of yams with another dice stream"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := summaryfile.Read(bytes.NewReader(c.data))
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
	if _, err := summaryfile.Read(&compact); err != nil {
		t.Errorf("compacted: %v", err)
	}
	reordered := bytes.Replace(js, []byte(`"rules": "hasbro",`), nil, 1)
	reordered = bytes.Replace(reordered, []byte(`"seed": 9,`), []byte(`"seed": 9, "rules": "hasbro",`), 1)
	if _, err := summaryfile.Read(bytes.NewReader(reordered)); err != nil || bytes.Equal(reordered, js) {
		t.Errorf("rules after seed: %v", err)
	}
	// A file without "stream" was written before the stream was recorded: stream 1, read
	// as long as StreamVersion is 1.
	noStream := bytes.Replace(js, []byte(`"stream": 1,`), nil, 1)
	if _, err := summaryfile.Read(bytes.NewReader(noStream)); err != nil || bytes.Equal(noStream, js) {
		t.Errorf("no stream: %v", err)
	}
	if _, err := summaryfile.Read(bytes.NewReader(simtest.Edit(t, js, func(map[string]any) {}))); err != nil {
		t.Errorf("decoded and encoded again in the order of the file: %v", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	sorted, err := json.Marshal(doc) // a Go map: its members sorted by name
	if err != nil {
		t.Fatal(err)
	}
	if _, err := summaryfile.Read(bytes.NewReader(sorted)); err == nil || !strings.Contains(err.Error(), `boxes: "chance", the rule set's sheet has "ones" there`) {
		t.Errorf("boxes sorted by name: %v, want them refused", err)
	}
}

// FuzzReadSummary: no input makes the reader panic, and what it accepts it writes back
// the same.
func FuzzReadSummary(f *testing.F) {
	// Small seeds: the fuzzer minimizes every input that finds new code, and a summary
	// takes about a millisecond per 5 kB to read, write and read again, so that a seed of
	// a hundred kilobytes would take minutes. (testdata/fuzz holds one of yams compare.)
	throw, _ := engine.Parse("one-throw", []byte(simtest.OneThrow))
	for _, rules := range []*sim.Results{
		simtest.Run(f, sim.Config{Rules: throw, Strategies: simtest.Infos(f, "random", "greedy"), Games: 4}),
		simtest.Run(f, sim.Config{Rules: simtest.Load(f, "yams-app", "columns=free,sec"), Strategies: simtest.Infos(f, "random"), Games: 2}),
	} {
		f.Add(simtest.JSONOf(f, rules))
	}
	// With a provenance and its runs (which the checksum does not cover).
	withRuns := simtest.Run(f, sim.Config{Rules: throw, Strategies: simtest.Infos(f, "random"), Games: 3, Provenance: simtest.Record("(devel)", "yams sim", "2026-07-01T15:04:05Z")})
	withRuns.Runs = []provenance.Run{{Record: *withRuns.Provenance, First: 0, Games: 1}, {Record: *withRuns.Provenance, First: 1, Games: 2}}
	f.Add(simtest.JSONOf(f, withRuns))
	f.Add([]byte(`{"games": 1, "columns": ["free"], "strategies": [{"name": "x", "games": 1, "histogram": {"5": 1}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := summaryfile.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := summaryfile.Write(&b, res); err != nil {
			t.Fatal(err)
		}
		again, err := summaryfile.Read(&b)
		if err != nil || !reflect.DeepEqual(simtest.Counts(res), simtest.Counts(again)) {
			t.Fatalf("accepted, written, refused or changed: %v", err)
		}
	})
}

// Summary files written before the stream and the rule set were recorded (testdata/v1,
// written by yams at commit de3fe82) are still read, their checksum checked by the
// encoding of those days: the rule set is then the preset the file names, with its
// options, when its hash is the file's; the results of a rule file are refused, since a
// summary never makes the reader load a file by name. Written again, they carry their
// rule set and the checksum of today.
func TestReadEarlierFiles(t *testing.T) {
	read := func(t *testing.T, name string) []byte {
		t.Helper()
		js, err := os.ReadFile(filepath.Join("testdata", "v1", name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(js, []byte(`"rule_set"`)) || bytes.Contains(js, []byte(`"stream"`)) {
			t.Fatalf("%s is not a file of the first format", name)
		}
		return js
	}
	for _, c := range []struct {
		file, rules string
		options     []string
		pairs       int
	}{
		{"hasbro-compare.json", "hasbro", nil, 1},
		{"yams-app-columns.json", "yams-app", []string{"columns=free,top_down,sec", "order=top_down"}, 0},
	} {
		t.Run(c.file, func(t *testing.T) {
			js := read(t, c.file)
			res, err := summaryfile.Read(bytes.NewReader(js))
			if err != nil {
				t.Fatal(err)
			}
			want := simtest.Load(t, c.rules, c.options...)
			if res.RuleSet == nil || res.RuleSet.Hash() != want.Hash() || res.RulesHash != want.Hash() || len(res.Pairs) != c.pairs {
				t.Errorf("rule set %v, hash %s, %d pairs; want %s and %d pairs", res.RuleSet != nil, res.RulesHash, len(res.Pairs), want.Hash(), c.pairs)
			}
			again := simtest.JSONOf(t, res)
			back, err := summaryfile.Read(bytes.NewReader(again))
			if err != nil || !bytes.Contains(again, []byte(`"rule_set": {`)) || !reflect.DeepEqual(simtest.Counts(res), simtest.Counts(back)) {
				t.Errorf("written again: %v, or another summary", err)
			}
			// The checksum of those days is checked, not skipped.
			edited := bytes.Replace(js, []byte(`"seed": `), []byte(`"seed": 1`), 1)
			if _, err := summaryfile.Read(bytes.NewReader(edited)); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
				t.Errorf("seed edited: %v, want a checksum mismatch", err)
			}
		})
	}
	t.Run("rule-file.json", func(t *testing.T) {
		res, err := summaryfile.Read(bytes.NewReader(read(t, "rule-file.json")))
		if err == nil || res != nil || !strings.Contains(err.Error(), `no rule_set, and rules "house"`) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v, want one line that says the rules of the file are no preset", err)
		}
	})
}

// A file records its rule set, which ReadSummary compiles and checks: a file whose rule
// set was edited, removed or broken is refused, in one line.
func TestRuleSetChecked(t *testing.T) {
	rules := simtest.Load(t, "verhoeff", "upper_bonus.threshold=60")
	js := simtest.JSONOf(t, simtest.Run(t, sim.Config{Rules: rules, RuleOptions: []string{"upper_bonus.threshold=60"}, Strategies: simtest.Infos(t, "greedy"), Seed: 3, Games: 50}))
	res, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if res.RuleSet.Hash() != rules.Hash() || res.RuleSet.UpperThreshold() != 60 || !reflect.DeepEqual(res.RuleSet.Spec(), rules.Spec()) {
		t.Errorf("rule set read back: %s, threshold %d", res.RuleSet.Hash(), res.RuleSet.UpperThreshold())
	}
	for _, c := range []struct {
		name     string
		old, new string
		want     string
	}{
		{"threshold edited", `"threshold": 60`, `"threshold": 61`, "checksum mismatch"},
		{"title edited", `"title": "`, `"title": "x`, "checksum mismatch"},
		{"rule set removed", `"rule_set": {`, `"rule_set_": {`, "checksum mismatch"},
		{"rule set broken", `"rolls": 3`, `"rolls": 9`, "rules rule_set: rolls: 9 is impossible"},
		{"rule set not an object", `"rule_set": {`, `"rule_set": 1, "x": {`, "rules rule_set"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := bytes.Replace(js, []byte(c.old), []byte(c.new), 1)
			if bytes.Equal(data, js) {
				t.Fatalf("no %s in the file", c.old)
			}
			res, err := summaryfile.Read(bytes.NewReader(data))
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%v, want one line that says %q", err, c.want)
			}
		})
	}
}

// A summary file of the format of today (testdata/v2, written by yams compare --rules
// yams-app --rule columns=free,free,sec) is read by every later build of stream 1: the
// file format is a contract with the users' files.
func TestReadFileOfToday(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("testdata", "v2", "yams-app-compare.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	want := simtest.Load(t, "yams-app", "columns=free,free,sec")
	if res.RuleSet.Hash() != want.Hash() || !slices.Equal(res.Summaries[0].Columns, []string{"free#1", "free#2", "sec"}) || len(res.Pairs) != 1 || res.Games != 60 {
		t.Errorf("rules %s, columns %v, %d pairs, %d games", res.RuleSet.Hash(), res.Summaries[0].Columns, len(res.Pairs), res.Games)
	}
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, res)))
	if err != nil || !reflect.DeepEqual(simtest.Counts(res), simtest.Counts(back)) {
		t.Errorf("written again and read back: %v, or other results", err)
	}
}

// issue 9, item 9: every figure of a strategy that WriteJSON derives from the counts is
// checked against them, on a sheet of several columns too.
func TestDerivedFiguresChecked(t *testing.T) {
	js := simtest.JSONOf(t, sample(t, "yams-app", "columns=free,top_down"))
	strat := func(d map[string]any) map[string]any { return d["strategies"].([]any)[1].(map[string]any) }
	obj := func(m map[string]any, k string) map[string]any { return m[k].(map[string]any) }
	column := func(d map[string]any) map[string]any { return strat(d)["by_column"].([]any)[0].(map[string]any) }
	block := func(d map[string]any) map[string]any { return strat(d)["convergence"].([]any)[3].(map[string]any) }
	for _, c := range []struct {
		name   string
		change func(d map[string]any)
		want   string
	}{
		{"min", func(d map[string]any) { strat(d)["min"] = -500 }, "min: -500, the counts give"},
		{"max", func(d map[string]any) { strat(d)["max"] = 99999 }, "max: 99999, the counts give"},
		{"stderr", func(d map[string]any) { strat(d)["stderr"] = 0.1 }, "stderr: 0.1"},
		{"ci95", func(d map[string]any) { strat(d)["ci95"] = []any{1, 1000} }, "ci95[0]: 1"},
		{"upper_bonus.count", func(d map[string]any) { obj(strat(d), "upper_bonus")["count"] = 5000 }, "upper_bonus.count: 5000"},
		{"upper_bonus.ci95", func(d map[string]any) { obj(strat(d), "upper_bonus")["ci95"] = []any{0, 1} }, "upper_bonus.ci95["},
		{"yahtzee.scored_ci95", func(d map[string]any) { obj(strat(d), "yahtzee")["scored_ci95"] = []any{0, 0.5} }, "yahtzee.scored_ci95"},
		{"joker_rate", func(d map[string]any) { strat(d)["joker_rate"] = 0.5 }, "joker_rate: 0.5"},
		{"zero_rate", func(d map[string]any) { obj(obj(strat(d), "boxes"), "top_down.full_house")["zero_rate"] = 0.5 }, "boxes.top_down.full_house.zero_rate: 0.5"},
		{"combined upper_subtotal", func(d map[string]any) {
			// A game of the highest subtotal moved one point down: as many subtotals.
			h := obj(strat(d), "upper_subtotal")
			top := slices.MaxFunc(slices.Collect(maps.Keys(h)), func(a, b string) int {
				x, _ := strconv.Atoi(a)
				y, _ := strconv.Atoi(b)
				return x - y
			})
			v, _ := strconv.Atoi(top)
			if h[top] = h[top].(float64) - 1; h[top] == 0.0 {
				delete(h, top)
			}
			below, _ := h[strconv.Itoa(v-1)].(float64)
			h[strconv.Itoa(v-1)] = below + 1
		}, "upper_subtotal: the subtotals of the columns do not add up to it"},
		{"by_column upper_bonus rate", func(d map[string]any) { obj(column(d), "upper_bonus")["rate"] = 0.99 }, "by_column[0].upper_bonus.rate: 0.99"},
		{"by_column upper_bonus ci95", func(d map[string]any) { obj(column(d), "upper_bonus")["ci95"] = []any{0, 1} }, "by_column[0].upper_bonus.ci95["},
		{"running mean", func(d map[string]any) { block(d)["running_mean"] = 1 }, "convergence[3].running_mean: 1"},
		{"running ci95", func(d map[string]any) { block(d)["running_ci95"] = []any{0, 1} }, "convergence[3].running_ci95["},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := summaryfile.Read(bytes.NewReader(simtest.Edit(t, js, c.change)))
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "checksum") {
				t.Errorf("%v, want one line that says %q", err, c.want)
			}
		})
	}
}
