package sim

import (
	"cmp"
	"slices"

	"yams/internal/provenance"
)

// The provenance of results: which yams wrote them, when and with what command
// (Results.Provenance), and which commands played their games when not that one alone
// (Results.Runs). A summary file records it as "provenance". It is not covered by the
// checksum, which covers what the games found: two runs of the same games have the same
// checksum, and files equal but for their provenance, whenever, wherever and by whatever
// command line they were played.

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
