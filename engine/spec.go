package engine

// Spec is a rule file as written in JSON: the boxes of a column and the rules around them.
// The presets are Specs; a user copies one (yams rules NAME) and edits it.
type Spec struct {
	Name  string `json:"name"`
	Title string `json:"title,omitempty"`
	// TitleFR is the title in French, for French reports. Name, titles and labels are for
	// display: they are not part of the rules hash.
	TitleFR string `json:"title_fr,omitempty"`
	Source  string `json:"source,omitempty"`
	// Extends names a preset this file starts from; the fields the file gives replace the preset's.
	Extends string `json:"extends,omitempty"`
	// Options are applied last, with the keys of the --rule flag (see OptionKeys): a list
	// of "key=value" strings or an object {"key": value}.
	Options Options `json:"options,omitempty"`
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
// ("matching": the three or four identical dice of a "dry" brelan or carré, the two dice
// of the highest pair, the four dice of two pairs). A box whose requirement is not met
// scores zero. Face boxes always score face × count.
type BoxSpec struct {
	ID      string `json:"id"`
	Label   string `json:"label,omitempty"`
	LabelFR string `json:"label_fr,omitempty"`
	// Section is upper, middle or lower; the upper bonus counts the upper section.
	Section string `json:"section"`
	// Kind is face, of_a_kind, two_pairs, full_house, straight or chance.
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
