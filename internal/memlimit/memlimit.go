package memlimit

import (
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"
)

// Default is the budget when none is set: 4 GiB.
const Default = 4 << 30

var limit atomic.Int64

func init() { limit.Store(Default) }

// Process is what a yams process holds before any table or worker of its own: its code,
// the runtime, the buffers of a run (25 MiB measured for yams sim --strategy greedy). An
// estimate of a whole run adds it.
const Process = 32 << 20

// Set sets the budget, in bytes.
func Set(bytes int64) { limit.Store(bytes) }

// Limit returns the budget, in bytes.
func Limit() int64 { return limit.Load() }

// ErrTooLarge is the kind of an *Error.
var ErrTooLarge = errors.New("too large")

// Error is a computation that would need more memory than the budget.
type Error struct {
	What        string // "the optimal strategy of rules hasbro (its table and decisions)"
	Need, Limit int64
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s would take about %s of memory, more than the limit of %s (raise it with --max-memory MiB)",
		e.What, Format(e.Need), Format(e.Limit))
}

func (e *Error) Unwrap() error { return ErrTooLarge }

// Check refuses, with an *Error, a computation named what that would take need bytes,
// more than the budget.
func Check(what string, need int64) error {
	if l := Limit(); need > l {
		return &Error{What: what, Need: need, Limit: l}
	}
	return nil
}

// Format writes b bytes as people read an amount of memory: MiB, rounded up, or GiB from
// 10 GiB on.
func Format(b int64) string {
	if b >= 10<<30 {
		return fmt.Sprintf("%.0f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%d MiB", (b+1<<20-1)>>20)
}

// FormatLimit writes a limit of bytes exactly, as a message that names it does (a rule
// file's size, a bot's line): in MiB or KiB where it is a whole number of them, else in
// bytes.
func FormatLimit(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Mul is a·b, saturated at 2^62 so that an estimate of an absurd size stays a large
// number instead of overflowing into a small one.
func Mul(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<62 {
		return 1 << 62
	}
	return int64(lo)
}

// Sum adds xs, saturated at 2^62.
func Sum(xs ...int64) int64 {
	var s int64
	for _, x := range xs {
		s = min(1<<62, s+x)
	}
	return s
}
