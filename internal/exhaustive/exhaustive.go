package exhaustive

import "testing"

// Only skips the test unless the tests run with -tags exhaustive. Call it first, before
// the test solves or plays anything.
func Only(t testing.TB) {
	t.Helper()
	if !On {
		t.Skip("exhaustive check: runs with go test -tags exhaustive")
	}
}
