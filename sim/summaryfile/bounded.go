package summaryfile

import (
	"encoding/json"
	"fmt"
	"math"
	"yams/sim"
	"yams/sim/regret"

	"yams/engine"
)

// The lists of a summary file are counted before they are decoded. The elements of a
// list take far more memory than the file: an empty element, {} in three bytes, is a
// struct of hundreds of bytes once decoded, so that a file of 64 MiB of [{},{},…] would
// make the reader allocate tens of gigabytes. Read counts the strategies and the
// pairs first and refuses a file whose counts would take more than a summary may
// (maxSummaryMemory); within a strategy every list is bounded by what a run can hold
// (list and object, whose limit L says how many elements at most): a summary has at most
// 64 blocks of games, a sheet at most engine.MaxSlots boxes, a roll five dice. The lists
// whose length the structure does not bound, a histogram's scores or a bot's command, are
// bounded by the bytes of their elements, and allocated once at their length.

// A limit is the most elements a list of a summary file may hold, whatever the rules, and
// what they are ("boxes"), for the message that refuses more.
type limit interface {
	most() (n int, what string)
}

type (
	unbounded     struct{} // as many as the file holds: a histogram's scores, a bot's command
	columnsLimit  struct{} // the columns of a sheet
	slotsLimit    struct{} // the boxes of a sheet, over all its columns (and its turns)
	extraLimit    struct{} // the numbers of extra bonuses in a game: 0 to one a turn
	blocksLimit   struct{} // the blocks of game indices of a run (Summary.Blocks)
	ranksLimit    struct{} // the percentiles of a strategy
	keepsLimit    struct{} // the keeps of a turn: one after each roll but the last
	diceLimit     struct{} // the dice of a roll
	costlyLimit   struct{} // the thresholds of a costly decision
	costliestKept struct{} // the costliest positions a regret keeps
)

func (unbounded) most() (int, string)     { return math.MaxInt, "elements" }
func (columnsLimit) most() (int, string)  { return engine.MaxColumns, "columns" }
func (slotsLimit) most() (int, string)    { return engine.MaxSlots, "boxes" }
func (extraLimit) most() (int, string)    { return engine.MaxSlots + 1, "numbers of extra bonuses" }
func (blocksLimit) most() (int, string)   { return len(sim.Summary{}.Blocks), "blocks of games" }
func (ranksLimit) most() (int, string)    { return len(sim.PercentileRanks), "percentiles" }
func (keepsLimit) most() (int, string)    { return engine.MaxRollsPerTurn - 1, "keeps" }
func (diceLimit) most() (int, string)     { return engine.NumDice, "dice" }
func (costlyLimit) most() (int, string)   { return len(regret.CostlyThresholds), "thresholds" }
func (costliestKept) most() (int, string) { return maxCostKept, "costliest positions" }

// list is a JSON array of at most the elements its limit L allows, counted before any is
// decoded.
type list[T any, L limit] []T

func (l *list[T, L]) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*l = nil
		return nil
	}
	n, err := checkCount[L](data)
	if err != nil {
		return err
	}
	s := make([]T, 0, n)
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*l = s
	return nil
}

// checkCount returns the number of elements of data, a JSON array or object, and refuses
// more than limit L allows.
func checkCount[L limit](data []byte) (int, error) {
	var l L
	most, what := l.most()
	n := countElements(data)
	if n > most {
		return 0, fmt.Errorf("%d %s, more than the %d a run can have", n, what, most)
	}
	return n, nil
}

// countElements returns the number of elements of a JSON array, or of members of a JSON
// object, in data, which must be valid JSON (as a decoder hands it to UnmarshalJSON),
// without decoding nor allocating anything: the commas outside strings at the first
// level of nesting, plus one unless the array or object is empty.
func countElements(data []byte) int {
	depth, commas, empty := 0, 0, true
	for j := 0; j < len(data); j++ {
		switch c := data[j]; c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			j = stringEnd(data, j) - 1
		case '[', '{':
			if depth++; depth == 1 {
				continue
			}
		case ']', '}':
			depth--
		case ',':
			if depth == 1 {
				commas++
			}
		}
		if depth >= 1 {
			empty = false
		}
	}
	if empty {
		return 0
	}
	return commas + 1
}

// stringEnd returns the index just after the JSON string that starts at data[i], a quote.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++ // the escaped byte
		case '"':
			return j + 1
		}
	}
	return len(data)
}

// eachMember calls f with the key (a JSON string, quotes included) and the value of each
// member of data, a JSON object that must be valid (as a decoder hands it to
// UnmarshalJSON), in order, without allocating.
func eachMember(data []byte, f func(key, value []byte) error) error {
	i := skipSpace(data, 1) // after {
	for i < len(data) && data[i] != '}' {
		end := valueEnd(data, i)
		key := data[i:end]
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // after :
		end = valueEnd(data, i)
		if err := f(key, data[i:end]); err != nil {
			return err
		}
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return nil
}

// skipSpace returns the index of the first byte of data from i that is not JSON space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns the index just after the JSON value that starts at data[i].
func valueEnd(data []byte, i int) int {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			if j = stringEnd(data, j); depth == 0 {
				return j
			}
			j--
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return j // the end of the enclosing object
			}
			if depth--; depth == 0 {
				return j + 1
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return j
			}
		}
	}
	return len(data)
}

// sizedList is a JSON array whose number the structure of a run does not bound (the runs
// that played a file's games), bounded instead by its bytes: an element takes at least
// the JSON of its zero value, its keys, as yams writes every one of them, so that the
// elements of the list take no more memory than a few times its bytes. An array of more
// elements than its bytes hold that way is refused before any is decoded.
// N names the list in the message that refuses it.
type sizedList[T any, N listName] []T

// A listName names a sizedList.
type listName interface{ name() string }

// runsName names the runs of a summary's provenance.
type runsName struct{}

func (runsName) name() string { return "provenance.runs" }

func (l *sizedList[T, N]) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*l = nil
		return nil
	}
	var zero T
	least, err := json.Marshal(zero)
	if err != nil {
		return err
	}
	n := countElements(data)
	if n > 0 && n > (len(data)+1)/(len(least)+1) { // each element and its comma
		var name N
		return fmt.Errorf("%s: %d elements in %d bytes, where each takes at least %d", name.name(), n, len(data), len(least))
	}
	s := make([]T, 0, n)
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*l = s
	return nil
}
