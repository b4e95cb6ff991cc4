package strategies

import (
	"math"
	"math/rand/v2"
	"testing"

	"yams/engine"
	"yams/internal/exhaustive"
	"yams/strategies/turnplan"
)

func mustLoad(t testing.TB, name string, opts ...string) *engine.Rules {
	t.Helper()
	r, err := engine.Load(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func roll(t testing.TB, dice ...int) engine.Roll {
	t.Helper()
	r, ok := engine.RollOf(dice)
	if !ok {
		t.Fatalf("bad roll %v", dice)
	}
	return r
}

// The tables must say exactly what planning the turn on the spot says, for every roll and
// roll number, in every position that random play reaches: the table encoding (states,
// yahtzee flag, keep masks, statuses) is then right.
func TestTablesMatchTurnPlans(t *testing.T) {
	type ruleSet struct {
		preset string
		opts   []string
	}
	sets := []ruleSet{
		{"hasbro", nil}, {"yams-wiki", nil}, {"hasbro", []string{"columns=sec"}},
		{"hasbro", []string{"rolls=1"}}, {"hasbro", []string{"rolls=4", "upper_bonus.threshold=60"}},
		// The same table encodings again, in the exhaustive run.
		{"verhoeff", nil}, {"yams", nil}, {"yams-app", nil}, {"hasbro", []string{"order=bottom_up"}},
	}
	switch {
	case raceEnabled:
		sets = sets[:1]
	case !exhaustive.On:
		sets = sets[:5]
	}
	for _, c := range sets {
		rules := mustLoad(t, c.preset, c.opts...)
		g, _ := newGreedy(rules)
		u, _ := newUpperFirst(rules)
		if g.live != nil || u.live != nil {
			t.Fatalf("%s %v: one column should use tables", c.preset, c.opts)
		}
		gLive := &greedy{t: g.t, live: turnplan.NewLive(g.t.plan)}
		uLive := &upperFirst{t: u.t, live: turnplan.NewLive(u.t.plan)}
		pairs := []struct {
			name        string
			table, plan Strategy
		}{{"greedy", g, gLive}, {"upper-first", u, uLive}}

		x := newRandom(rules)
		x.StartGame(rand.NewPCG(3, 4))
		s := engine.NewSheet(rules)
		positions := 0
		for game := 0; game < 12; game++ {
			s.Reset()
			for !s.Done() {
				positions++
				for _, p := range pairs {
					for r := range engine.Roll(engine.NumRolls) {
						for left := 1; left < rules.Rolls(); left++ {
							if a, b := p.table.Keep(&s, r, left), p.plan.Keep(&s, r, left); a != b {
								t.Fatalf("%s %s %v turn %d: keep of %s with %d left: table %s, plan %s",
									p.name, c.preset, c.opts, s.Turn(), r, left, a, b)
							}
						}
						if a, b := p.table.Box(&s, r, 1), p.plan.Box(&s, r, 1); a != b {
							t.Fatalf("%s %s %v turn %d: box of %s: table %d, plan %d", p.name, c.preset, c.opts, s.Turn(), r, a, b)
						}
					}
				}
				r := roll(t, 1+game%6, 2, 3, 5, 5)
				if game%3 == 0 {
					r = roll(t, 1+game%6, 1+game%6, 1+game%6, 1+game%6, 1+game%6)
				}
				s.Fill(x.Box(&s, r, 1), r)
			}
		}
		if positions < 100 {
			t.Errorf("%s: only %d positions compared", c.preset, positions)
		}
	}
}

// With one box left, greedy plays that box optimally: its expected score over the turn
// must be the published single-box values. Those count a five of a kind as a joker in
// full house and straights, as hasbro does once the yahtzee box is filled (here with 0,
// so that no extra bonus applies). Without the joker (yams) they are 9.072072, 18.463269
// and 10.443801, as a brute force in Python over sorted dice, independent of the engine,
// finds too. The expectation is
// computed exactly from the strategy's own decisions, one die at a time.
func TestGreedySingleBoxAnchors(t *testing.T) {
	anchors := map[string]float64{
		"three_of_a_kind": 15.194661, "four_of_a_kind": 5.611263, "full_house": 9.153620,
		"small_straight": 18.480750, "large_straight": 10.612742, "yahtzee": 2.301432,
		"chance": 23.333333,
	}
	for f, id := range []string{"ones", "twos", "threes", "fours", "fives", "sixes"} {
		anchors[id] = float64(f+1) * 5 * 91 / 216 // five dice, each a hit with 1 − (5/6)³
	}
	noJoker := map[string]float64{"full_house": 9.072072, "small_straight": 18.463269, "large_straight": 10.443801}
	for _, preset := range []string{"hasbro", "yams"} {
		rules := mustLoad(t, preset)
		g, _ := newGreedy(rules)
		for b, box := range rules.Boxes() {
			want := anchors[box.ID]
			if v, ok := noJoker[box.ID]; ok && preset == "yams" {
				want = v
			}
			if got := singleBox(t, g, rules, b); math.Abs(got-want) > 1e-6 {
				t.Errorf("%s, %s alone: greedy expects %.6f, want %.6f", preset, box.ID, got, want)
			}
		}
	}
}

// singleBox is the exact expected score of st's turn on a sheet where only box b is open.
func singleBox(t *testing.T, st Strategy, rules *engine.Rules, b int) float64 {
	filler := roll(t, 1, 2, 3, 4, 6)
	s := engine.NewSheet(rules)
	for o := range rules.NumBoxes() {
		if o != b {
			s.Fill(engine.BoxID(o), filler)
		}
	}
	return turnExpectation(st, &s, rules.Rolls())
}

// turnExpectation is the exact expected points of one turn of st on s.
func turnExpectation(st Strategy, s *engine.Sheet, rolls int) float64 {
	type key struct {
		k    engine.Keep
		used int
	}
	rollMemo := map[key]float64{}
	keepMemo := map[key]float64{}
	var rollValue func(r engine.Roll, used int) float64
	var keepValue func(k engine.Keep, used int) float64
	// keepValue: the expectation of holding k after used rolls and rolling the others.
	keepValue = func(k engine.Keep, used int) float64 {
		if k.IsRoll() {
			return rollValue(k.Roll(), used+1)
		}
		if v, ok := keepMemo[key{k, used}]; ok {
			return v
		}
		v := 0.0
		for f := 1; f <= engine.NumFaces; f++ {
			v += keepValue(k.Add(f), used) / engine.NumFaces
		}
		keepMemo[key{k, used}] = v
		return v
	}
	rollValue = func(r engine.Roll, used int) float64 {
		if v, ok := rollMemo[key{r.Keep(), used}]; ok {
			return v
		}
		var v float64
		k := r.Keep()
		if used < rolls {
			k = st.Keep(s, r, rolls-used)
		}
		if k.IsRoll() {
			v = float64(s.Points(st.Box(s, r, used), r))
		} else {
			v = keepValue(k, used)
		}
		rollMemo[key{r.Keep(), used}] = v
		return v
	}
	return keepValue(0, 0)
}

func TestGreedyBoxAndTies(t *testing.T) {
	rules := mustLoad(t, "hasbro")
	g, _ := newGreedy(rules)
	box := func(s *engine.Sheet, dice ...int) string {
		return rules.Boxes()[g.Box(s, roll(t, dice...), 3)].ID
	}
	s := engine.NewSheet(rules)
	for _, c := range []struct {
		dice []int
		want string
	}{
		{[]int{6, 6, 6, 6, 6}, "yahtzee"},
		{[]int{1, 2, 3, 4, 5}, "large_straight"},
		{[]int{2, 2, 3, 3, 3}, "full_house"},
		{[]int{6, 6, 6, 6, 5}, "four_of_a_kind"}, // 29 in 3K, 4K and chance: the hardest
		{[]int{6, 6, 6, 5, 4}, "three_of_a_kind"},
	} {
		if got := box(&s, c.dice...); got != c.want {
			t.Errorf("empty sheet, %v: %s, want %s", c.dice, got, c.want)
		}
	}
	// Only ones and yahtzee open: a roll without a one scores 0 in both; the zero goes
	// to the yahtzee, the harder to fill.
	filler := roll(t, 1, 2, 3, 4, 6)
	for _, id := range []string{"twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
		"four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"} {
		s.Fill(engine.BoxID(rules.BoxIndex(id)), filler)
	}
	if got := box(&s, 2, 3, 4, 6, 6); got != "yahtzee" {
		t.Errorf("zero between ones and yahtzee: %s, want yahtzee", got)
	}
	// Only the yahtzee left: keep the triple, whatever else.
	s.Fill(engine.BoxID(rules.BoxIndex("ones")), filler)
	if k := g.Keep(&s, roll(t, 2, 4, 4, 4, 6), 2); k.String() != "4-4-4" {
		t.Errorf("yahtzee alone, 2-4-4-4-6: keep %s, want 4-4-4", k)
	}
}

func TestUpperStatus(t *testing.T) {
	rules := mustLoad(t, "hasbro")
	u := newUpperInfo(rules)
	fill := func(s *engine.Sheet, id string, dice ...int) {
		s.Fill(engine.BoxID(rules.BoxIndex(id)), roll(t, dice...))
	}
	s := engine.NewSheet(rules)
	if st := u.status(&s, 0); st != upperAhead {
		t.Errorf("empty sheet: status %d, want ahead (on par)", st)
	}
	fill(&s, "threes", 3, 3, 3, 1, 2) // 9: par
	if st := u.status(&s, 0); st != upperAhead {
		t.Errorf("three threes: status %d, want ahead", st)
	}
	fill(&s, "sixes", 6, 6, 1, 2, 3) // 12 of 18
	if st := u.status(&s, 0); st != upperBehind {
		t.Errorf("two sixes: status %d, want behind", st)
	}
	fill(&s, "fives", 5, 5, 5, 5, 1) // 20 of 15: back on par overall (41 of 42 is still behind)
	if st := u.status(&s, 0); st != upperBehind {
		t.Errorf("41 of par 42: status %d, want behind", st)
	}
	fill(&s, "fours", 4, 4, 4, 4, 1) // 57 of par 54
	if st := u.status(&s, 0); st != upperAhead {
		t.Errorf("57 of par 54: status %d, want ahead", st)
	}
	fill(&s, "twos", 2, 2, 2, 2, 2) // 67: the bonus is won
	if st := u.status(&s, 0); st != upperDone {
		t.Errorf("67: status %d, want done", st)
	}

	s.Reset()
	for _, id := range []string{"ones", "twos", "threes", "fours", "fives"} {
		fill(&s, id, 6, 6, 6, 6, 6) // zeros: 30 sixes at most cannot reach 63
	}
	if st := u.status(&s, 0); st != upperDone {
		t.Errorf("out of reach: status %d, want done", st)
	}

	noBonus := newUpperInfo(mustLoad(t, "hasbro", "upper_bonus.points=0"))
	s = engine.NewSheet(rules)
	if st := noBonus.status(&s, 0); st != upperDone {
		t.Errorf("no bonus: status %d, want done", st)
	}
}

func TestUpperFirstPlaysForTheBonus(t *testing.T) {
	rules := mustLoad(t, "hasbro")
	u, _ := newUpperFirst(rules)
	g, _ := newGreedy(rules)
	id := func(st Strategy, s *engine.Sheet, dice ...int) string {
		return rules.Boxes()[st.Box(s, roll(t, dice...), 3)].ID
	}
	s := engine.NewSheet(rules)
	// Three ones: 3 points, but on par; greedy takes 13 in three of a kind.
	if got := id(u, &s, 1, 1, 1, 4, 6); got != "ones" {
		t.Errorf("1-1-1-4-6: upper-first %s, want ones", got)
	}
	if got := id(g, &s, 1, 1, 1, 4, 6); got != "three_of_a_kind" {
		t.Errorf("1-1-1-4-6: greedy %s, want three_of_a_kind", got)
	}
	// An exceptional roll goes to its lower box even with three of a face.
	if got := id(u, &s, 1, 1, 1, 6, 6); got != "full_house" {
		t.Errorf("1-1-1-6-6: upper-first %s, want full_house", got)
	}
	// Behind par, an ordinary lower score counts half: two fives (10) beat 15 in chance.
	s.Fill(engine.BoxID(rules.BoxIndex("sixes")), roll(t, 6, 6, 1, 2, 3))
	if got := id(u, &s, 5, 5, 2, 2, 1); got != "fives" {
		t.Errorf("behind, 5-5-2-2-1: upper-first %s, want fives", got)
	}
	// Keeps go for the open upper faces where greedy's go for the points.
	for _, c := range []struct {
		dice          []int
		upper, greedy string
	}{{[]int{1, 2, 2, 2, 6}, "2-2-2", "6"}, {[]int{1, 1, 4, 4, 6}, "4-4", "4"}} {
		r := roll(t, c.dice...)
		if ku, kg := u.Keep(&s, r, 2), g.Keep(&s, r, 2); ku.String() != c.upper || kg.String() != c.greedy {
			t.Errorf("behind, %s: upper-first keeps %s, greedy %s; want %s and %s", r, ku, kg, c.upper, c.greedy)
		}
	}
}

func TestTablesShared(t *testing.T) {
	rules := mustLoad(t, "yams-app")
	a, _ := newGreedy(rules)
	b, _ := newGreedy(mustLoad(t, "yams-app", "name=other"))
	u, _ := newUpperFirst(rules)
	if a.t != b.t || u.t.greedy != a.t {
		t.Errorf("the tables of one rule set are built more than once")
	}
	c, _ := newGreedy(mustLoad(t, "yams-app", "order=top_down"))
	if c.t == a.t {
		t.Errorf("two rule sets share tables")
	}
}

// At the tie of issue 40 on yatzy (1-1-2-2-2, with only the sixes, two pairs, three of a
// kind and four of a kind open) greedy scores two pairs, the harder to fill of the two
// boxes that score 6 (turnplan's TestTieOnYatzy: their exact chances and TieOrder).
func TestGreedyTieOnYatzy(t *testing.T) {
	rules := mustLoad(t, "yatzy")
	two, three := rules.BoxIndex("two_pairs"), rules.BoxIndex("three_of_a_kind")
	g, _ := newGreedy(rules)
	s := engine.NewSheet(rules)
	filler := roll(t, 1, 2, 3, 4, 6)
	for b, box := range rules.Boxes() {
		if box.ID != "sixes" && b != two && b != three && box.ID != "four_of_a_kind" {
			s.Fill(engine.BoxID(b), filler)
		}
	}
	if got := g.Box(&s, roll(t, 1, 1, 2, 2, 2), 3); int(got) != two {
		t.Errorf("yatzy, 1-1-2-2-2, sixes, two pairs, three and four of a kind open: greedy scores %s, want two_pairs", rules.Boxes()[got].ID)
	}
}

// BenchmarkLiveGames is the time of a game of greedy and of upper-first on the four-column
// yams-family sheet, decisions included and the cache warm: the cost of planning on the
// spot when play has met most keys already, as in a long simulation.
func BenchmarkLiveGames(b *testing.B) {
	rules := mustLoad(b, "yams", "dry=true", "extra_yahtzee=100", "columns=free,top_down,bottom_up,sec")
	for _, name := range []string{"greedy", "upper-first"} {
		st, err := New(name, rules)
		if err != nil {
			b.Fatal(err)
		}
		g := rand.NewPCG(1, 2)
		playGames(rules, st, g, 2000)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				playGames(rules, st, g, 1)
			}
		})
	}
}

// playGames plays games of st with dice from g.
func playGames(rules *engine.Rules, st Strategy, g *rand.PCG, games int) {
	s := engine.NewSheet(rules)
	var tape engine.Tape
	for range games {
		s.Reset()
		for !s.Done() {
			tape.Draw(g, rules.Rolls())
			r := tape.First()
			rolls := rules.Rolls()
			if s.Legal(0, 2) == 0 {
				rolls = 1 // only "sec" boxes are left
			}
			used := 1
			for ; used < rolls; used++ {
				k := st.Keep(&s, r, rolls-used)
				if k.IsRoll() {
					break
				}
				r = tape.Reroll(k)
			}
			s.Fill(st.Box(&s, r, used), r)
		}
	}
}
