package external

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
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

// server answers the decide messages of one game's rules with a strategy.
type server struct {
	rules   *engine.Rules
	st      strategies.Strategy
	starter strategies.GameStarter
	c       *codec
	rng     rand.PCG
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
}

// servedSheet is a sheet of a game a server met, and the text it was read from.
type servedSheet struct {
	text  []byte
	sheet engine.Sheet
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
	sv.kind, sv.nDice, sv.scores = nil, 0, sv.scores[:0]
	sv.used, sv.left, sv.extra, sv.turn, sv.seed = 0, 0, 0, 0, 0
	sv.known, sv.text, sv.slot = nil, nil, nil
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
			sc.array(func() {
				if sc.literal("null") {
					sv.scores = append(sv.scores, -1)
					return
				}
				sv.scores = append(sv.scores, int(sc.int()))
			})
		default:
			sc.skip()
		}
	})
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
