package summaryfile

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"yams/engine"
	"yams/sim"
	"yams/strategies"
)

// forgeable returns the results of a small run and their summary file, for the tests of
// files signed again after an edit: the checksum is plain SHA-256, which anyone can
// compute, so it protects against damage, not forgery, and the reader checks what it
// reads against the rules besides.
func forgeable(t *testing.T) (*sim.Results, []byte) {
	t.Helper()
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	greedy, ok := strategies.Lookup("greedy")
	if !ok {
		t.Fatal("no strategy greedy")
	}
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: []strategies.Info{greedy}, Seed: 5, Games: 40})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	return res, b.Bytes()
}

// A file whose rules are not its rule set, signed again, is refused after its checksum.
func TestForgedRuleSetRefused(t *testing.T) {
	res, js := forgeable(t)
	spec, err := ruleSetJSON(res.RuleSet)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, old, new string
		forge          func(r *sim.Results)
		want           string
	}{
		{"renamed", `"rules": "hasbro"`, `"rules": "yams"`, func(r *sim.Results) { r.Rules = "yams" }, `rule_set: named "hasbro", the file's rules are "yams"`},
		{"other hash", `"rules_hash": "` + res.RulesHash, `"rules_hash": "0123456789abcdef`, func(r *sim.Results) { r.RulesHash = "0123456789abcdef" }, "rule_set: its hash is " + res.RulesHash},
	} {
		t.Run(c.name, func(t *testing.T) {
			forged := *res
			c.forge(&forged)
			data := bytes.Replace(js, []byte(c.old), []byte(c.new), 1)
			data = bytes.Replace(data, []byte(checksumV2(res, spec)), []byte(checksumV2(&forged, spec)), 1)
			if _, err := Read(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
}

// forgedFile returns the summary file of res after change, signed as yams signs every
// file: what a forger gets from the package's exported functions.
func forgedFile(t *testing.T, res *sim.Results, change func(r *sim.Results)) []byte {
	t.Helper()
	forged := res.Clone()
	change(forged)
	var b bytes.Buffer
	if err := Write(&b, forged); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// move moves one game of h from its lowest value to v.
func move(h *sim.Histogram, v int) {
	lo, _, _ := h.Range()
	h.AddN(lo, -1)
	h.AddN(v, 1)
}

// issue 9, items 5 and 10: files signed again after their counts were edited, as anyone
// can sign them, are refused for counts the rules do not allow or that do not add up,
// each in one line naming the field.
func TestForgedCountsRefused(t *testing.T) {
	hasbro, _ := forgeable(t)
	yams, err := engine.Load("yams")
	if err != nil {
		t.Fatal(err)
	}
	greedy, _ := strategies.Lookup("greedy")
	noJoker, err := sim.Run(context.Background(), sim.Config{Rules: yams, Strategies: []strategies.Info{greedy}, Seed: 5, Games: 40})
	if err != nil {
		t.Fatal(err)
	}
	rules := hasbro.RuleSet
	box := func(id string) int { return rules.BoxIndex(id) }
	for _, c := range []struct {
		name   string
		res    *sim.Results
		change func(s *sim.Summary)
		want   string
	}{
		{"a game scored 9999", hasbro, func(s *sim.Summary) { move(&s.Scores, 9999) }, `histogram: key "9999": out of 0..1575 under these rules`},
		{"a game scored −1", hasbro, func(s *sim.Summary) { move(&s.Scores, -1) }, `histogram: key "-1": out of 0..1575`},
		{"an upper subtotal of 106", hasbro, func(s *sim.Summary) { move(&s.UpperSubtotal[0], 106) }, `upper_subtotal: key "106": out of 0..105`},
		{"13 extra bonuses", hasbro, func(s *sim.Summary) { move(&s.ExtraBonuses, 13) }, `yahtzee.extra_bonus: key "13": out of 0..12`},
		{"extra bonuses without the bonus", noJoker, func(s *sim.Summary) { move(&s.ExtraBonuses, 1) }, `yahtzee.extra_bonus: key "1": out of 0..0`},
		{"a box above its best", hasbro, func(s *sim.Summary) { s.Slots[box("ones")].Sum = 5 * s.Games }, "boxes.ones.sum: 200 over"},
		{"a zero in chance", hasbro, func(s *sim.Summary) { s.Slots[box("chance")].Zeros = 1 }, "boxes.chance.zeros: 1, but the box never holds less than 5"},
		{"a joker in the yahtzee box", hasbro, func(s *sim.Summary) { s.Slots[box("yahtzee")].Jokers = 1 }, "joker.yahtzee: 1, but the box never takes a joker"},
		{"a joker without the joker", noJoker, func(s *sim.Summary) { s.Slots[0].Jokers, s.JokerGames = 1, 1 }, "joker.ones: 1, but the box never takes a joker under these rules"},
		{"more games with a joker than jokers", hasbro, func(s *sim.Summary) {
			var all int64
			for _, sl := range s.Slots {
				all += sl.Jokers
			}
			s.JokerGames = all + 1
		}, "joker_games"},
		{"yahtzees scored in no box", hasbro, func(s *sim.Summary) { s.YahtzeeScored = s.Games - s.Slots[box("yahtzee")].Zeros + 1 }, "yahtzee.scored"},
		{"a turn that fills two boxes", hasbro, func(s *sim.Summary) {
			ft := s.Slots[box("ones")].FillTurn
			t := slices.IndexFunc(ft, func(n int64) bool { return n > 0 })
			ft[t]--
			ft[(t+1)%len(ft)]++
		}, "fill_turn: "},
		{"an upper bonus without its subtotal", hasbro, func(s *sim.Summary) { s.UpperBonus[0]++ }, "upper_bonus: count"},
		{"a box sum that the scores do not add up to", hasbro, func(s *sim.Summary) { s.Slots[box("chance")].Sum-- }, "histogram: the scores add up to"},
		{"an upper box that the subtotals do not add up to", hasbro, func(s *sim.Summary) {
			s.Slots[box("sixes")].Sum++
			s.Slots[box("chance")].Sum--
		}, "upper_subtotal: the subtotals of column free add up to"},
		{"a block beyond the scores", hasbro, func(s *sim.Summary) {
			s.Blocks[0].Sum += 2000
			s.Blocks[1].Sum -= 2000
		}, "convergence[0]: sum"},
	} {
		t.Run(c.name, func(t *testing.T) {
			js := forgedFile(t, c.res, func(r *sim.Results) { c.change(r.Summaries[0]) })
			res, err := Read(bytes.NewReader(js))
			if err == nil || res != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "checksum") {
				t.Errorf("%v, want one line that says %q", err, c.want)
			}
		})
	}
}
