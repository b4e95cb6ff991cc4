package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"yams/engine"
	"yams/internal/cachedir"
)

func TestSolveCaches(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("YAMS_CACHE_DIR", dir)
	out, errOut, code := execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "optimal expected score 198.7293046") || !strings.Contains(out, "written to") ||
		!strings.Contains(errOut, "solving the optimal strategy of rules yams-app, the first time") ||
		!strings.Contains(errOut, "; a second or two on the README's machine (2 cores)") {
		t.Fatalf("first solve: exit %d, %q %q", code, out, errOut)
	}
	out, errOut, code = execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "198.7293046") || !strings.Contains(out, "loaded from") || errOut != "" {
		t.Fatalf("second solve: exit %d, %q %q", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.table"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	// A damaged table is noticed, solved again and replaced.
	data, _ := os.ReadFile(files[0])
	os.WriteFile(files[0], data[:len(data)/3], 0o644)
	out, errOut, code = execYams(t, "", "solve", "--rules", "yams-app")
	if code != 0 || !strings.Contains(out, "solved in") || !strings.Contains(errOut, "corrupt") ||
		!strings.Contains(errOut, "the cached table of optimal on rules yams-app cannot be used") || strings.Contains(errOut, "first time") {
		t.Fatalf("damaged table: exit %d, %q %q", code, out, errOut)
	}
	// --force solves a cached table again, and says so: not a first time (issue 40 §2).
	out, errOut, _ = execYams(t, "", "solve", "--rules", "yams-app", "--force")
	if !strings.Contains(out, "solved in") || strings.Contains(errOut, "first time") ||
		!strings.Contains(errOut, "solving optimal on rules yams-app again (--force), its cached table replaced; caching about ") {
		t.Errorf("--force: %q %q", out, errOut)
	}
}

func TestSolveRefusesColumns(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	// A sheet of several columns too large for an exact solve is the user's choice of
	// rules: exit status 2, as sim, with the number of states and what plays it instead.
	for _, cmd := range []string{"solve", "exact"} {
		t.Run(cmd, func(t *testing.T) {
			out, errOut, code := execYams(t, "", cmd, "--rule", "columns=free,free")
			wantUsageError(t, cmd, out, errOut, code, "2 columns make 1.3·10^11 turn-start states")
			if !strings.Contains(errOut, "column-tables") {
				t.Errorf("%s does not say what plays such a sheet: %q", cmd, errOut)
			}
		})
	}
	// A sheet of several columns that fits is solved, and says how its decisions come.
	out, errOut, code := execYams(t, "", "solve", "--rules", "yams", "--rule", "columns=top_down,bottom_up")
	if code != 0 || !strings.Contains(out, "optimal expected score 349.7814606") || !strings.Contains(out, "of its 2 columns") {
		t.Errorf("solve top_down,bottom_up: exit %d %s\n%s", code, errOut, out)
	}
	out, errOut, code = execYams(t, "", "solve", "--rules", "nope")
	wantUsageError(t, "unknown rules", out, errOut, code, "nope")
	out, errOut, code = execYams(t, "", "solve", "extra")
	wantUsageError(t, "argument", out, errOut, code, "unexpected argument")
}

// TestMaxMemory: rules whose solve would take gigabytes are refused at once with the
// estimate (exit 2), and left out of a default sim with a note; a lower --max-memory
// refuses hasbro.
func TestMaxMemory(t *testing.T) {
	t.Setenv("YAMS_CACHE_DIR", t.TempDir())
	// Fifteen boxes: optimal's table over 4096 MiB, the default limit (sixteen, twice as
	// slow to build the heuristics' tables for, would show no more).
	var boxes []string
	for i := range 15 {
		boxes = append(boxes, `{"id": "b`+string(rune('a'+i))+`", "section": "upper", "kind": "chance", "points": 1000}`)
	}
	rules := filepath.Join(t.TempDir(), "huge.json")
	os.WriteFile(rules, []byte(`{"name": "huge", "rolls": 3, "boxes": [`+strings.Join(boxes, ",")+`], "upper_bonus": {"threshold": 15000, "points": 35}}`), 0o644)
	for _, args := range [][]string{{"solve"}, {"exact"}, {"exact", "--strategy", "greedy"}, {"sim", "--strategy", "optimal", "--games", "10"}} {
		out, errOut, code := execYams(t, "", append(args, "--rules", rules)...)
		wantUsageError(t, strings.Join(args, " "), out, errOut, code, "--max-memory")
	}
	out, errOut, code := execYams(t, "", "sim", "--rules", rules, "--games", "100", "--workers", "1")
	if code != 0 || !strings.Contains(errOut, "optimal left out") || !strings.Contains(errOut, "more than the limit of 4096 MiB") || !strings.Contains(out, "greedy") {
		t.Errorf("default sim: exit %d, %q", code, errOut)
	}
	out, errOut, code = execYams(t, "", "solve", "--max-memory", "10")
	wantUsageError(t, "--max-memory 10", out, errOut, code, "more than the limit of 10 MiB")
	out, errOut, code = execYams(t, "", "solve", "--max-memory", "0")
	wantUsageError(t, "--max-memory 0", out, errOut, code, "--max-memory 0")
}

// The listing of the cache fits in 100 columns, however long the names of the rules and
// of the strategies solved for, and names the options of the rule set asked for.
func TestCacheListingFits(t *testing.T) {
	at := time.Date(2026, 12, 2, 5, 31, 0, 0, time.UTC)
	hasbro, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	list := []cachedir.Entry{
		{Hash: hasbro.Hash(), Rules: "hasbro", What: "beat:rules:examples/strategies/a-very-long-name-indeed.rules", Size: 12345 << 20, Modified: at},
		{Hash: "07ce2e6b41010380", Rules: "a rule set whose name goes on and on", What: "target:300", Size: 138 << 10, Modified: at},
		{Hash: hasbro.Hash(), Rules: "hasbro", What: "mean", Size: 15 << 20, Modified: at},
		{Hash: "3f5ffaf9c234952a", Rules: "", Stale: true, Size: 1 << 20, Modified: at},
		{Hash: "3f5ffaf9c234952a", InUse: true, Size: 1 << 20, Modified: at},
		{Hash: "9a3da579f9c6719e", Rules: "hasbro", Options: []string{"extra_yahtzee=0", "joker=free_choice"}, What: "mean", Size: 15 << 20, Modified: at},
		{Hash: "9a3da579f9c6719e", Rules: "hasbro", Options: []string{"extra_yahtzee=0", "joker=free_choice"}, What: "bonus", Size: 15 << 20, Modified: at},
	}
	var b strings.Builder
	printCacheEntries(&b, list, "", "")
	out := b.String()
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if n := len([]rune(line)); n > cacheWidth {
			t.Errorf("a line of %d characters: %q", n, line)
		}
	}
	for _, want := range []string{"beat:rules:…/a-ver…rules", "a rule set whose name goes on… *", "hasbro  ", "(stale)", "(being solved)", "(* a rule file's own rule set", "hasbro (1) ", "(1) hasbro --rule extra_yahtzee=0 --rule joker=free_choice"} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "(2)") {
		t.Errorf("one preset with the same options is numbered twice:\n%s", out)
	}
	if strings.Contains(out, "hasbro *") {
		t.Errorf("the preset hasbro is marked as a rule file or options:\n%s", out)
	}
	// The rules asked for are named with their options.
	b.Reset()
	printCacheEntries(&b, list[1:2], "07ce2e6b41010380", "hasbro --rule extra_yahtzee=0")
	if !strings.Contains(b.String(), "hasbro --rule extra_yahtzee=0  07ce2e6b41010380") || strings.Contains(b.String(), "*") {
		t.Errorf("the rules asked for are not named:\n%s", b.String())
	}
	// The files of a sheet of several columns (issue 40 §5): each rule set whole, its
	// column named; what was solved for cut after a whole word, never within one.
	var family []cachedir.Entry
	for _, c := range []string{"free", "sec", "top_down", "bottom_up"} {
		for _, what := range []string{"win: optimal's points to come", "mean"} {
			family = append(family, cachedir.Entry{Hash: "9d4254057e43610d", Rules: "yams-family (column " + c + ")", What: what, Size: 661 << 20, Modified: at})
		}
	}
	for _, what := range []string{"column-tables", "column-tables calibration", "column-tables calibration spread"} {
		family = append(family, cachedir.Entry{Hash: "4de16d8dcb1592c7", Rules: "yams-family", What: what, Size: 303 << 10, Modified: at})
	}
	b.Reset()
	printCacheEntries(&b, family, "", "")
	listing := b.String()
	for _, line := range strings.Split(strings.TrimRight(listing, "\n"), "\n") {
		if n := len([]rune(line)); n > cacheWidth {
			t.Errorf("a line of %d characters: %q", n, line)
		}
	}
	for _, c := range []string{"free", "sec", "top_down", "bottom_up"} {
		if !strings.Contains(listing, "yams-family (column "+c+") *") {
			t.Errorf("the column %s is not named:\n%s", c, listing)
		}
	}
	words := map[string]bool{}
	for _, e := range family {
		for _, w := range strings.Fields(e.What) {
			words[w] = true
		}
	}
	for _, cut := range regexp.MustCompile(`(\S+)…`).FindAllStringSubmatch(listing, -1) {
		if !words[cut[1]] {
			t.Errorf("%q is cut within a word:\n%s", cut[0], listing)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"beat:rules:examples/strategies/greedy.rules", "beat:rules:…/greedy.rules"},
		{"rules:/home/someone/strategies/three-of-each.rules", "rules:…/three-of…ach.rules"},
		{"mean", "mean"},
		{"beat:rules:x/" + strings.Repeat("y", 40) + ".rules", "beat:rules:…/yyyyyy….rules"},
		{"target:" + strings.Repeat("1", 30), "target:11111…1111111111111"},
	} {
		if got := abbreviatePath(c.in, 26); got != c.want || len([]rune(got)) > 26 {
			t.Errorf("abbreviatePath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCache lists the cache and clears it, whole or by rule set; RULES keeps to the files
// of a rule set. --clear removes only what yams wrote: a file named as its tables but
// without their header stays, and so does the temporary file of a solve that is running
// (one of this process's), while that of a process that is gone is removed.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("YAMS_CACHE_DIR", dir)
	out, _, code := execYams(t, "", "cache")
	if code != 0 || !strings.Contains(out, "empty") {
		t.Errorf("empty cache: exit %d %q", code, out)
	}
	for _, r := range []string{"yams-app", "yams-wiki"} {
		if _, errOut, code := execYams(t, "", "solve", "--rules", r); code != 0 {
			t.Fatal(errOut)
		}
	}
	wiki, err := engine.Load("yams-wiki")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// A file of decisions of an earlier yams: its magic and version 1.
	write("optimal-0123456789abcdef.v1.decisions", "YAMS-DEC\x01\x00\x00\x00old")
	mine := write("optimal-mine.table", "the user's")
	notes := write("notes.txt", "mine")
	running := write(".optimal-"+wiki.Hash()+".v3.table.yams-tmp-"+strconv.Itoa(os.Getpid())+"-123", "YAMS-OPT")
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no process to be gone:", err)
	}
	killed := write(".optimal-"+wiki.Hash()+".v3.table.yams-tmp-"+strconv.Itoa(gone.Process.Pid)+"-456", "YAMS-OPT")
	out, _, code = execYams(t, "", "cache")
	if code != 0 || !strings.Contains(out, "yams-app") || !strings.Contains(out, "yams-wiki") || !strings.Contains(out, "(stale)") || !strings.Contains(out, "(stale: a file of an earlier yams") ||
		!strings.Contains(out, "(being solved)") || strings.Contains(out, "notes.txt") || strings.Contains(out, "optimal-mine") || !strings.Contains(out, "5 files") {
		t.Errorf("list: exit %d\n%s", code, out)
	}
	out, _, code = execYams(t, "", "cache", "yams-wiki")
	if code != 0 || strings.Contains(out, "yams-app ") || !strings.Contains(out, "3 files of rules yams-wiki") || !strings.Contains(out, "yams cache yams-wiki --clear removes them") {
		t.Errorf("cache yams-wiki: exit %d\n%s", code, out)
	}
	out, _, code = execYams(t, "", "cache", "hasbro")
	if code != 0 || !strings.Contains(out, "no file of rules hasbro") {
		t.Errorf("cache hasbro: exit %d\n%s", code, out)
	}
	out, _, code = execYams(t, "", "cache", "--clear", "yams-app")
	if code != 0 || !strings.Contains(out, "1 file of rules yams-app removed") {
		t.Errorf("--clear yams-app: exit %d %q", code, out)
	}
	out, _, code = execYams(t, "", "cache", "--clear")
	if code != 0 || !strings.Contains(out, "3 files removed") {
		t.Errorf("--clear: exit %d %q", code, out)
	}
	for _, kept := range []string{mine, notes, running} {
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("--clear removed %s, which is not yams's to remove", filepath.Base(kept))
		}
	}
	if _, err := os.Stat(killed); err == nil {
		t.Error("--clear left the temporary file of a solve that was killed")
	}
}

// TestMegabytes: sizes read as what they are, a small table's notice included ("caching
// about 0 MiB" said nothing).
func TestMegabytes(t *testing.T) {
	for _, c := range []struct {
		b    int64
		want string
	}{
		{0, "0 KiB"}, {300, "0 KiB"}, {600, "1 KiB"}, {37 << 10, "37 KiB"}, {1<<19 - 1, "512 KiB"},
		{1 << 19, "1 MiB"}, {15<<20 + 200<<10, "15 MiB"}, {2070 << 20, "2,070 MiB"},
	} {
		if got := megabytes(c.b); got != c.want {
			t.Errorf("megabytes(%d) = %q, want %q", c.b, got, c.want)
		}
	}
	for _, c := range []struct {
		b    int64
		want string
	}{
		{37 << 10, "37 KiB"}, {1 << 19, "0.5 MiB"}, {15<<20 + 200<<10, "15.2 MiB"}, {1302016819, "1,241.7 MiB"},
	} {
		if got := fileSize(c.b); got != c.want {
			t.Errorf("fileSize(%d) = %q, want %q", c.b, got, c.want)
		}
	}
}
