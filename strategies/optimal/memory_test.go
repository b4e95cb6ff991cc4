package optimal

import (
	"errors"
	"strings"
	"testing"
	"time"

	"yams/engine"
)

// TestMemoryLimit: a rule file whose solve would take gigabytes (sixteen upper boxes of
// chance at 1000 points, a bonus at 16,000) is refused at once, with the estimate, before
// anything is allocated; so is its exact analysis. Hasbro is well within the limit.
func TestMemoryLimit(t *testing.T) {
	var boxes []string
	for i := range 16 {
		boxes = append(boxes, `{"id": "b`+string(rune('a'+i))+`", "section": "upper", "kind": "chance", "points": 1000}`)
	}
	huge, err := engine.Parse("huge.json", []byte(`{"name": "huge", "rolls": 3, "boxes": [`+strings.Join(boxes, ",")+`], "upper_bonus": {"threshold": 16000, "points": 35}}`))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Solve(huge, 0)
	var me *MemoryError
	if !errors.As(err, &me) || !errors.Is(err, ErrMemory) || me.Need < 8<<30 || !strings.Contains(err.Error(), "--max-memory") {
		t.Errorf("solve: %v", err)
	}
	if _, _, err := LoadOrSolve(huge, false, 0); !errors.As(err, &me) {
		t.Errorf("LoadOrSolve: %v", err)
	}
	if _, err := Analyze("greedy", huge, Options{}); !errors.As(err, &me) {
		t.Errorf("analysis: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusals took %v", d)
	}
	hasbro, err := newSolverSpace(mustRules(t, "hasbro"))
	if err != nil {
		t.Fatal(err)
	}
	// The process of yams exact peaks at 253 MiB on hasbro, decoding every group.
	if need := tableMemory(hasbro); need > 300<<20 || need < 253<<20 {
		t.Errorf("hasbro's table and decisions are estimated at %d MiB", need>>20)
	}
	SetMemoryLimit(1 << 20)
	defer SetMemoryLimit(DefaultMemoryLimit)
	if _, err := Solve(smallRules(t), 0); !errors.As(err, &me) {
		t.Errorf("a limit of 1 MiB: %v", err)
	}
}
