package sim

import (
	"cmp"
	"fmt"
	"slices"

	"yams/internal/provenance"
)

// The provenance of results: which yams wrote them, when and with what command
// (Results.Provenance), and which commands played their games when not that one alone
// (Results.Runs). A summary file records it as "provenance". It is not covered by the
// checksum, which covers what the games found: two runs of the same games have the same
// checksum, and files equal but for their provenance, whenever, wherever and by whatever
// command line they were played.

// jsonProvenance is the "provenance" of a summary file.
type jsonProvenance struct {
	provenance.Record
	Runs sizedList[provenance.Run, runsName] `json:"runs,omitempty"` // counted before decoded
}

// provenanceJSON returns the provenance of the results as a file writes it; nil when
// nothing is known of it.
func (r *Results) provenanceJSON() *jsonProvenance {
	if r.Provenance == nil {
		return nil
	}
	return &jsonProvenance{Record: *r.Provenance, Runs: r.Runs}
}

// provenanceFromJSON reads the provenance of a summary file into r, whose slice of games
// is read: every run lies within it, in the order of the games, none overlapping.
func (r *Results) provenanceFromJSON(in *jsonProvenance) error {
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

// PlayedBy returns the commands that played the games of the results, each with its slice
// of games, in the order of the games: Runs when they are known, else the command that
// wrote the results, which played them all; nil when nothing is known (results of a yams
// that did not record its provenance). Games that no run covers were played by such a
// yams.
func (r *Results) PlayedBy() []provenance.Run {
	switch {
	case len(r.Runs) > 0:
		return slices.Clone(r.Runs)
	case r.Provenance != nil && r.Games > 0:
		return []provenance.Run{{Record: *r.Provenance, First: r.First, Games: r.Games}}
	}
	return nil
}

// WrittenBy makes rec the writer of the results, which another command played (yams
// report --from, yams merge): their runs are kept, and the writer's record is rec.
func (r *Results) WrittenBy(rec provenance.Record) {
	r.Runs = r.PlayedBy()
	r.Provenance = &rec
}

// Builds returns the builds of yams that played the results' games, each once, in the
// order they first appear; a slice of games no run covers counts as a build of its own,
// unknown (a zero Build). Results played by one build give one.
func (r *Results) Builds() []provenance.Build {
	var out []provenance.Build
	add := func(b provenance.Build) {
		if !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	next, runs := r.First, r.PlayedBy()
	for _, run := range runs {
		if run.First > next {
			add(provenance.Build{})
		}
		add(run.Yams)
		next = run.First + run.Games
	}
	if next < r.First+r.Games {
		add(provenance.Build{})
	}
	return out
}

// joinRuns returns the runs of two results of adjacent slices of games, merged (Merge)
// or one resumed (Run with Config.Resume), in the order of the games.
func joinRuns(a, b []provenance.Run) []provenance.Run {
	out := append(slices.Clone(a), b...)
	slices.SortStableFunc(out, func(x, y provenance.Run) int { return cmp.Compare(x.First, y.First) })
	return out
}
