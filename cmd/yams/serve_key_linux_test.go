//go:build linux

package main

import (
	"bufio"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/qr"
)

// Beyond loopback, yams serve makes a key, prints every address to open with it and a QR
// code of the first, and answers only the requests that carry it. The requests of the
// test go to loopback alone (127.0.0.1), the server listening on every address.
func TestServeKey(t *testing.T) {
	cmd := exec.Command(os.Args[0], "serve", "--addr", "0.0.0.0:0", "--rules", frontierRules, "--strategy", "greedy")
	cmd.Env = append(os.Environ(), envTestMain+"=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	out := bufio.NewScanner(stdout)
	var urls []string
	for out.Scan() {
		m := regexp.MustCompile(`^yams serve: (?:open|or) (http://\S+/\?key=[A-Za-z0-9_-]{22})(?: \(Ctrl-C stops it\))?$`).FindStringSubmatch(out.Text())
		if m == nil {
			t.Fatalf("a line of yams serve: %q", out.Text())
		}
		urls = append(urls, m[1])
		if strings.Contains(m[1], "//localhost:") {
			break // the last
		}
	}
	first, err := url.Parse(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	key := first.Query().Get("key")
	for _, u := range urls {
		if p, _ := url.Parse(u); p.Port() != first.Port() || p.Query().Get("key") != key {
			t.Errorf("addresses %q: not the same port and key", urls)
		}
	}

	// The code on standard error is the first address's.
	errs := bufio.NewReader(stderr)
	note, _ := errs.ReadString('\n')
	if !strings.Contains(note, "only requests that carry the key") {
		t.Fatalf("the note: %q", note)
	}
	want, err := qr.Encode(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := (want.Size + 8 + 1) / 2
	var drawing strings.Builder
	for range lines {
		line, err := errs.ReadString('\n')
		if err != nil {
			t.Fatalf("the code: %v after %q", err, drawing.String())
		}
		drawing.WriteString(line)
	}
	if drawing.String() != want.Terminal(4, false) {
		t.Errorf("the code drawn is not the first address's:\n%s", drawing.String())
	}
	go io.Copy(io.Discard, errs)

	base := "http://127.0.0.1:" + first.Port()
	get := func(path string, header ...string) int {
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := get("/api/config"); code != http.StatusForbidden {
		t.Errorf("without the key: %d", code)
	}
	if code := get("/api/config", "Authorization", "Bearer "+key); code != http.StatusOK {
		t.Errorf("with the key: %d", code)
	}
	if code := get("/?key=" + key); code != http.StatusSeeOther {
		t.Errorf("the address printed: %d", code)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("yams serve ended with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Error("yams serve still runs 20 s after SIGTERM")
	}
}

// A key given is asked on loopback too; a key unfit for an address is refused.
func TestServeSecretFlag(t *testing.T) {
	stdout, stderr, code := execYams(t, "", "serve", "--secret", "short")
	wantUsageError(t, "--secret short", stdout, stderr, code, "--secret: want 16 to 128 letters")
	stdout, stderr, code = execYams(t, "", "serve", "--secret", "with spaces in it, sixteen")
	wantUsageError(t, "--secret with spaces", stdout, stderr, code, "--secret: want 16 to 128 letters")
}
