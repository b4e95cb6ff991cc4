package sim_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/strategies"
)

// A run interrupted, then resumed from its results, ends with exactly the results of the
// run played without a break: bit for bit, through the summary file too.
func TestInterruptAndResume(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	hold(t, rules, "random", "greedy")
	games := int64(40_000)
	if raceEnabled {
		games = 6000
	}
	var done atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	random := simtest.Infos(t, "random")[0]
	stopping := strategies.Info{Name: "random", New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := random.New(r)
		return cancelAfter{st, &done, cancel}, err
	}}
	cfg := sim.Config{Rules: rules, Strategies: []strategies.Info{stopping, simtest.Infos(t, "greedy")[0]}, Seed: 4, Games: games, Workers: 3, Pairs: true, Progress: &done}
	part, err := sim.Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) || part == nil || !part.Partial() || part.Games == 0 || part.Planned != games {
		t.Fatalf("interrupted: %v, results %+v", err, part)
	}

	// The games played are the first ones: the same as a run of that many games.
	cfg.Strategies[0] = random
	cfg.Progress = nil
	prefix := cfg
	prefix.Games = part.Games
	want := simtest.Run(t, prefix)
	if !reflect.DeepEqual(want.Summaries, part.Summaries) || !reflect.DeepEqual(want.Pairs, part.Pairs) {
		t.Errorf("the %d games of the interrupted run are not games 0 to %d", part.Games, part.Games-1)
	}

	whole := simtest.Run(t, cfg)
	wholeJSON := simtest.JSONOf(t, whole)
	// Resumed from the results in memory, and from the partial summary file.
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, part)))
	if err != nil {
		t.Fatalf("the partial summary does not read back: %v", err)
	}
	if !back.Partial() || back.Planned != games || back.Games != part.Games {
		t.Errorf("read back: partial %v, %d of %d games", back.Partial(), back.Games, back.Planned)
	}
	for _, from := range []*sim.Results{part, back} {
		cfg.Resume, cfg.Workers = from, 2
		resumed := simtest.Run(t, cfg)
		if resumed.Resumed != part.Games || resumed.Partial() {
			t.Errorf("resumed: %d games resumed, partial %v", resumed.Resumed, resumed.Partial())
		}
		if got := simtest.JSONOf(t, resumed); !bytes.Equal(got, wholeJSON) {
			t.Errorf("resumed run and uninterrupted run differ")
		}
	}
	// A complete run resumed has nothing left to play, and the same results.
	cfg.Resume = whole
	if again := simtest.Run(t, cfg); again.Resumed != games || !bytes.Equal(simtest.JSONOf(t, again), wholeJSON) {
		t.Errorf("complete run resumed: %d resumed, other results", again.Resumed)
	}
}

// Checkpoints are taken while the workers play: each is a prefix of the run's games,
// and each resumes into the results of the whole run.
func TestCheckpoints(t *testing.T) {
	rules := simtest.Load(t, "yams")
	hold(t, rules, "greedy")
	var (
		mu    sync.Mutex
		snaps []*sim.Results
	)
	games := int64(2000)
	cfg := sim.Config{Rules: rules, Strategies: []strategies.Info{slow(t, "greedy", 50*time.Microsecond), simtest.Infos(t, "random")[0]}, Seed: 8, Games: games, Workers: 4,
		Checkpoint: func(r *sim.Results) error {
			mu.Lock()
			defer mu.Unlock()
			snaps = append(snaps, r)
			return nil
		},
		CheckpointEvery: time.Millisecond}
	// The games take at least games × 50 µs / 4 workers = 25 ms, a chunk of 62 games
	// at least 3 ms: checkpoints every millisecond see several in the middle of the run.
	whole := simtest.Run(t, cfg)
	if !slices.ContainsFunc(snaps, func(s *sim.Results) bool { return s.Games > 0 && s.Partial() }) {
		t.Fatalf("no checkpoint in the middle of the run among %d", len(snaps))
	}
	slowCfg := cfg
	cfg.Checkpoint, cfg.Strategies = nil, simtest.Infos(t, "greedy", "random") // the same games, at full speed
	wholeJSON := simtest.JSONOf(t, whole)
	var last int64
	for i, s := range snaps {
		if s.Games < last || s.Games > games || s.First != 0 || s.Planned != games {
			t.Fatalf("checkpoint %d: %d of %d games from %d, after %d", i, s.Games, s.Planned, s.First, last)
		}
		last = s.Games
		if s.Games == 0 {
			continue
		}
		for _, sum := range s.Summaries {
			if sum.Games != s.Games || sum.Scores.Total() != s.Games {
				t.Fatalf("checkpoint %d: %d games, %s counts %d in its summary and %d in its histogram", i, s.Games, sum.Strategy, sum.Games, sum.Scores.Total())
			}
		}
		// The first, middle and last checkpoints are replayed: the others are alike.
		if i != 0 && i != len(snaps)/2 && i != len(snaps)-1 {
			continue
		}
		prefix := cfg
		prefix.Games = s.Games
		if want := simtest.Run(t, prefix); !reflect.DeepEqual(want.Summaries, s.Summaries) {
			t.Errorf("checkpoint %d: its %d games are not games 0 to %d", i, s.Games, s.Games-1)
		}
		resume := cfg
		resume.Resume = s
		if got := simtest.JSONOf(t, simtest.Run(t, resume)); !bytes.Equal(got, wholeJSON) {
			t.Errorf("checkpoint %d (%d games) resumed differs from the run", i, s.Games)
		}
	}

	// A checkpoint that fails stops the run with the results so far.
	slowCfg.Checkpoint = func(*sim.Results) error { return errors.New("disk full") }
	res, err := sim.Run(context.Background(), slowCfg)
	if err == nil || !strings.Contains(err.Error(), "checkpoint: disk full") || res == nil || !res.Partial() {
		t.Errorf("failed checkpoint: %v, results %v", err, res)
	}
}

// hold builds the named strategies for the rules and keeps them until the test ends:
// their shared tables, which live only while a strategy uses them, are then built once
// for all the runs of the test, not once per run (a second each under the race detector).
func hold(t *testing.T, rules *engine.Rules, names ...string) {
	t.Helper()
	var held []strategies.Strategy
	for _, n := range names {
		st, err := strategies.New(n, rules)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, st)
	}
	t.Cleanup(func() { runtime.KeepAlive(held) })
}

// slow returns a strategy that plays as the named one, taking at least d per game.
func slow(t testing.TB, name string, d time.Duration) strategies.Info {
	info := simtest.Infos(t, name)[0]
	return strategies.Info{Name: name, New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := info.New(r)
		return sleeper{st, d}, err
	}}
}

type sleeper struct {
	strategies.Strategy
	d time.Duration
}

func (s sleeper) StartGame(g *rand.PCG) {
	if gs, ok := s.Strategy.(strategies.GameStarter); ok {
		gs.StartGame(g)
	}
	time.Sleep(s.d)
}

// A checkpoint of another run is refused, with the difference named.
func TestCheckResume(t *testing.T) {
	rules := simtest.Load(t, "hasbro")
	hold(t, rules, "greedy", "random")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Seed: 3, Games: 300}
	res := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Seed: 3, Games: 300})
	if err := sim.CheckResume(cfg, res); err != nil {
		t.Fatalf("the same run: %v", err)
	}
	shard := sim.Shard{K: 2, N: 3, Total: 300}
	for _, c := range []struct {
		change func(*sim.Config)
		want   string
	}{
		{func(c *sim.Config) { c.Rules = simtest.Load(t, "yams") }, "the checkpoint is of rules hasbro"},
		{func(c *sim.Config) { c.Rules = simtest.Load(t, "hasbro", "joker=free") }, "(hash "},
		{func(c *sim.Config) { c.Seed = 4 }, "the checkpoint is of seed 3, this run's seed is 4"},
		{func(c *sim.Config) { c.Strategies = simtest.Infos(t, "random", "greedy") }, "strategies greedy,random, this run plays random,greedy"},
		{func(c *sim.Config) { c.Games = 301 }, "a run of 300 games, this run plays 301"},
		{func(c *sim.Config) { c.Pairs = true }, "does not compare the strategies in pairs"},
		{func(c *sim.Config) { c.Shard = shard; c.First, c.Games = shard.Range() }, "the checkpoint is not a shard, this run is shard 2/3 of 300 games"},
	} {
		other := cfg
		c.change(&other)
		err := sim.CheckResume(other, res)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("error %v, want one line with %q", err, c.want)
		}
		if _, err := sim.Run(context.Background(), sim.Config{Rules: other.Rules, Strategies: other.Strategies, Seed: other.Seed, Games: other.Games,
			First: other.First, Shard: other.Shard, Pairs: other.Pairs, Resume: res}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Run resumed: %v, want %q", err, c.want)
		}
	}
}

// The shards of a run tile its games: contiguous, in order, none empty, within a game of
// the same size, for any number of games up to the largest.
func TestShardRanges(t *testing.T) {
	g := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		total := int64(1 + g.IntN(1000))
		switch g.IntN(3) {
		case 1:
			total = sim.MaxGames - g.Int64N(1000)
		case 2:
			total = 1 + g.Int64N(sim.MaxGames)
		}
		n := 1 + g.IntN(int(min(total, 300)))
		var next, lo, hi int64 = 0, 1 << 62, 0
		for k := 1; k <= n; k++ {
			s := sim.Shard{K: k, N: n, Total: total}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
			first, games := s.Range()
			if first != next || games < 1 {
				t.Fatalf("%v of %d: games %d+%d, want from %d", s, total, first, games, next)
			}
			next += games
			lo, hi = min(lo, games), max(hi, games)
		}
		if next != total || hi-lo > 1 {
			t.Fatalf("%d shards of %d: end at %d, sizes %d to %d", n, total, next, lo, hi)
		}
	}
	for _, s := range []sim.Shard{{0, 3, 10}, {4, 3, 10}, {1, 0, 10}, {1, 11, 10}, {1, 1, 0}, {1, 1, sim.MaxGames + 1}} {
		if s.Check() == nil {
			t.Errorf("%+v accepted", s)
		}
	}
	for in, want := range map[string][2]int{"1/1": {1, 1}, "3/8": {3, 8}, "8/8": {8, 8}} {
		if k, n, err := sim.ParseShard(in); err != nil || k != want[0] || n != want[1] {
			t.Errorf("ParseShard(%q) = %d, %d, %v", in, k, n, err)
		}
	}
	for _, in := range []string{"", "1", "0/3", "4/3", "1/0", "a/b", "1/3/4", "-1/3", "1/ 3", "env/3"} {
		if _, _, err := sim.ParseShard(in); err == nil {
			t.Errorf("ParseShard(%q) accepted", in)
		}
	}
}

// Shards played apart, written, read back and merged in any order give the summary file
// of one run of all the games, byte for byte; shards that do not belong together are
// refused with the file named.
func TestMergeShards(t *testing.T) {
	rules := simtest.Load(t, "verhoeff")
	hold(t, rules, "greedy", "random")
	const games = 300
	base := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy", "random"), Seed: 7, Games: games, Workers: 2}
	wholeJSON := simtest.JSONOf(t, simtest.Run(t, base))
	shard := func(cfg sim.Config, k, n int) *sim.Results {
		cfg.Shard = sim.Shard{K: k, N: n, Total: cfg.Games}
		cfg.First, cfg.Games = cfg.Shard.Range()
		res, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, simtest.Run(t, cfg))))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for _, n := range []int{1, 3, 7} {
		var parts []*sim.Results
		var names []string
		for k := n; k >= 1; k-- {
			parts = append(parts, shard(base, k, n))
			names = append(names, "shard-"+string(rune('0'+k)))
		}
		merged, err := summaryfile.MergeShards(names, parts)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if got := simtest.JSONOf(t, merged); !bytes.Equal(got, wholeJSON) {
			t.Errorf("%d shards merged differ from the whole run", n)
		}
	}

	s1, s2, s3 := shard(base, 1, 3), shard(base, 2, 3), shard(base, 3, 3)
	seed := base
	seed.Seed = 8
	strats := base
	strats.Strategies = simtest.Infos(t, "greedy")
	more := base
	more.Games = 301
	partialCfg := base
	partialCfg.Shard = sim.Shard{K: 2, N: 3, Total: games}
	partialCfg.First, partialCfg.Games = partialCfg.Shard.Range()
	for _, c := range []struct {
		name  string
		parts []*sim.Results
		want  string
	}{
		{"missing", []*sim.Results{s1, s3}, "shard 2/3 (games 100 to 199) is missing"},
		{"twice", []*sim.Results{s1, s2, s2, s3}, "b and c are both shard 2/3: they overlap"},
		{"other seed", []*sim.Results{s1, shard(seed, 2, 3), s3}, "b: seed 8, a has seed 7"},
		{"other strategies", []*sim.Results{s1, s2, shard(strats, 3, 3)}, "c: strategies greedy, a has greedy,random"},
		{"other split", []*sim.Results{s1, shard(base, 2, 4), s3}, "b: shard 2/4 of 300 games, a is shard 1/3 of 300 games"},
		{"other game count", []*sim.Results{s1, shard(more, 2, 3), s3}, "b: shard 2/3 of 301 games, a is shard 1/3 of 300 games"},
		{"other rules", []*sim.Results{s1, s2, shard(sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "random"), Seed: 7, Games: games}, 3, 3)}, "c: rules hasbro"},
		{"partial", []*sim.Results{s1, interrupted(t, partialCfg), s3}, "b: partial: "},
	} {
		names := []string{"a", "b", "c", "d"}[:len(c.parts)]
		if _, err := summaryfile.MergeShards(names, c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// interrupted returns the results of cfg stopped after some of its games, read back
// from their summary file.
func interrupted(t *testing.T, cfg sim.Config) *sim.Results {
	t.Helper()
	var done atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	random := simtest.Infos(t, "random")[0]
	cfg.Strategies = []strategies.Info{{Name: "greedy", New: func(r *engine.Rules) (strategies.Strategy, error) {
		st, err := simtest.Infos(t, "greedy")[0].New(r)
		if err != nil {
			return nil, err
		}
		rs, err := random.New(r)
		return cancelAfter{starter{st, rs.(strategies.GameStarter)}, &done, cancel}, err
	}}, cfg.Strategies[1]}
	cfg.Progress, cfg.Workers = &done, 2
	res, err := sim.Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) || res == nil || !res.Partial() {
		t.Fatalf("not interrupted: %v", err)
	}
	back, err := summaryfile.Read(bytes.NewReader(simtest.JSONOf(t, res)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// starter is a strategy with the StartGame of another, which does not change its moves.
type starter struct {
	strategies.Strategy
	gs strategies.GameStarter
}

func (s starter) StartGame(g *rand.PCG) { s.gs.StartGame(g) }

// Results merge only with the slice of games next to theirs, and after complete ones.
func TestMergeNeedsNextSlice(t *testing.T) {
	rules := simtest.Load(t, "yams")
	hold(t, rules, "greedy")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 1, Games: 50}
	a := simtest.Run(t, cfg)
	cfg.First = 60
	if err := a.Merge(simtest.Run(t, cfg)); err == nil || !strings.Contains(err.Error(), "not next to each other") {
		t.Errorf("games 0-49 with 60-109: %v", err)
	}
	cfg.First = 0
	if err := a.Merge(simtest.Run(t, cfg)); err == nil || !strings.Contains(err.Error(), "not next to each other") {
		t.Errorf("games 0-49 twice: %v", err)
	}
	// After: the merged results start where the earlier slice does.
	b := simtest.Run(t, cfg)
	cfg.First = 50
	c := simtest.Run(t, cfg)
	if err := c.Merge(b); err != nil || c.First != 0 || c.Games != 100 || c.Planned != 100 {
		t.Errorf("games 50-99 then 0-49: %v, from %d, %d games of %d", err, c.First, c.Games, c.Planned)
	}
	// Partial results are followed by nothing.
	p := simtest.Run(t, sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 1, Games: 50})
	p.Planned = 80
	cfg.First = 50
	if err := p.Merge(simtest.Run(t, cfg)); err == nil || !strings.Contains(err.Error(), "partial") {
		t.Errorf("after partial results: %v", err)
	}
}

// Every summary file carries a checksum over its content: a file truncated, damaged or
// edited is refused, and so is one without a checksum.
func TestChecksumRefusals(t *testing.T) {
	js := simtest.JSONOf(t, simtest.Run(t, sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "random", "greedy"), Seed: 9, Games: 300}))
	if !regexp.MustCompile(`\n  "checksum": "sha256:[0-9a-f]{64}"\n}\n$`).Match(js) {
		t.Fatalf("no checksum at the end of the file:\n%s", js[len(js)-120:])
	}
	// replace changes the first match of a regular expression in the file.
	replace := func(expr, with string) []byte {
		re := regexp.MustCompile(expr)
		loc := re.FindIndex(js)
		if loc == nil {
			t.Fatalf("no %s in the file", expr)
		}
		return append(append(append([]byte(nil), js[:loc[0]]...), re.ReplaceAll(js[loc[0]:loc[1]], []byte(with))...), js[loc[1]:]...)
	}
	// A joker count, which nothing else in the file adds up: 0 becomes 1, else 0.
	joker := regexp.MustCompile(`"joker": \{\s+"ones": (\d+)`).FindSubmatchIndex(js)
	jokerEdited := slices.Concat(js[:joker[2]], []byte(map[bool]string{true: "1", false: "0"}[string(js[joker[2]:joker[3]]) == "0"]), js[joker[3]:])
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", js[:len(js)-40], "truncated: the file ends in the middle"},
		{"truncated after a strategy, closed again", append(append([]byte(nil), js[:bytes.Index(js, []byte(`    {
      "name": "greedy"`))-2]...), "],\n"+string(js[bytes.LastIndex(js, []byte(`  "checksum"`)):])...), "checksum mismatch"},
		{"a digit of the seed changed", replace(`"seed": 9`, `"seed": 8`), "checksum mismatch"},
		{"a joker count edited", jokerEdited, "checksum mismatch"},
		{"a strategy renamed", replace(`"name": "greedy"`, `"name": "greedy2"`), "checksum mismatch"},
		{"the rule set renamed", replace(`"rules": "hasbro"`, `"rules": "yams"`), "checksum mismatch"},
		{"a digit of the checksum changed", replace(`"sha256:[0-9a-f]`, `"sha256:g`), "want sha256: and 64 hexadecimal digits"},
		{"another checksum", replace(`"sha256:[0-9a-f]{64}"`, `"sha256:`+strings.Repeat("0", 64)+`"`), "checksum mismatch"},
		{"no checksum", replace(`,\n  "checksum": "[^"]*"`, ``), "no checksum"},
		{"an md5", replace(`"sha256:[0-9a-f]{64}"`, `"md5:d41d8cd98f00b204e9800998ecf8427e"`), "want sha256:"},
	} {
		res, err := summaryfile.Read(bytes.NewReader(c.data))
		if err == nil || res != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// The fields of a shard and of partial results are checked against each other.
func TestSliceFieldsRefused(t *testing.T) {
	rules := simtest.Load(t, "yams")
	hold(t, rules, "greedy")
	cfg := sim.Config{Rules: rules, Strategies: simtest.Infos(t, "greedy"), Seed: 1, Shard: sim.Shard{K: 2, N: 4, Total: 100}}
	cfg.First, cfg.Games = cfg.Shard.Range()
	js := simtest.JSONOf(t, simtest.Run(t, cfg))
	if !bytes.Contains(js, []byte(`"first": 25,`)) || !bytes.Contains(js, []byte(`"shard": {`)) {
		t.Fatalf("no first game or shard in the file")
	}
	for _, c := range []struct {
		name     string
		old, new string
		want     string
	}{
		{"first moved", `"first": 25,`, `"first": 26,`, "shard 2/4 of 100 games is games 25 to 49, not 26 to 50"},
		{"index out of range", `"index": 2,`, `"index": 5,`, "want K/N with 1 ≤ K ≤ N"},
		{"more shards than games", `"count": 4,`, `"count": 400,`, "at most one shard per game"},
		{"partial without planned games", `"games": 25,`, `"games": 25, "partial": true,`, "planned games"},
		{"planned games of a complete file", `"games": 25,`, `"games": 25, "planned_games": 30,`, "for partial results"},
		{"negative first", `"first": 25,`, `"first": -1,`, "out of 0 to"},
	} {
		data := bytes.Replace(js, []byte(c.old), []byte(c.new), 1)
		if _, err := summaryfile.Read(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
