package main

// Tests that hold the repository's own files to its code: .ci/run's fuzz step, and
// docs/code.md's map of the packages.

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
	for _, f := range goFiles(t) {
		if !f.test {
			continue
		}
		for _, m := range fuzzFunc.FindAllStringSubmatch(f.src, -1) {
			declared++
			if !named[f.pkg+" "+m[1]] {
				t.Errorf("%s declares %s, which .ci/run does not fuzz (a line `fuzz ./%s %s COUNT`)", f.path, m[1], f.pkg, m[1])
			}
		}
	}
	if declared != len(named) {
		t.Errorf(".ci/run fuzzes %d targets, the tests declare %d", len(named), declared)
	}
}

// codeMapRow is a row of the table of docs/code.md: its second cell names one package or
// several, in backquotes.
var codeMapRow = regexp.MustCompile("(?m)^\\|[^|]*\\| (`[^|]+`) \\|")

// TestCodeMapListsEveryPackage holds docs/code.md, the map of the packages, to the
// repository: every folder of Go code (tests aside) has its row and its doc.go, and no row
// names a package that is gone. It also holds every package but cmd/yams to 4,500 lines
// outside its tests, as the map says.
func TestCodeMapListsEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "code.md"))
	if err != nil {
		t.Fatal(err)
	}
	mapped := map[string]bool{}
	for _, m := range codeMapRow.FindAllStringSubmatch(string(doc), -1) {
		for _, name := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[1], -1) {
			mapped[name[1]] = true
		}
	}
	lines := map[string]int{} // package folder → lines of its non-test Go files
	for _, f := range goFiles(t) {
		if !f.test {
			lines[f.pkg] += strings.Count(f.src, "\n")
		}
	}
	var pkgs []string
	for p := range lines {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		if !mapped[p] {
			t.Errorf("package %s has no row in docs/code.md", p)
		}
		if _, err := os.Stat(filepath.Join(repoRoot, p, "doc.go")); err != nil && p != "." {
			t.Errorf("package %s has no doc.go", p)
		}
		if p != "cmd/yams" && lines[p] > 4500 {
			t.Errorf("package %s holds %d lines outside its tests, more than 4,500: it wants to be split by concept", p, lines[p])
		}
	}
	for p := range mapped {
		if lines[p] == 0 {
			t.Errorf("docs/code.md has a row for %s, which is no package of the repository", p)
		}
	}
}

// goFile is a Go file of the repository: its path, its package's folder from the root
// (slash-separated), whether it is a test, and its source.
type goFile struct {
	path, pkg, src string
	test           bool
}

// goFiles reads the Go files of the repository, but those of hidden folders, testdata,
// examples and docs.
func goFiles(t *testing.T) []goFile {
	t.Helper()
	var files []goFile
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != repoRoot && (strings.HasPrefix(name, ".") || name == "testdata" || name == "examples" || name == "docs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
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
		files = append(files, goFile{path: path, pkg: filepath.ToSlash(rel), src: string(src), test: strings.HasSuffix(name, "_test.go")})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
