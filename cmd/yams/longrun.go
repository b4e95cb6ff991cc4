package main

// Long runs: shards (--shard), checkpoints (--checkpoint, --resume), and what a run that
// stopped before its end writes and says.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/outfile"
	"yams/sim"
	"yams/strategies/external"
)

// The environment variables --shard env/N reads the shard index from (0-based): that of
// a pod of a Kubernetes Indexed Job, and that of a task of a Slurm job array, less the
// array's first index.
const (
	envK8sIndex  = "JOB_COMPLETION_INDEX"
	envSlurmTask = "SLURM_ARRAY_TASK_ID"
	envSlurmMin  = "SLURM_ARRAY_TASK_MIN"
)

// parseShard reads --shard: "K/N", the K-th (from 1) of N slices of the games, or
// "env/N", with K from the environment. An empty flag is no shard.
func parseShard(arg string, games int64) (sim.Shard, error) {
	if arg == "" {
		return sim.Shard{}, nil
	}
	var k, n int
	if ns, ok := strings.CutPrefix(arg, "env/"); ok {
		var err error
		if n, err = strconv.Atoi(ns); err != nil || n < 1 {
			return sim.Shard{}, usagef("--shard %s: want env/N with N a positive number of shards", arg)
		}
		if k, err = shardFromEnv(n); err != nil {
			return sim.Shard{}, usagef("--shard %s: %v", arg, err)
		}
	} else {
		var err error
		if k, n, err = sim.ParseShard(arg); err != nil {
			return sim.Shard{}, usagef("--shard: %v", err)
		}
	}
	s := sim.Shard{K: k, N: n, Total: games}
	if err := s.Check(); err != nil {
		return sim.Shard{}, usagef("--shard %s: %v", arg, err)
	}
	return s, nil
}

// shardFromEnv returns the shard (from 1) of n that the batch system runs this process
// as: JOB_COMPLETION_INDEX + 1 in a Kubernetes Indexed Job, SLURM_ARRAY_TASK_ID −
// SLURM_ARRAY_TASK_MIN + 1 in a Slurm job array (the minimum taken as 0 if unset).
func shardFromEnv(n int) (int, error) {
	index := func(name string) (int, error) {
		v := os.Getenv(name)
		i, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%s=%q: want a whole number", name, v)
		}
		return i, nil
	}
	var i int
	var from string
	switch {
	case os.Getenv(envK8sIndex) != "":
		var err error
		if i, err = index(envK8sIndex); err != nil {
			return 0, err
		}
		from = envK8sIndex + "=" + strconv.Itoa(i)
	case os.Getenv(envSlurmTask) != "":
		task, err := index(envSlurmTask)
		if err != nil {
			return 0, err
		}
		lo := 0
		if os.Getenv(envSlurmMin) != "" {
			if lo, err = index(envSlurmMin); err != nil {
				return 0, err
			}
		}
		i = task - lo
		from = fmt.Sprintf("%s=%d less %s=%d", envSlurmTask, task, envSlurmMin, lo)
	default:
		return 0, fmt.Errorf("neither %s (a Kubernetes Indexed Job) nor %s (a Slurm job array) is set: give --shard K/N", envK8sIndex, envSlurmTask)
	}
	if i < 0 || i >= n {
		return 0, fmt.Errorf("%s gives the shard index %d: want 0 to %d (0-based) for %s", from, i, n-1, plural(n, "shard", "shards"))
	}
	return i + 1, nil
}

// longRun holds the flags of shards, checkpoints and resumption.
type longRun struct {
	shard           string
	checkpoint      string
	every           time.Duration
	resume          string
	resumeIfPresent bool
	fs              *pflag.FlagSet

	from string // the file the run resumes from, if any
}

func addLongRunFlags(fs *pflag.FlagSet) *longRun {
	l := &longRun{fs: fs}
	fs.StringVar(&l.shard, "shard", "", "play the K-th (from 1) of N contiguous slices of the games, for yams merge to add up: `K/N`, or env/N to take K from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm), both from 0")
	fs.StringVar(&l.checkpoint, "checkpoint", "", "save the summary so far to `FILE` every --checkpoint-every, and at the end (written atomically: a temporary file, sync, rename)")
	mustAnnotate(fs, "checkpoint", annotationOutput, "file")
	fs.DurationVar(&l.every, "checkpoint-every", sim.DefaultCheckpointEvery, "how often `D` to save the --checkpoint (at least 100ms)")
	fs.StringVar(&l.resume, "resume", "", "continue the run saved in `FILE`: a --checkpoint, or the partial --json of an interrupted run")
	fs.BoolVar(&l.resumeIfPresent, "resume-if-present", false, "continue from the --checkpoint FILE if it exists, else start afresh (for batch jobs that may be restarted)")
	return l
}

// minCheckpointEvery is the shortest --checkpoint-every: a checkpoint syncs a file to disk.
const minCheckpointEvery = 100 * time.Millisecond

// check validates the flags, makes sure the checkpoint can be written, and reads the
// results to resume, if any (nil otherwise).
func (l *longRun) check() (*sim.Results, error) {
	ckpt := l.checkpoint
	switch {
	case l.fs.Changed("checkpoint-every") && ckpt == "":
		return nil, usagef("--checkpoint-every is for --checkpoint FILE: give it too")
	case l.every < minCheckpointEvery:
		return nil, usagef("--checkpoint-every %v: want at least %v", l.every, minCheckpointEvery)
	case l.resumeIfPresent && ckpt == "":
		return nil, usagef("--resume-if-present resumes from the --checkpoint FILE: give it too")
	case l.resumeIfPresent && l.resume != "":
		return nil, usagef("--resume and --resume-if-present: give one or the other")
	case l.fs.Changed("resume") && l.resume == "":
		return nil, usagef("--resume: no file given")
	}
	from := l.resume
	if ckpt != "" {
		if err := outfile.Check(ckpt); err != nil {
			return nil, badInput(fmt.Errorf("--checkpoint: %w", err))
		}
		_, err := os.Stat(ckpt)
		exists := err == nil
		switch {
		case l.resumeIfPresent && exists:
			from = ckpt
		case exists && !sameFile(ckpt, from):
			return nil, usagef("--checkpoint %s exists: give --resume %s or --resume-if-present to continue it, or remove it", ckpt, ckpt)
		}
	}
	if from == "" {
		return nil, nil
	}
	res, err := readSummaryFile(from)
	if err != nil {
		return nil, badInput(fmt.Errorf("--resume: %w", err))
	}
	l.from = from
	return res, nil
}

// sameFile reports whether a and b name the same file (b may not exist).
func sameFile(a, b string) bool {
	if b == "" {
		return false
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// saver returns the function that writes a checkpoint, or nil without --checkpoint.
func (l *longRun) saver() func(*sim.Results) error {
	if l.checkpoint == "" {
		return nil
	}
	return func(res *sim.Results) error { return outfile.Write(l.checkpoint, summaryJSON(res)) }
}

// resumeHint says how to continue a run that stopped early: from the checkpoint if one
// was saved, or from the partial summary written to --json or into --out.
func (l *longRun) resumeHint(checkpointSaved bool, jsonPath, outDir string) string {
	var file string
	switch {
	case checkpointSaved && l.resumeIfPresent:
		return "to resume, run the same command again"
	case checkpointSaved:
		file = l.checkpoint
	case jsonPath == "-":
		return "the partial summary went to standard output: to resume, save it in a file and run the same command with --resume FILE"
	case jsonPath != "":
		file = jsonPath
	case outDir != "":
		file = filepath.Join(outDir, "summary.json")
	default:
		return "nothing was saved to resume from (--checkpoint FILE or --json FILE would have)"
	}
	if file == l.resume {
		return "to resume, run the same command again"
	}
	return "to resume, run the same command with --resume " + file
}

// finishRun writes the results of a run to every destination: the table (print, on
// table), the checkpoint, --json and --out. A partial run (res.Partial: interrupted by
// a signal, or stopped by a checkpoint that failed, runErr) writes what it played,
// marked partial, and returns one line that says how far it got and how to resume, with
// the exit status 128 + the signal's number when a signal stopped it.
func finishRun(ctx context.Context, e *env, res *sim.Results, runErr error, long *longRun,
	jsonOut *outputFile, out *reportFlags, table io.Writer, rules *engine.Rules, print func(io.Writer)) error {
	var failed []string // the destinations that could not be written
	jsonPath, outDir := jsonOut.path, out.dir
	checkpointSaved := false
	if res.Games > 0 {
		print(table)
		if long.checkpoint != "" {
			if err := outfile.Write(long.checkpoint, summaryJSON(res)); err != nil {
				failed = append(failed, fmt.Sprintf("--checkpoint: %v", err))
			} else {
				if pause != nil {
					pause("checkpoint-written", long.checkpoint)
				}
				checkpointSaved = true
				e.wrote("checkpoint")
			}
		}
		if err := jsonOut.write(e, summaryJSON(res)); err != nil {
			failed = append(failed, err.Error())
			jsonPath = "" // not to resume from
		}
		if err := out.writeRun(e, table, res, rules); err != nil {
			failed = append(failed, err.Error())
			outDir = ""
		}
	}
	if !res.Partial() {
		if len(failed) > 0 {
			return errors.New(strings.Join(failed, "; "))
		}
		return nil
	}
	return stopped(ctx, res, runErr, append(failed, long.resumeHint(checkpointSaved, jsonPath, outDir)))
}

// stopped returns the error of a run that stopped before its end: one line that says
// why (a signal, or runErr), how far it got, and then notes, with the exit status 128 +
// the signal's number when a signal stopped it (130 for SIGINT, 143 for SIGTERM), 1
// otherwise.
func stopped(ctx context.Context, res *sim.Results, runErr error, notes []string) error {
	var msg strings.Builder
	cause, code := stopCause(ctx, runErr)
	msg.WriteString(cause)
	fmt.Fprintf(&msg, " after %s of %s", thousands(res.Games), gameCount(res.Planned))
	if !res.Shard.IsZero() {
		fmt.Fprintf(&msg, " of shard %s", res.Shard)
	}
	if res.Games == 0 {
		notes = []string{"no game was finished, nothing was written"}
	}
	for _, n := range notes {
		msg.WriteString("; " + n)
	}
	return exitError{code, errors.New(msg.String())}
}

// stopCause says why a run stopped before its end (a signal, or runErr) and returns the
// exit status that says so: 128 + the signal's number, exitBot for a bot's failure, 1
// otherwise.
func stopCause(ctx context.Context, runErr error) (string, int) {
	if name, code, ok := interruption(ctx); ok {
		return "interrupted by " + name, code
	}
	if runErr == nil {
		return "stopped", 1
	}
	var be *external.Error
	if errors.As(runErr, &be) {
		return fmt.Sprintf("%v; stopped", runErr), exitBot
	}
	return fmt.Sprintf("%v; stopped", runErr), 1
}

// printSlice says, under the first line of a table of results, which games they are of
// when that is not simply games 0 to Games−1 of one uninterrupted run: a shard, a run
// resumed, a partial run.
func printSlice(w io.Writer, c console, res *sim.Results) {
	if !res.Shard.IsZero() {
		fmt.Fprintln(w, c.f("shard %s of %s games: games %s to %s", res.Shard, c.count(res.Shard.Total), c.count(res.First), c.count(res.First+res.Planned-1)))
	}
	if res.Resumed > 0 {
		fmt.Fprintln(w, c.f("resumed: %s of these games were played before, by the run resumed", c.count(res.Resumed)))
	}
	if res.Partial() {
		fmt.Fprintln(w, c.f("PARTIAL: %s of %s games played, games %s to %s (the run was stopped)",
			c.count(res.Games), c.count(res.Planned), c.count(res.First), c.count(res.First+res.Games-1)))
	}
}
