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

// tableSeen is a strategy that sees the table and keeps a copy of the last table shown:
// what a served table strategy is told.
type tableSeen struct {
	strategies.Strategy
	joined []string
	seat   int
	sheets []engine.Sheet
	names  []string
}

func (ts *tableSeen) Join(players []string) error { ts.joined = players; return nil }

func (ts *tableSeen) SeeTable(t *strategies.Table) {
	ts.seat, ts.sheets, ts.names = t.Seat, ts.sheets[:0], append(ts.names[:0], t.Players...)
	for _, s := range t.Sheets {
		ts.sheets = append(ts.sheets, *s)
	}
}

// keepAll keeps every roll and scores it in its first legal box: a strategy that costs
// nothing to build.
type keepAll struct{}

func (keepAll) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }
func (keepAll) Box(s *engine.Sheet, r engine.Roll, used int) engine.BoxID {
	return engine.BoxID(trailing(s.Legal(r, used)))
}

// tableGames returns the requests of played games for the seat of each game at a table
// of three, each with the table it is asked at: the other seats' sheets drawn among
// the sheets of other games, changing once a turn, as between two turns of a player.
func tableGames(t *testing.T, r *engine.Rules, names []string) ([]strategies.Request, []*strategies.Table) {
	index := []int64{0, 1, 2, 3, 4, 5, 3 * servedSheets}
	games := playedGames(t, r, 5, index)
	var pool []*engine.Sheet
	for _, g := range games {
		for i := range g {
			pool = append(pool, g[i].Sheet)
		}
	}
	g := rand.New(rand.NewPCG(5, 5))
	var reqs []strategies.Request
	var tables []*strategies.Table
	for k, game := range games {
		seat := int(index[k] % 3)
		var table *strategies.Table
		for i := range game {
			if i == 0 || game[i].Turn != game[i-1].Turn {
				table = &strategies.Table{Seat: seat, Sheets: make([]*engine.Sheet, 3), Players: make([]string, 3)}
				for s := range 3 {
					table.Sheets[s], table.Players[s] = pool[g.IntN(len(pool))], names[(s+3-seat)%3]
				}
			}
			table.Sheets[seat] = game[i].Sheet
			reqs, tables = append(reqs, game[i]), append(tables, table)
		}
	}
	return reqs, tables
}

// sheetJSON is a sheet as a request writes it.
type sheetJSON struct {
	Scores       []*int `json:"scores"`
	Upper        []int  `json:"upper"`
	UpperBonus   []int  `json:"upper_bonus"`
	ExtraBonuses int    `json:"extra_bonuses"`
	Total        int    `json:"total"`
}

// sheetAsJSON returns what a request should say of sheet s.
func sheetAsJSON(r *engine.Rules, s *engine.Sheet) sheetJSON {
	j := sheetJSON{ExtraBonuses: s.ExtraBonuses(), Total: s.Total()}
	for id := range r.NumSlots() {
		if s.Filled(engine.BoxID(id)) {
			v := s.Score(engine.BoxID(id))
			j.Scores = append(j.Scores, &v)
		} else {
			j.Scores = append(j.Scores, nil)
		}
	}
	for c := range r.Columns() {
		j.Upper, j.UpperBonus = append(j.Upper, s.Upper(c)), append(j.UpperBonus, s.UpperBonus(c))
	}
	return j
}

// TestTableRequests: a request at a table carries, after the player's own sheet, its seat
// and every other player's seat, strategy and sheet in seat order, the sheets written as
// the player's own is; the rest of the request is written as alone. The codec writes the
// same text as a codec meeting the request first (its text kept per game), and a served
// table strategy, reading the request fast or laid out otherwise, sees the very table.
func TestTableRequests(t *testing.T) {
	forFastRuleSets(t, func(t *testing.T, r *engine.Rules) {
		checkTableRequests(t, r, []string{"mine", "optimal", "rules:my file.rules"}, true)
		// A name with an escape is read by the general scanner alone.
		checkTableRequests(t, r, []string{"mine", "optimal", "rules:a \"quoted\" file.rules"}, false)
	})
}

// checkTableRequests checks the requests at tables of players names on rules r; fast
// says that every request is read by the fast path.
func checkTableRequests(t *testing.T, r *engine.Rules, names []string, fastRead bool) {
	{
		boxes := SlotNames(r, columnNames(r))
		c, alone := newCodec(r, boxes), newCodec(r, boxes)
		c.tables = map[int64]*strategies.Table{}
		newServer := func() (*server, *tableSeen) {
			ts := &tableSeen{Strategy: keepAll{}}
			sv := &server{rules: r, st: ts, c: newCodec(r, boxes)}
			if err := sv.join("test", &helloTable{Players: 3, Strategies: names, Player: 0}); err != nil || !reflect.DeepEqual(ts.joined, names) {
				t.Fatalf("join: %v, joined %q", err, ts.joined)
			}
			return sv, ts
		}
		fast, seenFast := newServer()
		general, seenGeneral := newServer()
		reqs, tables := tableGames(t, r, names)
		known := 0
		for i := range reqs {
			q, table := &reqs[i], tables[i]
			c.tables[q.Game] = table
			text := c.appendRequest(nil, q)
			fresh := newCodec(r, boxes)
			fresh.tables = map[int64]*strategies.Table{q.Game: table}
			if want := fresh.appendRequest(nil, q); !bytes.Equal(text, want) {
				t.Fatalf("written %s, by a codec meeting it first %s", text, want)
			}
			var got struct {
				Seat   *int `json:"seat"`
				Others []struct {
					Seat     int    `json:"seat"`
					Strategy string `json:"strategy"`
					sheetJSON
				} `json:"others"`
			}
			if err := json.Unmarshal(text, &got); err != nil {
				t.Fatal(err)
			}
			if got.Seat == nil || *got.Seat != table.Seat || len(got.Others) != 2 {
				t.Fatalf("%s: seat %v, %d others", text, got.Seat, len(got.Others))
			}
			for j, o := range got.Others {
				seat := j // the seats but the player's, in order
				if j >= table.Seat {
					seat++
				}
				if o.Seat != seat || o.Strategy != table.Players[seat] || !reflect.DeepEqual(o.sheetJSON, sheetAsJSON(r, table.Sheets[seat])) {
					t.Fatalf("%s: other %d is %+v, want seat %d of %s, sheet %+v", text, j, o, seat, table.Players[seat], sheetAsJSON(r, table.Sheets[seat]))
				}
			}
			// Alone, the same request without the table's members.
			at := bytes.Index(text, []byte(`,"seat":`))
			end := bytes.LastIndex(text, []byte(`]}`)) + 1
			if l := bytes.Index(text, []byte(`,"legal":`)); l > 0 {
				end = l
			}
			if want := alone.appendRequest(nil, q); !bytes.Equal(append(bytes.Clone(text[:at]), text[end:]...), want) {
				t.Fatalf("at a table %s, alone %s", text, want)
			}
			// What a served table strategy sees, read fast and read otherwise.
			wantSheets := make([]engine.Sheet, 3)
			for s, sh := range table.Sheets {
				wantSheets[s] = *sh
			}
			if end, ok := fast.readFast(text, 0); fastRead && (!ok || end != len(text)) {
				t.Fatalf("fast read of %s: ok %v, end %d of %d", text, ok, end, len(text))
			} else if !ok {
				fast.read(&scanner{b: text})
			}
			if fast.othersKnown != nil {
				known++
			}
			if _, err := fast.decide(nil); err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			var members map[string]json.RawMessage
			json.Unmarshal(text, &members)
			reordered, _ := json.Marshal(members)
			sc := &scanner{b: reordered}
			if _, ok := general.readFast(reordered, 0); ok {
				t.Fatalf("%s read fast", reordered)
			}
			general.read(sc)
			if _, err := general.decide(nil); sc.err != nil || err != nil {
				t.Fatalf("%s: %v %v", reordered, sc.err, err)
			}
			for _, seen := range []*tableSeen{seenFast, seenGeneral} {
				if seen.seat != table.Seat || !reflect.DeepEqual(seen.names, table.Players) || !reflect.DeepEqual(seen.sheets, wantSheets) {
					t.Fatalf("%s: the strategy saw seat %d of %q, sheets %v; want seat %d of %q, sheets %v",
						text, seen.seat, seen.names, seen.sheets, table.Seat, table.Players, wantSheets)
				}
			}
		}
		if fastRead && known == 0 {
			t.Error("no table was known again: the cache of the other players' sheets is not used")
		}
	}
}

// TestTableRequestsRefused: a served table strategy refuses, in one line, a request at a
// table whose table is missing or wrong; a strategy that does not see the table reads
// past it; a table strategy refuses a game alone.
func TestTableRequestsRefused(t *testing.T) {
	r, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"mine", "optimal", "greedy"}
	c := newCodec(r, SlotNames(r, nil))
	reqs, tables := tableGames(t, r, names)
	q, table := &reqs[0], tables[0]
	c.tables = map[int64]*strategies.Table{q.Game: table}
	orig := string(c.appendRequest(nil, q))
	seat := `"seat":` + string(rune('0'+table.Seat))
	other := (table.Seat + 1) % 3
	for _, tc := range []struct{ name, text, want string }{
		{"no seat", strings.Replace(orig, seat+`,`, ``, 1), `a request at a table without its "seat"`},
		{"a seat out of range", strings.Replace(orig, seat+`,`, `"seat":3,`, 1), "seat 3 at a table of 3 players"},
		{"no others", orig[:strings.Index(orig, `,"others":`)] + "}", "0 other players at a table of 3"},
		{"a stranger", strings.Replace(orig, `"strategy":"`+table.Players[other]+`"`, `"strategy":"nobody"`, 1), `plays "nobody", which is not a strategy of the hello's table`},
		{"two in a seat", strings.Replace(orig, `{"seat":`+string(rune('0'+other)), `{"seat":`+string(rune('0'+table.Seat)), 1), "two players in seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.text == orig {
				t.Fatalf("the case changes nothing: %s", orig)
			}
			st, _ := strategies.New("greedy", r)
			sv := &server{rules: r, st: &tableSeen{Strategy: st}, c: newCodec(r, SlotNames(r, nil))}
			sv.join("test", &helloTable{Players: 3, Strategies: names, Player: 0})
			_, err := sv.answer(nil, []byte(`{"type":"decide","requests":[`+tc.text+`]}`))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: %v, want %q", tc.text, err, tc.want)
			}
			// greedy, which does not see the table, reads past it
			plain := &server{rules: r, st: st, c: newCodec(r, SlotNames(r, nil))}
			plain.join("greedy", &helloTable{Players: 3, Strategies: names, Player: 0})
			if _, err := plain.answer(nil, []byte(`{"type":"decide","requests":[`+tc.text+`]}`)); err != nil {
				t.Errorf("greedy: %v", err)
			}
		})
	}
	st, _ := strategies.New("greedy", r)
	sv := &server{rules: r, st: &tableSeen{Strategy: st}}
	if err := sv.join("win", nil); err == nil || !strings.Contains(err.Error(), "strategy win plays at a table") {
		t.Errorf("a table strategy alone: %v", err)
	}
}
