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
	// A sheet of several columns is the user's choice of rules: exit status 2, as sim.
	for _, cmd := range []string{"solve", "exact"} {
		t.Run(cmd, func(t *testing.T) {
			out, errOut, code := execYams(t, "", cmd, "--rule", "columns=free,top_down")
			wantUsageError(t, cmd, out, errOut, code, "2 columns")
			if !strings.Contains(errOut, "heuristic") {
				t.Errorf("%s does not say what plays such a sheet: %q", cmd, errOut)
			}
		})
	}
	out, errOut, code := execYams(t, "", "solve", "--rules", "nope")
	wantUsageError(t, "unknown rules", out, errOut, code, "nope")
	out, errOut, code = execYams(t, "", "solve", "extra")
	wantUsageError(t, "argument", out, errOut, code, "unexpected argument")
}
