package rulefile

import (
	_ "embed"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"yams/internal/wordtable"
)

// The words of the language: how each feature, comparison and action is written in a
// file (canonical English, which Parse reads and String writes), and how it reads in
// words, in English and in French (Explain), from words.tsv.

// faceWords are the names of the faces as counts and in "keep sixes": faceWords[f−1].
var faceWords = [6]string{"ones", "twos", "threes", "fours", "fives", "sixes"}

// faceOf returns the face a word names (1 to 6), or 0.
func faceOf(word string) int {
	for i, w := range faceWords {
		if w == word {
			return i + 1
		}
	}
	return 0
}

// phrase is a spelling of something as words.
type phrase []string

// featureSyntax is how each feature is written. A boolean feature of the dice or the
// bonus is a phrase; a numeric one a phrase followed by a comparison and a number; a
// feature of a box follows the box ("full_house open", "chance pays >= 22"), and a count
// is a face ("sixes >= 3"). Alternatives are accepted, the first is canonical.
var featureSyntax = map[Feature][]phrase{
	Pair:          {{"pair"}},
	TwoPairs:      {{"two", "pairs"}, {"2", "pairs"}},
	ThreeOfAKind:  {{"three", "of", "a", "kind"}, {"3", "of", "a", "kind"}},
	FourOfAKind:   {{"four", "of", "a", "kind"}, {"4", "of", "a", "kind"}},
	FiveOfAKind:   {{"five", "of", "a", "kind"}, {"5", "of", "a", "kind"}},
	FullHouse:     {{"full", "house"}},
	SmallStraight: {{"small", "straight"}},
	LargeStraight: {{"large", "straight"}},
	Group:         {{"group"}},
	GroupFace:     {{"group", "face"}},
	Run:           {{"run"}},
	Sum:           {{"sum"}},
	Turn:          {{"turn"}},
	TurnsLeft:     {{"turns", "left"}},
	RollsLeft:     {{"rolls", "left"}},
	Upper:         {{"upper"}},
	BonusNeeds:    {{"bonus", "needs"}},
	OverPar:       {{"over", "par"}},
	BonusWon:      {{"bonus", "won"}},
	BonusLost:     {{"bonus", "lost"}},
	BonusInPlay:   {{"bonus", "in", "play"}},
	Pays:          {{"pays"}},
	Open:          {{"open"}},
	Filled:        {{"filled"}},
	Scored:        {{"scored"}},
}

// groupBox is how the group's box is written.
var groupBox = phrase{"group", "box"}

// The verbs' spellings after their first word (keep, score, scratch).
var verbSyntax = map[Verb]phrase{
	KeepAll:         {"keep", "all"},
	KeepNothing:     {"keep", "nothing"},
	KeepGroup:       {"keep", "group"},
	KeepGroupKicker: {"keep", "group", "and", "kicker"},
	KeepPairs:       {"keep", "pairs"},
	KeepRun:         {"keep", "run"},
	KeepFor:         {"keep", "for"},
	KeepFaces:       {"keep"},
	ScoreBest:       {"score", "best"},
	ScoreCheapest:   {"score", "cheapest"},
	ScoreBox:        {"score"},
	Scratch:         {"scratch"},
}

// setWords are the sets of boxes a target names, besides one box.
var setWords = map[Set]string{Points: "points", UpperBoxes: "upper", LowerBoxes: "lower"}

// reserved are the words that are not box ids.
var reserved = map[string]bool{
	"if": true, "then": true, "otherwise": true, "and": true, "or": true, "not": true,
	"keep": true, "score": true, "scratch": true, "in": true, "for": true, "all": true,
	"nothing": true, "kicker": true, "pairs": true, "best": true, "cheapest": true,
	"points": true, "open": true, "filled": true, "scored": true, "pays": true,
	"averages": true, "rules": true, "règles": true,
}

func init() {
	for _, ps := range featureSyntax {
		for _, p := range ps {
			for _, w := range p {
				if w[0] < '0' || w[0] > '9' {
					reserved[w] = true
				}
			}
		}
	}
	for _, w := range faceWords {
		delete(reserved, w) // the upper boxes' ids are the faces' names
	}
}

// words are the words of Explain in one language.
type words struct {
	lang string
	// If, and, or, otherwise, and how a rule reads: "If %s, %s." and "Otherwise, %s."
	ifThen, otherwise, and, or, not string
	keeps, boxes                    string // the headings of the two lists
	// feature[f] reads a boolean feature that holds; notFeature[f] one that does not.
	feature, notFeature map[Feature]string
	// subject[f] names a numeric feature ("the sum of the dice"); box features take the
	// box's label (%s).
	subject map[Feature]string
	// compare[op] reads a comparison: "%s is at least %d".
	compare [6]string
	// count[op] reads a count of a face: "at least %d %s" (the number, the face's name);
	// group[op] the group: "at least %d of a kind"; pays[op] what a box pays: "%s pays at
	// least %s".
	count, group, pays [6]string
	// faces are the names of the faces as counts, face those of one die ("1 six"),
	// theFaces those of the dice kept ("the %s", "les %s").
	faces, face [6]string
	theFaces    string
	minus       string // the sign of a negative number
	// verb[v] reads an action; %s is the faces, the box or the targets.
	verb map[Verb]string
	// among reads the targets of ScoreBest, ScoreCheapest and Scratch: " among %s".
	among string
	// sets name the sets of boxes; groupBox the group's box; list joins the last item.
	sets     map[Set]string
	allBoxes string // Points among which a box is chosen
	groupBox string
	lastAnd  string
	boxName  string // how a box is named in a sentence: "%s" or "la case %s"
	colon    string // after a heading
	// implicitDefault reads the default of a list that gives none: implicitDefault[kind];
	// implicitAveraged the same in a file with averages.
	implicitDefault, implicitAveraged [2]string
	// averages reads the averages of a file (%s: the boxes and their averages);
	// aboveAverage ends "score best" and "keep for" in a file with averages.
	averages, aboveAverage string
	// writtenFor reads the line of rules (%s: the rule set as the command line names it).
	writtenFor string
}

// wordsTable is the words of Explain in every language: words.tsv, a row a text and a
// column a language, read by internal/wordtable.
//
//go:embed words.tsv
var wordsTable []byte

// wordRows is words.tsv as internal/wordtable reads it: the families of texts keyed by
// how a file spells what they read (featureKey, opText, faceWords, verbKey, setWords,
// kindKey), which readWords turns into words.
type wordRows struct {
	Lang                                 string
	IfThen, Otherwise, And, Or, Not      string
	Keeps, Boxes, Colon                  string
	Feature, NotFeature, Subject         map[string]string
	Compare, Count, Group, Pays          map[string]string
	Faces, Face                          map[string]string
	TheFaces, Minus                      string
	Verb                                 map[string]string
	Among                                string
	Sets                                 map[string]string
	AllBoxes, GroupBox, LastAnd, BoxName string
	Implicit, ImplicitAveraged           map[string]string
	Averages, AboveAverage, WrittenFor   string
}

// languages are the words of Explain by language.
var languages = func() map[string]*words {
	ws, err := readWords("strategies/rulefile/words.tsv", wordsTable)
	if err != nil {
		panic(err)
	}
	return ws
}()

// featureKey is how a file spells a feature, as words.tsv keys it: three_of_a_kind.
func featureKey(f Feature) string { return strings.Join(featureSyntax[f][0], "_") }

// hasSubject reports whether a numeric feature reads as a subject compared with a number
// ("the sum of the dice is at least 20"): all but a face's count, the group and what a
// box pays, which read in families of their own (Count, Group, Pays).
func (f Feature) hasSubject() bool { return f.Numeric() && f != Count && f != Group && f != Pays }

// verbKey is how a file spells a verb, as words.tsv keys it: keep_group_and_kicker.
func verbKey(v Verb) string { return strings.Join(verbSyntax[v], "_") }

// kindKey is how words.tsv keys the two lists of rules.
var kindKey = [2]string{KeepRule: "keep", BoxRule: "box"}

// wordFamily is a family of texts of words.tsv: the map of wordRows that holds it, and
// the keys it must have, no more.
type wordFamily struct {
	name string
	keys []string
}

// readWords reads a table of the words of Explain: every family holds a text for each
// thing it reads, and for nothing else.
func readWords(name string, table []byte) (map[string]*words, error) {
	t, err := wordtable.Parse[wordRows](name, table)
	if err != nil {
		return nil, err
	}
	// The keys each family must have: what it reads, as a file spells it.
	var boolean, subjects, ops, faces, verbs, sets, kinds []string
	for f := Pair; f < numFeatures; f++ {
		switch {
		case !f.Numeric():
			boolean = append(boolean, featureKey(f))
		case f.hasSubject():
			subjects = append(subjects, featureKey(f))
		}
	}
	for v := KeepAll; v < numVerbs; v++ {
		verbs = append(verbs, verbKey(v))
	}
	ops, faces, kinds = opText[:], faceWords[:], kindKey[:]
	for _, s := range []Set{Points, UpperBoxes, LowerBoxes} {
		sets = append(sets, setWords[s])
	}
	families := []wordFamily{
		{"Feature", boolean}, {"NotFeature", boolean}, {"Subject", subjects},
		{"Compare", ops}, {"Count", ops}, {"Group", ops}, {"Pays", ops},
		{"Faces", faces}, {"Face", faces}, {"Verb", verbs}, {"Sets", sets},
		{"Implicit", kinds}, {"ImplicitAveraged", kinds},
	}
	// Rows are the same in every language: the first language's say it for all.
	first, _ := t.In(t.Languages()[0])
	fields := reflect.ValueOf(first).Elem()
	for i := range fields.NumField() {
		if f := fields.Type().Field(i); f.Type.Kind() == reflect.Map && !slices.ContainsFunc(families, func(fam wordFamily) bool { return fam.name == f.Name }) {
			return nil, fmt.Errorf("%s: the family %s has no keys to check", name, f.Name)
		}
	}
	for _, fam := range families {
		rows := fields.FieldByName(fam.name).Interface().(map[string]string)
		for _, k := range fam.keys {
			if _, ok := rows[k]; !ok {
				return nil, fmt.Errorf("%s: no row for %s.%s", name, fam.name, k)
			}
		}
		if len(rows) > len(fam.keys) {
			for k := range rows {
				if !slices.Contains(fam.keys, k) {
					return nil, fmt.Errorf("%s: row %s.%s: no such key (want %s)", name, fam.name, k, strings.Join(fam.keys, ", "))
				}
			}
		}
	}

	out := map[string]*words{}
	for _, lang := range t.Languages() {
		r, _ := t.In(lang)
		w := &words{lang: lang, ifThen: r.IfThen, otherwise: r.Otherwise, and: r.And, or: r.Or, not: r.Not,
			keeps: r.Keeps, boxes: r.Boxes, colon: r.Colon, theFaces: r.TheFaces, minus: r.Minus, among: r.Among,
			allBoxes: r.AllBoxes, groupBox: r.GroupBox, lastAnd: r.LastAnd, boxName: r.BoxName,
			averages: r.Averages, aboveAverage: r.AboveAverage, writtenFor: r.WrittenFor,
			feature: map[Feature]string{}, notFeature: map[Feature]string{}, subject: map[Feature]string{},
			verb: map[Verb]string{}, sets: map[Set]string{}}
		for f := Pair; f < numFeatures; f++ {
			switch {
			case !f.Numeric():
				w.feature[f], w.notFeature[f] = r.Feature[featureKey(f)], r.NotFeature[featureKey(f)]
			case f.hasSubject():
				w.subject[f] = r.Subject[featureKey(f)]
			}
		}
		for op, key := range opText {
			w.compare[op], w.count[op], w.group[op], w.pays[op] = r.Compare[key], r.Count[key], r.Group[key], r.Pays[key]
		}
		for i, key := range faceWords {
			w.faces[i], w.face[i] = r.Faces[key], r.Face[key]
		}
		for v := KeepAll; v < numVerbs; v++ {
			w.verb[v] = r.Verb[verbKey(v)]
		}
		for _, s := range []Set{Points, UpperBoxes, LowerBoxes} {
			w.sets[s] = r.Sets[setWords[s]]
		}
		for k, key := range kindKey {
			w.implicitDefault[k], w.implicitAveraged[k] = r.Implicit[key], r.ImplicitAveraged[key]
		}
		out[lang] = w
	}
	return out, nil
}

// wordsFor returns the words of a language: "en" or "fr".
func wordsFor(lang string) (*words, bool) {
	w, ok := languages[lang]
	return w, ok
}
