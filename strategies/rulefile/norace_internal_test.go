//go:build !race

package rulefile

const underRace = false
