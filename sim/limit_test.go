package sim

import (
	"bytes"
	"strings"
	"testing"
)

// A stream without end is refused once it is larger than any summary file, not read
// until memory runs out. (The bound is lowered here: reading 64 MiB takes seconds under
// the race detector.)
func TestReadSummaryEndless(t *testing.T) {
	defer func(n int) { maxSummaryBytes = n }(maxSummaryBytes)
	maxSummaryBytes = 1 << 20
	if _, err := ReadSummary(endless{}); err == nil || !strings.Contains(err.Error(), "more than 1 MiB: not a summary file") {
		t.Errorf("endless input: %v", err)
	}
}

type endless struct{}

var spaces = bytes.Repeat([]byte{' '}, 1<<16)

func (endless) Read(p []byte) (int, error) { return copy(p, spaces), nil }
