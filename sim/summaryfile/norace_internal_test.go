//go:build !race

package summaryfile

const raceEnabled = false
