package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ciFuzzLine is a call of .ci/run's fuzz step: package, target, count of executions.
var ciFuzzLine = regexp.MustCompile(`(?m)^fuzz (\./\S+) (Fuzz\w+) \d+$`)

// fuzzFunc is a fuzz target's declaration in a test file.
var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)

// TestCIFuzzTargets checks .ci/run's fuzz step against the code: a target it names in a
// package that does not declare it finds no test to run, and the step fails only after
// the whole default run and the race run (a target moved to a new package failed CI
// that way once, after 15 minutes); a target it does not name is never fuzzed.
func TestCIFuzzTargets(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range ciFuzzLine.FindAllStringSubmatch(string(script), -1) {
		pkg, target := filepath.Clean(m[1]), m[2]
		named[pkg+" "+target] = true
		for _, p := range checkGoTest([]string{"go", "test", m[1], "-run", "^$", "-fuzz", "^" + target + "$"}) {
			t.Errorf(".ci/run fuzzes %s %s: %s", m[1], target, p)
		}
	}
	if len(named) == 0 {
		t.Fatal(".ci/run has no line `fuzz ./PACKAGE FuzzTARGET COUNT`: the pattern of this test no longer reads it")
	}
	declared := 0
	err = filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != repoRoot || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(src), -1) {
			declared++
			if !named[rel+" "+m[1]] {
				t.Errorf("%s declares %s, which .ci/run does not fuzz (a line `fuzz ./%s %s COUNT`)", path, m[1], filepath.ToSlash(rel), m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if declared != len(named) {
		t.Errorf(".ci/run fuzzes %d targets, the tests declare %d", len(named), declared)
	}
}
