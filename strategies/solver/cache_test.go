package solver

import (
	"os"
	"path/filepath"
	"testing"

	"yams/internal/cachedir"
	"yams/internal/exacttest"
)

// A symbolic link at the path of a cache file (planted, or left by a user) is replaced by
// the table a solve writes: the file it named keeps what it held.
func TestCacheReplacesLink(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cachedir.Env, dir)
	r := exacttest.SmallRules(t)
	path, err := CachePath(r, Mean)
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "precious.txt")
	if err := os.WriteFile(victim, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	_, st, err := LoadOrSolve(r, false, 1)
	if err != nil || st.WriteErr != nil {
		t.Fatalf("solve: %v, write: %v", err, st.WriteErr)
	}
	if data, _ := os.ReadFile(victim); string(data) != "not a table" {
		t.Errorf("the file the link named was written over: %.20q", data)
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("the cache path is not a regular file: %v %v", fi.Mode(), err)
	}
	if _, st, err := LoadOrSolve(r, false, 1); err != nil || !st.Loaded {
		t.Errorf("the table written in place of the link does not load: %v", err)
	}
}
