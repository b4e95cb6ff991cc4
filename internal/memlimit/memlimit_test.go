package memlimit

import "testing"

func TestFormatLimit(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 4 << 20: "4 MiB", 3 << 10: "3 KiB", 1000: "1000 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := FormatLimit(n); got != want {
			t.Errorf("FormatLimit(%d) = %q, want %q", n, got, want)
		}
	}
}
