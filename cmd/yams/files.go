package main

// Reading the files a command is given.


import (
	"bufio"
	"os"

	"yams/sim"
)

// readSummaryFile reads and checks a summary file (sim.ReadSummary).
func readSummaryFile(path string) (*sim.Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sim.ReadSummary(bufio.NewReader(f))
}
