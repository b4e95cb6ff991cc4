package external

import (
	"yams/engine"
	"yams/strategies"
)

// The messages of the hot path are read twice as fast, or more, when they are laid out
// as yams and yams bot write them: members in the documented order, no spaces, numbers
// written plainly. A fastReader reads that layout with byte comparisons and digit loops,
// and gives up (ok false) at the first byte that differs; the caller then reads the same
// value with the general scanner, which accepts any valid JSON. The fast path accepts
// only what the scanner reads the same way, so the two agree on every input (tests).

// fastReader reads b from i while ok.
type fastReader struct {
	b  []byte
	i  int
	ok bool
}

// lit consumes s.
func (f *fastReader) lit(s string) {
	if f.ok && len(f.b)-f.i >= len(s) && string(f.b[f.i:f.i+len(s)]) == s {
		f.i += len(s)
		return
	}
	f.ok = false
}

// byte consumes c.
func (f *fastReader) byte(c byte) {
	if f.ok && f.i < len(f.b) && f.b[f.i] == c {
		f.i++
		return
	}
	f.ok = false
}

// next returns the next byte, or 0 at the end.
func (f *fastReader) next() byte {
	if f.i < len(f.b) {
		return f.b[f.i]
	}
	return 0
}

// maxFastDigits bounds the digits of a number read fast: no overflow of an int64.
const maxFastDigits = 18

// int reads an optional minus sign and 1 to 18 digits. What follows is for the caller to
// check, as every caller does: a fraction or an exponent there fails its next lit or byte.
func (f *fastReader) int() int64 {
	b, i := f.b, f.i
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start := i
	var v int64
	for ; i < len(b); i++ {
		d := b[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + int64(d)
	}
	if !f.ok || i == start || i-start > maxFastDigits {
		f.ok = false
		return 0
	}
	f.i = i
	if neg {
		return -v
	}
	return v
}

// str reads a string without escapes and returns its bytes.
func (f *fastReader) str() []byte {
	f.byte('"')
	if !f.ok {
		return nil
	}
	start := f.i
	for f.i < len(f.b) {
		switch f.b[f.i] {
		case '"':
			f.i++
			return f.b[start : f.i-1]
		case '\\':
			f.ok = false
			return nil
		}
		f.i++
	}
	f.ok = false
	return nil
}

// skipNumbers reads an object whose values are numbers, {"name":12,...}, the layout of
// a request's legal and extra_bonus, in one loop: a box request has a dozen members there.
func (f *fastReader) skipNumbers() {
	b, i := f.b, f.i
	if !f.ok || i+1 >= len(b) || b[i] != '{' {
		f.ok = false
		return
	}
	i++
	if b[i] == '}' {
		f.i = i + 1
		return
	}
	for {
		if b[i] != '"' {
			break
		}
		i++
		for i < len(b) && b[i] != '"' && b[i] != '\\' {
			i++
		}
		if i+2 >= len(b) || b[i] != '"' || b[i+1] != ':' {
			break
		}
		i += 2
		if b[i] == '-' {
			i++
		}
		start := i
		for i < len(b) && b[i]-'0' <= 9 {
			i++
		}
		if i == start || i-start > maxFastDigits || i+1 >= len(b) {
			break
		}
		switch b[i] {
		case ',':
			i++
			continue
		case '}':
			f.i = i + 1
			return
		}
		break
	}
	f.ok = false
}

// skipInts reads a list of numbers, [0,35].
func (f *fastReader) skipInts() {
	f.byte('[')
	for f.ok {
		f.int()
		switch f.next() {
		case ',':
			f.i++
		case ']':
			f.i++
			return
		default:
			f.ok = false
		}
	}
}

// readFast reads a request laid out as yams writes it from b at i into sv, as read does,
// and returns where it ends; ok false if the request is laid out otherwise.
func (sv *server) readFast(b []byte, i int) (end int, ok bool) {
	f := fastReader{b: b, i: i, ok: true}
	sv.clear()
	f.lit(`{"game":`)
	game := f.int()
	f.lit(`,"seed":`)
	sv.seed = f.int()
	f.lit(`,"turn":`)
	sv.turn = f.int()
	f.lit(`,"kind":`)
	sv.kind = f.str()
	f.lit(`,"dice":`)
	if d := f.b[f.i:]; f.ok && len(d) >= 11 && d[0] == '[' && d[2] == ',' && d[4] == ',' && d[6] == ',' && d[8] == ',' && d[10] == ']' &&
		d[1]-'0' <= 9 && d[3]-'0' <= 9 && d[5]-'0' <= 9 && d[7]-'0' <= 9 && d[9]-'0' <= 9 {
		// five dice of one digit each, as yams writes them
		for k := range engine.NumDice {
			sv.dice[k] = int(d[1+2*k] - '0')
		}
		sv.nDice = engine.NumDice
		f.i += 10
	} else {
		f.byte('[')
		for f.ok {
			v := f.int()
			if sv.nDice < len(sv.dice) {
				sv.dice[sv.nDice] = int(v)
			}
			sv.nDice++
			if f.next() != ',' {
				break
			}
			f.i++
		}
	}
	f.lit(`],"rolls_used":`)
	sv.used = f.int()
	f.lit(`,"rolls_left":`)
	sv.left = f.int()
	if !f.ok {
		return f.i, false
	}
	if sv.games == nil {
		sv.games = make([]servedSheet, servedSheets)
	}
	slot := &sv.games[uint64(game)%servedSheets]
	sv.slot = slot
	if at := f.i + len(slot.text); slot.text != nil && at < len(b) && (b[at] == '}' || b[at] == ',') && string(b[f.i:at]) == string(slot.text) {
		// The sheet of the game's last request: no need to read it.
		f.i = at
		sv.known = slot
	} else {
		start := f.i
		readSheetFast(&f, &sv.scores, &sv.extra)
		sv.text = b[start:f.i]
	}
	if f.ok && string(f.b[f.i:min(f.i+8, len(f.b))]) == `,"seat":` {
		f.i += 8
		sv.seat, sv.hasSeat = f.int(), true
		f.lit(`,"others":`)
		sv.readOthersFast(&f, slot)
	}
	if f.ok && string(f.b[f.i:min(f.i+9, len(f.b))]) == `,"legal":` {
		f.i += 9
		f.skipNumbers()
		if f.ok && string(f.b[f.i:min(f.i+15, len(f.b))]) == `,"extra_bonus":` {
			f.i += 15
			f.skipNumbers()
		}
	}
	f.byte('}')
	if !f.ok {
		sv.known, sv.text, sv.slot, sv.othersKnown, sv.othersText = nil, nil, nil, nil, nil
	}
	return f.i, f.ok
}

// readOthersFast reads the other players of a request at a table, laid out as yams writes
// them, or finds them in the game's slot, read at its last request. A server whose
// strategy does not see the table skips them.
func (sv *server) readOthersFast(f *fastReader, slot *servedSheet) {
	b, start := f.b, f.i
	if sv.ts == nil {
		sc := scanner{b: b, i: start}
		sc.skip()
		f.i, f.ok = sc.i, f.ok && sc.err == nil
		return
	}
	if at := start + len(slot.othersText); slot.othersText != nil && at < len(b) && (b[at] == '}' || b[at] == ',') && string(b[start:at]) == string(slot.othersText) {
		f.i = at
		sv.othersKnown = slot
		return
	}
	f.byte('[')
	if f.ok && f.next() == ']' {
		f.i++
	} else {
		for f.ok {
			o := sv.nextOther()
			f.lit(`{"seat":`)
			o.seat = f.int()
			f.lit(`,"strategy":`)
			o.strategy = f.str()
			readSheetFast(f, &o.scores, &o.extra)
			f.byte('}')
			if f.next() != ',' {
				break
			}
			f.i++
		}
		f.byte(']')
	}
	sv.othersText = b[start:f.i]
}

// readSheetFast reads the members of a request that say a sheet, from scores to total,
// laid out as yams writes them, into scores and extra.
func readSheetFast(f *fastReader, scores *[]int, extra *int64) {
	f.lit(`,"scores":[`)
	for f.ok {
		if f.next() == 'n' {
			f.lit("null")
			*scores = append(*scores, -1)
		} else {
			*scores = append(*scores, int(f.int()))
		}
		if f.next() != ',' {
			break
		}
		f.i++
	}
	f.lit(`],"upper":`)
	f.skipInts()
	f.lit(`,"upper_bonus":`)
	f.skipInts()
	f.lit(`,"extra_bonuses":`)
	*extra = f.int()
	f.lit(`,"total":`)
	f.int()
}

// readAnswersFast reads a decide message laid out as yams bot writes it ({"type":
// "decide","answers":[...]}, dice of one digit, no spaces) into answers, checking each
// as readAnswers does. It reports false if the message is laid out otherwise or an
// answer is wrong: readAnswers then reads it, and says what is wrong.
func (c *codec) readAnswersFast(line []byte, reqs []strategies.Request, answers []strategies.Answer) bool {
	f := fastReader{b: line, ok: true}
	f.lit(`{"type":"decide","answers":[`)
	for i := range reqs {
		if i > 0 {
			f.byte(',')
		}
		if !f.ok {
			return false
		}
		q := &reqs[i]
		if q.RollsLeft == 0 {
			name := f.str()
			id, known := c.index[string(name)]
			if !f.ok || !known || q.Sheet.Legal(q.Roll, q.RollsUsed)&(1<<id) == 0 {
				return false
			}
			answers[i].Box = engine.BoxID(id)
			continue
		}
		f.byte('[')
		var dice [engine.NumDice]int
		k := 0
		for f.ok && f.next() != ']' {
			if k > 0 {
				f.byte(',')
			}
			d := f.next() - '0'
			if k == engine.NumDice || d < 1 || d > engine.NumFaces {
				return false
			}
			dice[k] = int(d)
			k++
			f.i++
		}
		f.byte(']')
		keep, valid := engine.KeepOf(dice[:k])
		if !f.ok || !valid || !keep.Within(q.Roll) {
			return false
		}
		answers[i].Keep = keep
	}
	f.lit("]}")
	return f.ok && f.i == len(line)
}
