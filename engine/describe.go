package engine

import (
	"strconv"
	"strings"
)

// OptionsFrom returns the --rule options that make the preset of s's name into the rule
// set s (as a cache file's metadata records it), the rules' keys first and then the
// boxes', and whether such options exist: false for a rule set of a name that is no
// preset, or that options cannot reach from it (other boxes). The options found are
// checked: applied to the preset, they give a rule set of s's hash.
func OptionsFrom(s Spec) ([]string, bool) {
	data, ok := PresetJSON(s.Name)
	if !ok {
		return nil, false
	}
	preset, err := Parse("preset "+s.Name, data)
	if err != nil {
		return nil, false
	}
	want, err := compile("rules "+s.Name, s)
	if err != nil {
		return nil, false
	}
	p := preset.Spec()
	var opts []string
	differ := func(key, from, to string) {
		if from != to {
			opts = append(opts, key+"="+to)
		}
	}
	differ("rolls", strconv.Itoa(p.Rolls), strconv.Itoa(s.Rolls))
	differ("joker", jokerMode(p.Joker), jokerMode(s.Joker))
	pb, sb := bonusOf(p.UpperBonus), bonusOf(s.UpperBonus)
	differ("upper_bonus.threshold", strconv.Itoa(pb.Threshold), strconv.Itoa(sb.Threshold))
	differ("upper_bonus.points", strconv.Itoa(pb.Points), strconv.Itoa(sb.Points))
	differ("upper_bonus.when", pb.When, sb.When)
	differ("extra_yahtzee", strconv.Itoa(extraPoints(p.ExtraYahtzee)), strconv.Itoa(extraPoints(s.ExtraYahtzee)))
	if pc, sc := columnsOption(p.Columns), columnsOption(s.Columns); pc != sc {
		if !strings.Contains(sc, ",") && !strings.Contains(pc, ",") && sc != "sec" && pc != "sec" {
			opts = append(opts, "order="+sc)
		} else {
			opts = append(opts, "columns="+sc)
		}
	}
	if len(p.Boxes) != len(s.Boxes) {
		return nil, false
	}
	for i, pb := range p.Boxes {
		b := s.Boxes[i]
		if b.ID != pb.ID || b.Kind != pb.Kind || b.Section != pb.Section || b.Face != pb.Face {
			return nil, false
		}
		key := "box." + b.ID + "."
		differ(key+"points", strconv.Itoa(pb.Points), strconv.Itoa(b.Points))
		differ(key+"count", strconv.Itoa(pb.Count), strconv.Itoa(b.Count))
		differ(key+"length", strconv.Itoa(pb.Length), strconv.Itoa(b.Length))
		differ(key+"add", pb.Add, b.Add)
		differ(key+"five_of_a_kind", strconv.FormatBool(pb.FiveOfAKind), strconv.FormatBool(b.FiveOfAKind))
		differ(key+"subtract", strconv.FormatBool(pb.Subtract), strconv.FormatBool(b.Subtract))
	}
	if got, err := Parse("preset "+s.Name, data, opts...); err != nil || got.Hash() != want.Hash() {
		return nil, false
	}
	return opts, true
}

func jokerMode(j *JokerSpec) string {
	if j == nil {
		return "none"
	}
	return j.Mode
}

func bonusOf(b *BonusSpec) BonusSpec {
	if b == nil {
		return BonusSpec{Threshold: 63, When: "complete"}
	}
	return *b
}

func extraPoints(x *ExtraSpec) int {
	if x == nil {
		return 0
	}
	return x.Points
}

// columnsOption writes the columns of a sheet as the option columns= names them.
func columnsOption(cols []ColumnSpec) string {
	if len(cols) == 0 {
		return "free"
	}
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Order
		if c.FirstRollOnly {
			names[i] = "sec"
		}
		if names[i] == "" {
			names[i] = "free"
		}
	}
	return strings.Join(names, ",")
}
