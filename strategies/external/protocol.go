package external

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"yams/engine"
	"yams/strategies"
)

// Version is the version of the protocol (docs/bots.md), sent in the hello.
const Version = 1

// hello is yams's first message.
type hello struct {
	Type     string          `json:"type"`
	Protocol int             `json:"protocol"`
	Rules    json.RawMessage `json:"rules"`
	// RulesHash tells rule sets apart: options change the rules' values, not their name.
	RulesHash string   `json:"rules_hash"`
	Boxes     []string `json:"boxes"`
	Seed      uint64   `json:"seed"`
	Worker    int      `json:"worker"`
	// Table says the table of a table game, null for a game of one player.
	Table *helloTable `json:"table"`
}

// helloTable is the table of the hello: how many players sit at it, the strategy each
// plays (in the order of the run, as --players names them), and which of them the bot
// is (Strategies[Player]).
type helloTable struct {
	Players    int      `json:"players"`
	Strategies []string `json:"strategies"`
	Player     int      `json:"player"`
}

// botHello is the bot's answer to the hello (readHello reads it).
type botHello struct {
	Type     string `json:"type"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	Protocol int    `json:"protocol,omitempty"`
}

// SlotNames returns the names of the boxes of the sheet in the order of the sheet: the ids
// on a sheet of one column, "COLUMN.ID" on a sheet of several (the columns' labels, as the
// summary file names them).
func SlotNames(r *engine.Rules, columns []string) []string {
	names := make([]string, r.NumSlots())
	for id := range names {
		c, b := r.Split(engine.BoxID(id))
		names[id] = r.Boxes()[b].ID
		if len(columns) > 1 {
			names[id] = columns[c] + "." + names[id]
		}
	}
	return names
}

// codec writes requests and reads answers for one rule set.
type codec struct {
	rules  *engine.Rules
	names  []string
	quoted [][]byte       // the names as JSON strings
	index  map[string]int // name -> BoxID
	faces  [][]byte       // a roll's dice as a JSON list, by roll
	cols   int
	// games keeps, for the games met lately, the text of their requests that changes
	// seldom: a game sends some 38 requests, all with the same game and seed, and the
	// requests of a turn have the same sheet. Writing them once per game and once per
	// sheet takes half the time of a request.
	games []gameText
	// tables, at a table, holds the table of each game (by its number) that its
	// requests carry: the seat and the other players' sheets (SeeTables); nil for a bot
	// that plays alone.
	tables map[int64]*strategies.Table
	// strategies holds the names of strategies as JSON strings.
	strategies map[string][]byte
}

// gameText is the text of a game's requests that a codec keeps: the game's number and
// seed, and its sheet's members (scores to total) with the sheet they were written from;
// at a table, its seat and the other players' sheets, with the sheets they were written
// from (which change once a turn, between two of the player's turns).
type gameText struct {
	game   int64
	seed   uint64
	head   []byte // {"game":G,"seed":S
	sheet  engine.Sheet
	body   []byte // ,"scores":[...] to "total":T
	others []engine.Sheet
	table  []byte // ,"seat":S,"others":[...]
}

// gameTexts is the number of games whose text a codec keeps (a power of two): more than
// the games of a batch, which are of consecutive numbers in a run.
const gameTexts = 2048

func newCodec(r *engine.Rules, names []string) *codec {
	c := &codec{rules: r, names: names, index: map[string]int{}, cols: len(r.Columns())}
	for id, n := range names {
		q, _ := json.Marshal(n)
		c.quoted = append(c.quoted, q)
		c.index[n] = id
	}
	for roll := range engine.Roll(engine.NumRolls) {
		d := roll.Dice()
		c.faces = append(c.faces, fmt.Appendf(nil, "[%d,%d,%d,%d,%d]", d[0], d[1], d[2], d[3], d[4]))
	}
	return c
}

// smallInts holds the decimal writing of the numbers below 4096, which a request is mostly
// made of: copying them is faster than formatting them.
var smallInts = func() [][]byte {
	t := make([][]byte, 4096)
	for i := range t {
		t[i] = strconv.AppendInt(nil, int64(i), 10)
	}
	return t
}()

// appendInt appends the decimal writing of v.
func appendInt(b []byte, v int) []byte {
	if v >= 0 && v < len(smallInts) {
		return append(b, smallInts[v]...)
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// appendDecide appends the message of a batch of requests, and a newline.
func (c *codec) appendDecide(b []byte, reqs []strategies.Request) []byte {
	b = append(b, `{"type":"decide","requests":[`...)
	for i := range reqs {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.appendRequest(b, &reqs[i])
	}
	return append(b, "]}\n"...)
}

func (c *codec) appendRequest(b []byte, q *strategies.Request) []byte {
	s := q.Sheet
	if c.games == nil {
		c.games = make([]gameText, gameTexts)
	}
	t := &c.games[uint64(q.Game)%gameTexts]
	if t.head == nil || t.game != q.Game || t.seed != q.Seed {
		t.game, t.seed = q.Game, q.Seed
		t.head = append(t.head[:0], `{"game":`...)
		t.head = strconv.AppendInt(t.head, q.Game, 10)
		t.head = append(t.head, `,"seed":`...)
		t.head = strconv.AppendUint(t.head, q.Seed>>11, 10) // 53 bits: exact in every JSON reader
		t.body, t.table = t.body[:0], t.table[:0]           // another game: its sheets too
	}
	if len(t.body) == 0 || t.sheet != *s {
		t.sheet = *s
		t.body = c.appendSheet(t.body[:0], s)
	}
	var table *strategies.Table
	if c.tables != nil {
		if table = c.tables[q.Game]; table == nil {
			// The simulator tells the table of every game before its requests.
			panic(fmt.Sprintf("external: a request of game %d at a table, whose table was not told (SeeTables)", q.Game))
		}
	}
	if table != nil && (len(t.table) == 0 || !sameOthers(t.others, table)) {
		t.others = t.others[:0]
		for seat, o := range table.Sheets {
			if seat != table.Seat {
				t.others = append(t.others, *o)
			}
		}
		t.table = c.appendTable(t.table[:0], table)
	}
	b = append(b, t.head...)
	b = append(b, `,"turn":`...)
	b = appendInt(b, q.Turn)
	if q.RollsLeft > 0 {
		b = append(b, `,"kind":"keep","dice":`...)
	} else {
		b = append(b, `,"kind":"box","dice":`...)
	}
	b = append(b, c.faces[q.Roll]...)
	b = append(b, `,"rolls_used":`...)
	b = appendInt(b, q.RollsUsed)
	b = append(b, `,"rolls_left":`...)
	b = appendInt(b, q.RollsLeft)
	b = append(b, t.body...)
	if table != nil {
		b = append(b, t.table...)
	}
	if q.RollsLeft == 0 {
		b = c.appendLegal(b, s, q.Roll, q.RollsUsed)
	}
	return append(b, '}')
}

// sameOthers reports whether the other players' sheets of table t are those of others,
// in seat order.
func sameOthers(others []engine.Sheet, t *strategies.Table) bool {
	if len(others) != len(t.Sheets)-1 {
		return false
	}
	j := 0
	for seat, o := range t.Sheets {
		if seat == t.Seat {
			continue
		}
		if others[j] != *o {
			return false
		}
		j++
	}
	return true
}

// appendTable appends the members of a request at a table that say the table: the
// player's seat, and every other player's seat, strategy and sheet, in seat order, the
// sheet's members as those of the player's own.
func (c *codec) appendTable(b []byte, t *strategies.Table) []byte {
	b = append(b, `,"seat":`...)
	b = appendInt(b, t.Seat)
	b = append(b, `,"others":[`...)
	first := true
	for seat, o := range t.Sheets {
		if seat == t.Seat {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"seat":`...)
		b = appendInt(b, seat)
		b = append(b, `,"strategy":`...)
		b = append(b, c.quotedStrategy(t.Players[seat])...)
		b = c.appendSheet(b, o)
		b = append(b, '}')
	}
	return append(b, ']')
}

// quotedStrategy returns a strategy's name as a JSON string.
func (c *codec) quotedStrategy(name string) []byte {
	q, ok := c.strategies[name]
	if !ok {
		q, _ = json.Marshal(name)
		if c.strategies == nil {
			c.strategies = map[string][]byte{}
		}
		c.strategies[name] = q
	}
	return q
}

// appendSheet appends the members of a request that say the sheet, from scores to total.
func (c *codec) appendSheet(b []byte, s *engine.Sheet) []byte {
	b = append(b, `,"scores":[`...)
	for id := range c.names {
		if id > 0 {
			b = append(b, ',')
		}
		if s.Filled(engine.BoxID(id)) {
			b = appendInt(b, s.Score(engine.BoxID(id)))
		} else {
			b = append(b, "null"...)
		}
	}
	b = append(b, `],"upper":[`...)
	for col := range c.cols {
		if col > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, s.Upper(col))
	}
	b = append(b, `],"upper_bonus":[`...)
	for col := range c.cols {
		if col > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, s.UpperBonus(col))
	}
	b = append(b, `],"extra_bonuses":`...)
	b = appendInt(b, s.ExtraBonuses())
	b = append(b, `,"total":`...)
	return appendInt(b, s.Total())
}

// appendLegal appends the members of a box request that say where the roll r may go:
// legal, and extra_bonus if it earns one.
func (c *codec) appendLegal(b []byte, s *engine.Sheet, r engine.Roll, rollsUsed int) []byte {
	legal := s.Legal(r, rollsUsed)
	b = append(b, `,"legal":{`...)
	extra := false
	for l := legal; l != 0; l &= l - 1 {
		id := engine.BoxID(trailing(l))
		if l != legal {
			b = append(b, ',')
		}
		b = append(b, c.quoted[id]...)
		b = append(b, ':')
		b = appendInt(b, s.Points(id, r))
		extra = extra || s.ExtraBonus(id, r) != 0
	}
	b = append(b, '}')
	if !extra {
		return b
	}
	b = append(b, `,"extra_bonus":{`...)
	first := true
	for l := legal; l != 0; l &= l - 1 {
		id := engine.BoxID(trailing(l))
		if x := s.ExtraBonus(id, r); x != 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, c.quoted[id]...)
			b = append(b, ':')
			b = appendInt(b, x)
		}
	}
	return append(b, '}')
}

// trailing returns the index of the lowest bit set of a non-zero mask.
func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// readAnswers reads a bot's decide message into answers, one per request, checking that
// each is of the kind its request asks for. An error names the answer and what is wrong
// with it; a bot's error message is returned as a *BotSaid.
func (c *codec) readAnswers(line []byte, reqs []strategies.Request, answers []strategies.Answer) error {
	if c.readAnswersFast(line, reqs, answers) {
		return nil
	}
	sc := &scanner{b: line}
	var typ, message []byte
	n := 0
	var bad error
	sc.object(func(key []byte) {
		switch string(key) {
		case "type":
			typ = sc.str()
		case "message":
			message = sc.str()
		case "answers":
			sc.array(func() {
				if n >= len(reqs) {
					n++
					sc.skip()
					return
				}
				if err := c.readAnswer(sc, &reqs[n], &answers[n]); err != nil && bad == nil {
					bad = fmt.Errorf("answer %d of the batch of %d (game %d, turn %d, %s): %w", n+1, len(reqs), reqs[n].Game, reqs[n].Turn, kindOf(&reqs[n]), err)
				}
				n++
			})
		default:
			sc.skip()
		}
	})
	sc.end()
	switch {
	case sc.err != nil:
		return fmt.Errorf("not a message of the protocol (%v): %s; a bot prints its debugging on standard error, never on standard output", sc.err, quoteStart(line))
	case string(typ) == "error":
		return &BotSaid{Message: printable(string(message), maxSaid)}
	case string(typ) != "decide":
		return fmt.Errorf("a message of type %s where a decide was due: %s", quoteStart(typ), quoteStart(line))
	case n != len(reqs):
		return fmt.Errorf("%s to %s", counted(n, "answer"), counted(len(reqs), "request"))
	case bad != nil:
		return bad
	}
	return nil
}

// counted writes n things: "1 answer", "0 answers".
func counted(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func kindOf(q *strategies.Request) string {
	if q.RollsLeft > 0 {
		return fmt.Sprintf("keep of %s", q.Roll)
	}
	return fmt.Sprintf("box for %s", q.Roll)
}

// readAnswer reads one answer: a list of dice for a keep, a box's name for a box.
func (c *codec) readAnswer(sc *scanner, q *strategies.Request, a *strategies.Answer) error {
	if q.RollsLeft > 0 {
		if sc.peek() != '[' {
			return fmt.Errorf("%s: want the list of the dice to keep, such as [2,2]", quoteStart(skipped(sc)))
		}
		var dice [engine.NumDice + 1]int
		k := 0
		var notFace, list []byte // the first element that is not a whole number, and the list
		start := sc.i
		sc.array(func() {
			text := skipped(sc)
			v, err := strconv.Atoi(string(text))
			if err != nil || !wholeNumber(text) {
				if notFace == nil {
					notFace = text
				}
				return
			}
			if k < len(dice) {
				dice[k] = v
			}
			k++
		})
		if sc.err != nil {
			return nil // reported by the caller
		}
		if notFace != nil {
			list = sc.b[start:sc.i]
			return fmt.Errorf("keep %s: %s is not a face: a face is a whole number from 1 to 6, written without a fraction or an exponent (5, not 5.0)", quoteStart(bytes.TrimSpace(list)), quoteStart(notFace))
		}
		held := dice[:min(k, len(dice))]
		keep, ok := engine.KeepOf(held)
		switch {
		case k > engine.NumDice:
			return fmt.Errorf("keep of %d dice: at most %d", k, engine.NumDice)
		case !ok:
			for _, d := range held {
				if d < 1 || d > engine.NumFaces {
					return fmt.Errorf("keep %s: %d is not a face of a die (1 to 6)", diceJSON(held), d)
				}
			}
			return fmt.Errorf("keep %s is not a keep", diceJSON(held))
		case !keep.Within(q.Roll):
			return fmt.Errorf("keep %s holds dice the roll %s does not have", diceJSON(held), q.Roll)
		}
		a.Keep = keep
		return nil
	}
	if sc.peek() != '"' {
		such := ""
		if legal := q.Sheet.Legal(q.Roll, q.RollsUsed); legal != 0 {
			such = ", such as " + string(c.quoted[trailing(legal)])
		}
		return fmt.Errorf("%s: want the name of a box%s", quoteStart(skipped(sc)), such)
	}
	name := sc.str()
	id, ok := c.index[string(name)]
	if !ok {
		return fmt.Errorf("no box %q on the sheet", name)
	}
	if legal := q.Sheet.Legal(q.Roll, q.RollsUsed); legal&(1<<id) == 0 {
		why := "may not take it"
		if q.Sheet.Filled(engine.BoxID(id)) {
			why = "is already filled"
		}
		var names []string
		for l := legal; l != 0; l &= l - 1 {
			names = append(names, c.names[trailing(l)])
		}
		return fmt.Errorf("box %q %s (the legal boxes: %s)", name, why, strings.Join(names, ", "))
	}
	a.Box = engine.BoxID(id)
	return nil
}

// wholeNumber reports whether text is a JSON integer: an optional minus sign and digits,
// neither a fraction nor an exponent.
func wholeNumber(text []byte) bool {
	text = bytes.TrimPrefix(text, []byte("-"))
	if len(text) == 0 {
		return false
	}
	for _, c := range text {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// skipped skips the value at the scanner and returns its text.
func skipped(sc *scanner) []byte {
	sc.ws()
	start := sc.i
	sc.skip()
	return sc.b[start:min(sc.i, len(sc.b))]
}

// quoteStart quotes the start of a line a bot wrote, for an error.
func quoteStart(line []byte) string {
	const most = 60
	if len(line) > most {
		return strconv.Quote(string(line[:most])) + "..."
	}
	return strconv.Quote(string(line))
}

// diceJSON writes dice as the JSON list a bot answered.
func diceJSON(dice []int) string {
	parts := make([]string, len(dice))
	for i, d := range dice {
		parts[i] = strconv.Itoa(d)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// BotSaid is an error a bot reported itself: its message made printable and cut
// (printable), for it ends in a line of yams's standard error.
type BotSaid struct{ Message string }

func (e *BotSaid) Error() string { return "it reported an error: " + e.Message }
