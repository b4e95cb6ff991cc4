package engine

import (
	"strings"
	"testing"
)

func TestOptions(t *testing.T) {
	r := mustLoad(t, "hasbro", "upper_bonus.threshold=60", "upper_bonus.points=25", "rolls=1", "joker=free", "extra_yahtzee=0")
	if r.UpperThreshold() != 60 || r.UpperPoints() != 25 || r.Rolls() != 1 || r.Joker() != FreeJoker || r.ExtraPoints() != 0 {
		t.Errorf("options not applied: %+v", r)
	}
	r = mustLoad(t, "yams-wiki", "upper_bonus.when=reached")
	if !r.UpperWhenReached() {
		t.Error("upper_bonus.when=reached not applied")
	}
}

func TestOptionErrors(t *testing.T) {
	for opt, want := range map[string]string{
		"rolls=many":              "want an integer",
		"joker=sometimes":         `unknown "sometimes"`,
		"box.nope.points=3":       `no box "nope"`,
		"box.chance.colour=red":   `unknown box field "colour"`,
		"columns=free,diagonal":   `unknown column "diagonal"`,
		"colour=red":              `unknown option "colour"`,
		"noequals":                "want key=value",
		"upper_bonus.threshold=0": "0 is impossible",
		"columns=free,free,free,free,free,free,free,free,free": "at most 8",
	} {
		_, err := Load("hasbro", opt)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("option %s: error %v, want one line with %q", opt, err, want)
		}
	}
	if _, err := Load("yams-app", "dry=true"); err != nil {
		t.Errorf("dry on yams-app (it has a brelan): %v", err)
	}
	if _, err := Load("yams-wiki", "box.four_of_a_kind.count=3", "dry=true"); err != nil {
		t.Errorf("dry after count=3: %v", err)
	}
}
