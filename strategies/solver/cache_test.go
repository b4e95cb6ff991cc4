package solver

import (
	"os"
	"path/filepath"
	"sync"
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

// The size a solve announces for its cache file is the file's, within a tenth, for the
// mean, risk:θ and the bonus, whose decisions take more room (issue 40 §5: the bonus of
// hasbro announced 18 MiB and wrote 26.7).
func TestAnnouncedFileSize(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	r := exacttest.MustRules(t, "yams-app")
	var mu sync.Mutex
	announced := map[string]int64{}
	SetNotify(func(n Notice) {
		mu.Lock()
		defer mu.Unlock()
		if n.Layer == 0 && !n.Done {
			announced[n.Path] = n.CacheBytes
		}
	})
	defer SetNotify(nil)
	for _, o := range []Objective{Mean, {Kind: Risk, Theta: 0.01}, {Kind: UpperBonus}} {
		_, _, st, err := LoadOrSolveObjective(r, o, true, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(st.Path)
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		want := announced[st.Path]
		mu.Unlock()
		if d := float64(want-fi.Size()) / float64(fi.Size()); d < -0.1 || d > 0.1 {
			t.Errorf("%s: announced %d bytes, wrote %d (%+.1f%%)", o, want, fi.Size(), 100*d)
		}
	}
}
