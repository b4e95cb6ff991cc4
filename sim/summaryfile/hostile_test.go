package summaryfile

import (
	"bytes"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// hostileSize is the size of the hostile files: large enough that reading them as the
// reader once did would allocate gigabytes (a 63 MiB file of [{},{},…] took over 20 GB),
// small enough to be read in a blink.
const hostileSize = 4 << 20

// repeated returns elem repeated, separated by commas, to about size bytes in all.
func repeated(elem string, size int) string {
	n := size / (len(elem) + 1)
	return strings.TrimSuffix(strings.Repeat(elem+",", n), ",")
}

// numbered returns the members "from": value, "from+1": value... of an object, to about
// size bytes in all: distinct keys, as a file must have.
func numbered(from int, value string, size int) string {
	var b strings.Builder
	for i := from; b.Len() < size; i++ {
		if i > from {
			b.WriteByte(',')
		}
		b.WriteString(`"` + strconv.Itoa(i) + `":` + value)
	}
	return b.String()
}

// A summary file whose lists hold far more elements than a run can have, most of them
// empty, the cheapest to write and, decoded, the costliest in memory, is refused in one
// line, and reading it allocates a few times the size of the file: every list is counted
// before it is decoded, and bounded by the structure of a run (the strategies by the
// memory of their counts under the file's rules, the blocks of games by 64, the boxes by
// engine.MaxSlots...) or, where nothing bounds their number (a histogram's scores, a
// bot's command), allocated once at their length.
func TestReadSummaryHostileLists(t *testing.T) {
	_, js := forgeable(t)
	s := string(js)
	// inject puts text in place of the first occurrence of old.
	inject := func(old, text string) []byte {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("the summary has no %q", old)
		}
		return []byte(strings.Replace(s, old, text, 1))
	}
	convergence := `"convergence": [`
	regret := func(members string) []byte {
		return inject(convergence, `"regret": {`+members+`}, `+convergence)
	}
	empties := repeated("{}", hostileSize)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"strategies", []byte(`{"games": 1, "columns": ["free"], "rules": "hasbro", "rules_hash": "` + string(mustLoad(t, "hasbro").Hash()) + `", "strategies": [` + empties + `]}`),
			"strategies: 1398101 strategies, whose counts under these rules take up to"},
		{"strategies of a summary", inject(`"strategies": [`, `"strategies": [`+empties+`,`),
			"strategies: 1398102 strategies, whose counts under these rules take up to"},
		{"pairs", inject(`"strategies": [`, `"pairs": [`+empties+`], "strategies": [`), "pairs: 1398101 pairs, want 0"},
		{"convergence", inject(convergence, convergence+empties+","), "blocks of games, more than the 64 a run can have"},
		{"by column", inject(convergence, `"by_column": [`+empties+`], `+convergence), "1398101 columns, more than the 8"},
		{"columns", inject(`"columns": [`, `"columns": [`+repeated(`""`, hostileSize)+`,`), "1398102 columns, more than the 8"},
		{"boxes", inject(`"boxes": {`, `"boxes": {`+numbered(0, "{}", hostileSize)+`,`), "boxes, more than the 64 a run can have"},
		{"fill turns", inject(`"fill_turn": {`, `"fill_turn": {`+numbered(0, "1", hostileSize)+`,`), "boxes, more than the 64 a run can have"},
		{"percentiles", inject(`"percentiles": {`, `"percentiles": {`+numbered(0, "1", hostileSize)+`,`), "percentiles, more than the 7"},
		{"regret keeps", regret(`"keep": [` + empties + `]`), "1398101 keeps, more than the 4"},
		{"regret turns", regret(`"by_turn": [` + empties + `]`), "1398101 boxes, more than the 64"},
		{"regret boxes", regret(`"by_box": {` + numbered(0, "{}", hostileSize) + `}`), "boxes, more than the 64"},
		{"costliest", regret(`"costliest": [` + empties + `]`), "1398101 costliest positions, more than the 10000"},
		{"dice", regret(`"costliest": [{"dice": [` + repeated("1", hostileSize) + `]}]`), "2097152 dice, more than the 5"},
		{"choice", regret(`"costliest": [{"choice": [` + repeated("1", hostileSize) + `]}]`), "2097152 dice, more than the 5"},
		{"rule set", inject(`"rule_set": {`, `"rule_set": {"title": "`+strings.Repeat("x", hostileSize)+`", `), "rule_set: 4197217 bytes, more than the 1048576 of a rule file"},
		{"provenance runs", inject(`"checksum":`, `"provenance": {"yams": {"version": "v1", "go": "go1.26"}, "date": "2026-12-01T00:00:00Z", "command": "yams sim", "runs": [`+empties+`]}, "checksum":`),
			"provenance.runs: 1398101 elements in 4194304 bytes, where each takes at least"},
		// Unbounded in number, bounded by their bytes: refused for what they hold.
		{"histogram", inject(`"histogram": {`, `"histogram": {`+numbered(10000, "1", hostileSize)+`,`), "histogram"},
		{"command", inject(convergence, `"bot": {"command": [`+repeated(`""`, hostileSize)+`]}, `+convergence), "checksum"},
		{"rule options", inject(`"seed":`, `"rule_options": [`+repeated(`""`, hostileSize)+`], "seed":`), "summary: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := Read(bytes.NewReader(c.data))
			runtime.ReadMemStats(&after)
			if res != nil || err == nil || !strings.HasPrefix(err.Error(), "summary: ") || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("results %v, error %v; want one line that says %q", res != nil, err, c.want)
			}
			// An element that the structure does not bound takes at most 16 bytes of
			// memory per byte of the file: an empty string, "", is 16 bytes, and a bot's
			// command is encoded again for the checksum. The race detector's build allocates
			// more for the same work (a bot's command took 19 bytes a byte there), so its
			// bound is twice as loose: the hostile files it guards against take thousands.
			perByte := uint64(16)
			if raceEnabled {
				perByte = 32
			}
			if grown := after.TotalAlloc - before.TotalAlloc; grown > perByte*uint64(len(c.data)) {
				t.Errorf("%.1f MiB allocated to read %.1f MiB", float64(grown)/(1<<20), float64(len(c.data))/(1<<20))
			}
		})
	}
}

// The counts and the members of a list are read from its bytes as the decoder reads them:
// commas and brackets within strings, escaped quotes included, are not the list's.
func TestCountElements(t *testing.T) {
	for _, c := range []struct {
		json string
		n    int
	}{
		{`[]`, 0}, {` [ ] `, 0}, {`{}`, 0}, {`[1]`, 1}, {`[{}]`, 1}, {`[[],[1,2],{}]`, 3},
		{`["a,b", "c\"],[d", "\\"]`, 3}, {`{"a,": [1, 2], "b\"": {"c": 1}}`, 2}, {`"x"`, 0}, {`5`, 0},
	} {
		if got := countElements([]byte(c.json)); got != c.n {
			t.Errorf("%s: %d elements, want %d", c.json, got, c.n)
		}
	}
	var keys, values []string
	err := eachMember([]byte(`{ "a\"b" : [1, "x]"] , "c":{"d":2},"e":-1.5e3 }`), func(k, v []byte) error {
		keys, values = append(keys, string(k)), append(values, string(v))
		return nil
	})
	if want := []string{`"a\"b"`, `"c"`, `"e"`}; err != nil || !slices.Equal(keys, want) ||
		!slices.Equal(values, []string{`[1, "x]"]`, `{"d":2}`, `-1.5e3`}) {
		t.Errorf("members %q: %q, %v", keys, values, err)
	}
}
