package rulefile

// The words of the language: how each feature, comparison and action is written in a
// file (canonical English, which Parse reads and String writes), and how it reads in
// words, in English and in French (Explain).

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

var english = words{
	lang: "en", ifThen: "If %s, %s.", otherwise: "Otherwise, %s.", and: " and ", or: " or ", not: "not %s",
	keeps: "Keeps", boxes: "Boxes",
	feature: map[Feature]string{
		Pair: "a pair", TwoPairs: "two pairs", ThreeOfAKind: "three of a kind", FourOfAKind: "four of a kind",
		FiveOfAKind: "five of a kind", FullHouse: "a full house", SmallStraight: "a small straight (four in a row)",
		LargeStraight: "a large straight (five in a row)",
		Open:          "%s is open", Filled: "%s is filled", Scored: "%s holds a score",
		BonusWon: "the upper bonus is won", BonusLost: "the upper bonus is out of reach", BonusInPlay: "the upper bonus is in play",
	},
	notFeature: map[Feature]string{
		Pair: "no pair", TwoPairs: "not two pairs", ThreeOfAKind: "no three of a kind", FourOfAKind: "no four of a kind",
		FiveOfAKind: "not five of a kind", FullHouse: "no full house", SmallStraight: "no small straight",
		LargeStraight: "no large straight",
		Open:          "%s is filled", Filled: "%s is open", Scored: "%s does not hold a score",
		BonusWon: "the upper bonus is not won", BonusLost: "the upper bonus is within reach", BonusInPlay: "the upper bonus is not in play",
	},
	subject: map[Feature]string{
		GroupFace: "the group's face", Run: "the longest run",
		Sum: "the sum of the dice", Turn: "the turn", TurnsLeft: "the number of turns left",
		RollsLeft: "the number of rolls left", Upper: "the upper subtotal", BonusNeeds: "what the upper bonus still needs",
		OverPar: "the upper subtotal minus par",
	},
	compare: [6]string{GE: "%s is at least %s", GT: "%s is more than %s", LE: "%s is at most %s", LT: "%s is less than %s",
		EQ: "%s is %s", NE: "%s is not %s"},
	count: [6]string{GE: "at least %d %s", GT: "more than %d %s", LE: "at most %d %s", LT: "fewer than %d %s",
		EQ: "exactly %d %s", NE: "not exactly %d %s"},
	group: [6]string{GE: "at least %d of a kind", GT: "more than %d of a kind", LE: "at most %d of a kind", LT: "fewer than %d of a kind",
		EQ: "exactly %d of a kind", NE: "not exactly %d of a kind"},
	pays: [6]string{GE: "%s pays at least %s", GT: "%s pays more than %s", LE: "%s pays at most %s", LT: "%s pays less than %s",
		EQ: "%s pays exactly %s", NE: "%s does not pay %s"},
	faces:    [6]string{"ones", "twos", "threes", "fours", "fives", "sixes"},
	face:     [6]string{"one", "two", "three", "four", "five", "six"},
	theFaces: "the %s", minus: "-",
	verb: map[Verb]string{
		KeepAll: "keep all the dice (stop)", KeepNothing: "reroll all the dice", KeepFaces: "keep %s",
		KeepGroup: "keep the group", KeepGroupKicker: "keep the group and the highest other die",
		KeepPairs: "keep the pairs", KeepRun: "keep the longest run", KeepFor: "play for %s",
		ScoreBox: "score %s", ScoreBest: "score where it pays most", ScoreCheapest: "score in the box cheapest to give up",
		Scratch: "put a zero in the box cheapest to give up",
	},
	among: " among %s",
	sets:  map[Set]string{Points: "the most points", UpperBoxes: "the upper boxes", LowerBoxes: "the lower boxes"},
	// The group's box reads as the box of the group's face.
	allBoxes: "all the boxes",
	groupBox: "the group's upper box",
	lastAnd:  " and ",
	boxName:  "%s",
	colon:    ":",
	implicitDefault: [2]string{KeepRule: "Otherwise, play for the most points (the default).",
		BoxRule: "Otherwise, score where it pays most (the default)."},
	implicitAveraged: [2]string{KeepRule: "Otherwise, play for the most points above the boxes' averages (the default).",
		BoxRule: "Otherwise, score where it pays most above the box's average (the default)."},
	averages:     "What each box is worth on average: %s.",
	aboveAverage: ", above the boxes' averages",
	writtenFor:   "Written for the rules %s.",
}

var french = words{
	lang: "fr", ifThen: "Si %s, %s.", otherwise: "Sinon, %s.", and: " et ", or: " ou ", not: "non %s",
	keeps: "Dés gardés", boxes: "Cases",
	feature: map[Feature]string{
		Pair: "une paire", TwoPairs: "deux paires", ThreeOfAKind: "un brelan", FourOfAKind: "un carré",
		FiveOfAKind: "cinq dés identiques", FullHouse: "un full", SmallStraight: "une petite suite (quatre à la suite)",
		LargeStraight: "une grande suite (cinq à la suite)",
		Open:          "%s est libre", Filled: "%s est remplie", Scored: "%s est marquée",
		BonusWon: "la prime du haut est acquise", BonusLost: "la prime du haut est hors d’atteinte", BonusInPlay: "la prime du haut est jouable",
	},
	notFeature: map[Feature]string{
		Pair: "aucune paire", TwoPairs: "pas deux paires", ThreeOfAKind: "pas de brelan", FourOfAKind: "pas de carré",
		FiveOfAKind: "pas cinq dés identiques", FullHouse: "pas de full", SmallStraight: "pas de petite suite",
		LargeStraight: "pas de grande suite",
		Open:          "%s est remplie", Filled: "%s est libre", Scored: "%s n’est pas marquée",
		BonusWon: "la prime du haut n’est pas acquise", BonusLost: "la prime du haut est à portée", BonusInPlay: "la prime du haut n’est pas jouable",
	},
	subject: map[Feature]string{
		GroupFace: "la face du groupe", Run: "la plus longue suite",
		Sum: "la somme des dés", Turn: "le tour", TurnsLeft: "le nombre de tours restants",
		RollsLeft: "le nombre de lancers restants", Upper: "le sous-total du haut", BonusNeeds: "ce qui manque pour la prime du haut",
		OverPar: "le sous-total du haut moins le par",
	},
	compare: [6]string{GE: "%s vaut au moins %s", GT: "%s dépasse %s", LE: "%s vaut au plus %s", LT: "%s vaut moins de %s",
		EQ: "%s vaut %s", NE: "%s ne vaut pas %s"},
	count: [6]string{GE: "au moins %d %s", GT: "plus de %d %s", LE: "au plus %d %s", LT: "moins de %d %s",
		EQ: "exactement %d %s", NE: "pas exactement %d %s"},
	group: [6]string{GE: "au moins %d dés identiques", GT: "plus de %d dés identiques", LE: "au plus %d dés identiques", LT: "moins de %d dés identiques",
		EQ: "exactement %d dés identiques", NE: "pas exactement %d dés identiques"},
	pays: [6]string{GE: "%s rapporte au moins %s", GT: "%s rapporte plus de %s", LE: "%s rapporte au plus %s", LT: "%s rapporte moins de %s",
		EQ: "%s rapporte exactement %s", NE: "%s ne rapporte pas %s"},
	faces:    [6]string{"as", "deux", "trois", "quatre", "cinq", "six"},
	face:     [6]string{"as", "deux", "trois", "quatre", "cinq", "six"},
	theFaces: "les %s", minus: "−",
	verb: map[Verb]string{
		KeepAll: "garder tous les dés (s’arrêter)", KeepNothing: "relancer tous les dés", KeepFaces: "garder %s",
		KeepGroup: "garder le groupe", KeepGroupKicker: "garder le groupe et le plus haut des autres dés",
		KeepPairs: "garder les paires", KeepRun: "garder la plus longue suite", KeepFor: "jouer pour %s",
		ScoreBox: "marquer dans %s", ScoreBest: "marquer là où ça rapporte le plus", ScoreCheapest: "marquer dans la case la moins coûteuse à sacrifier",
		Scratch: "barrer la case la moins coûteuse à sacrifier",
	},
	among: " parmi %s",
	sets:  map[Set]string{Points: "le plus de points", UpperBoxes: "les cases du haut", LowerBoxes: "les cases du bas"},
	// The group's box reads as the box of the group's face.
	allBoxes: "toutes les cases",
	groupBox: "la case du haut de la face du groupe",
	lastAnd:  " et ",
	boxName:  "la case %s",
	colon:    " :",
	implicitDefault: [2]string{KeepRule: "Sinon, jouer pour le plus de points (par défaut).",
		BoxRule: "Sinon, marquer là où ça rapporte le plus (par défaut)."},
	implicitAveraged: [2]string{KeepRule: "Sinon, jouer pour le plus de points au-dessus des moyennes des cases (par défaut).",
		BoxRule: "Sinon, marquer là où ça rapporte le plus au-dessus de la moyenne de la case (par défaut)."},
	averages:     "Ce que vaut chaque case en moyenne : %s.",
	aboveAverage: ", au-dessus des moyennes des cases",
	writtenFor:   "Écrit pour les règles %s.",
}

// wordsFor returns the words of a language: "en" or "fr".
func wordsFor(lang string) (*words, bool) {
	switch lang {
	case "en":
		return &english, true
	case "fr":
		return &french, true
	}
	return nil, false
}
