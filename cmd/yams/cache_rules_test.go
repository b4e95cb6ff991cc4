package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The table of decisions of a rule file played is kept in the cache: yams cache lists it,
// solved for the strategy rules:FILE, under its rule set, and --clear removes it, with
// those of its rule set or with all.
func TestCacheListsRuleFileTables(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("YAMS_CACHE_DIR", dir)
	six := "../../examples/rules/six-boxes.json"
	file := filepath.Join(t.TempDir(), "six.rules")
	os.WriteFile(file, []byte("if three of a kind then keep group\nif upper >= 20 then score best in upper\n"), 0o644)
	if _, errOut, code := execYams(t, "", "sim", "--rules", six, "--strategy", "rules:"+file, "--games", "20"); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errOut)
	}
	tables, _ := filepath.Glob(filepath.Join(dir, "rulefile-*.table"))
	if len(tables) != 1 {
		t.Fatalf("cache files %v, want one table of the rule file", tables)
	}
	out, _, code := execYams(t, "", "cache")
	// The listing fits 100 columns: a rule file's path is cut before its name.
	if code != 0 || !strings.Contains(out, "rules:…/six.rules") || !strings.Contains(out, "six-boxes") || !strings.Contains(out, "1 file,") {
		t.Errorf("list: exit %d\n%s", code, out)
	}
	out, _, code = execYams(t, "", "cache", "hasbro")
	if code != 0 || !strings.Contains(out, "no file of rules hasbro") {
		t.Errorf("cache hasbro: exit %d\n%s", code, out)
	}
	out, _, code = execYams(t, "", "cache", "--clear", six)
	if code != 0 || !strings.Contains(out, "1 file of rules six-boxes removed") {
		t.Errorf("--clear six-boxes: exit %d %q", code, out)
	}
	if _, err := os.Stat(tables[0]); err == nil {
		t.Error("--clear left the table of the rule file")
	}
}
