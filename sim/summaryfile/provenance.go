package summaryfile

import (
	"fmt"

	"yams/internal/provenance"
	"yams/sim"
)

// The provenance of a summary file: which yams wrote it, when and with what command
// (sim.Results.Provenance), and which commands played its games when not that one alone
// (sim.Results.Runs). It is not covered by the checksum, which covers what the games
// found.

// jsonProvenance is the "provenance" of a summary file.
type jsonProvenance struct {
	provenance.Record
	Runs sizedList[provenance.Run, runsName] `json:"runs,omitempty"` // counted before decoded
}

// provenanceJSON returns the provenance of the results as a file writes it; nil when
// nothing is known of it.
func provenanceJSON(r *sim.Results) *jsonProvenance {
	if r.Provenance == nil {
		return nil
	}
	return &jsonProvenance{Record: *r.Provenance, Runs: r.Runs}
}

// provenanceFromJSON reads the provenance of a summary file into r, whose slice of games
// is read: every run lies within it, in the order of the games, none overlapping.
func provenanceFromJSON(r *sim.Results, in *jsonProvenance) error {
	if in == nil {
		return nil
	}
	if err := in.Check(); err != nil {
		return fmt.Errorf("provenance: %w", err)
	}
	next := r.First
	for i, run := range in.Runs {
		switch {
		case run.Games <= 0:
			return fmt.Errorf("provenance: runs[%d]: %d games, want at least one", i, run.Games)
		case run.First < next || run.First > r.First+r.Games-run.Games:
			return fmt.Errorf("provenance: runs[%d]: games %d to %d, out of the file's games %d to %d or before those of the run before",
				i, run.First, run.First+run.Games-1, r.First, r.First+r.Games-1)
		}
		if err := run.Check(); err != nil {
			return fmt.Errorf("provenance: runs[%d]: %w", i, err)
		}
		next = run.First + run.Games
	}
	rec := in.Record
	r.Provenance = &rec
	if len(in.Runs) > 0 { // "runs": [] is no runs, as a file without it
		r.Runs = []provenance.Run(in.Runs)
	}
	return nil
}
