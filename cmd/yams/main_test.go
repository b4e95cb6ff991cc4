package main

import (
	"bytes"
	"strings"
	"testing"
)

// execYams runs the CLI in-process and returns what it printed and its exit status.
func execYams(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(strings.NewReader(stdin), &out, &errb, args)
	return out.String(), errb.String(), code
}

// wantUsageError checks the contract for every user mistake: exit status 2, exactly one
// line on stderr that says what is wrong, nothing on stdout.
func wantUsageError(t *testing.T, name, stdout, stderr string, code int, want string) {
	t.Helper()
	if code != 2 {
		t.Errorf("%s: exit %d, want 2 (stderr %q)", name, code, stderr)
	}
	if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "yams: ") {
		t.Errorf("%s: stderr is not one line: %q", name, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("%s: stderr %q lacks %q", name, stderr, want)
	}
	if stdout != "" {
		t.Errorf("%s: stdout not empty: %q", name, stdout)
	}
}

func TestTopLevel(t *testing.T) {
	out, _, code := execYams(t, "", "--help")
	if code != 0 || !strings.Contains(out, "replay") || !strings.Contains(out, "rules") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	out, errOut, code := execYams(t, "", "frobnicate")
	wantUsageError(t, "unknown command", out, errOut, code, `unknown command "frobnicate"`)
	out, _, code = execYams(t, "", "help", "replay")
	if code != 0 || !strings.Contains(out, "--json") {
		t.Errorf("help replay: exit %d, %q", code, out)
	}
}
