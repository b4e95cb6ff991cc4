//go:build !race

package turnplan

const raceEnabled = false
