package coach

import (
	"strconv"
	"strings"

	"yams/engine"
	"yams/sim"
	"yams/strategies/external"
)

// SlotNames returns the names of the boxes of the rules' sheet, in the order of their
// ids: the box ids on a sheet of one column, COLUMN.ID on a sheet of several, the columns
// labelled as the summary file labels them (sim.ColumnLabels).
func SlotNames(rules *engine.Rules) []string {
	return external.SlotNames(rules, sim.ColumnLabels(rules))
}

// KeepFaces lists the faces a keep holds, in increasing order ([] for none).
func KeepFaces(k engine.Keep) []int {
	faces := []int{}
	for f, n := range k.Counts() {
		for range n {
			faces = append(faces, f+1)
		}
	}
	return faces
}

// RollFaces lists the faces of a roll, in increasing order.
func RollFaces(r engine.Roll) []int {
	d := r.Dice()
	out := make([]int, len(d))
	for i, x := range d {
		out[i] = int(x)
	}
	return out
}

// Faces writes dice as the printed texts do: 2-2-4-5-6.
func Faces(dice []int) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, "-")
}
