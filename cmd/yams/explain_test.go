package main

import (
	"strings"
	"testing"
)

// yams explain takes its rules from the file's line of rules when the command line gives
// none, says in one line that it explains the file on other rules when --rules names
// others, and refuses, with the rules to give, a file those rules cannot play.
func TestExplainRuleSetLine(t *testing.T) {
	const learned = "../../examples/strategies/yatzy-10.rules"
	out, errOut, code := execYams(t, "", "explain", learned)
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "Written for the rules yatzy.\n") || !strings.Contains(out, "One pair") {
		t.Errorf("without --rules: exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	out, errOut, code = execYams(t, "", "explain", learned, "--rules", "hasbro")
	wantUsageError(t, "--rules hasbro", out, errOut, code, `no box "one_pair" (their boxes: ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, yahtzee, chance) (the file was written for rules yatzy: play it with --rules yatzy)`)
	out, errOut, code = execYams(t, "", "explain", "../../examples/strategies/hasbro-10.rules", "--rules", "verhoeff", "--lang", "fr")
	if want := "yams: explain: rule file ../../examples/strategies/hasbro-10.rules was written for rules hasbro (its line 6), not for the rules verhoeff it is played on\n"; code != 0 || errOut != want || !strings.HasPrefix(out, "Écrit pour les règles hasbro.\n") {
		t.Errorf("--rules verhoeff: exit %d, stderr %q, want %q", code, errOut, want)
	}
	out, errOut, code = execYams(t, "rules: nosuch\notherwise keep group", "explain", "-")
	wantUsageError(t, "rules that do not load", out, errOut, code, `standard input:1:1: the rules the file was written for, nosuch: unknown rules "nosuch"`)
}

// An explanation that speaks of par says once, at its end, what par is (issue 40 §5), in
// the language of the explanation; one that does not, says nothing of it.
func TestExplainSaysWhatParIs(t *testing.T) {
	const file = "../../examples/strategies/hasbro-10.rules"
	for lang, want := range map[string]string{
		"en": "(Par: three dice of the face of each upper box filled, 63 for all six; the upper subtotal minus par, zero or more, keeps the pace of the upper bonus.)\n",
		"fr": "(Le par : trois dés de la face de chaque case du haut remplie, 63 pour les six ; le sous-total moins le par, positif ou nul, tient le rythme de la prime du haut.)\n",
	} {
		out, errOut, code := execYams(t, "", "explain", file, "--lang", lang)
		if code != 0 || !strings.Contains(out, map[string]string{"en": "minus par", "fr": "moins le par"}[lang]) || !strings.HasSuffix(out, want) || strings.Count(out, want) != 1 {
			t.Errorf("%s: exit %d, %s\n%s", lang, code, errOut, out)
		}
	}
	out, _, code := execYams(t, "", "explain", "../../examples/strategies/greedy.rules")
	if code != 0 || strings.Contains(strings.ToLower(out), "par:") {
		t.Errorf("a file without par: exit %d\n%s", code, out)
	}
}
