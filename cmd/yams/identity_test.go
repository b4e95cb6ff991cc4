package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"yams/strategies"
)

// Two versions of a strategy's rule file: greedy's, and the same with a rule more.
const (
	rulesV1 = "otherwise keep for points\notherwise score best\n"
	rulesV2 = "if five of a kind then keep all\notherwise keep for points\notherwise score best\n"
)

// A rule file edited between two shards: merge refuses to add up their games, in one
// line with exit 2; unedited, the shards merge into exactly the summary of one run. On a
// sheet of five boxes, for which each run builds the file's table of decisions at once.
func TestMergeRefusesEditedRuleFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.rules")
	rules := filepath.Join("testdata", "five-boxes.json")
	shard := func(k, content string) string {
		t.Helper()
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "shard-"+k+"-"+strconv.Itoa(strings.Count(content, "\n"))+".json")
		if _, errOut, code := execYams(t, "", "sim", "--rules", rules, "--games", "200", "--seed", "4", "--strategy", "greedy,rules:"+file, "--shard", k+"/2", "--json", out); code != 0 {
			t.Fatal(errOut)
		}
		return out
	}
	one, two := shard("1", rulesV1), shard("2", rulesV2)
	out, errOut, code := execYams(t, "", "merge", one, two)
	wantUsageError(t, "edited between shards", out, errOut, code, "strategy rules:"+file+": "+one+" played it as sha256:")
	if !strings.Contains(errOut, two+" as sha256:") || !strings.Contains(errOut, "the games of two strategies do not add up") {
		t.Errorf("the refusal does not name both files: %s", errOut)
	}
	// Unedited: the same summary as one run of all the games.
	two = shard("2", rulesV1)
	whole := filepath.Join(dir, "whole.json")
	if _, errOut, code := execYams(t, "", "sim", "--rules", rules, "--games", "200", "--seed", "4", "--strategy", "greedy,rules:"+file, "--json", whole); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code = execYams(t, "", "merge", one, two)
	if code != 0 || errOut != "" {
		t.Fatalf("merge of the same file: exit %d, %s", code, errOut)
	}
	if !sameContent(t, []byte(out), readFile(t, whole)) {
		t.Error("the shards of one file merged differ from the run of all the games")
	}
	if !regexp.MustCompile(`"identity": "sha256:[0-9a-f]{64}"`).Match(readFile(t, whole)) {
		t.Error("the summary does not record the rule file's identity")
	}
}

// A rule file edited between a run interrupted and its --resume: the resumption is
// refused, in one line with exit 2, and the partial summary is left as it was; unedited,
// the resumed run ends with exactly the summary of the run without a break. On a sheet of
// five boxes, for which each run builds the file's table of decisions at once.
func TestResumeRefusesEditedRuleFile(t *testing.T) {
	dir := t.TempDir()
	file, js, whole := filepath.Join(dir, "mine.rules"), filepath.Join(dir, "run.json"), filepath.Join(dir, "whole.json")
	if err := os.WriteFile(file, []byte(rulesV1), 0o644); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join("testdata", "five-boxes.json")
	args := []string{"sim", "--rules", rules, "--games", "5000", "--seed", "5", "--strategy", "test-stall,rules:" + file, "--workers", "2", "--json", js}
	p := yamsProcess(t, args...)
	if code := p.signal(t, os.Interrupt); code != 130 {
		t.Fatalf("exit %d, %s", code, p.stderr.String())
	}
	partial := readFile(t, js)
	if err := os.WriteFile(file, []byte(rulesV2), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := execYams(t, "", append(args, "--resume", js)...)
	wantUsageError(t, "edited before --resume", out, errOut, code, "--resume "+js+": strategy rules:"+file+": the checkpoint played it as sha256:")
	if string(readFile(t, js)) != string(partial) {
		t.Error("the refused resumption changed the partial summary")
	}
	if err := os.WriteFile(file, []byte(rulesV1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := execYams(t, "", append(args, "--resume", js)...); code != 0 {
		t.Fatalf("resume with the same file: exit %d, %s", code, errOut)
	}
	if _, errOut, code := execYams(t, "", "sim", "--rules", rules, "--games", "5000", "--seed", "5", "--strategy", "test-stall,rules:"+file, "--json", whole); code != 0 {
		t.Fatal(errOut)
	}
	if !sameContent(t, readFile(t, js), readFile(t, whole)) {
		t.Error("the resumed run's summary differs from the run without a break")
	}
}

// beat:S of a rule file S plays from S's play: it has S's identity, which changes with the
// file, and a strategy whose parameter is no strategy has none.
func TestBeatOfRuleFileIdentity(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mine.rules")
	identity := func(content string) string {
		t.Helper()
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		info, err := strategies.Resolve("beat:rules:" + file)
		if err != nil {
			t.Fatal(err)
		}
		return info.Identity
	}
	one, two := identity(rulesV1), identity(rulesV2)
	if one == "" || two == "" || one == two {
		t.Errorf("beat:rules:FILE identities %q and %q", one, two)
	}
	for _, name := range []string{"beat:greedy", "target:250", "risk:0.01"} {
		if info, err := strategies.Resolve(name); err != nil || info.Identity != "" {
			t.Errorf("%s: identity %q (%v)", name, info.Identity, err)
		}
	}
}
