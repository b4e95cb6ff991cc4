package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"yams/engine"
)

func TestRulesCommand(t *testing.T) {
	out, _, code := execYams(t, "", "rules")
	if code != 0 {
		t.Fatalf("rules: exit %d", code)
	}
	for _, p := range engine.Presets() {
		if !strings.Contains(out, p) {
			t.Errorf("rules list lacks %s", p)
		}
	}
	// A printed preset is a rule file: saved and loaded back, it plays the same.
	out, _, code = execYams(t, "", "rules", "yams-app")
	path := filepath.Join(t.TempDir(), "mine.json")
	if code != 0 || os.WriteFile(path, []byte(out), 0o644) != nil {
		t.Fatal("rules yams-app")
	}
	mine, err := engine.Load(path)
	preset, _ := engine.Load("yams-app")
	if err != nil || mine.Hash() != preset.Hash() {
		t.Errorf("printed preset does not load back the same: %v", err)
	}
	// With options, the printed file carries them.
	out, _, _ = execYams(t, "", "rules", "hasbro", "--rule", "upper_bonus.threshold=60")
	if !strings.Contains(out, `"threshold": 60`) {
		t.Errorf("option not in the printed file: %s", out)
	}
	// The best score of the Minimum, subtracted from the total, is its lowest: five 1s.
	out, _, _ = execYams(t, "", "rules", "yams-wiki", "--explain")
	if !regexp.MustCompile(`(?m)^min +Minimum .* 5$`).MatchString(out) || !regexp.MustCompile(`(?m)^max +Maximum .* 30$`).MatchString(out) {
		t.Errorf("explain yams-wiki: the best of the Minimum is 5, of the Maximum 30:\n%s", out)
	}
	out, _, code = execYams(t, "", "rules", "hasbro", "--explain")
	if code != 0 || !strings.Contains(out, "Joker: forced") || !strings.Contains(out, "35 points when the upper subtotal is at least 63") {
		t.Errorf("explain: %s", out)
	}
}

func TestRulesErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"extends": "hasbro", "name": "bad", "options": {"box.chance.kind": "x"}}`), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "hasbr"}, `unknown rules "hasbr"`},
		{[]string{"rules", "hasbro", "--rule", "rolls=0"}, "rolls: 0 is impossible"},
		{[]string{"rules", bad}, `unknown box field "kind"`},
		{[]string{"rules", "a", "b"}, "want one preset name"},
		{[]string{"rules", "--bogus"}, "unknown flag --bogus (see yams"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := execYams(t, "", c.args...)
			wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
		})
	}
}
