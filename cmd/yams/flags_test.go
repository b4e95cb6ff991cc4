package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// commandFlags returns the flag set of every command, as it parses a command line
// without arguments (afterParse stops it there).
func commandFlags(t *testing.T) map[string]*pflag.FlagSet {
	t.Helper()
	stop := errors.New("parsed")
	sets := map[string]*pflag.FlagSet{}
	defer func() { afterParse = nil }()
	for _, name := range commandNames() {
		var parsed *pflag.FlagSet
		afterParse = func(fs *pflag.FlagSet) error { parsed = fs; return stop }
		execYams(t, "", name)
		if parsed == nil {
			t.Fatalf("yams %s: no flag set parsed", name)
		}
		sets[name] = parsed
	}
	return sets
}

// flagDisagreements returns what is wrong with the flags that several commands declare:
// each must be declared by its group (flags.go), with the same usage and default
// everywhere, but for what the group lets each command give (annotationPart,
// annotationOwnDefault).
func flagDisagreements(sets map[string]*pflag.FlagSet) []string {
	type decl struct {
		cmd string
		f   *pflag.Flag
	}
	byName := map[string][]decl{}
	for _, cmd := range slices.Sorted(maps.Keys(sets)) {
		sets[cmd].VisitAll(func(f *pflag.Flag) { byName[f.Name] = append(byName[f.Name], decl{cmd, f}) })
	}
	annotation := func(f *pflag.Flag, key string) string {
		if v := f.Annotations[key]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	// The usage less the command's own part.
	shared := func(f *pflag.Flag) (string, error) {
		part := annotation(f, annotationPart)
		if part == "" {
			return f.Usage, nil
		}
		if !strings.Contains(f.Usage, part) {
			return "", fmt.Errorf("its part %q is not in its usage %q", part, f.Usage)
		}
		return strings.Replace(f.Usage, part, "", 1), nil
	}
	var problems []string
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		decls := byName[name]
		if len(decls) < 2 {
			continue
		}
		first := decls[0]
		firstUsage, err := shared(first.f)
		if err != nil {
			problems = append(problems, fmt.Sprintf("--%s of %s: %v", name, first.cmd, err))
			continue
		}
		for _, d := range decls {
			group := annotation(d.f, annotationGroup)
			if group == "" {
				problems = append(problems, fmt.Sprintf("--%s of %s is not declared by a group, though %d commands take it", name, d.cmd, len(decls)))
				continue
			}
			if d == first {
				continue
			}
			usage, err := shared(d.f)
			switch {
			case err != nil:
				problems = append(problems, fmt.Sprintf("--%s of %s: %v", name, d.cmd, err))
			case group != annotation(first.f, annotationGroup):
				problems = append(problems, fmt.Sprintf("--%s: group %s in %s, %s in %s", name, annotation(first.f, annotationGroup), first.cmd, group, d.cmd))
			case usage != firstUsage:
				problems = append(problems, fmt.Sprintf("--%s: usage %q in %s, %q in %s", name, firstUsage, first.cmd, usage, d.cmd))
			case d.f.DefValue != first.f.DefValue && annotation(d.f, annotationOwnDefault) == "" && annotation(first.f, annotationOwnDefault) == "":
				problems = append(problems, fmt.Sprintf("--%s: default %q in %s, %q in %s", name, first.f.DefValue, first.cmd, d.f.DefValue, d.cmd))
			case d.f.Value.Type() != first.f.Value.Type() && annotation(d.f, annotationOwnDefault) == "":
				problems = append(problems, fmt.Sprintf("--%s: of type %s in %s, %s in %s", name, first.f.Value.Type(), first.cmd, d.f.Value.Type(), d.cmd))
			}
		}
	}
	return problems
}

// A flag that several commands take reads the same in each: declared once, by its group,
// with the same name, usage and default, but for the part of it that the group lets a
// command give (what --json writes, which strategies --strategy takes).
func TestSharedFlagsAgree(t *testing.T) {
	sets := commandFlags(t)
	for _, p := range flagDisagreements(sets) {
		t.Error(p)
	}
	// Every group the commands share is there, each taken by several commands.
	taken := map[string]int{}
	for _, fs := range sets {
		fs.VisitAll(func(f *pflag.Flag) { taken[f.Name]++ })
	}
	for _, name := range []string{"rules", "rule", "max-memory", "workers", "seed", "games", "json", "out", "lang", "bot", "bot-timeout", "bot-log", "regret", "strategy"} {
		if taken[name] < 2 {
			t.Errorf("--%s is taken by %d commands", name, taken[name])
		}
	}

	// The check finds two commands that disagree: a usage, a default, a flag outside its
	// group.
	bad := func(mutate func(fs *pflag.FlagSet)) []string {
		a, b := pflag.NewFlagSet("a", pflag.ContinueOnError), pflag.NewFlagSet("b", pflag.ContinueOnError)
		addWorkersFlag(a)
		addJSONFlag(a, "the summary")
		addWorkersFlag(b)
		addJSONFlag(b, "the figures")
		mutate(b)
		return flagDisagreements(map[string]*pflag.FlagSet{"a": a, "b": b})
	}
	if p := bad(func(*pflag.FlagSet) {}); len(p) != 0 {
		t.Errorf("two commands that agree: %v", p)
	}
	for what, mutate := range map[string]func(fs *pflag.FlagSet){
		"usage":   func(fs *pflag.FlagSet) { fs.Lookup("workers").Usage = "`W` goroutines that play" },
		"default": func(fs *pflag.FlagSet) { fs.Lookup("workers").DefValue = "4" },
		"part":    func(fs *pflag.FlagSet) { fs.Lookup("json").Usage = "write the figures as JSON to `FILE`" },
		"group": func(fs *pflag.FlagSet) {
			fs.String("lang", "en", "x")
			fs.SetAnnotation("workers", annotationGroup, []string{"other"})
		},
	} {
		if p := bad(mutate); len(p) == 0 {
			t.Errorf("a %s that differs is not found", what)
		}
	}
	two := pflag.NewFlagSet("c", pflag.ContinueOnError)
	two.String("lang", "en", "the language")
	one := pflag.NewFlagSet("d", pflag.ContinueOnError)
	one.String("lang", "en", "the language")
	if p := flagDisagreements(map[string]*pflag.FlagSet{"c": two, "d": one}); len(p) == 0 {
		t.Error("a flag two commands declare outside a group is not found")
	}
}

// --lang takes a language's code in either case, as a shell's locale may write it (issue
// 40 §5): FR and Fr are fr, for the console and for the files of --out.
func TestLangInEitherCase(t *testing.T) {
	want, _, code := execYams(t, "", "sim", "--strategy", "greedy", "--games", "20", "--workers", "1", "--lang", "fr")
	if code != 0 || !strings.Contains(want, "graine 1") {
		t.Fatalf("--lang fr: exit %d, %q", code, want)
	}
	// What is printed before the timing line.
	results := func(out string) string { return out[:max(strings.LastIndex(out, "\n\n"), 0)] }
	for _, lang := range []string{"FR", "Fr"} {
		dir := filepath.Join(t.TempDir(), "out")
		out, errOut, code := execYams(t, "", "sim", "--strategy", "greedy", "--games", "20", "--workers", "1", "--lang", lang, "--out", dir)
		if code != 0 || results(out) != results(want) {
			t.Errorf("--lang %s: exit %d, %s\n%q, want %q", lang, code, errOut, out, want)
		}
		page, err := os.ReadFile(filepath.Join(dir, "report.html"))
		if err != nil || !strings.Contains(string(page), `lang="fr"`) {
			t.Errorf("--lang %s: the report is not in French (%v)", lang, err)
		}
	}
	_, errOut, code := execYams(t, "", "sim", "--strategy", "greedy", "--games", "20", "--lang", "DE")
	wantUsageError(t, "--lang DE", "", errOut, code, `--lang: language "de": want en or fr`)
}
