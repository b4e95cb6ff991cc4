package main

import (
	"regexp"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies"
)

// The manual's list of commands (go doc ./cmd/yams) names every command.
func TestManualListsEveryCommand(t *testing.T) {
	listed := map[string]bool{}
	in := false
	for _, line := range manual(t) {
		switch {
		case line == "The commands:":
			in = true
		case in && strings.HasPrefix(line, "\t"):
			name, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			listed[name] = true
		case in && len(listed) > 0 && line != "":
			in = false
		}
	}
	for _, name := range commandNames() {
		if !listed[name] {
			t.Errorf("the manual's list of commands lacks %s", name)
		}
	}
}

// The help of the commands that play strategies lists them, each with what it does.
func TestHelpListsStrategies(t *testing.T) {
	for _, cmd := range []string{"sim", "bench", "compare"} {
		help, _, code := execYams(t, "", cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, info := range strategies.All() {
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(info.Name) + ` .* ` + regexp.QuoteMeta(info.Description) + `$`).MatchString(help) {
				t.Errorf("%s --help does not list %s with its description", cmd, info.Name)
			}
		}
		for _, f := range strategies.Families() {
			if !strings.Contains(help, "  "+f.Syntax+" ") {
				t.Errorf("%s --help does not list %s", cmd, f.Syntax)
			}
		}
	}
	if help, _, _ := execYams(t, "", "sim", "--help"); !strings.Contains(help, "greedy *") || strings.Contains(help, "bonus *") {
		t.Errorf("sim --help does not mark the strategies a run plays by default:\n%s", help)
	}
}

// What a user reads names no internal issue, and no Go syntax: the presets and their
// explanations, the help of every command.
func TestNoInternalReferences(t *testing.T) {
	texts := []string{}
	out, _, _ := execYams(t, "", "rules")
	texts = append(texts, out)
	for _, name := range engine.Presets() {
		explained, _, code := execYams(t, "", "rules", name, "--explain")
		if code != 0 {
			t.Fatalf("rules %s --explain: exit %d", name, code)
		}
		if strings.ContainsAny(explained, "[]{}") || strings.Contains(explained, "map[") {
			t.Errorf("rules %s --explain prints Go syntax:\n%s", name, explained)
		}
		texts = append(texts, explained)
	}
	for _, name := range commandNames() {
		help, _, _ := execYams(t, "", name, "--help")
		texts = append(texts, help)
	}
	issue := regexp.MustCompile(`(?i)\bissue\s*#?\d`)
	for _, text := range texts {
		if m := issue.FindString(text); m != "" {
			t.Errorf("%q in what a user reads:\n%s", m, text)
		}
	}
}
