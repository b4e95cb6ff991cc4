package simtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/internal/provenance"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// Load loads a preset with options.
func Load(t testing.TB, name string, opts ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Infos looks up strategies by name, sim.FloorName among them.
func Infos(t testing.TB, names ...string) []strategies.Info {
	t.Helper()
	var list []strategies.Info
	for _, n := range names {
		if n == sim.FloorName {
			list = append(list, sim.Floor())
			continue
		}
		info, ok := strategies.Lookup(n)
		if !ok {
			t.Fatalf("no strategy %s", n)
		}
		list = append(list, info)
	}
	return list
}

// Run runs cfg.
func Run(t testing.TB, cfg sim.Config) *sim.Results {
	t.Helper()
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// RunShards runs cfg as shards, the games of each [first, end) of bounds, and returns
// their results merged: what the run of all their games must equal.
func RunShards(t testing.TB, cfg sim.Config, bounds ...[2]int64) *sim.Results {
	t.Helper()
	var merged *sim.Results
	for _, b := range bounds {
		cfg.First, cfg.Games = b[0], b[1]-b[0]
		part := Run(t, cfg)
		if merged == nil {
			merged = part
		} else if err := merged.Merge(part); err != nil {
			t.Fatal(err)
		}
	}
	return merged
}

// Counts strips the timings, which are not part of what a run finds.
func Counts(r *sim.Results) *sim.Results {
	c := *r
	c.Workers, c.Setup, c.Elapsed, c.Busy, c.Outside = 0, 0, 0, nil, nil
	return &c
}

// JSONOf returns the summary file of r.
func JSONOf(t testing.TB, r *sim.Results) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := summaryfile.Write(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// OneThrow is a game of one turn of one roll in one chance box: it has no decision to
// make, so every strategy scores the sum of the same five dice.
const OneThrow = `{"name": "one-throw", "rolls": 1, "boxes": [{"id": "chance", "section": "lower", "kind": "chance"}]}`

// Record returns a provenance record of a made-up build and command.
func Record(version, command, date string) *provenance.Record {
	return &provenance.Record{Yams: provenance.Build{Version: version, Revision: "9472861c0ab1e7f0d7c1a2b3c4d5e6f708192a3b", Go: "go1.26.8"},
		Date: date, Command: command}
}

// ColumnRules returns rules of one or two boxes in columns of the given names; a box id
// may have a dot, as a rule file allows.
func ColumnRules(t testing.TB, names []string, boxes ...string) (*engine.Rules, error) {
	t.Helper()
	if len(boxes) == 0 {
		boxes = []string{"chance"}
	}
	spec := engine.Spec{Name: "columns", Rolls: 1}
	for _, id := range boxes {
		spec.Boxes = append(spec.Boxes, engine.BoxSpec{ID: id, Section: "lower", Kind: "chance", Add: "all"})
	}
	for _, n := range names {
		spec.Columns = append(spec.Columns, engine.ColumnSpec{Name: n, Order: "free"})
	}
	data, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Parse("columns", data)
}

// Edit decodes a summary file, changes it, and encodes it again, the members of its
// objects in the order of the file (the boxes are in the order of the sheet), those the
// change adds last.
func Edit(t testing.TB, js []byte, change func(doc map[string]any)) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	// The rank of each key in its object, by path (the elements of an array share one):
	// a sheet's boxes come in the order of the sheet in every strategy.
	rank := map[string]int{}
	var scan func(path string) error
	scan = func(path string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key := path + "." + k.(string)
				if _, seen := rank[key]; !seen {
					rank[key] = len(rank)
				}
				if err := scan(key); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for dec.More() {
				if err := scan(path + "[]"); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	if err := scan(""); err != nil {
		t.Fatal(err)
	}
	change(doc)
	var b bytes.Buffer
	writeOrdered(t, &b, doc, "", rank)
	return b.Bytes()
}

// writeOrdered writes v, of the path given, as JSON, the members of its objects by their
// rank.
func writeOrdered(t testing.TB, b *bytes.Buffer, v any, path string, rank map[string]int) {
	switch v := v.(type) {
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeOrdered(t, b, x, path+"[]", rank)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := slices.Collect(maps.Keys(v))
		slices.SortFunc(keys, func(x, y string) int {
			rx, okx := rank[path+"."+x]
			ry, oky := rank[path+"."+y]
			switch {
			case okx && oky:
				return rx - ry
			case okx:
				return -1 // the keys of the file first
			case oky:
				return 1
			}
			return strings.Compare(x, y)
		})
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := json.Marshal(k)
			b.Write(key)
			b.WriteByte(':')
			writeOrdered(t, b, v[k], path+"."+k, rank)
		}
		b.WriteByte('}')
	default:
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
}

// AsBatch is a batch strategy that answers with a strategy of one decision at a time, in
// the process: an external bot without the process. From the request of game index
// failFrom on (when not negative) it fails, as a bot that stops answering.
type AsBatch struct {
	St       strategies.Strategy
	FailFrom int64
}

func (b *AsBatch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	for i, r := range reqs {
		if b.FailFrom >= 0 && r.Game >= b.FailFrom {
			return fmt.Errorf("bot as-batch: no answer for game %d", r.Game)
		}
		if r.RollsLeft > 0 {
			answers[i].Keep = b.St.Keep(r.Sheet, r.Roll, r.RollsLeft)
		} else {
			answers[i].Box = b.St.Box(r.Sheet, r.Roll, r.RollsUsed)
		}
	}
	return nil
}

func (b *AsBatch) Close() error { return nil }

// BatchOf returns the strategy name as a batch strategy, failing from game index failFrom
// (if not negative).
func BatchOf(t testing.TB, name string, failFrom int64) strategies.Info {
	info := Infos(t, name)[0]
	return strategies.Info{Name: name, NewBatch: func(r *engine.Rules, _ int) (strategies.Batch, error) {
		st, err := info.New(r)
		return &AsBatch{St: st, FailFrom: failFrom}, err
	}}
}

// Approx reports whether a and b agree to 1e-9, relatively.
func Approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
