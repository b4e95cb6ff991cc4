package rulefile_test

import (
	"errors"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies/rulefile"
)

// A file that uses every feature, every action and every way of writing a condition.
const everything = `# Every feature and action of the language.
# Second line of the header.
if large straight then keep all  # the turn is over
if five of a kind or four of a kind then keep group
if three of a kind and group box open and bonus in play then keep group
if 2 pairs and full_house open then keep pairs
if small straight and not large_straight filled then keep run
if (sixes >= 2 or fives >= 2) and not full house then keep fives and sixes
if pair and group face >= 4 and rolls left = 1 then keep group and kicker
if run >= 3 and run < 5 and turn <= 6 then keep for small_straight, large_straight and chance
if turns left <= 3 and over par >= -3 and upper < 60 then keep for upper
if bonus won and sum >= 20 then keep for lower and group box
if bonus lost and group = 1 then keep nothing
if yahtzee scored and ones = 0 and twos != 1 and threes > 0 then keep for points
if chance pays >= 22 and bonus needs <= 10 and fours == 2 then keep threes
otherwise keep for points
if five of a kind and yahtzee open then score yahtzee
if group >= 3 and group box open and bonus in play then score group box
if full house and full_house pays ≥ 25 then score full_house
if sum ≤ 10 and rolls left ≠ 0 then scratch in upper
if sum < 12 then scratch
if turns left = 0 then score best in upper, lower
if not pair then score cheapest in upper
if pair then score cheapest
otherwise score best
`

func TestParseEverything(t *testing.T) {
	f, err := rulefile.Parse("every.rules", []byte(everything))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Header) != 2 || f.Header[1] != "Second line of the header." {
		t.Errorf("header %q", f.Header)
	}
	if len(f.Rules) != 23 {
		t.Fatalf("%d rules, want 23", len(f.Rules))
	}
	if f.Rules[0].Comment != "the turn is over" {
		t.Errorf("comment %q", f.Rules[0].Comment)
	}
	kinds := ""
	for i := range f.Rules {
		if f.Rules[i].Kind() == rulefile.KeepRule {
			kinds += "k"
		} else {
			kinds += "b"
		}
	}
	if want := strings.Repeat("k", 14) + strings.Repeat("b", 9); kinds != want {
		t.Errorf("kinds %s, want %s", kinds, want)
	}
	r, _ := engine.Load("hasbro")
	if _, err := rulefile.Compile(f, r); err != nil {
		t.Fatal(err)
	}
	// The canonical text reads back to itself.
	text := f.String()
	g, err := rulefile.Parse("again.rules", []byte(text))
	if err != nil {
		t.Fatalf("the canonical text does not parse: %v\n%s", err, text)
	}
	if g.String() != text {
		t.Errorf("the canonical text changes when read back:\n%s\n---\n%s", text, g.String())
	}
	for _, want := range []string{
		"if two pairs and full_house open then keep pairs\n",
		"if full house and full_house pays >= 25 then score full_house\n",
		"if chance pays >= 22 and bonus needs <= 10 and fours = 2 then keep threes\n",
		"if (sixes >= 2 or fives >= 2) and not full house then keep fives and sixes\n",
		"if run >= 3 and run < 5 and turn <= 6 then keep for small_straight, large_straight and chance\n",
		"if large straight then keep all  # the turn is over\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("canonical text lacks %q:\n%s", want, text)
		}
	}
}

// Every mistake is one line naming the file, the line and the column of what is wrong,
// and what was expected.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"if pair keep group", 1, 9, `expected "and", "or" or "then" after the condition, found "keep"`},
		{"if tripple then keep all", 1, 4, `expected a condition, found "tripple"`},
		{"if sum >= 40 then keep all", 1, 11, "sum is 5 to 30: 40 is out of range"},
		{"if sixes >= 6 then keep all", 1, 13, "sixes is 0 to 5"},
		{"otherwise keep for", 1, 19, "expected a box"},
		{"if pair then keep group\nthen", 2, 1, `expected the end of the rule after "group", found "then"`},
		{"if pair then score", 1, 19, "expected a box"},
		{"otherwise keep all\notherwise keep nothing", 2, 1, "a second default for the keeps (the first is at line 1)"},
		{"otherwise keep all\n\n  if pair then keep group", 3, 3, "comes after the default for the keeps (line 1): it would never apply"},
		{"if bonus then keep all", 1, 10, `expected "won", "lost", "in play" or "needs" after "bonus"`},
		{"if (pair then keep all", 1, 10, `expected ")" to close the "(" of column 4`},
		{"if sixes open and then keep all", 1, 19, "expected a condition, found \"then\""},
		{"if sixes then keep all", 1, 10, `expected a comparison (as in "sixes >= 3"`},
		{"if group box then keep all", 1, 14, `expected "open", "filled", "scored" or "pays" after "group box"`},
		{"if sixes >= x then keep all", 1, 13, `expected a whole number after ">="`},
		{"if sum >= 20.5 then keep all", 1, 11, `expected a whole number after ">="`},
		{"averages ones", 1, 14, "expected the average of ones, a number"},
		{"averages ones 1.5 twos 2", 1, 19, `expected "," and another box, or the end of the averages`},
		{"averages ones 1, ones 2", 1, 18, "the average of ones given twice"},
		{"averages 3", 1, 10, "expected a box and its average"},
		{"averages ones 1.1234567", 1, 15, "more than 6 decimals"},
		{"if pair then keep all averages", 1, 31, "expected a box and its average"},
		{"if sum 20 then keep all", 1, 8, "expected a comparison"},
		{"if pair then keep sevens", 1, 19, "expected what to keep"},
		{"if pair then keep fives and fives", 1, 29, "fives named twice"},
		{"if pair then keep for sixes, sixes", 1, 30, "sixes named twice"},
		{"if pair then jump", 1, 14, "expected an action"},
		{"keep all", 1, 1, `expected a rule, starting with "if" or "otherwise"`},
		{"if pair then keep all\n  # comment\n\tif £ then keep all", 3, 5, "unexpected character"},
		{"if sum >= 3x then keep all", 1, 11, "a number followed by a letter"},
		{"if sum >= 99999999999 then keep all", 1, 11, "out of range"},
		{"if turns left < -1 then keep all", 1, 17, "never negative"},
		// The numbers as docs/rules.md bounds them: at most 1,000,000 in size, six
		// decimals, digits not counted; only over par's and the averages negative.
		{"if upper >= 1000000 then keep all", 0, 0, ""},
		{"if upper >= 00000000063 then keep all", 0, 0, ""},
		{"if upper >= 1000001 then keep all", 1, 13, "number 1000001 out of range (at most 1000000 in size)"},
		{"if over par >= -1000000 then keep all", 0, 0, ""},
		{"if over par >= -1000001 then keep all", 1, 16, "out of range"},
		{"averages chance -1000000, ones 999999.999999, twos -0.000001, threes 0001.5", 0, 0, ""},
		{"averages ones 1000000.000001", 1, 15, "out of range"},
		{"averages ones 1.0000001", 1, 15, "more than 6 decimals"},
		{"if upper >= " + strings.Repeat("9", 5000) + " then keep all", 1, 13, "number 99999999999999999999… out of range"},
		{"if upper >= -5 then keep all", 1, 13, "upper is never negative"},
		{"if chance pays >= -1 then keep all", 1, 19, "pays is never negative"},
		{"averages ones 1\nif pair then keep all\naverages twos 2, ones 2", 3, 18, "the average of ones given twice"},
		{"averages ONES 1, ones 2", 1, 18, "the average of ones given twice"},
		{"\xff", 1, 1, "not UTF-8"},
		{"if pair then keep all\nif pair then keep \xffx", 2, 19, "not UTF-8"},
		{"if " + strings.Repeat("not ", 40) + "pair then keep all", 1, 132, "nested more than 32 deep"},
		{"if pair then", 1, 13, "expected an action"},
		{"", 0, 0, ""},
	} {
		_, err := rulefile.Parse("x.rules", []byte(c.src))
		if c.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", c.src, err)
			}
			continue
		}
		var pe *rulefile.Error
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a *rulefile.Error", c.src, err)
			continue
		}
		if pe.Pos.Line != c.line || pe.Pos.Col != c.col || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%q:\n got %v\nwant x.rules:%d:%d: ...%s...", c.src, err, c.line, c.col, c.msg)
		}
		if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "x.rules:") {
			t.Errorf("%q: the error is not one line starting with the file: %q", c.src, err)
		}
	}
}

// Compiling checks the file against the rules: boxes they have, features they track.
func TestCompileErrors(t *testing.T) {
	for _, c := range []struct {
		rules, src string
		line, col  int
		msg        string
	}{
		{"hasbro", "if one_pair open then keep all", 1, 4, `rules hasbro have no box "one_pair" (their boxes: ones, twos,`},
		{"hasbro", "if pair then score two_pairs", 1, 20, `no box "two_pairs"`},
		{"hasbro", "if pair then keep for fives, one_pair", 1, 30, `no box "one_pair"`},
		{"yatzy", "if yahtzee scored then keep all", 1, 4, "rules yatzy pay no extra bonus"},
		{"hasbro", "if chance scored then keep all", 1, 4, "only the box of the extra bonus, yahtzee, has \"scored\""},
		{"yams-wiki", "if bonus won then keep all", 0, 0, ""},
		{"hasbro", "if turn >= 14 then keep all", 1, 4, "rules hasbro have turns 1 to 13"},
		// A turn below the range is refused as one above it (docs/rules.md).
		{"hasbro", "if turn >= 0 then keep all", 1, 4, "rules hasbro have turns 1 to 13: turn >= 0 is out of range"},
		{"hasbro", "if turn >= 1 and turn <= 13 and turns left <= 12 and turns left >= 0 and rolls left <= 2 and rolls left >= 0 then keep all", 0, 0, ""},
		{"hasbro", "if turns left >= 13 then keep all", 1, 4, "leave 0 to 12 turns"},
		{"hasbro", "if rolls left = 3 then keep all", 1, 4, "leave 0 to 2 rolls"},
		{"hasbro --rule upper_bonus.points=0", "if bonus needs < 5 then keep all", 1, 4, "have no upper bonus"},
		{"hasbro --rule columns=free,free", "otherwise keep all", 0, 0, "a rule file plays a sheet of one column"},
	} {
		name, opts, _ := strings.Cut(c.rules, " --rule ")
		var options []string
		if opts != "" {
			options = []string{opts}
		}
		r, err := engine.Load(name, options...)
		if err != nil {
			t.Fatal(err)
		}
		f, err := rulefile.Parse("x.rules", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		_, err = rulefile.Compile(f, r)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s %q: %v", c.rules, c.src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %q: got %v, want ...%s...", c.rules, c.src, err, c.msg)
			continue
		}
		var pe *rulefile.Error
		if c.line != 0 && (!errors.As(err, &pe) || pe.Pos != (rulefile.Pos{Line: c.line, Col: c.col})) {
			t.Errorf("%s %q: got %v, want at %d:%d", c.rules, c.src, err, c.line, c.col)
		}
	}
}

// A file's averages: read, printed back, checked against the rules, in words.
func TestAverages(t *testing.T) {
	src := "# values\naverages ones 1.88, full_house 22.59, chance -0.5\nif pair then keep group\naverages sixes 19"
	f, err := rulefile.Parse("a.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Averages) != 4 || f.Averages[1].Value != 22.59 || f.Averages[2].Value != -0.5 || f.Averages[3].Box.ID != "sixes" {
		t.Fatalf("averages %+v", f.Averages)
	}
	text := f.String()
	if want := "# values\n\naverages ones 1.88, full_house 22.59, chance -0.5, sixes 19\nif pair then keep group\n"; text != want {
		t.Errorf("canonical text\n%s\nwant\n%s", text, want)
	}
	r, _ := engine.Load("hasbro")
	words, err := f.Explain(r, "fr")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Ce que vaut chaque case en moyenne : As 1,88, Full 22,59, Chance −0,5, Six 19.\n",
		"Sinon, marquer là où ça rapporte le plus au-dessus de la moyenne de la case (par défaut)."} {
		if !strings.Contains(words, w) {
			t.Errorf("lacks %q:\n%s", w, words)
		}
	}
	bad, _ := rulefile.Parse("a.rules", []byte("averages one_pair 3"))
	if _, err := rulefile.Compile(bad, r); err == nil || !strings.Contains(err.Error(), `a.rules:1:10: rules hasbro have no box "one_pair"`) {
		t.Errorf("an average of a box hasbro lacks: %v", err)
	}
	// Five 5s, a 2 and a 1 score 18 in three of a kind and in chance, 15 in fives: the
	// most points go to three of a kind (the harder box of the two), the most above the
	// averages of optimal play to fives.
	roll, _ := engine.RollOf([]int{5, 5, 5, 2, 1})
	for _, c := range []struct{ src, want string }{
		{"otherwise score best", "three_of_a_kind"},
		{"averages ones 1.88, twos 5.28, threes 8.57, fours 12.16, fives 15.69, sixes 19.19, three_of_a_kind 21.66, four_of_a_kind 13.09,\n" +
			"full_house 22.59, small_straight 29.46, large_straight 32.71, yahtzee 16.87, chance 22.01", "fives"},
	} {
		f, err := rulefile.Parse("a.rules", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := rulefile.Compile(f, r)
		if err != nil {
			t.Fatal(err)
		}
		d := p.NewDecider()
		d.Start(rulefile.State{})
		if b, _ := d.Box(roll, 3); r.Boxes()[b].ID != c.want {
			t.Errorf("%q: scores %v in %s, want %s", c.src, roll, r.Boxes()[b].ID, c.want)
		}
	}
}

// The rules read in words, in English and in French, with the boxes' labels.
func TestWords(t *testing.T) {
	src := `if three of a kind and group box open and bonus in play then keep group
if sixes >= 1 and not full_house open then keep fives and sixes
if over par >= -3 and chance pays < 20 then keep for full_house and large_straight
if group >= 3 then score group box
if turns left <= 2 then scratch in upper
`
	f, err := rulefile.Parse("w.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := engine.Load("hasbro")
	for lang, want := range map[string][]string{
		"en": {
			"Keeps:\n  1. If three of a kind and the group's upper box is open and the upper bonus is in play, keep the group.\n",
			"  2. If at least 1 six and Full house is filled, keep the fives and the sixes.\n",
			"  3. If the upper subtotal minus par is at least -3 and Chance pays less than 20, play for Full house and Large straight.\n",
			"    Otherwise, play for the most points (the default).\nBoxes:\n",
			"  4. If at least 3 of a kind, score the group's upper box.\n",
			"  5. If the number of turns left is at most 2, put a zero in the box cheapest to give up among the upper boxes.\n",
			"    Otherwise, score where it pays most (the default).\n",
		},
		"fr": {
			"Dés gardés :\n  1. Si un brelan et la case du haut de la face du groupe est libre et la prime du haut est jouable, garder le groupe.\n",
			"  2. Si au moins 1 six et la case Full est remplie, garder les cinq et les six.\n",
			"  3. Si le sous-total du haut moins le par vaut au moins −3 et la case Chance rapporte moins de 20, jouer pour la case Full et la case Grande suite.\n",
			"  4. Si au moins 3 dés identiques, marquer dans la case du haut de la face du groupe.\n",
			"  5. Si le nombre de tours restants vaut au plus 2, barrer la case la moins coûteuse à sacrifier parmi les cases du haut.\n",
			"    Sinon, marquer là où ça rapporte le plus (par défaut).\n",
		},
	} {
		got, err := f.Explain(r, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", lang, w, got)
			}
		}
	}
	if _, err := f.Explain(r, "de"); err == nil {
		t.Error("no error for language de")
	}
}

// A file that an editor on Windows saved with a UTF-8 byte-order mark reads as the file
// without it: the same rules, its header kept, its columns counted from the first
// character after the mark.
func TestByteOrderMark(t *testing.T) {
	const src = "# three of each\nif three of a kind then keep group\notherwise score best\n"
	plain, err := rulefile.Parse("x.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	marked, err := rulefile.Parse("x.rules", []byte("\uFEFF"+src))
	if err != nil {
		t.Fatalf("with a byte-order mark: %v", err)
	}
	if marked.String() != plain.String() || len(marked.Header) != 1 || marked.Header[0] != "three of each" {
		t.Errorf("with a byte-order mark:\n%s\nwithout:\n%s", marked, plain)
	}
	_, err = rulefile.Parse("x.rules", []byte("\uFEFFif tripple then keep all"))
	var pe *rulefile.Error
	if !errors.As(err, &pe) || pe.Pos != (rulefile.Pos{Line: 1, Col: 4}) {
		t.Errorf("after a byte-order mark: %v, want the mistake at 1:4", err)
	}
	// Only at the start: a mark inside the text is a character the language has not.
	if _, err := rulefile.Parse("x.rules", []byte("if pair then keep all\n\uFEFFotherwise score best")); err == nil {
		t.Error("a byte-order mark inside the file is accepted")
	}
}
