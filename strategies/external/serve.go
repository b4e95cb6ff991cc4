package external

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"

	"yams/engine"
	"yams/strategies"
)

// Serve is a bot: it plays a strategy over the protocol, reading yams's messages from in
// and writing its own to out, until in ends. It is what `yams bot STRATEGY` runs, the
// reference implementation of a bot, and the proof that a request carries everything a
// decision needs: the sheet it rebuilds from a request's scores is the sheet the game
// holds, so a strategy served here decides as it does inside yams.
//
// newStrategy builds the strategy for the rules of the hello; want, if not nil, are the
// only rules the bot accepts (by hash). A strategy that draws random numbers gets a
// generator seeded with each request's seed, turn and roll: it stays a function of its
// inputs.
func Serve(in io.Reader, out io.Writer, name string, newStrategy func(*engine.Rules) (strategies.Strategy, error), want *engine.Rules) error {
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<16)
	say := func(b []byte) error {
		if _, err := w.Write(b); err != nil {
			return err
		}
		return w.Flush()
	}
	refuse := func(err error) error {
		m, _ := json.Marshal(map[string]string{"type": "error", "message": err.Error()})
		say(append(m, '\n'))
		return err
	}
	var long []byte
	line, err := readLine(r, &long)
	if err != nil {
		return fmt.Errorf("reading the hello: %w", err)
	}
	var h hello
	if err := json.Unmarshal(line, &h); err != nil || h.Type != "hello" {
		return refuse(fmt.Errorf("the first message is not a hello: %.80s", line))
	}
	if h.Protocol != Version {
		return refuse(fmt.Errorf("protocol %d: this bot speaks %d", h.Protocol, Version))
	}
	rules, err := engine.Parse("the hello's rules", h.Rules)
	if err != nil {
		return refuse(err)
	}
	if want != nil && rules.Hash() != want.Hash() {
		return refuse(fmt.Errorf("rules %s (hash %s): this bot plays only %s (hash %s)", rules.Name(), rules.Hash(), want.Name(), want.Hash()))
	}
	if len(h.Boxes) != rules.NumSlots() {
		return refuse(fmt.Errorf("%d box names for a sheet of %d boxes", len(h.Boxes), rules.NumSlots()))
	}
	st, err := newStrategy(rules)
	if err != nil {
		return refuse(err)
	}
	sv := &server{rules: rules, st: st, c: newCodec(rules, h.Boxes)}
	sv.starter, _ = st.(strategies.GameStarter)
	if err := sv.join(name, h.Table); err != nil {
		return refuse(err)
	}
	hi, _ := json.Marshal(botHello{Type: "hello", Name: name, Version: "yams", Protocol: Version})
	if err := say(append(hi, '\n')); err != nil {
		return err
	}
	var buf []byte
	for {
		line, err := readLine(r, &long)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		buf, err = sv.answer(buf[:0], line)
		if err != nil {
			return refuse(err)
		}
		if err := say(buf); err != nil {
			return err
		}
	}
}

// readLine reads a line of any length. A line that fits in r's buffer is returned in
// place, without a copy, valid until the next read; a longer one is gathered in
// (*long)'s storage.
func readLine(r *bufio.Reader, long *[]byte) ([]byte, error) {
	chunk, err := r.ReadSlice('\n')
	if err == nil {
		return chunk, nil
	}
	line := append((*long)[:0], chunk...)
	for errors.Is(err, bufio.ErrBufferFull) {
		chunk, err = r.ReadSlice('\n')
		line = append(line, chunk...)
	}
	*long = line
	if err == nil || (errors.Is(err, io.EOF) && len(line) > 0) {
		return line, nil
	}
	return nil, err
}

// join prepares the server for the table of the hello, nil for a game alone: a strategy
// that sees the table (strategies.TableStrategy) is told its players, and plays at a
// table only; any other plays as alone, the table read past.
func (sv *server) join(name string, t *helloTable) error {
	ts, sees := sv.st.(strategies.TableStrategy)
	switch {
	case t == nil && sees:
		return fmt.Errorf("strategy %s plays at a table, from the other players' sheets, and yams's hello says a game alone: seat it at a table (yams compare --players)", name)
	case t == nil:
		return nil
	case t.Players < 2 || t.Players != len(t.Strategies) || t.Player < 0 || t.Player >= t.Players:
		return fmt.Errorf("a table of %d players, %d strategies, the bot player %d: not a table", t.Players, len(t.Strategies), t.Player)
	}
	sv.atTable = t
	if !sees {
		return nil
	}
	if err := ts.Join(t.Strategies); err != nil {
		return err
	}
	sv.ts = ts
	sv.tableSheets = make([]engine.Sheet, t.Players)
	sv.table.Sheets = make([]*engine.Sheet, t.Players)
	sv.table.Players = make([]string, t.Players)
	return nil
}

// server answers the decide messages of one game's rules with a strategy.
type server struct {
	rules   *engine.Rules
	st      strategies.Strategy
	starter strategies.GameStarter
	c       *codec
	rng     rand.PCG
	// At a table (the hello's table, nil alone): a strategy that sees it, and the table
	// it is shown at each request, the other players' sheets in tableSheets.
	atTable     *helloTable
	ts          strategies.TableStrategy
	table       strategies.Table
	tableSheets []engine.Sheet
	// The request being read.
	kind   []byte
	dice   [engine.NumDice + 1]int
	nDice  int
	used   int64
	left   int64
	turn   int64
	seed   int64
	scores []int
	extra  int64
	sheet  engine.Sheet
	// games keeps the sheets of the games met lately (by game number, modulo), each with
	// the text of the request it was read from (scores to total): the requests of a turn
	// have the same sheet, and readFast then finds it with one comparison of bytes.
	games []servedSheet
	// known is the sheet of the request read when games held it; else text, if not nil,
	// is the request's text of its sheet, for decide to keep with it in games[slot].
	known *servedSheet
	text  []byte
	slot  *servedSheet
	// At a table: the request's seat (hasSeat if it has one) and its other players
	// (others[:nOthers]); or othersKnown, the slot that holds them when games held the
	// same text, else othersText, their text, for decide to keep them with it in slot.
	seat        int64
	hasSeat     bool
	others      []otherPlayer
	nOthers     int
	othersKnown *servedSheet
	othersText  []byte
}

// otherPlayer is another player of a request at a table, as read.
type otherPlayer struct {
	seat     int64
	strategy []byte
	scores   []int
	extra    int64
}

// servedSheet is a sheet of a game a server met, and the text it was read from; at a
// table, also the other players' sheets and strategies, by seat (the player's own seat
// left as it was), and the text they were read from.
type servedSheet struct {
	text       []byte
	sheet      engine.Sheet
	othersText []byte
	others     []engine.Sheet
	players    []string
}

// clear forgets the request read last, before another is read.
func (sv *server) clear() {
	sv.kind, sv.nDice, sv.scores = nil, 0, sv.scores[:0]
	sv.used, sv.left, sv.extra, sv.turn, sv.seed = 0, 0, 0, 0, 0
	sv.known, sv.text, sv.slot = nil, nil, nil
	sv.seat, sv.hasSeat, sv.nOthers, sv.othersKnown, sv.othersText = 0, false, 0, nil, nil
}

// nextOther returns the storage of the next other player read, emptied.
func (sv *server) nextOther() *otherPlayer {
	if sv.nOthers == len(sv.others) {
		sv.others = append(sv.others, otherPlayer{})
	}
	o := &sv.others[sv.nOthers]
	sv.nOthers++
	o.seat, o.strategy, o.scores, o.extra = -1, nil, o.scores[:0], 0
	return o
}

// servedSheets is the number of sheets a server keeps (a power of two), more than the
// games of a batch: yams sends at most 1,024 requests at once, of games of consecutive
// numbers.
const servedSheets = 2048

// answer reads a decide message and appends the answers.
func (sv *server) answer(b []byte, line []byte) ([]byte, error) {
	sc := &scanner{b: line}
	var typ []byte
	b = append(b, `{"type":"decide","answers":[`...)
	n := 0
	var bad error
	sc.object(func(key []byte) {
		switch string(key) {
		case "type":
			typ = sc.str()
		case "requests":
			sc.array(func() {
				if bad != nil {
					sc.skip()
					return
				}
				if end, ok := sv.readFast(sc.b, sc.i); ok {
					sc.i = end
				} else {
					sv.read(sc)
				}
				if sc.err != nil {
					return
				}
				if n > 0 {
					b = append(b, ',')
				}
				var err error
				if b, err = sv.decide(b); err != nil {
					bad = fmt.Errorf("request %d: %w", n+1, err)
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
		return nil, fmt.Errorf("a message that is not of the protocol: %v", sc.err)
	case string(typ) != "decide":
		return nil, fmt.Errorf("a message of type %q where a decide was due", typ)
	case bad != nil:
		return nil, bad
	}
	return append(b, "]}\n"...), nil
}

// read reads a request's members.
func (sv *server) read(sc *scanner) {
	sv.clear()
	sc.object(func(key []byte) {
		switch string(key) {
		case "kind":
			sv.kind = sc.str()
		case "dice":
			sc.array(func() {
				v := sc.int()
				if sv.nDice < len(sv.dice) {
					sv.dice[sv.nDice] = int(v)
				}
				sv.nDice++
			})
		case "rolls_used":
			sv.used = sc.int()
		case "rolls_left":
			sv.left = sc.int()
		case "turn":
			sv.turn = sc.int()
		case "seed":
			sv.seed = sc.int()
		case "extra_bonuses":
			sv.extra = sc.int()
		case "scores":
			readScores(sc, &sv.scores)
		case "seat":
			sv.seat, sv.hasSeat = sc.int(), true
		case "others":
			if sv.ts == nil {
				sc.skip()
				return
			}
			sc.array(func() {
				o := sv.nextOther()
				sc.object(func(key []byte) {
					switch string(key) {
					case "seat":
						o.seat = sc.int()
					case "strategy":
						o.strategy = sc.str()
					case "scores":
						readScores(sc, &o.scores)
					case "extra_bonuses":
						o.extra = sc.int()
					default:
						sc.skip()
					}
				})
			})
		default:
			sc.skip()
		}
	})
}

// readScores reads the scores of a sheet, -1 for an empty box.
func readScores(sc *scanner, scores *[]int) {
	sc.array(func() {
		if sc.literal("null") {
			*scores = append(*scores, -1)
			return
		}
		*scores = append(*scores, int(sc.int()))
	})
}

// seeTable shows the table of the request read to the strategy that sees it: the
// player's sheet sv.sheet in its seat, and the other players' sheets, rebuilt from
// their scores unless the game's slot holds them.
func (sv *server) seeTable() error {
	n := sv.atTable.Players
	if !sv.hasSeat || sv.seat < 0 || sv.seat >= int64(n) {
		if !sv.hasSeat {
			return errors.New(`a request at a table without its "seat"`)
		}
		return fmt.Errorf("seat %d at a table of %d players", sv.seat, n)
	}
	t := &sv.table
	t.Seat = int(sv.seat)
	clear(t.Sheets)
	t.Sheets[t.Seat] = &sv.sheet
	t.Players[t.Seat] = sv.atTable.Strategies[sv.atTable.Player]
	if known := sv.othersKnown; known != nil {
		for seat := range n {
			if seat != t.Seat {
				sv.tableSheets[seat] = known.others[seat]
				t.Sheets[seat] = &sv.tableSheets[seat]
				t.Players[seat] = known.players[seat]
			}
		}
		return nil
	}
	if sv.nOthers != n-1 {
		return fmt.Errorf("%d other players at a table of %d", sv.nOthers, n)
	}
	for _, o := range sv.others[:sv.nOthers] {
		switch {
		case o.seat < 0 || o.seat >= int64(n):
			return fmt.Errorf("another player's seat %d at a table of %d players", o.seat, n)
		case t.Sheets[o.seat] != nil:
			return fmt.Errorf("two players in seat %d", o.seat)
		}
		name := slices.IndexFunc(sv.atTable.Strategies, func(s string) bool { return s == string(o.strategy) })
		if name < 0 {
			return fmt.Errorf("the player of seat %d plays %q, which is not a strategy of the hello's table", o.seat, o.strategy)
		}
		s, err := engine.SheetOf(sv.rules, o.scores, int(o.extra))
		if err != nil {
			return fmt.Errorf("the sheet of seat %d: %w", o.seat, err)
		}
		sv.tableSheets[o.seat] = s
		t.Sheets[o.seat] = &sv.tableSheets[o.seat]
		t.Players[o.seat] = sv.atTable.Strategies[name]
	}
	if slot := sv.slot; slot != nil && sv.othersText != nil {
		slot.othersText = append(slot.othersText[:0], sv.othersText...)
		slot.others = append(slot.others[:0], sv.tableSheets...)
		slot.players = append(slot.players[:0], t.Players...)
	}
	return nil
}

// decide asks the strategy for the decision of the request read, and appends it.
func (sv *server) decide(b []byte) ([]byte, error) {
	if sv.nDice != engine.NumDice {
		return nil, fmt.Errorf("%d dice", sv.nDice)
	}
	roll, ok := engine.RollOf(sv.dice[:engine.NumDice])
	if !ok {
		return nil, fmt.Errorf("dice %v", sv.dice[:engine.NumDice])
	}
	if sv.known != nil {
		sv.sheet = sv.known.sheet
	} else {
		s, err := engine.SheetOf(sv.rules, sv.scores, int(sv.extra))
		if err != nil {
			return nil, err
		}
		sv.sheet = s
		if sv.text != nil {
			sv.slot.sheet = s
			sv.slot.text = append(sv.slot.text[:0], sv.text...)
		}
	}
	// A strategy decides in a game that goes on: a request on a full sheet, or for a box
	// no box may take, has no answer (and would take a strategy out of its tables).
	if sv.sheet.Done() {
		return nil, fmt.Errorf("a request on a full sheet (its %d boxes filled): the game is over", sv.rules.NumSlots())
	}
	if string(sv.kind) == "box" && sv.used >= 1 && sv.used <= int64(sv.rules.Rolls()) && sv.sheet.Legal(roll, int(sv.used)) == 0 {
		return nil, fmt.Errorf("a box for %s after %d rolls, which no box of the sheet may take", roll, sv.used)
	}
	if sv.starter != nil {
		sv.rng.Seed(uint64(sv.seed), uint64(sv.turn)<<8|uint64(sv.used))
		sv.starter.StartGame(&sv.rng)
	}
	if sv.ts != nil {
		if err := sv.seeTable(); err != nil {
			return nil, err
		}
		sv.ts.SeeTable(&sv.table)
	}
	switch string(sv.kind) {
	case "keep":
		if sv.left < 1 || sv.used < 1 || sv.used+sv.left > int64(sv.rules.Rolls()) {
			return nil, fmt.Errorf("a keep with %d rolls used and %d left", sv.used, sv.left)
		}
		k := sv.st.Keep(&sv.sheet, roll, int(sv.left))
		b = append(b, '[')
		first := true
		for f, n := range k.Counts() {
			for range n {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = strconv.AppendInt(b, int64(f+1), 10)
			}
		}
		return append(b, ']'), nil
	case "box":
		if sv.used < 1 || sv.used > int64(sv.rules.Rolls()) {
			return nil, fmt.Errorf("a box after %d rolls", sv.used)
		}
		id := sv.st.Box(&sv.sheet, roll, int(sv.used))
		if int(id) >= len(sv.c.quoted) {
			return nil, fmt.Errorf("the strategy chose box %d of %d", id, len(sv.c.quoted))
		}
		return append(b, sv.c.quoted[id]...), nil
	}
	return nil, fmt.Errorf("kind %q: want keep or box", sv.kind)
}
