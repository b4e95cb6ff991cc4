package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// boxKind is one kind of box: the fields a rule file may give it, how they are checked,
// which rolls meet it and which dice it counts. compile looks each box's kind up in
// boxKinds and builds the box's scores from the kind's answers, so that a new kind is a
// new entry of the table and nothing else.
type boxKind struct {
	name string
	// params are the kind's own fields, among boxParams; a box that sets another is refused.
	params []string
	// defaultAdd is what a box of the kind adds when its rule file gives no add.
	defaultAdd string
	// build checks the kind's fields of b and returns what the box tests and counts. bad
	// reports a problem with one field of the box ("" for the box as a whole).
	build func(b *BoxSpec, bad fieldProblem) (boxPattern, error)
	// describe says in words what a roll must show to score in b and what it scores,
	// add being the box's add or the kind's default.
	describe func(b *BoxSpec, add string) string
}

// fieldProblem makes the error of a box field: one line naming the file, the box, the field and the problem.
type fieldProblem func(field, format string, args ...any) error

// boxPattern is what a box's kind makes of its fields.
type boxPattern struct {
	// face is the face a face box counts, else 0.
	face int
	// meets reports whether a roll meets the box's requirement.
	meets func(Roll) bool
	// matching returns the sum of the dice that make the pattern (add "matching"). The
	// joker asks it of five of a kind too: a joker scores as if the requirement were met.
	matching func(Roll) int
}

// boxKinds lists the kinds of box, in the order the error messages name them.
var boxKinds = []boxKind{
	{
		name:   "face",
		params: []string{"face"},
		// A face box scores face × count: the dice it counts are its score.
		defaultAdd: "matching",
		build: func(b *BoxSpec, bad fieldProblem) (boxPattern, error) {
			if b.Face < 1 || b.Face > NumFaces {
				return boxPattern{}, bad("face", "%d is impossible: want 1 to 6", b.Face)
			}
			if b.Points != 0 || (b.Add != "" && b.Add != "matching") {
				return boxPattern{}, bad("", "a face box scores face × count: points and add are not allowed")
			}
			face := b.Face
			return boxPattern{
				face:     face,
				meets:    func(Roll) bool { return true },
				matching: func(r Roll) int { return face * r.Count(face) },
			}, nil
		},
		describe: func(b *BoxSpec, _ string) string { return fmt.Sprintf("%d × the number of %ds", b.Face, b.Face) },
	},
	{
		name:   "of_a_kind",
		params: []string{"count"},
		build: func(b *BoxSpec, bad fieldProblem) (boxPattern, error) {
			if b.Count < 2 || b.Count > NumDice {
				return boxPattern{}, bad("count", "%d is impossible: want 2 to 5", b.Count)
			}
			n := b.Count
			return boxPattern{
				meets: func(r Roll) bool { return maxCount(r) >= n },
				// n dice of the most frequent face: the highest face when two qualify,
				// which only a pair box can see (6-6-5-5-1 is a pair of 6s).
				matching: func(r Roll) int {
					c := r.Counts()
					for f := NumFaces; f >= 1; f-- {
						if int(c[f-1]) >= n {
							return n * f
						}
					}
					return 0
				},
			}, nil
		},
		describe: func(b *BoxSpec, add string) string {
			return scoring(fmt.Sprintf("at least %d identical dice", b.Count), b.Points, add)
		},
	},
	{
		// Two pairs of different faces (Yatzy): 6-6-5-5-1 and 6-6-5-5-5 meet it, four of a
		// kind does not; it counts the four dice of the two pairs.
		name: "two_pairs",
		build: func(*BoxSpec, fieldProblem) (boxPattern, error) {
			return boxPattern{
				meets: func(r Roll) bool {
					pairs := 0
					for _, x := range r.Counts() {
						if x >= 2 {
							pairs++
						}
					}
					return pairs >= 2
				},
				matching: twoPairsDice,
			}, nil
		},
		describe: func(b *BoxSpec, add string) string {
			return scoring("two pairs of different faces (a full house counts)", b.Points, add)
		},
	},
	{
		name:   "full_house",
		params: []string{"five_of_a_kind"},
		build: func(b *BoxSpec, bad fieldProblem) (boxPattern, error) {
			five := b.FiveOfAKind
			return boxPattern{
				meets: func(r Roll) bool {
					three, two := false, false
					for _, x := range r.Counts() {
						three = three || x == 3
						two = two || x == 2
					}
					return (three && two) || (five && r.OfAKind() != 0)
				},
				matching: Roll.Sum,
			}, nil
		},
		describe: func(b *BoxSpec, add string) string {
			if b.FiveOfAKind {
				return scoring("three of one face and two of another (or five of a kind)", b.Points, add)
			}
			return scoring("three of one face and two of another", b.Points, add)
		},
	},
	{
		name:   "straight",
		params: []string{"length", "faces"},
		build: func(b *BoxSpec, bad fieldProblem) (boxPattern, error) {
			p := boxPattern{matching: Roll.Sum}
			switch {
			case len(b.Faces) > 0 && b.Length != 0:
				return boxPattern{}, bad("", "give length or faces, not both")
			case len(b.Faces) > 0:
				if len(b.Faces) != NumDice {
					return boxPattern{}, bad("faces", "want exactly five faces, got %d", len(b.Faces))
				}
				k, ok := KeepOf(b.Faces)
				if !ok {
					return boxPattern{}, bad("faces", "a face outside 1..6")
				}
				want := k.Roll()
				p.meets = func(r Roll) bool { return r == want }
			case b.Length == 4 || b.Length == 5:
				n := b.Length
				p.meets = func(r Roll) bool { return longestRun(r) >= n }
			default:
				return boxPattern{}, bad("length", "%d is impossible: want 4 or 5 (or give faces)", b.Length)
			}
			return p, nil
		},
		describe: func(b *BoxSpec, add string) string {
			if len(b.Faces) > 0 {
				faces := make([]string, len(b.Faces))
				for i, f := range b.Faces {
					faces[i] = strconv.Itoa(f)
				}
				return scoring("exactly "+strings.Join(faces, "-"), b.Points, add)
			}
			return scoring(fmt.Sprintf("%d faces in sequence", b.Length), b.Points, add)
		},
	},
	{
		name:       "chance",
		defaultAdd: "all",
		build: func(*BoxSpec, fieldProblem) (boxPattern, error) {
			return boxPattern{meets: func(Roll) bool { return true }, matching: Roll.Sum}, nil
		},
		describe: func(b *BoxSpec, add string) string { return scoring("any dice", b.Points, add) },
	},
}

// boxKindNamed returns the kind of the given name, or nil.
func boxKindNamed(name string) *boxKind {
	for i := range boxKinds {
		if boxKinds[i].name == name {
			return &boxKinds[i]
		}
	}
	return nil
}

// boxKindNames lists the kinds for an error message: "a, b or c".
func boxKindNames() string {
	names := make([]string, len(boxKinds))
	for i, k := range boxKinds {
		names[i] = k.name
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

// boxParam is a kind-specific field of BoxSpec: its name in a rule file and whether a box sets it.
type boxParam struct {
	name string
	set  func(b *BoxSpec) bool
}

// boxParams are the kind-specific fields of BoxSpec, in the order they are checked.
var boxParams = []boxParam{
	{"face", func(b *BoxSpec) bool { return b.Face != 0 }},
	{"count", func(b *BoxSpec) bool { return b.Count != 0 }},
	{"length", func(b *BoxSpec) bool { return b.Length != 0 }},
	{"faces", func(b *BoxSpec) bool { return len(b.Faces) != 0 }},
	{"five_of_a_kind", func(b *BoxSpec) bool { return b.FiveOfAKind }},
}

// Describe says in words what a roll must show to score in the box and what it scores,
// for instance "at least 3 identical dice: sum of the dice" or "5 faces in sequence: 40".
// A box of an unknown kind is described by its kind alone.
func (b BoxSpec) Describe() string {
	k := boxKindNamed(b.Kind)
	if k == nil {
		return b.Kind
	}
	add := b.Add
	if add == "" {
		add = k.defaultAdd
	}
	s := k.describe(&b, add)
	if b.Subtract {
		s += ", subtracted from the total"
	}
	return s
}

// scoring completes the requirement of a box with what meeting it scores.
func scoring(requirement string, points int, add string) string {
	dice := map[string]string{"all": "sum of the dice", "matching": "the matching dice"}[add]
	switch {
	case points > 0 && dice != "":
		return fmt.Sprintf("%s: %d + %s", requirement, points, dice)
	case dice != "":
		return fmt.Sprintf("%s: %s", requirement, dice)
	default:
		return fmt.Sprintf("%s: %d", requirement, points)
	}
}

// twoPairsDice is the sum of the four dice of the two highest pairs of r. Five of a kind
// makes two pairs of one face for the joker, which scores a box as if its requirement
// were met: 4-4-4-4-4 counts 16.
func twoPairsDice(r Roll) int {
	c := r.Counts()
	sum, pairs := 0, 0
	for f := NumFaces; f >= 1 && pairs < 2; f-- {
		n := min(int(c[f-1])/2, 2-pairs)
		sum += 2 * n * f
		pairs += n
	}
	return sum
}

func maxCount(r Roll) int {
	m := 0
	for _, c := range r.Counts() {
		m = max(m, int(c))
	}
	return m
}

func longestRun(r Roll) int {
	best, run := 0, 0
	for _, x := range r.Counts() {
		if x > 0 {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
