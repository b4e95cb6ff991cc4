package rulefile

// The syntax tree of a rule file: what Parse returns, what String prints back and what a
// learner (strategies/distill) builds. It knows nothing of any rule set: box names are
// checked against the rules when a file is compiled (Compile).

// Pos is where something starts in a rule file: its line and column, both from 1, the
// column counted in characters.
type Pos struct{ Line, Col int }

// Kind is the decision a rule makes.
type Kind uint8

const (
	// KeepRule decides which dice to keep before a reroll.
	KeepRule Kind = iota
	// BoxRule decides which box takes the final roll.
	BoxRule
)

// File is a rule file: an ordered list of rules for the keeps and for the boxes. The keep
// rules and the box rules are two lists, each read from the top: the first rule whose
// condition holds and whose action applies decides.
type File struct {
	// Name names the file in messages (its path).
	Name string
	// Header is the comment lines before the first rule, without their "#".
	Header []string
	// RuleSet is the rule set the file says it was written for ("rules: yatzy"), nil if
	// it says none.
	RuleSet *RuleSetRef
	// Averages are what the file counts each box worth on average: "score best" and
	// "keep for" count the points of a box above its average (none: the points alone).
	Averages []Average
	Rules    []Rule
	// dir is the directory of the file read (ReadFile), where a path in its line of
	// rules is read from.
	dir string
}

// RuleSetRef names a rule set as the command line does: a preset or the path of a rule
// set's file (relative to the rule file's directory), and options, "KEY=VALUE" each, as
// --rule takes them.
type RuleSetRef struct {
	Pos     Pos
	Name    string
	Options []string
}

// Average is a box's average, as "averages BOX N, ..." declares it: what the box adds to
// the total on average, negative for a subtracted box.
type Average struct {
	Pos   Pos
	Box   BoxRef
	Value float64
}

// Rule is "if CONDITION then ACTION", or a default, "otherwise ACTION", whose If is nil.
type Rule struct {
	Pos  Pos
	If   Cond
	Then Action
	// Comment is the comment at the end of the rule's last line, without its "#".
	Comment string
}

// Default reports whether the rule is a default (otherwise).
func (r *Rule) Default() bool { return r.If == nil }

// Kind returns the decision the rule makes: its action's.
func (r *Rule) Kind() Kind { return r.Then.Verb.Kind() }

// Cond is a condition: *Atom, *And, *Or or *Not.
type Cond interface{ isCond() }

// And holds when every term holds.
type And struct{ Terms []Cond }

// Or holds when a term holds.
type Or struct{ Terms []Cond }

// Not holds when its term does not.
type Not struct {
	Pos  Pos
	Term Cond
}

func (*Atom) isCond() {}
func (*And) isCond()  {}
func (*Or) isCond()   {}
func (*Not) isCond()  {}

// Feature is what an atom looks at: a pattern of the dice, a number of the dice or of
// the sheet, or the state of a box.
type Feature uint8

// The features. Boolean features hold or not; numeric ones are compared with a number
// (Atom.Op, Atom.Value).
const (
	noFeature Feature = iota
	// Patterns of the dice.
	Pair          // at least two dice of a face
	TwoPairs      // two faces with at least two dice each (a full house counts)
	ThreeOfAKind  // at least three dice of a face
	FourOfAKind   // at least four
	FiveOfAKind   // five
	FullHouse     // three dice of a face and two of another
	SmallStraight // four faces in a row
	LargeStraight // five faces in a row
	// Numbers of the dice.
	Count     // the dice showing Atom.Face
	Group     // the dice of the most frequent face (ties: the higher face), the group
	GroupFace // the face of the group
	Run       // the longest run of faces in a row
	Sum       // the sum of the dice
	Pays      // what the roll scores in Atom.Box now, the joker applied
	// The sheet.
	Open        // Atom.Box is empty
	Filled      // Atom.Box holds a score
	Scored      // Atom.Box (the box of the extra bonus) holds a non-zero score
	Turn        // the turn, from 1
	TurnsLeft   // the turns after this one
	RollsLeft   // the rerolls left (at a box decision: those not used)
	Upper       // the upper subtotal
	BonusNeeds  // the points the upper subtotal still needs for the bonus (0 once won)
	OverPar     // the upper subtotal minus par: three of each face of the filled upper boxes
	BonusWon    // the upper subtotal has reached the bonus threshold
	BonusLost   // the bonus is out of reach: the open upper boxes cannot make it up
	BonusInPlay // neither won nor out of reach
	numFeatures
)

// Numeric reports whether the feature is a number, compared in an atom.
func (f Feature) Numeric() bool {
	switch f {
	case Count, Group, GroupFace, Run, Sum, Pays, Turn, TurnsLeft, RollsLeft, Upper, BonusNeeds, OverPar:
		return true
	}
	return false
}

// OfBox reports whether the feature is about a box (Atom.Box).
func (f Feature) OfBox() bool { return f == Pays || f == Open || f == Filled || f == Scored }

// OfDice reports whether the feature depends on the dice alone.
func (f Feature) OfDice() bool { return f >= Pair && f <= Sum }

// OfUpper reports whether the feature depends on the upper subtotal.
func (f Feature) OfUpper() bool { return f >= Upper && f <= BonusInPlay }

// Op is a comparison.
type Op uint8

// The comparisons.
const (
	GE Op = iota // >=
	GT           // >
	LE           // <=
	LT           // <
	EQ           // =
	NE           // !=
)

// holds compares a with b.
func (o Op) holds(a, b int) bool {
	switch o {
	case GE:
		return a >= b
	case GT:
		return a > b
	case LE:
		return a <= b
	case LT:
		return a < b
	case EQ:
		return a == b
	}
	return a != b
}

// negate returns the comparison that holds exactly when o does not.
func (o Op) negate() Op { return [...]Op{GE: LT, GT: LE, LE: GT, LT: GE, EQ: NE, NE: EQ}[o] }

// Atom is a condition that names one feature: "full house", "sum >= 22", "sixes >= 3",
// "full_house open", "chance pays >= 25".
type Atom struct {
	Pos     Pos
	Feature Feature
	Face    int    // for Count, the face (1 to 6)
	Box     BoxRef // for Pays, Open, Filled and Scored
	Op      Op     // for a numeric feature
	Value   int
}

// BoxRef names a box: by its id ("full_house"), or as the upper box of the group's face
// ("group box").
type BoxRef struct {
	Pos   Pos
	ID    string // the box's id, lower case; empty for the group box
	Group bool
}

// Verb is what an action does.
type Verb uint8

// The actions. The keep actions say which dice to keep, as a subset of the roll: always a
// legal keep. The box actions name a box, or choose one among a set; an action with no
// legal box does not apply, and the next rule decides.
const (
	noVerb          Verb = iota
	KeepAll              // keep the five dice: the roll is final
	KeepNothing          // reroll the five dice
	KeepFaces            // the dice showing Action.Faces (none: reroll them all)
	KeepGroup            // the dice of the group
	KeepGroupKicker      // the group and the highest die of another face
	KeepPairs            // the dice of every face showing at least twice
	KeepRun              // one die of each face of the longest run (ties: the higher run)
	KeepFor              // the keep that makes the most points in Action.Targets this turn
	ScoreBox             // Action.Box, when it may take the roll
	ScoreBest            // the box of Action.Targets where the roll scores most
	ScoreCheapest        // the box of Action.Targets that is cheapest to give up
	Scratch              // the box of Action.Targets cheapest to give up where the roll scores 0
	numVerbs
)

// Kind returns the decision the verb makes.
func (v Verb) Kind() Kind {
	if v >= ScoreBox {
		return BoxRule
	}
	return KeepRule
}

// Action is what a rule does.
type Action struct {
	Pos  Pos
	Verb Verb
	// Faces is the set of faces of KeepFaces, bit f−1 for face f.
	Faces uint8
	// Box is the box of ScoreBox.
	Box BoxRef
	// Targets are the boxes of KeepFor (at least one) and of ScoreBest, ScoreCheapest and
	// Scratch (none: every box).
	Targets []Target
}

// Set is a set of boxes a target names.
type Set uint8

// The sets of boxes.
const (
	OneBox     Set = iota // Target.Box
	Points                // every box
	UpperBoxes            // the boxes of the upper section
	LowerBoxes            // the others
)

// Target is a box or a set of boxes an action plays for or chooses among.
type Target struct {
	Pos Pos
	Set Set
	Box BoxRef // for OneBox
}
