package sim_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"yams/internal/provenance"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
)

// withoutProvenance returns a summary file without its "provenance" member, the rest
// byte for byte: what two runs of the same games must share.
func withoutProvenance(t testing.TB, js []byte) []byte {
	t.Helper()
	start := bytes.Index(js, []byte("\n  \"provenance\": {"))
	if start < 0 {
		return js
	}
	end := bytes.Index(js[start:], []byte("\n  },"))
	if end < 0 {
		t.Fatalf("the provenance does not end")
	}
	return append(append([]byte{}, js[:start]...), js[start+end+len("\n  },"):]...)
}

// The provenance is written and read back as it was; it changes neither the checksum nor
// anything else of the file: the same games give the same file but for their provenance,
// whoever ran them, whenever, with whatever command.
func TestProvenanceIsNotContent(t *testing.T) {
	cfg := sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "greedy", "random"), Seed: 5, Games: 200}
	plain := simtest.JSONOf(t, simtest.Run(t, cfg))
	cfg.Provenance = simtest.Record("(devel)", "yams sim --games 200 --seed 5 --strategy greedy,random", "2026-07-01T15:04:05Z")
	res := simtest.Run(t, cfg)
	js := simtest.JSONOf(t, res)
	if bytes.Equal(js, plain) || !bytes.Contains(js, []byte(`"command": "yams sim --games 200 --seed 5 --strategy greedy,random"`)) {
		t.Fatalf("no provenance written:\n%s", js)
	}
	if !bytes.Equal(withoutProvenance(t, js), plain) {
		t.Errorf("the file with its provenance differs from the file without it elsewhere than in the provenance")
	}
	back, err := summaryfile.Read(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Provenance, cfg.Provenance) || back.Runs != nil {
		t.Errorf("read back: %+v, runs %+v; want %+v and no runs", back.Provenance, back.Runs, cfg.Provenance)
	}
	if again := simtest.JSONOf(t, back); !bytes.Equal(again, js) {
		t.Errorf("written again, the file changed")
	}
	// A file of an earlier yams has none, and is read as such.
	old, err := summaryfile.Read(bytes.NewReader(plain))
	if err != nil || old.Provenance != nil || old.PlayedBy() != nil || len(old.Builds()) != 1 || old.Builds()[0] != (provenance.Build{}) {
		t.Errorf("a file without provenance: %v, %+v, builds %v", err, old, old.Builds())
	}
}

// A resumed run records who played the games of the checkpoint and who the rest; a merge
// of shards, who played each shard; written and read back, the runs stay.
func TestProvenanceOfResumesAndMerges(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	a := simtest.Record("v1.0.0", "yams sim --games 300 --checkpoint c.ckpt", "2026-07-01T10:00:00Z")
	b := simtest.Record("(devel)", "yams sim --games 300 --checkpoint c.ckpt --resume c.ckpt", "2026-07-01T11:00:00Z")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "upper-first"), Seed: 8, Games: 300, Provenance: a}
	// The first 120 games, as the checkpoint of an interrupted run holds them.
	first := cfg
	first.Games = 120
	part := simtest.Run(t, first)
	part.Planned = 300
	part, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, part)))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Resume, cfg.Provenance = part, b
	resumed := simtest.Run(t, cfg)
	want := []provenance.Run{{Record: *a, First: 0, Games: 120}, {Record: *b, First: 120, Games: 180}}
	if !reflect.DeepEqual(resumed.Provenance, b) || !reflect.DeepEqual(resumed.Runs, want) {
		t.Fatalf("resumed: written by %+v, runs %+v; want %+v and %+v", resumed.Provenance, resumed.Runs, b, want)
	}
	if builds := resumed.Builds(); len(builds) != 2 || builds[0] != a.Yams || builds[1] != b.Yams {
		t.Errorf("builds %v", builds)
	}
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, resumed)))
	if err != nil || !reflect.DeepEqual(back.Runs, want) {
		t.Fatalf("read back: %v, runs %+v", err, back.Runs)
	}
	// Resumed again once complete: nothing more is played, by this run or any.
	c := simtest.Record("(devel)", "yams sim --games 300 --resume run.json", "2026-07-02T09:00:00Z")
	cfg.Resume, cfg.Provenance = back, c
	if again := simtest.Run(t, cfg); !reflect.DeepEqual(again.Runs, want) || again.Provenance != c {
		t.Errorf("a complete run resumed: runs %+v", again.Runs)
	}

	// Shards played by two builds, merged in any order.
	var parts []*sim.Results
	var names []string
	for k, rec := range []*provenance.Record{a, b, a} {
		s := sim.Shard{K: k + 1, N: 3, Total: 300}
		sc := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "upper-first"), Seed: 8, Shard: s, Provenance: rec}
		sc.First, sc.Games = s.Range()
		res, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, simtest.Run(t, sc))))
		if err != nil {
			t.Fatal(err)
		}
		parts, names = append([]*sim.Results{res}, parts...), append([]string{s.String()}, names...)
	}
	merged, err := summaryfile.MergeShards(names, parts)
	if err != nil {
		t.Fatal(err)
	}
	wantRuns := []provenance.Run{{Record: *a, First: 0, Games: 100}, {Record: *b, First: 100, Games: 100}, {Record: *a, First: 200, Games: 100}}
	if merged.Provenance != nil || !reflect.DeepEqual(merged.Runs, wantRuns) {
		t.Fatalf("merged: written by %+v, runs %+v; want nobody yet and %+v", merged.Provenance, merged.Runs, wantRuns)
	}
	if builds := merged.Builds(); len(builds) != 2 {
		t.Errorf("merged builds %v, want 2", builds)
	}
	m := simtest.Record("(devel)", "yams merge shard-1.json shard-2.json shard-3.json", "2026-07-03T00:00:00Z")
	merged.WrittenBy(*m)
	js := simtest.JSONOf(t, merged)
	back, err = summaryfile.Read(bytes.NewReader(js))
	if err != nil || !reflect.DeepEqual(back.Runs, wantRuns) || !reflect.DeepEqual(back.Provenance, m) {
		t.Fatalf("merged, read back: %v, %+v, %+v", err, back.Provenance, back.Runs)
	}
	// The same content as one run of all the games, by whatever command.
	whole := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "upper-first"), Seed: 8, Games: 300}
	if !bytes.Equal(withoutProvenance(t, js), simtest.JSONOf(t, simtest.Run(t, whole))) {
		t.Errorf("the merged shards differ from one run elsewhere than in their provenance")
	}
}

// A provenance that is not one (a date that is not a date, runs out of the file's games,
// overlapping or out of order) is refused in one line; fields a later yams may add to it
// are not.
func TestProvenanceChecked(t *testing.T) {
	cfg := sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "greedy"), Seed: 5, Games: 100,
		Provenance: simtest.Record("(devel)", "yams sim", "2026-07-01T15:04:05Z")}
	res := simtest.Run(t, cfg)
	res.Runs = []provenance.Run{{Record: *cfg.Provenance, First: 0, Games: 40}, {Record: *cfg.Provenance, First: 40, Games: 60}}
	js := simtest.JSONOf(t, res)
	if _, err := summaryfile.Read(bytes.NewReader(js)); err != nil {
		t.Fatal(err)
	}
	prov := func(d map[string]any) map[string]any { return d["provenance"].(map[string]any) }
	runAt := func(d map[string]any, i int) map[string]any { return prov(d)["runs"].([]any)[i].(map[string]any) }
	for _, c := range []struct {
		name   string
		change func(d map[string]any)
		want   string
	}{
		{"date", func(d map[string]any) { prov(d)["date"] = "yesterday" }, `provenance: date "yesterday"`},
		{"command", func(d map[string]any) { prov(d)["command"] = "" }, "provenance: command: empty"},
		{"not an object", func(d map[string]any) { d["provenance"] = "yams" }, "summary: json"},
		{"run out of the games", func(d map[string]any) { runAt(d, 1)["games"] = 61 }, "provenance: runs[1]: games 40 to 100"},
		{"runs overlap", func(d map[string]any) { runAt(d, 1)["first"] = 39 }, "provenance: runs[1]: games 39 to 98"},
		{"no games", func(d map[string]any) { runAt(d, 0)["games"] = 0 }, "provenance: runs[0]: 0 games"},
		{"a run's date", func(d map[string]any) { runAt(d, 0)["date"] = "" }, "provenance: runs[0]: date"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := summaryfile.Read(bytes.NewReader(simtest.Edit(t, js, c.change)))
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%v, want one line that says %q", err, c.want)
			}
		})
	}
	// New fields, in the provenance and beside it, are read past.
	later := simtest.Edit(t, js, func(d map[string]any) {
		prov(d)["host"] = "node-7"
		prov(d)["yams"].(map[string]any)["platform"] = "linux/arm64"
		d["something_new"] = map[string]any{"a": 1}
	})
	if back, err := summaryfile.Read(bytes.NewReader(later)); err != nil || back.Provenance.Command != "yams sim" {
		t.Errorf("a file with fields of a later yams: %v", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil || doc["checksum"] == nil {
		t.Fatal("no checksum")
	}
}
