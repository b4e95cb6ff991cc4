package engine

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Limits of a sheet. A game has at most MaxSlots boxes over all its columns, so that
// the filled boxes fit in one 64-bit mask.
const (
	MaxBoxes   = 16
	MaxColumns = 8
	MaxSlots   = 64
)

//go:embed presets/*.json
var presetFiles embed.FS

// DefaultPreset is the rule set used when none is named.
const DefaultPreset = "hasbro"

// Spec is a rule file as written in JSON: the boxes of a column and the rules around them.
// The presets are Specs; a user copies one (yams rules NAME) and edits it.
type Spec struct {
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Source string `json:"source,omitempty"`
	// Extends names a preset this file starts from; the fields the file gives replace the preset's.
	Extends string `json:"extends,omitempty"`
	// Options are applied last, with the keys of the --rule flag (see ApplyOption).
	Options map[string]json.RawMessage `json:"options,omitempty"`
	// Rolls is the number of rolls in a turn (3; 1 for "sec").
	Rolls        int          `json:"rolls"`
	Boxes        []BoxSpec    `json:"boxes"`
	UpperBonus   *BonusSpec   `json:"upper_bonus,omitempty"`
	ExtraYahtzee *ExtraSpec   `json:"extra_yahtzee,omitempty"`
	Joker        *JokerSpec   `json:"joker,omitempty"`
	Columns      []ColumnSpec `json:"columns,omitempty"`
}

// BoxSpec describes one box of the sheet and how a roll scores in it.
//
// A box whose requirement the roll meets scores Points plus, by Add, nothing ("none"),
// the sum of the five dice ("all") or the sum of the dice that make the pattern
// ("matching": the three or four identical dice of a "dry" brelan or carré). A box whose
// requirement is not met scores zero. Face boxes always score face × count.
type BoxSpec struct {
	ID      string `json:"id"`
	Label   string `json:"label,omitempty"`
	LabelFR string `json:"label_fr,omitempty"`
	// Section is upper, middle or lower; the upper bonus counts the upper section.
	Section string `json:"section"`
	// Kind is face, of_a_kind, full_house, straight or chance.
	Kind   string `json:"kind"`
	Face   int    `json:"face,omitempty"`   // face: the face counted (1..6)
	Count  int    `json:"count,omitempty"`  // of_a_kind: at least this many identical dice (2..5)
	Length int    `json:"length,omitempty"` // straight: at least this many faces in sequence (4 or 5)
	Faces  []int  `json:"faces,omitempty"`  // straight: exactly these five faces instead ("petite suite 1-2-3-4-5")
	Points int    `json:"points,omitempty"`
	Add    string `json:"add,omitempty"`
	// FiveOfAKind lets five identical dice count as a full house (seed 004).
	FiveOfAKind bool `json:"five_of_a_kind,omitempty"`
	// Subtract counts the box negatively in the total (the Minimum of Total II = Maximum − Minimum).
	Subtract bool `json:"subtract,omitempty"`
}

// BonusSpec is the upper bonus: Points when the upper subtotal reaches Threshold.
type BonusSpec struct {
	Threshold int `json:"threshold"`
	Points    int `json:"points"`
	// When is "complete" (counted once the upper section is full, as in the Hasbro booklet)
	// or "reached" (counted as soon as the subtotal reaches the threshold, seed 004).
	When string `json:"when"`
}

// ExtraSpec is the bonus for each further five of a kind scored while Box holds a non-zero score.
type ExtraSpec struct {
	Box    string `json:"box"`
	Points int    `json:"points"`
}

// JokerSpec says how a five of a kind may be placed once the Box (the yahtzee box) is filled.
type JokerSpec struct {
	// Mode is "forced" (the Hasbro booklet: matching upper box first, else any lower box at
	// the fixed scores, else zero in an upper box), "free" (Verhoeff: any box; fixed scores
	// only when the yahtzee box and the matching upper box are both filled) or "none".
	Mode string `json:"mode"`
	Box  string `json:"box"`
}

// ColumnSpec is one column of the sheet. A sheet has one column unless the rules say otherwise.
type ColumnSpec struct {
	Name string `json:"name,omitempty"`
	// Order is free, top_down or bottom_up.
	Order string `json:"order"`
	// FirstRollOnly: the column takes only a result of the first roll ("sec").
	FirstRollOnly bool `json:"first_roll_only,omitempty"`
}

// Section of a box.
type Section uint8

const (
	Upper Section = iota
	Middle
	Lower
)

var sectionNames = []string{"upper", "middle", "lower"}

func (s Section) String() string { return sectionNames[s] }

// Order in which a column is filled.
type Order uint8

const (
	FreeOrder Order = iota
	TopDown
	BottomUp
)

var orderNames = []string{"free", "top_down", "bottom_up"}

func (o Order) String() string { return orderNames[o] }

// JokerMode is how five of a kind is placed once the yahtzee box is filled.
type JokerMode uint8

const (
	NoJoker JokerMode = iota
	ForcedJoker
	FreeJoker
)

var jokerNames = []string{"none", "forced", "free"}

func (j JokerMode) String() string { return jokerNames[j] }

// Box is a compiled box.
type Box struct {
	ID       string
	Label    string // the label for display in English (the id when the rule file gives none)
	Section  Section
	Face     int // face counted by a face box, else 0
	Subtract bool
}

// Column is a compiled column.
type Column struct {
	Name          string
	Order         Order
	FirstRollOnly bool
}

// Rules is a validated, compiled rule set: the boxes, the bonuses, the joker, and the
// score tables every scoring call looks up. A Rules is immutable and safe to share.
type Rules struct {
	spec    Spec
	hash    string
	boxes   []Box
	columns []Column

	rolls            int
	upperThreshold   int
	upperPoints      int
	upperWhenReached bool
	extraPoints      int
	joker            JokerMode
	yahtzeeBox       int

	upperMask  uint64 // boxes of the upper section (box bits, one column)
	faceBox    [NumFaces + 1]int8
	score      [MaxBoxes][NumRolls]int16
	jokerScore [MaxBoxes][NumFaces + 1]int16
	maxUpper   int
}

// Rolls returns the number of rolls in a turn.
func (r *Rules) Rolls() int { return r.rolls }

// UpperThreshold returns the upper subtotal that earns the upper bonus.
func (r *Rules) UpperThreshold() int { return r.upperThreshold }

// UpperPoints returns the points of the upper bonus, 0 when the rules have none.
func (r *Rules) UpperPoints() int { return r.upperPoints }

// UpperWhenReached reports whether the upper bonus counts as soon as the threshold is
// reached rather than once the upper section is complete.
func (r *Rules) UpperWhenReached() bool { return r.upperWhenReached }

// ExtraPoints returns the points of each extra five of a kind, 0 without the bonus.
func (r *Rules) ExtraPoints() int { return r.extraPoints }

// Joker returns how five of a kind is placed once the yahtzee box is filled.
func (r *Rules) Joker() JokerMode { return r.joker }

// YahtzeeBox returns the box of the joker and the extra bonus, or -1.
func (r *Rules) YahtzeeBox() int { return r.yahtzeeBox }

// Spec returns the rule file this Rules was compiled from, options applied.
func (r *Rules) Spec() Spec { return r.spec }

// Name returns the name of the rule set.
func (r *Rules) Name() string { return r.spec.Name }

// Hash identifies the rules of play: two rule sets with the same hash play and score
// alike (names, labels and titles are left out).
func (r *Rules) Hash() string { return r.hash }

// Boxes returns the boxes of one column.
func (r *Rules) Boxes() []Box { return r.boxes }

// NumBoxes returns the number of boxes in one column.
func (r *Rules) NumBoxes() int { return len(r.boxes) }

// Columns returns the columns of the sheet.
func (r *Rules) Columns() []Column { return r.columns }

// NumSlots returns the number of boxes of the whole sheet, that is the number of turns of a game.
func (r *Rules) NumSlots() int { return len(r.boxes) * len(r.columns) }

// Slot returns the BoxID of box b in column c.
func (r *Rules) Slot(column, box int) BoxID { return BoxID(column*len(r.boxes) + box) }

// Split returns the column and box of a slot.
func (r *Rules) Split(id BoxID) (column, box int) {
	return int(id) / len(r.boxes), int(id) % len(r.boxes)
}

// BoxIndex returns the index of the box with the given id, or -1.
func (r *Rules) BoxIndex(id string) int {
	for i, b := range r.boxes {
		if b.ID == id {
			return i
		}
	}
	return -1
}

// Score returns what roll r scores in box b outside any joker.
func (r *Rules) Score(box int, roll Roll) int { return int(r.score[box][roll]) }

// JokerScore returns what a five of a kind of face scores in box b when the joker applies.
func (r *Rules) JokerScore(box int, face int) int { return int(r.jokerScore[box][face]) }

// FaceBox returns the upper box that counts face (1..6), or -1.
func (r *Rules) FaceBox(face int) int { return int(r.faceBox[face]) }

// IsUpper reports whether box b is in the upper section.
func (r *Rules) IsUpper(box int) bool { return r.upperMask&(1<<box) != 0 }

// MaxUpper returns the highest possible upper subtotal of a column.
func (r *Rules) MaxUpper() int { return r.maxUpper }

// RuleError is a rule file that cannot be used: it names the file, the field and the problem.
type RuleError struct {
	File    string
	Field   string
	Problem string
}

func (e *RuleError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("rules %s: %s", e.File, e.Problem)
	}
	return fmt.Sprintf("rules %s: %s: %s", e.File, e.Field, e.Problem)
}

// Presets returns the names of the built-in rule sets, the default first.
func Presets() []string {
	entries, err := fs.ReadDir(presetFiles, "presets")
	if err != nil {
		panic(err) // embedded at build time
	}
	var names []string
	for _, e := range entries {
		if n := strings.TrimSuffix(e.Name(), ".json"); n != DefaultPreset {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return append([]string{DefaultPreset}, names...)
}

// PresetJSON returns the rule file of a preset as shipped.
func PresetJSON(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	b, err := presetFiles.ReadFile(path.Join("presets", name+".json"))
	return b, err == nil
}

// Load returns the rules named by a preset name or the path of a rule file,
// with options ("key=value", see ApplyOption) applied in order.
func Load(nameOrPath string, options ...string) (*Rules, error) {
	if nameOrPath == "" {
		nameOrPath = DefaultPreset
	}
	var (
		data []byte
		file = nameOrPath
	)
	if b, ok := PresetJSON(nameOrPath); ok {
		data, file = b, "preset "+nameOrPath
	} else {
		var err error
		data, err = os.ReadFile(nameOrPath)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(nameOrPath, "/\\.") {
				return nil, fmt.Errorf("unknown rules %q: not a preset (%s) nor a file", nameOrPath, strings.Join(Presets(), ", "))
			}
			return nil, fmt.Errorf("rules: %w", err)
		}
	}
	return Parse(file, data, options...)
}

// Parse compiles a rule file. file names it in errors.
func Parse(file string, data []byte, options ...string) (*Rules, error) {
	spec, err := parseSpec(file, data, 0)
	if err != nil {
		return nil, err
	}
	for _, o := range options {
		key, value, ok := strings.Cut(o, "=")
		if !ok {
			return nil, &RuleError{File: file, Field: "--rule " + o, Problem: "want key=value"}
		}
		if err := ApplyOption(&spec, strings.TrimSpace(key), strings.TrimSpace(value)); err != nil {
			return nil, &RuleError{File: file, Field: "--rule " + strings.TrimSpace(key), Problem: err.Error()}
		}
	}
	return Compile(file, spec)
}

func parseSpec(file string, data []byte, depth int) (Spec, error) {
	var head struct {
		Extends string `json:"extends"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Spec{}, &RuleError{File: file, Problem: jsonProblem(data, err)}
	}
	var spec Spec
	if head.Extends != "" {
		base, ok := PresetJSON(head.Extends)
		if !ok || depth > 0 {
			return Spec{}, &RuleError{File: file, Field: "extends", Problem: fmt.Sprintf("%q is not a preset (%s)", head.Extends, strings.Join(Presets(), ", "))}
		}
		var err error
		if spec, err = parseSpec("preset "+head.Extends, base, depth+1); err != nil {
			return Spec{}, err
		}
		spec.Options = nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&spec); err != nil {
		return Spec{}, &RuleError{File: file, Problem: jsonProblem(data, err)}
	}
	if dec.More() {
		return Spec{}, &RuleError{File: file, Problem: "data after the JSON object"}
	}
	keys := make([]string, 0, len(spec.Options))
	for k := range spec.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		raw := spec.Options[k]
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return Spec{}, &RuleError{File: file, Field: "options." + k, Problem: err.Error()}
		}
		var value string
		switch x := v.(type) {
		case string:
			value = x
		case float64, bool:
			value = string(raw)
		case []any:
			parts := make([]string, len(x))
			for i, p := range x {
				parts[i] = fmt.Sprint(p)
			}
			value = strings.Join(parts, ",")
		default:
			return Spec{}, &RuleError{File: file, Field: "options." + k, Problem: "want a string, a number, a boolean or a list"}
		}
		if err := ApplyOption(&spec, k, value); err != nil {
			return Spec{}, &RuleError{File: file, Field: "options." + k, Problem: err.Error()}
		}
	}
	spec.Options = nil
	spec.Extends = ""
	return spec, nil
}

// jsonProblem turns a decoding error into a message with a line number.
func jsonProblem(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("line %d: malformed JSON: %v", lineOf(data, se.Offset), se)
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Sprintf("line %d: want a JSON object, got %s", lineOf(data, te.Offset), te.Value)
		}
		return fmt.Sprintf("line %d: field %s: want %s, got %s", lineOf(data, te.Offset), te.Field, typeWord(te.Type.String()), te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "empty or truncated JSON"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// typeWord names a Go type the way a rule or record file's author knows it.
func typeWord(goType string) string {
	switch {
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map"), strings.HasPrefix(goType, "engine."), strings.HasPrefix(goType, "*engine."):
		return "an object"
	}
	return goType
}

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}

// OptionKeys documents the keys of ApplyOption, for help texts.
var OptionKeys = []string{
	"name=TEXT",
	"rolls=N (1..5; 1 is the \"sec\" game)",
	"joker=forced|free|none",
	"upper_bonus.threshold=N, upper_bonus.points=N (0: no bonus), upper_bonus.when=complete|reached",
	"extra_yahtzee=N (points per extra five of a kind; 0: none)",
	"dry=true (brelan and carré count only their matching dice)",
	"order=free|top_down|bottom_up (every column)",
	"columns=LIST of free, top_down, bottom_up, sec (e.g. columns=top_down,bottom_up,free)",
	"box.ID.FIELD=VALUE (FIELD: points, add, count, length, five_of_a_kind, subtract, label, label_fr)",
}

// ApplyOption changes one rule of spec; key and value are those of --rule key=value.
func ApplyOption(spec *Spec, key, value string) error {
	atoi := func() (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("want an integer, got %q", value)
		}
		return n, nil
	}
	atob := func() (bool, error) {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return false, fmt.Errorf("want true or false, got %q", value)
		}
		return b, nil
	}
	var err error
	switch key {
	case "name":
		spec.Name = value
	case "title":
		spec.Title = value
	case "rolls":
		spec.Rolls, err = atoi()
	case "joker":
		if spec.Joker == nil {
			spec.Joker = &JokerSpec{Box: "yahtzee"}
		}
		spec.Joker.Mode = value
	case "upper_bonus.threshold", "upper_bonus.points", "upper_bonus.when":
		if spec.UpperBonus == nil {
			spec.UpperBonus = &BonusSpec{Threshold: 63, When: "complete"}
		}
		switch key {
		case "upper_bonus.threshold":
			spec.UpperBonus.Threshold, err = atoi()
		case "upper_bonus.points":
			spec.UpperBonus.Points, err = atoi()
		default:
			spec.UpperBonus.When = value
		}
	case "extra_yahtzee", "extra_yahtzee.points":
		var n int
		if n, err = atoi(); err == nil {
			if n == 0 {
				spec.ExtraYahtzee = nil
			} else {
				if spec.ExtraYahtzee == nil {
					spec.ExtraYahtzee = &ExtraSpec{Box: "yahtzee"}
				}
				spec.ExtraYahtzee.Points = n
			}
		}
	case "dry":
		var dry bool
		if dry, err = atob(); err == nil {
			found := false
			for i := range spec.Boxes {
				b := &spec.Boxes[i]
				if b.Kind == "of_a_kind" && b.Count < NumDice {
					found = true
					if dry {
						b.Add = "matching"
					} else {
						b.Add = "all"
					}
				}
			}
			if !found {
				err = errors.New("the sheet has no brelan or carré (of_a_kind box of fewer than five dice)")
			}
		}
	case "order":
		if len(spec.Columns) == 0 {
			spec.Columns = []ColumnSpec{{}}
		}
		for i := range spec.Columns {
			spec.Columns[i].Order = value
		}
	case "columns":
		spec.Columns = nil
		for _, name := range strings.Split(value, ",") {
			name = strings.TrimSpace(name)
			c := ColumnSpec{Name: name, Order: name}
			if name == "sec" {
				c.Order, c.FirstRollOnly = "free", true
			} else if !slices.Contains(orderNames, name) {
				return fmt.Errorf("unknown column %q: want free, top_down, bottom_up or sec", name)
			}
			spec.Columns = append(spec.Columns, c)
		}
	default:
		rest, ok := strings.CutPrefix(key, "box.")
		id, field, ok2 := strings.Cut(rest, ".")
		if !ok || !ok2 {
			return fmt.Errorf("unknown option %q", key)
		}
		i := slices.IndexFunc(spec.Boxes, func(b BoxSpec) bool { return b.ID == id })
		if i < 0 {
			return fmt.Errorf("no box %q in these rules", id)
		}
		b := &spec.Boxes[i]
		switch field {
		case "points":
			b.Points, err = atoi()
		case "count":
			b.Count, err = atoi()
		case "length":
			b.Length, err = atoi()
		case "add":
			b.Add = value
		case "five_of_a_kind":
			b.FiveOfAKind, err = atob()
		case "subtract":
			b.Subtract, err = atob()
		case "label":
			b.Label = value
		case "label_fr":
			b.LabelFR = value
		default:
			return fmt.Errorf("unknown box field %q", field)
		}
	}
	return err
}

// Compile validates a Spec and builds its score tables. file names it in errors.
func Compile(file string, spec Spec) (*Rules, error) {
	bad := func(field, format string, args ...any) error {
		return &RuleError{File: file, Field: field, Problem: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(spec.Name) == "" {
		return nil, bad("name", "missing")
	}
	r := &Rules{spec: spec, rolls: spec.Rolls, yahtzeeBox: -1}
	if spec.Rolls < 1 || spec.Rolls > MaxRollsPerTurn {
		return nil, bad("rolls", "%d is impossible: want 1 to %d", spec.Rolls, MaxRollsPerTurn)
	}
	if len(spec.Boxes) == 0 {
		return nil, bad("boxes", "missing: a sheet needs at least one box")
	}
	if len(spec.Boxes) > MaxBoxes {
		return nil, bad("boxes", "%d boxes, at most %d", len(spec.Boxes), MaxBoxes)
	}
	for f := range r.faceBox {
		r.faceBox[f] = -1
	}
	seen := map[string]int{}
	for i, b := range spec.Boxes {
		field := fmt.Sprintf("boxes[%d]", i)
		if b.ID == "" {
			return nil, bad(field+".id", "missing")
		}
		field = fmt.Sprintf("boxes[%d] (%s)", i, b.ID)
		if j, dup := seen[b.ID]; dup {
			return nil, bad(field+".id", "duplicate id, already boxes[%d]", j)
		}
		seen[b.ID] = i
		sec := slices.Index(sectionNames, b.Section)
		if sec < 0 {
			return nil, bad(field+".section", "unknown section %q: want upper, middle or lower", b.Section)
		}
		box := Box{ID: b.ID, Label: b.Label, Section: Section(sec), Subtract: b.Subtract}
		if box.Label == "" {
			box.Label = b.ID
		}
		add := b.Add
		switch add {
		case "", "none", "all", "matching":
		default:
			return nil, bad(field+".add", "unknown %q: want none, all or matching", add)
		}
		if b.Points < 0 || b.Points > 1000 {
			return nil, bad(field+".points", "%d is impossible: want 0 to 1000", b.Points)
		}
		noExtra := func(names ...string) error {
			vals := map[string]bool{"face": b.Face != 0, "count": b.Count != 0, "length": b.Length != 0,
				"faces": len(b.Faces) != 0, "five_of_a_kind": b.FiveOfAKind}
			for _, n := range names {
				delete(vals, n)
			}
			for _, n := range []string{"face", "count", "length", "faces", "five_of_a_kind"} {
				if vals[n] {
					return bad(field+"."+n, "not a field of a %s box", b.Kind)
				}
			}
			return nil
		}
		var meets func(Roll) bool
		switch b.Kind {
		case "face":
			if b.Face < 1 || b.Face > NumFaces {
				return nil, bad(field+".face", "%d is impossible: want 1 to 6", b.Face)
			}
			if b.Points != 0 || (add != "" && add != "matching") {
				return nil, bad(field, "a face box scores face × count: points and add are not allowed")
			}
			if err := noExtra("face"); err != nil {
				return nil, err
			}
			if box.Section == Upper {
				if r.faceBox[b.Face] >= 0 {
					return nil, bad(field+".face", "face %d already counted by %s", b.Face, spec.Boxes[r.faceBox[b.Face]].ID)
				}
				r.faceBox[b.Face] = int8(i)
			}
			box.Face = b.Face
			face := b.Face
			for roll := range Roll(NumRolls) {
				r.score[i][roll] = int16(face * roll.Count(face))
			}
			meets = func(Roll) bool { return true }
		case "of_a_kind":
			if b.Count < 2 || b.Count > NumDice {
				return nil, bad(field+".count", "%d is impossible: want 2 to 5", b.Count)
			}
			if err := noExtra("count"); err != nil {
				return nil, err
			}
			n := b.Count
			meets = func(roll Roll) bool { return maxCount(roll) >= n }
		case "full_house":
			if err := noExtra("five_of_a_kind"); err != nil {
				return nil, err
			}
			five := b.FiveOfAKind
			meets = func(roll Roll) bool {
				c := roll.Counts()
				three, two := false, false
				for _, x := range c {
					three = three || x == 3
					two = two || x == 2
				}
				return (three && two) || (five && roll.OfAKind() != 0)
			}
		case "straight":
			if err := noExtra("length", "faces"); err != nil {
				return nil, err
			}
			switch {
			case len(b.Faces) > 0 && b.Length != 0:
				return nil, bad(field, "give length or faces, not both")
			case len(b.Faces) > 0:
				if len(b.Faces) != NumDice {
					return nil, bad(field+".faces", "want exactly five faces, got %d", len(b.Faces))
				}
				k, ok := KeepOf(b.Faces)
				if !ok {
					return nil, bad(field+".faces", "a face outside 1..6")
				}
				want := k.Roll()
				meets = func(roll Roll) bool { return roll == want }
			case b.Length == 4 || b.Length == 5:
				n := b.Length
				meets = func(roll Roll) bool { return longestRun(roll) >= n }
			default:
				return nil, bad(field+".length", "%d is impossible: want 4 or 5 (or give faces)", b.Length)
			}
		case "chance":
			if err := noExtra(); err != nil {
				return nil, err
			}
			meets = func(Roll) bool { return true }
		default:
			return nil, bad(field+".kind", "unknown kind %q: want face, of_a_kind, full_house, straight or chance", b.Kind)
		}
		if b.Kind == "chance" && add == "" {
			add = "all"
		}
		if b.Kind != "face" {
			for roll := range Roll(NumRolls) {
				if meets(roll) {
					r.score[i][roll] = int16(b.Points + addOf(add, b, roll))
				}
			}
		}
		for face := 1; face <= NumFaces; face++ {
			five := fiveOf(face)
			if b.Kind == "face" {
				r.jokerScore[i][face] = r.score[i][five]
			} else {
				// The joker scores a box as if its requirement were met.
				r.jokerScore[i][face] = int16(b.Points + addOf(add, b, five))
			}
		}
		if box.Section == Upper {
			r.upperMask |= 1 << i
			if box.Subtract {
				return nil, bad(field+".subtract", "an upper box cannot be subtracted")
			}
			best := 0
			for roll := range Roll(NumRolls) {
				best = max(best, int(r.score[i][roll]))
			}
			r.maxUpper += best
		}
		r.boxes = append(r.boxes, box)
	}
	if ub := spec.UpperBonus; ub != nil && ub.Points != 0 {
		if r.upperMask == 0 {
			return nil, bad("upper_bonus", "the sheet has no upper section")
		}
		if ub.Threshold < 1 || ub.Threshold > r.maxUpper {
			return nil, bad("upper_bonus.threshold", "%d is impossible: want 1 to %d, the highest upper subtotal", ub.Threshold, r.maxUpper)
		}
		if ub.Points < 0 || ub.Points > 1000 {
			return nil, bad("upper_bonus.points", "%d is impossible: want 0 to 1000", ub.Points)
		}
		switch ub.When {
		case "", "complete":
		case "reached":
			r.upperWhenReached = true
		default:
			return nil, bad("upper_bonus.when", "unknown %q: want complete or reached", ub.When)
		}
		r.upperThreshold, r.upperPoints = ub.Threshold, ub.Points
	}
	yahtzeeBox := func(field, id string) (int, error) {
		i, ok := seen[id]
		if !ok {
			return -1, bad(field, "names box %q, which the sheet does not have", id)
		}
		if b := spec.Boxes[i]; b.Kind != "of_a_kind" || b.Count != NumDice {
			return -1, bad(field, "box %q is not a five-of-a-kind box", id)
		}
		if r.yahtzeeBox >= 0 && r.yahtzeeBox != i {
			return -1, bad(field, "names box %q, but another field names %q", id, spec.Boxes[r.yahtzeeBox].ID)
		}
		return i, nil
	}
	if ex := spec.ExtraYahtzee; ex != nil && ex.Points != 0 {
		if ex.Points < 0 || ex.Points > 1000 {
			return nil, bad("extra_yahtzee.points", "%d is impossible: want 0 to 1000", ex.Points)
		}
		i, err := yahtzeeBox("extra_yahtzee.box", ex.Box)
		if err != nil {
			return nil, err
		}
		r.yahtzeeBox, r.extraPoints = i, ex.Points
	}
	if j := spec.Joker; j != nil {
		switch j.Mode {
		case "", "none":
		case "forced", "free":
			i, err := yahtzeeBox("joker.box", j.Box)
			if err != nil {
				return nil, err
			}
			r.yahtzeeBox = i
			r.joker = ForcedJoker
			if j.Mode == "free" {
				r.joker = FreeJoker
			}
			for f := 1; f <= NumFaces; f++ {
				if r.faceBox[f] < 0 {
					return nil, bad("joker", "the %s joker needs an upper box for every face; face %d has none", j.Mode, f)
				}
			}
		default:
			return nil, bad("joker.mode", "unknown %q: want forced, free or none", j.Mode)
		}
	}
	cols := spec.Columns
	if len(cols) == 0 {
		cols = []ColumnSpec{{Order: "free"}}
	}
	if len(cols) > MaxColumns {
		return nil, bad("columns", "%d columns, at most %d", len(cols), MaxColumns)
	}
	if len(cols)*len(r.boxes) > MaxSlots {
		return nil, bad("columns", "%d columns of %d boxes is more than %d boxes in all", len(cols), len(r.boxes), MaxSlots)
	}
	for i, c := range cols {
		o := slices.Index(orderNames, c.Order)
		if c.Order == "" {
			o = 0
		}
		if o < 0 {
			return nil, bad(fmt.Sprintf("columns[%d].order", i), "unknown %q: want free, top_down or bottom_up", c.Order)
		}
		name := c.Name
		if name == "" {
			name = orderNames[o]
			if c.FirstRollOnly {
				name = "sec"
			}
		}
		r.columns = append(r.columns, Column{Name: name, Order: Order(o), FirstRollOnly: c.FirstRollOnly})
	}
	r.hash = rulesHash(r)
	return r, nil
}

func addOf(add string, b BoxSpec, roll Roll) int {
	switch add {
	case "all":
		return roll.Sum()
	case "matching":
		// The dice that make the pattern: for n of a kind, n dice of the most frequent face
		// (the highest face if two qualify, which only a pair box can see).
		if b.Kind == "of_a_kind" {
			c := roll.Counts()
			for f := NumFaces; f >= 1; f-- {
				if int(c[f-1]) >= b.Count {
					return b.Count * f
				}
			}
			// Joker scoring of a non-qualifying roll never happens for of_a_kind:
			// five of a kind always qualifies.
			return 0
		}
		return roll.Sum()
	}
	return 0
}

func maxCount(roll Roll) int {
	m := 0
	for _, c := range roll.Counts() {
		m = max(m, int(c))
	}
	return m
}

func longestRun(roll Roll) int {
	c := roll.Counts()
	best, run := 0, 0
	for _, x := range c {
		if x > 0 {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

func fiveOf(face int) Roll {
	c := [NumFaces]uint8{}
	c[face-1] = NumDice
	return keepCode[countsCode(&c)].Roll()
}

// rulesHash hashes what decides play and scoring: the score tables, the bonuses,
// the joker, the rolls and the columns.
func rulesHash(r *Rules) string {
	h := sha256.New()
	fmt.Fprintf(h, "yams-rules-v1 rolls=%d upper=%d/%d/%v extra=%d joker=%d ybox=%d boxes=%d\n",
		r.rolls, r.upperThreshold, r.upperPoints, r.upperWhenReached, r.extraPoints, r.joker, r.yahtzeeBox, len(r.boxes))
	for i, b := range r.boxes {
		fmt.Fprintf(h, "%d %d %v %v %v\n", i, b.Section, b.Face, b.Subtract, r.score[i])
		fmt.Fprintf(h, "%v\n", r.jokerScore[i])
	}
	for _, c := range r.columns {
		fmt.Fprintf(h, "col %d %v\n", c.Order, c.FirstRollOnly)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// JSON returns the rule file of r, indented, as a user would copy and edit it.
func (r *Rules) JSON() []byte {
	b, err := json.MarshalIndent(r.spec, "", "  ")
	if err != nil {
		panic(err) // a Spec always marshals
	}
	return append(b, '\n')
}
