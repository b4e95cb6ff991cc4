package external

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
)

// fastRuleSets are the rule sets the fast paths are checked on: one column and several,
// with extra five-of-a-kind bonuses, boxes that subtract and four rolls.
var fastRuleSets = []struct {
	name string
	opts []string
}{
	{name: "hasbro"},
	{name: "yatzy"},
	{name: "verhoeff"},
	{name: "yams-app"},
	{name: "yams", opts: []string{"columns=top_down,free,sec"}},
	{name: "hasbro", opts: []string{"rolls=4"}},
}

// playedGames returns, for each game index, the requests of a game played at random
// (keeps after each roll but the last, then the box), its sheets filled with rolls that
// are five of a kind one time in four, so that yahtzee boxes are scored and extra bonuses
// earned.
func playedGames(tb testing.TB, r *engine.Rules, seed uint64, index []int64) [][]strategies.Request {
	tb.Helper()
	g := rand.New(rand.NewPCG(seed, 7))
	games := make([][]strategies.Request, len(index))
	for k, gi := range index {
		s := engine.NewSheet(r)
		gameSeed := g.Uint64()
		for !s.Done() {
			// the turn ends after used rolls (all of them, or fewer: the dice all kept)
			var roll engine.Roll
			used := 0
			for tries := 0; tries == 0 || s.Legal(roll, used) == 0; tries++ {
				if tries == 1000 {
					tb.Fatalf("no roll may go anywhere on the sheet of turn %d", s.Turn()+1)
				}
				roll, used = engine.Roll(g.IntN(engine.NumRolls)), r.Rolls()
				if g.IntN(4) == 0 {
					f := 1 + g.IntN(engine.NumFaces)
					roll, _ = engine.RollOf([]int{f, f, f, f, f})
				}
				if g.IntN(3) == 0 {
					used = 1 + g.IntN(r.Rolls())
				}
			}
			sheet := s // each request its own sheet, as the sheet of a game at that moment
			for u := 1; u < used; u++ {
				games[k] = append(games[k], strategies.Request{Game: gi, Seed: gameSeed, Turn: s.Turn() + 1, Sheet: &sheet,
					Roll: roll, RollsUsed: u, RollsLeft: r.Rolls() - u})
			}
			games[k] = append(games[k], strategies.Request{Game: gi, Seed: gameSeed, Turn: s.Turn() + 1, Sheet: &sheet,
				Roll: roll, RollsUsed: used})
			legal := s.Legal(roll, used)
			ids := []engine.BoxID{}
			for l := legal; l != 0; l &= l - 1 {
				ids = append(ids, engine.BoxID(trailing(l)))
			}
			s.Fill(ids[g.IntN(len(ids))], roll)
		}
	}
	return games
}

// columnNames are the labels of the columns of r, for the names of its boxes.
func columnNames(r *engine.Rules) []string {
	var names []string
	for _, c := range r.Columns() {
		names = append(names, c.Name)
	}
	return names
}

// readState is what reading a request leaves in a server.
type readState struct {
	Kind                          string
	Dice                          [engine.NumDice + 1]int
	NDice                         int
	Used, Left, Turn, Seed, Extra int64
	Scores                        []int
}

func stateOf(sv *server) readState {
	return readState{Kind: string(sv.kind), Dice: sv.dice, NDice: sv.nDice, Used: sv.used, Left: sv.left,
		Turn: sv.turn, Seed: sv.seed, Extra: sv.extra, Scores: append([]int{}, sv.scores...)}
}

// readGeneral reads a request with the general scanner, as any layout is read.
func readGeneral(sv *server, text []byte) (readState, error) {
	sc := &scanner{b: text}
	sv.read(sc)
	sc.end()
	return stateOf(sv), sc.err
}

// TestReadFastAgrees: every request yams writes is read by the fast path, to what the
// general scanner reads from it; a sheet met again is known without being read.
func TestReadFastAgrees(t *testing.T) {
	forFastRuleSets(t, func(t *testing.T, r *engine.Rules) {
		c := newCodec(r, SlotNames(r, columnNames(r)))
		st, err := strategies.New("greedy", r)
		if err != nil {
			t.Fatal(err)
		}
		fast := &server{rules: r, st: st, c: c}
		general := &server{rules: r, c: c}
		known := 0
		for _, game := range playedGames(t, r, 1, []int64{0, 1, 5000}) {
			for i := range game {
				text := c.appendRequest(nil, &game[i])
				want, err := readGeneral(general, text)
				if err != nil {
					t.Fatalf("general read of %s: %v", text, err)
				}
				end, ok := fast.readFast(text, 0)
				if !ok || end != len(text) {
					t.Fatalf("fast read of %s: ok %v, end %d of %d", text, ok, end, len(text))
				}
				if fast.known != nil {
					known++
					if fast.known.sheet != *game[i].Sheet {
						t.Fatalf("%s: the sheet known is not the request's", text)
					}
					continue // the scores were not read: the sheet is known
				}
				if got := stateOf(fast); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: fast read %+v, general %+v", text, got, want)
				}
				if _, err := fast.decide(nil); err != nil { // which keeps the sheet
					t.Fatalf("%s: %v", text, err)
				}
			}
		}
		if known == 0 {
			t.Error("no sheet was known again: the cache of sheets is not used")
		}
	})
}

// TestReadFastFallsBack: a request laid out otherwise is refused by the fast path and read
// by the general scanner to the same values; what neither reads is an error.
func TestReadFastFallsBack(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	c := newCodec(r, SlotNames(r, columnNames(r)))
	game := playedGames(t, r, 2, []int64{3})[0]
	q := &game[len(game)-3] // the first keep of the last turn: the sheet nearly full
	orig := c.appendRequest(nil, q)
	sv := &server{rules: r, c: c}
	want, err := readGeneral(sv, orig)
	if err != nil {
		t.Fatal(err)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(orig, &members); err != nil {
		t.Fatal(err)
	}
	reordered, _ := json.Marshal(members) // members sorted by name
	for _, tc := range []struct {
		name string
		text string
		fast bool // the fast path may read it (to what the general scanner reads)
		bad  bool // the general scanner refuses it
	}{
		{name: "spaces", text: strings.ReplaceAll(string(orig), ":", ": ")},
		{name: "a space first", text: " " + string(orig)},
		{name: "members in another order", text: string(reordered)},
		{name: "an escape in kind", text: strings.Replace(string(orig), `"kind":"keep"`, `"kind":"ke\u0065p"`, 1)},
		{name: "an unknown member", text: strings.Replace(string(orig), `{"game":`, `{"bot":"x","game":`, 1)},
		{name: "leading zeros", text: strings.Replace(string(orig), `"turn":`, `"turn":00`, 1), fast: true},
		{name: "six dice", text: strings.Replace(string(orig), `"dice":[`, `"dice":[1,`, 1), fast: true},
		{name: "a score of more than 18 digits", text: strings.Replace(string(orig), `"scores":[`, `"scores":[0000000000000000001,`, 1)},
		{name: "a fraction", text: strings.Replace(string(orig), `"rolls_used":1`, `"rolls_used":1.5`, 1), bad: true},
		{name: "an exponent", text: strings.Replace(string(orig), `"rolls_left":2`, `"rolls_left":2e0`, 1), bad: true},
		{name: "cut short", text: string(orig[:len(orig)-1]), bad: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.text == string(orig) {
				t.Fatalf("the case changes nothing: %s", orig)
			}
			_, fastOK := sv.readFast([]byte(tc.text), 0)
			fastRead := stateOf(sv)
			if fastOK && !tc.fast {
				t.Fatalf("the fast path read %s", tc.text)
			}
			got, err := readGeneral(sv, []byte(tc.text))
			switch {
			case tc.bad && err == nil:
				t.Errorf("the general scanner read %s", tc.text)
			case !tc.bad && err != nil:
				t.Errorf("the general scanner refused %s: %v", tc.text, err)
			case fastOK && !reflect.DeepEqual(fastRead, got):
				t.Errorf("%s: the fast path read %+v, the general scanner %+v", tc.text, fastRead, got)
			case tc.name == "six dice":
				if got.NDice != want.NDice+1 {
					t.Errorf("%d dice read from %s", got.NDice, tc.text)
				}
			case tc.name == "a score of more than 18 digits":
				if len(got.Scores) != len(want.Scores)+1 {
					t.Errorf("%d scores read from %s", len(got.Scores), tc.text)
				}
			case !tc.bad && !reflect.DeepEqual(got, want):
				t.Errorf("%s read as %+v, want %+v", tc.text, got, want)
			}
		})
	}
}

// TestServeAnswersAgree: a server that answers batch after batch of the same games (its
// sheets known from the batch before) answers as a server that reads each batch afresh,
// and as one that reads them laid out otherwise (the general scanner), game numbers
// sharing a place in the cache included.
func TestServeAnswersAgree(t *testing.T) {
	forFastRuleSets(t, func(t *testing.T, r *engine.Rules) {
		c := newCodec(r, SlotNames(r, columnNames(r)))
		newServer := func() *server {
			st, err := strategies.New("greedy", r)
			if err != nil {
				t.Fatal(err)
			}
			return &server{rules: r, st: st, c: c}
		}
		long := newServer()
		index := []int64{0, 1, 2, servedSheets, servedSheets + 1, 3 * servedSheets}
		games := playedGames(t, r, 3, index)
		for step := 0; ; step++ {
			reqs := stepRequests(games, step)
			if len(reqs) == 0 {
				break
			}
			line := c.appendDecide(nil, reqs)
			got, err := long.answer(nil, line)
			if err != nil {
				t.Fatal(err)
			}
			want, err := newServer().answer(nil, line)
			if err != nil {
				t.Fatal(err)
			}
			var msg map[string]any
			json.Unmarshal(line, &msg)
			other, _ := json.Marshal(msg) // members sorted by name: no request read fast
			general, err := newServer().answer(nil, other)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) || !bytes.Equal(got, general) {
				t.Fatalf("step %d: answers %s, afresh %s, read by the general scanner %s", step, got, want, general)
			}
		}
	})
}

// TestEncodeKeeps: the text a codec keeps of the games it wrote does not change what it
// writes: every request is written as a codec writing it first would, game numbers that
// share a place in the cache and a game number played again with another seed included.
func TestEncodeKeeps(t *testing.T) {
	forFastRuleSets(t, func(t *testing.T, r *engine.Rules) {
		names := SlotNames(r, columnNames(r))
		long := newCodec(r, names)
		index := []int64{0, 1, gameTexts, gameTexts + 1, 5 * gameTexts}
		for round := range uint64(2) { // the same game numbers, other seeds
			games := playedGames(t, r, 10+round, index)
			for step := 0; step < 4*engine.MaxSlots; step++ { // the games in turn
				for _, g := range games {
					if step >= len(g) {
						continue
					}
					got := long.appendRequest(nil, &g[step])
					want := newCodec(r, names).appendRequest(nil, &g[step])
					if !bytes.Equal(got, want) {
						t.Fatalf("round %d, request %d: wrote %s, afresh %s", round, step, got, want)
					}
				}
			}
		}
	})
}

// TestReadAnswersFast: the answers yams bot writes are read by the fast path, to what the
// general scanner reads from them; answers laid out otherwise are read by the scanner to
// the same, and wrong ones are left to it, which says what is wrong.
func TestReadAnswersFast(t *testing.T) {
	for _, rs := range fastRuleSets {
		t.Run(strings.Join(append([]string{rs.name}, rs.opts...), ","), func(t *testing.T) {
			r, err := engine.Load(rs.name, rs.opts...)
			if err != nil {
				t.Fatal(err)
			}
			c := newCodec(r, SlotNames(r, columnNames(r)))
			st, err := strategies.New("greedy", r)
			if err != nil {
				t.Fatal(err)
			}
			sv := &server{rules: r, st: st, c: c}
			games := playedGames(t, r, 4, []int64{0, 1, 2, 3, 4, 5, 6, 7})
			for step := 0; ; step++ {
				reqs := stepRequests(games, step)
				if len(reqs) == 0 {
					break
				}
				line, err := sv.answer(nil, c.appendDecide(nil, reqs))
				if err != nil {
					t.Fatal(err)
				}
				line = bytes.TrimSuffix(line, []byte("\n"))
				fast := make([]strategies.Answer, len(reqs))
				if !c.readAnswersFast(line, reqs, fast) {
					t.Fatalf("the fast path refused %s", line)
				}
				general := make([]strategies.Answer, len(reqs))
				var members map[string]json.RawMessage
				json.Unmarshal(line, &members)
				members["type"] = json.RawMessage(`"decide"`)
				reordered, _ := json.Marshal(members) // "answers" before "type": not the fast layout
				if c.readAnswersFast(reordered, reqs, general) {
					t.Fatalf("the fast path read %s", reordered)
				}
				if err := c.readAnswers(reordered, reqs, general); err != nil {
					t.Fatalf("%s: %v", reordered, err)
				}
				if !reflect.DeepEqual(fast, general) {
					t.Fatalf("%s: read fast %v, by the scanner %v", line, fast, general)
				}
			}
		})
	}
	// Wrong answers: the fast path leaves them to readAnswers, which names what is wrong.
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	c := newCodec(r, SlotNames(r, columnNames(r)))
	s := engine.NewSheet(r)
	roll, _ := engine.RollOf([]int{1, 2, 2, 5, 6})
	reqs := []strategies.Request{{Sheet: &s, Roll: roll, Turn: 1, RollsUsed: 1, RollsLeft: 2}, {Sheet: &s, Roll: roll, Turn: 1, RollsUsed: 3}}
	for _, tc := range []struct{ line, want string }{
		{`{"type":"decide","answers":[[2,2],"chance"]}`, ""},
		{`{"type":"decide","answers":[[2,2,2],"chance"]}`, "does not have"},
		{`{"type":"decide","answers":[[7],"chance"]}`, "not a face"},
		{`{"type":"decide","answers":[[2,2],"yahtzee_"]}`, "no box"},
		{`{"type":"decide","answers":[[2,2],"chance","ones"]}`, "3 answers to 2 requests"},
		{`{"type":"decide","answers":[[2,2]]}`, "1 answer to 2 requests"},
		{`{"type":"decide","answers":[]}`, "0 answers to 2 requests"},
		{`{"type":"decide","answers":[[2,2],"chance"]} `, ""},
		{`{"type":"decide","answers":[[2,2],"chance"]}x`, "not a message"},
	} {
		answers := make([]strategies.Answer, len(reqs))
		fast := c.readAnswersFast([]byte(tc.line), reqs, answers)
		err := c.readAnswers([]byte(tc.line), reqs, answers)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.line, err)
		case tc.want != "" && (fast || err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: read fast %v, error %v; want %q", tc.line, fast, err, tc.want)
		}
	}
	if err := c.readAnswers([]byte(`{"type":"decide","answers":[]}`), reqs[:1], make([]strategies.Answer, 1)); err == nil || err.Error() != "0 answers to 1 request" {
		t.Errorf("no answer to one request: %v", err)
	}
}

// forFastRuleSets runs f on each rule set of fastRuleSets, as a subtest named by it.
func forFastRuleSets(t *testing.T, f func(t *testing.T, r *engine.Rules)) {
	for _, rs := range fastRuleSets {
		t.Run(strings.Join(append([]string{rs.name}, rs.opts...), ","), func(t *testing.T) {
			r, err := engine.Load(rs.name, rs.opts...)
			if err != nil {
				t.Fatal(err)
			}
			f(t, r)
		})
	}
}

// stepRequests returns the request number step of each game that has one: the batch a
// simulator sends when its games go in step.
func stepRequests(games [][]strategies.Request, step int) []strategies.Request {
	var reqs []strategies.Request
	for _, g := range games {
		if step < len(g) {
			reqs = append(reqs, g[step])
		}
	}
	return reqs
}
