package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveCaches(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("YAMS_CACHE_DIR", dir)
	out, errOut, code := execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "optimal expected score 198.7293046") || !strings.Contains(out, "table written to") {
		t.Fatalf("first solve: exit %d, %q %q", code, out, errOut)
	}
	out, _, code = execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "198.7293046") || !strings.Contains(out, "loaded from") {
		t.Fatalf("second solve: exit %d, %q", code, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.table"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	// A damaged table is noticed, solved again and replaced.
	data, _ := os.ReadFile(files[0])
	os.WriteFile(files[0], data[:len(data)/3], 0o644)
	out, errOut, code = execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "solved in") || !strings.Contains(errOut, "corrupt") {
		t.Fatalf("damaged table: exit %d, %q %q", code, out, errOut)
	}
	out, _, _ = execYams(t, "", "solve", "--rules", "yams-app", "--force")
	if !strings.Contains(out, "solved in") {
		t.Errorf("--force: %q", out)
	}
}

func TestSolveRefusesColumns(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	_, errOut, code := execYams(t, "", "solve", "--rule", "columns=free,top_down")
	if code != 1 || !strings.Contains(errOut, "2 columns") || !strings.Contains(errOut, "heuristic") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	out, errOut, code := execYams(t, "", "solve", "--rules", "nope")
	wantUsageError(t, "unknown rules", out, errOut, code, "nope")
	out, errOut, code = execYams(t, "", "solve", "extra")
	wantUsageError(t, "argument", out, errOut, code, "unexpected argument")
}
