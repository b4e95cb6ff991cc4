package external_test

import (
	"testing"
)

// A bot's process reports the memory it holds: a served greedy holds a few tens of MiB.
func TestResident(t *testing.T) {
	b, err := testBotInfo("g", "serve:greedy").NewBatch(mustRules(t, "hasbro"), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := b.(interface{ Resident() int64 })
	if !ok {
		t.Fatalf("%T has no Resident", b)
	}
	n := r.Resident()
	b.Close()
	if n < 1<<20 || n > 1<<30 {
		t.Errorf("a greedy bot holds %d bytes", n)
	}
	t.Logf("a greedy bot holds %.1f MiB", float64(n)/(1<<20))
	if after := r.Resident(); after != 0 {
		t.Errorf("a bot stopped holds %d bytes", after)
	}
}
