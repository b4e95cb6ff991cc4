package summaryfile_test

import (
	"bytes"
	"runtime"
	"testing"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
)

// The shards a merge is given say how many shards the run has: that number, up to 2^60
// for a run of 2^60 one-game shards, is never a number of things to allocate. A missing
// shard is one line.
func TestMergeShardsOfHugeRuns(t *testing.T) {
	rules, err := engine.Parse("one-throw", []byte(simtest.OneThrow))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		shards []sim.Shard
		want   string
	}{
		{"one of 2^60", []sim.Shard{{K: 1, N: 1 << 60, Total: 1 << 60}}, "shard 2/1152921504606846976 (games 1 to 1) is missing"},
		{"one of 2^40", []sim.Shard{{K: 1, N: 1 << 40, Total: 1 << 40}}, "shard 2/1099511627776 (games 1 to 1) is missing"},
		{"the last of 2^60", []sim.Shard{{K: 1 << 60, N: 1 << 60, Total: 1 << 60}}, "shard 1/1152921504606846976 (games 0 to 0) is missing"},
		{"the middle one missing", []sim.Shard{{K: 3, N: 3, Total: 30}, {K: 1, N: 3, Total: 30}}, "shard 2/3 (games 10 to 19) is missing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var names []string
			var parts []*sim.Results
			for _, s := range c.shards {
				cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 3, Shard: s}
				cfg.First, cfg.Games = s.Range()
				// Through the file, as yams merge reads them.
				res, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, simtest.Run(t, cfg))))
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, s.String())
				parts = append(parts, res)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := summaryfile.MergeShards(names, parts)
			runtime.ReadMemStats(&after)
			if err == nil || res != nil || err.Error() != c.want {
				t.Errorf("%v, want %q", err, c.want)
			}
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
				t.Errorf("the merge allocated %d bytes", grown)
			}
		})
	}
}
