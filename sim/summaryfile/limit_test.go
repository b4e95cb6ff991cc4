package summaryfile

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/sim"
)

// A stream without end is refused once it is larger than any summary file, not read
// until memory runs out. (The bound is lowered here: reading 64 MiB takes seconds under
// the race detector.)
func TestReadSummaryEndless(t *testing.T) {
	defer func(n int) { maxSummaryBytes = n }(maxSummaryBytes)
	maxSummaryBytes = 1 << 20
	if _, err := Read(endless{}); err == nil || !strings.Contains(err.Error(), "more than 1 MiB: not a summary file") {
		t.Errorf("endless input: %v", err)
	}
}

type endless struct{}

var spaces = bytes.Repeat([]byte{' '}, 1<<16)

func (endless) Read(p []byte) (int, error) { return copy(p, spaces), nil }

// A file whose strategies would take more memory than a summary file may is refused
// before anything is allocated from its counts.
func TestReadSummaryMemoryBound(t *testing.T) {
	_, js := forgeable(t)
	defer func(n int) { maxSummaryMemory = n }(maxSummaryMemory)
	maxSummaryMemory = boundsOf(mustLoad(t, "hasbro")).summaryBytes() - 1
	if _, err := Read(bytes.NewReader(js)); err == nil || !strings.Contains(err.Error(), "summary: strategies: 1 strategies, whose counts under these rules take up to") {
		t.Errorf("a strategy more than the bound: %v", err)
	}
	maxSummaryMemory++
	if _, err := Read(bytes.NewReader(js)); err != nil {
		t.Errorf("a strategy within the bound: %v", err)
	}
}

func mustLoad(t *testing.T, name string) *engine.Rules {
	t.Helper()
	rules, err := engine.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// issue 9, item 5: a small file whose histograms claim scores far apart is refused for
// the keys the rules do not allow, having allocated nothing from them: the reader
// allocates a few times the size of the file, not the span of the keys.
func TestReadSummaryFarKeys(t *testing.T) {
	_, js := forgeable(t)
	for _, key := range []string{`"-1048576": 1`, `"1048576": 1`} {
		far := bytes.Replace(js, []byte(`"histogram": {`), []byte(`"histogram": {`+key+`,`), 1)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Read(bytes.NewReader(far))
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "out of 0..1575 under these rules") {
			t.Errorf("%s: %v", key, err)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 64*uint64(len(far)) {
			t.Errorf("%s: %d bytes allocated to read %d", key, grown, len(far))
		}
	}
}

// A sum of squares is read digit by digit: a number of a million digits, which a big.Int
// takes seconds to read, is refused at once.
func TestSquaresRead(t *testing.T) {
	for _, c := range []struct {
		text string
		want sim.Uint128
		ok   bool
	}{
		{"0", sim.Uint128{}, true},
		{"18446744073709551616", sim.Uint128{Hi: 1, Lo: 0}, true},
		{"340282366920938463463374607431768211455", sim.Uint128{Hi: ^uint64(0), Lo: ^uint64(0)}, true},
		{"340282366920938463463374607431768211456", sim.Uint128{}, false},
		{"999999999999999999999999999999999999999", sim.Uint128{}, false},
		{"-1", sim.Uint128{}, false},
		{"1e3", sim.Uint128{}, false},
		{"null", sim.Uint128{}, false},
		{"1" + strings.Repeat("0", 1<<20), sim.Uint128{}, false},
	} {
		t.Run(c.text[:min(len(c.text), 40)], func(t *testing.T) {
			var q squares
			start := time.Now()
			err := q.UnmarshalJSON([]byte(c.text))
			if (err == nil) != c.ok || sim.Uint128(q) != c.want {
				t.Errorf("%v, %v; want %v, ok %v", sim.Uint128(q), err, c.want, c.ok)
			}
			if d := time.Since(start); d > 100*time.Millisecond {
				t.Errorf("%v to read", d)
			}
			if c.ok {
				if back, _ := q.MarshalJSON(); string(back) != c.text {
					t.Errorf("written back %s", back)
				}
			}
		})
	}
}
