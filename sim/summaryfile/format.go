package summaryfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"yams/sim"

	"yams/engine"
)

// The types below are the summary file, whose shape the package documentation gives.

type jsonResults struct {
	Rules     string `json:"rules"`
	RulesHash string `json:"rules_hash"`
	// RuleOptions are written always, [] for none; a file written before that leaves
	// them out when there were none.
	RuleOptions list[string, unbounded] `json:"rule_options"`
	Seed        uint64                  `json:"seed"`
	// Stream is the StreamVersion of the build that wrote the file; files written before
	// it was recorded leave it out, and are of stream 1.
	Stream     *int                       `json:"stream,omitempty"`
	First      int64                      `json:"first,omitempty"`
	Games      int64                      `json:"games"`
	Shard      *jsonShard                 `json:"shard,omitempty"`
	Partial    bool                       `json:"partial,omitempty"`
	Planned    int64                      `json:"planned_games,omitempty"`
	NextGame   int64                      `json:"next_game,omitempty"`
	Columns    list[string, columnsLimit] `json:"columns"`
	Strategies []jsonStrategy             `json:"strategies"`
	Pairs      []jsonPair                 `json:"pairs,omitempty"`
	// RuleSet is the rule set the games were played under, options applied, as a rule
	// file holds it (engine.Spec); files written before it was recorded leave it out.
	RuleSet json.RawMessage `json:"rule_set,omitempty"`
	// Provenance is which yams wrote the file, when, with what command, and which
	// commands played its games (provenance.go); files written before it was recorded
	// leave it out. The checksum does not cover it.
	Provenance *jsonProvenance `json:"provenance,omitempty"`
	Checksum   string          `json:"checksum"`
}

// ruleSetJSON returns the rule set of a summary file: the JSON of the rules' spec, which
// is also its canonical form for the checksum (checksumV2).
func ruleSetJSON(rules *engine.Rules) ([]byte, error) {
	b, err := json.Marshal(rules.Spec())
	if err != nil {
		return nil, fmt.Errorf("rule set %s: %w", rules.Name(), err)
	}
	return b, nil
}

// jsonShard is a Shard: the K-th of N slices of the games 0 to RunGames−1.
type jsonShard struct {
	Index    int   `json:"index"`
	Count    int   `json:"count"`
	RunGames int64 `json:"run_games"`
}

// jsonPair is a Pair: its counts and the figures derived from them.
type jsonPair struct {
	A            string     `json:"a"`
	B            string     `json:"b"`
	Games        int64      `json:"games"`
	Sum          int64      `json:"sum"`
	Squares      squares    `json:"squares"`
	Wins         int64      `json:"wins"`
	Ties         int64      `json:"ties"`
	Losses       int64      `json:"losses"`
	Mean         float64    `json:"mean"`
	StdDev       float64    `json:"stddev"`
	CI95         [2]float64 `json:"ci95"`
	UnpairedCI95 [2]float64 `json:"unpaired_ci95"`
}

type jsonStrategy struct {
	Name string `json:"name"`
	// Bot is the program that played an external bot's games (Summary.Bot); left out
	// for a built-in strategy, and by files written before yams recorded it.
	Bot *jsonBot `json:"bot,omitempty"`
	// Identity is what the strategy's play depends on beyond its name and the build
	// (Summary.Identity); left out for a built-in strategy, and by files written before
	// yams recorded it.
	Identity      string                             `json:"identity,omitempty"`
	Games         int64                              `json:"games"`
	Mean          float64                            `json:"mean"`
	StdDev        float64                            `json:"stddev"`
	StdErr        float64                            `json:"stderr"`
	CI95          [2]float64                         `json:"ci95"`
	Min           int                                `json:"min"`
	Max           int                                `json:"max"`
	Percentiles   boundedObject[int, ranksLimit]     `json:"percentiles"`
	Histogram     object[int64]                      `json:"histogram"`
	UpperBonus    jsonRate                           `json:"upper_bonus"`
	UpperSubtotal object[int64]                      `json:"upper_subtotal"`
	ByColumn      list[jsonColumn, columnsLimit]     `json:"by_column,omitempty"`
	Yahtzee       jsonYahtzee                        `json:"yahtzee"`
	Joker         boundedObject[int64, slotsLimit]   `json:"joker"`
	JokerGames    int64                              `json:"joker_games"`
	JokerRate     float64                            `json:"joker_rate"`
	Boxes         boundedObject[jsonBox, slotsLimit] `json:"boxes"`
	Convergence   list[jsonBlock, blocksLimit]       `json:"convergence"`
	Regret        *jsonRegret                        `json:"regret,omitempty"`
}

// jsonBot is a BotIdentity: what the bot said in its hello, and its command.
type jsonBot struct {
	Name    string                  `json:"name"`
	Version string                  `json:"version"`
	Command list[string, unbounded] `json:"command"`
}

func botJSON(b *sim.BotIdentity) *jsonBot {
	if b == nil {
		return nil
	}
	return &jsonBot{Name: b.Name, Version: b.Version, Command: b.Command}
}

// botOf reads the bot of a strategy; nil if the file records none.
func botOf(j *jsonBot) (*sim.BotIdentity, error) {
	if j == nil {
		return nil, nil
	}
	if len(j.Command) == 0 {
		return nil, errors.New("bot: no command")
	}
	return &sim.BotIdentity{Name: j.Name, Version: j.Version, Command: j.Command}, nil
}

// checksummedSpec returns what the checksum covers as the rule set (checksumV2): its
// canonical JSON, spec, followed when external bots played by a NUL byte and the bots of
// the strategies in order, as JSON (null for a strategy that is not one), then when
// strategies have an identity by a NUL byte, "identities" and the identities of the
// strategies in order, as JSON ("" for a strategy without). No JSON holds a NUL byte, and
// the bots' JSON begins with "[", so no two run into each other; and the checksum of a file
// without bots nor identities is what it was before yams recorded them, so that such files
// still read.
func checksummedSpec(r *sim.Results, spec []byte) ([]byte, error) {
	covered := slices.Clip(spec)
	ids := sim.Bots(r.Summaries)
	if slices.ContainsFunc(ids, func(b *sim.BotIdentity) bool { return b != nil }) {
		list := make([]*jsonBot, len(ids))
		for i, b := range ids {
			list[i] = botJSON(b)
		}
		text, err := json.Marshal(list)
		if err != nil {
			return nil, fmt.Errorf("bots: %w", err)
		}
		covered = append(append(covered, 0), text...)
	}
	if identities := sim.Identities(r.Summaries); slices.ContainsFunc(identities, func(id string) bool { return id != "" }) {
		text, err := json.Marshal(identities)
		if err != nil {
			return nil, fmt.Errorf("identities: %w", err)
		}
		covered = append(append(append(covered, 0), "identities"...), text...)
	}
	return covered, nil
}

// jsonBlock is a block of game indices (Summary.Blocks) and the running mean at its end.
type jsonBlock struct {
	First        int64      `json:"first"`
	Games        int64      `json:"games"`
	Sum          int64      `json:"sum"`
	Squares      squares    `json:"squares"`
	RunningGames int64      `json:"running_games"`
	RunningMean  float64    `json:"running_mean"`
	RunningCI95  [2]float64 `json:"running_ci95"`
}

type jsonRate struct {
	Count int64      `json:"count"`
	Rate  float64    `json:"rate"`
	CI95  [2]float64 `json:"ci95"`
}

type jsonColumn struct {
	Name          string        `json:"name"`
	UpperBonus    jsonRate      `json:"upper_bonus"`
	UpperSubtotal object[int64] `json:"upper_subtotal"`
}

type jsonYahtzee struct {
	Box        string                           `json:"box"`
	Scored     int64                            `json:"scored"`
	ScoredRate float64                          `json:"scored_rate"`
	ScoredCI95 [2]float64                       `json:"scored_ci95"`
	ExtraBonus boundedObject[int64, extraLimit] `json:"extra_bonus"`
}

type jsonBox struct {
	Mean     float64                          `json:"mean"`
	ZeroRate float64                          `json:"zero_rate"`
	Sum      int64                            `json:"sum"`
	Zeros    int64                            `json:"zeros"`
	FillTurn boundedObject[int64, slotsLimit] `json:"fill_turn"`
}

// squares is a sum of squares (a Uint128) as a summary file writes it: a JSON number of
// at most 39 digits. It is read digit by digit into 128 bits, never through a big.Int,
// which takes time quadratic in the digits of a number: a million digits took two
// seconds, and a file of 64 MiB of digits would take hours.
type squares sim.Uint128

func (q squares) MarshalJSON() ([]byte, error) { return []byte(sim.Uint128(q).BigInt().String()), nil }

func (q *squares) UnmarshalJSON(data []byte) error {
	// A 128-bit integer has at most 39 digits (2^128 − 1 ≈ 3.4·10^38).
	if len(data) == 0 || len(data) > 39 || strings.Trim(string(data), "0123456789") != "" {
		return fmt.Errorf("%.40s: want an integer of 0 to 2^128−1", data)
	}
	var v sim.Uint128
	for _, d := range data {
		hi, lo := bits.Mul64(v.Lo, 10)
		top, carry := bits.Mul64(v.Hi, 10)
		if top != 0 {
			return fmt.Errorf("%s: more than 2^128−1", data)
		}
		var c uint64
		if v.Hi, c = bits.Add64(carry, hi, 0); c != 0 {
			return fmt.Errorf("%s: more than 2^128−1", data)
		}
		if v.Lo, c = bits.Add64(lo, uint64(d-'0'), 0); c != 0 {
			if v.Hi, c = bits.Add64(v.Hi, 1, 0); c != 0 {
				return fmt.Errorf("%s: more than 2^128−1", data)
			}
		}
	}
	*q = squares(v)
	return nil
}

// object is a JSON object whose members keep their order, which a Go map would not; as
// many members as the file holds (a histogram's scores).
type object[V any] = boundedObject[V, unbounded]

// boundedObject is an object of at most the members its limit L allows, counted before
// any is decoded.
type boundedObject[V any, L limit] []member[V]

type member[V any] struct {
	Key   string
	Value V
}

func (o boundedObject[V, L]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.Key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (o *boundedObject[V, L]) UnmarshalJSON(data []byte) error {
	if len(data) == 0 || data[0] != '{' {
		return errors.New("want an object")
	}
	n, err := checkCount[L](data)
	if err != nil {
		return err
	}
	// The members are split from the bytes and each value decoded alone: a Decoder's
	// tokens allocate several times what the members take.
	members := make(boundedObject[V, L], 0, n)
	err = eachMember(data, func(rawKey, rawValue []byte) error {
		key, err := unquote(rawKey)
		if err != nil {
			return err
		}
		var v V
		if err := decodeValue(rawValue, &v); err != nil {
			return fmt.Errorf("%q: %w", key, err)
		}
		members = append(members, member[V]{key, v})
		return nil
	})
	if err != nil {
		return err
	}
	// A key given twice, found among the keys sorted (a map of them would take more
	// memory than the members).
	keys := make([]string, len(members))
	for i, m := range members {
		keys[i] = m.Key
	}
	slices.Sort(keys)
	for i := 1; i < len(keys); i++ {
		if keys[i] == keys[i-1] {
			return fmt.Errorf("key %q twice", keys[i])
		}
	}
	*o = members
	return nil
}

// unquote returns the string of a JSON string: its bytes between the quotes when it has
// no escape, as most keys (json.Unmarshal would allocate its state for each).
func unquote(raw []byte) (string, error) {
	if len(raw) >= 2 && raw[0] == '"' && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}

// decodeValue decodes a JSON value into v: an integer read at once, as most values of
// the objects of a summary (a histogram's counts), anything else by json.Unmarshal,
// which also says what is wrong with an integer that does not read.
func decodeValue[V any](raw []byte, v *V) error {
	switch p := any(v).(type) {
	case *int64:
		if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
			*p = n
			return nil
		}
	case *int:
		if n, err := strconv.Atoi(string(raw)); err == nil {
			*p = n
			return nil
		}
	}
	return json.Unmarshal(raw, v)
}
