package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

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
	err = filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
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
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, filepath.Dir(path))
		if err != nil {
			return err
		}
		lines[filepath.ToSlash(rel)] += strings.Count(string(b), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
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
