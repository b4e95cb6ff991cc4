package main

// The files of the commands: the summaries and game records they read, and the one way they write a
// result, checked before the work and written at the end through yams/internal/outfile.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/outfile"
	"yams/reports"
	"yams/reports/simulation"
	"yams/sim"
	"yams/sim/summaryfile"
	"yams/sim/tablegame"
)

// readSummaryFile reads and checks a summary file (summaryfile.Read); its errors name the
// file and say what is wrong, as one line for the user.
func readSummaryFile(path string) (*sim.Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	defer f.Close()
	res, err := summaryfile.Read(f) // a file, which Read reads at its size
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return res, nil
}

// summaryJSON writes res as its summary file (summaryfile.Write), for outfile.Write.
func summaryJSON(res *sim.Results) func(io.Writer) error {
	return func(w io.Writer) error { return summaryfile.Write(w, res) }
}

// tableJSON writes res as its summary file (summaryfile.WriteTable), for outfile.Write.
func tableJSON(res *tablegame.Results) func(io.Writer) error {
	return func(w io.Writer) error { return summaryfile.WriteTable(w, res) }
}

// fileError says why the file at path cannot be read: its name and the system's reason,
// without the name of the call that failed ("open nosuch.json: no such file or
// directory" reads "nosuch.json: no such file or directory").
func fileError(path string, err error) error {
	return fmt.Errorf("%s: %w", path, reasonOf(err))
}

// reasonOf returns the system's reason of err, without the call and the path.
func reasonOf(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readRecord reads a game record, "-" for standard input (saying so on a terminal), with
// engine's size limit (a file that is not a regular one is refused), loads its rules and
// replays it. Its errors are the user's: one line naming the record.
func readRecord(e *env, name string) (*engine.Record, *engine.Rules, engine.Sheet, []engine.TurnResult, error) {
	var (
		rec *engine.Record
		err error
	)
	if name == "-" {
		if e.stdinTerminal {
			e.note("reading a game record from standard input (Ctrl-D to end)")
		}
		name = "standard input"
		rec, err = engine.ReadRecord(e.stdin, name)
	} else {
		rec, err = engine.ReadRecordFile(name)
	}
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(err)
	}
	if rec.Rules == "" {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: no rules given (\"rules\": a preset name or a rule file)", name))
	}
	rules, err := engine.Load(rec.Rules, rec.Options...)
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: %w", name, err))
	}
	sheet, turns, err := engine.Replay(rec, rules)
	if err != nil {
		return nil, nil, engine.Sheet{}, nil, badInput(fmt.Errorf("record %s: %w", name, err))
	}
	return rec, rules, sheet, turns, nil
}

// outputFile is a file a command writes a result into, named by a flag: "-" is standard
// output where the flag allows it (stdoutOK). It is checked before the work (check), so that a path
// that cannot be written is refused at once, not after hours of games, and written at
// the end (write) through outfile: what the file held before stays intact until then,
// and a command that fails leaves it as it was.
type outputFile struct {
	flag     string
	path     string
	stdoutOK bool
}

// addOutputFile declares the flag of an output file; stdoutOK says whether "-" names
// standard output.
func addOutputFile(fs *pflag.FlagSet, flag, usage string, stdoutOK bool) *outputFile {
	o := &outputFile{flag: flag, stdoutOK: stdoutOK}
	fs.StringVar(&o.path, flag, "", usage)
	mustAnnotate(fs, flag, annotationOutput, "file")
	return o
}

// annotationOutput marks the flags that name what a command writes: a file or a folder,
// which a command halted by a signal says it wrote or left as it was (env.halt).
const annotationOutput = "yams-output"

// given reports whether the flag names a destination.
func (o *outputFile) given() bool { return o.path != "" }

// toStdout reports whether the output goes to standard output ("-").
func (o *outputFile) toStdout() bool { return o.stdoutOK && o.path == "-" }

// check makes sure the file can be written; a path that cannot is the user's mistake.
func (o *outputFile) check() error {
	switch {
	case !o.given() || o.toStdout():
		return nil
	case o.path == "-":
		return usagef("--%s -: give a file (this output does not go to standard output)", o.flag)
	}
	if err := outfile.Check(o.path); err != nil {
		return badInput(fmt.Errorf("--%s: %w", o.flag, err))
	}
	return nil
}

// textOut returns where a command's text goes beside this JSON: standard output, or
// standard error when the JSON goes there (--json -), so that the JSON stays whole.
func (o *outputFile) textOut(e *env) io.Writer {
	if o.toStdout() {
		return e.stderr
	}
	return e.stdout
}

// write writes the output with write: to standard output for "-", else to the file,
// which then holds either what it held before or the whole new content.
func (o *outputFile) write(e *env, write func(io.Writer) error) error {
	var err error
	switch {
	case !o.given():
		return nil
	case o.toStdout():
		err = write(e.stdout)
	default:
		err = outfile.Write(o.path, write)
	}
	if err != nil {
		return fmt.Errorf("--%s: %w", o.flag, err)
	}
	e.wrote(o.flag)
	return nil
}

// output is a command's standard output or error. It remembers the first write that
// failed (a full disk, /dev/full), after which it writes nothing more: the command then
// fails (env.exit) rather than exit 0 with its output lost. Once the command is halting
// (env.halt), what it writes is dropped: the line of the halt is the last.
type output struct {
	w       io.Writer
	err     error
	halting *atomic.Bool
}

func (o *output) Write(p []byte) (int, error) {
	if o.halting != nil && o.halting.Load() {
		return len(p), nil
	}
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// addJSONFlag declares --json FILE|-, the JSON of what a command computes: what it holds,
// what, is the command's.
func addJSONFlag(fs *pflag.FlagSet, what string) *outputFile {
	o := addOutputFile(fs, "json", fmt.Sprintf("write %s as JSON to `FILE|-` (- for standard output, the text then going to standard error)", what), true)
	inGroup(fs, "json", "outputs", what)
	return o
}

// legacyJSONSwitch rewrites the former spelling of --json on the commands where it was a
// switch that printed JSON on standard output (replay, advise), so that the scripts
// written for it keep working: --json as the last argument, or followed by another flag,
// is --json -; and so is --json followed by a game record (--json game.json, the record
// read), where a record is never what the user would have yams write over. Each is noted
// on standard error once the command has succeeded (legacyJSONNote: a mistake is one
// line), with the spelling of today. The value of a flag that takes one is never mistaken
// for --json.
func legacyJSONSwitch(fs *pflag.FlagSet, args []string) (rewritten []string, legacy bool) {
	out := make([]string, 0, len(args)+1)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if a != "--json" {
			out = append(out, a)
			if name, ok := strings.CutPrefix(a, "--"); ok && !strings.Contains(name, "=") && i+1 < len(args) {
				if f := fs.Lookup(name); f != nil && f.NoOptDefVal == "" {
					out = append(out, args[i+1]) // the flag's value
					i++
				}
			}
			continue
		}
		next := ""
		if i+1 < len(args) {
			next = args[i+1]
		}
		switch {
		case next == "" || (strings.HasPrefix(next, "-") && next != "-"):
			out = append(out, "--json", "-")
			legacy = true
		case isRecordFile(next):
			out = append(out, "--json", "-", next)
			legacy = true
			i++
		default:
			out = append(out, a, next)
			i++
		}
	}
	return out, legacy
}

// legacyJSONNote notes, after a command that succeeded, that it was given the former
// spelling of --json; it returns the command's error.
func legacyJSONNote(e *env, legacy bool, err error) error {
	if legacy && err == nil {
		e.note("--json without a file is the former spelling: write --json - for standard output, or --json FILE")
	}
	return err
}

// isRecordFile reports whether path names a game record.
func isRecordFile(path string) bool {
	_, err := engine.ReadRecordFile(path)
	return err == nil
}

// outDir is --out DIR, the folder a command writes its results into: checked before the
// work, and written at the end as a whole (outfile.WriteDir), so that a failure, a full
// disk or a second signal leaves what the folder held before.
type outDir struct{ dir string }

// addOutDir declares --out; what it holds, what, is the command's.
func addOutDir(fs *pflag.FlagSet, what string) *outDir {
	o := &outDir{}
	fs.StringVar(&o.dir, "out", "", fmt.Sprintf("write into `DIR`, as a whole (aside, then swapped in), %s", what))
	inGroup(fs, "out", "outputs", what)
	mustAnnotate(fs, "out", annotationOutput, "folder")
	return o
}

// given reports whether the flag names a folder.
func (o *outDir) given() bool { return o.dir != "" }

// check makes sure the folder can be written, as it will be.
func (o *outDir) check() error {
	if !o.given() {
		return nil
	}
	if err := outfile.CheckDir(o.dir); err != nil {
		return badInput(fmt.Errorf("--out: %w", err))
	}
	return nil
}

// write writes the folder with fill, which writes the files into the folder it is given
// and returns their names.
func (o *outDir) write(e *env, fill func(dir string) ([]string, error)) ([]string, error) {
	var names []string
	var staged string
	var fillErr error
	err := outfile.WriteDir(o.dir, func(stage string) error {
		if pause != nil {
			pause("out-fill", stage)
		}
		staged = stage
		names, fillErr = fill(stage)
		return fillErr
	})
	switch {
	case err == nil:
	case err == fillErr || errors.Is(err, outfile.ErrHalted):
		// The files were being written aside, which the user knows by the folder's name;
		// the folder was not touched.
		msg := err.Error()
		if staged != "" {
			msg = strings.ReplaceAll(msg, staged, o.dir)
		}
		return nil, fmt.Errorf("--out: %s; %s is left as it was", msg, o.dir)
	default:
		return nil, fmt.Errorf("--out: %w", err)
	}
	e.wrote("out")
	return names, nil
}

// namedFile is a file of a result folder.
type namedFile struct {
	name string
	data []byte
}

// writeFiles writes the files into the folder, if one was given, and says so on w.
func (o *outDir) writeFiles(e *env, w io.Writer, files []namedFile) error {
	if !o.given() {
		return nil
	}
	names, err := o.write(e, func(dir string) ([]string, error) {
		var names []string
		for _, f := range files {
			if err := outfile.WriteBytes(filepath.Join(dir, f.name), f.data); err != nil {
				return nil, err
			}
			names = append(names, f.name)
		}
		return names, nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s written to %s: %s\n", plural(len(names), "file", "files"), o.dir, strings.Join(names, ", "))
	return nil
}

// reportFlags are --out and --lang of a command that writes a report: the report's
// folder, and the language of the report and, for a command that prints its results in
// it (lang.prints), of what it prints.
type reportFlags struct {
	*outDir
	lang *langFlag
}

// addReportFlags declares --out, for what, and --lang.
func addReportFlags(fs *pflag.FlagSet, what string, prints bool) *reportFlags {
	return &reportFlags{outDir: addOutDir(fs, what), lang: addLangFlag(fs, prints)}
}

// reportOfRun is what --out holds for a command that writes the report of a run.
const reportOfRun = "the report: the summary as JSON, the tables as Markdown and CSV, every plot as SVG and PNG, and report.html, which shows them all"

// check refuses a language the reports do not speak, and a folder that cannot be written:
// before the work, not after it.
func (r *reportFlags) check() error {
	if err := r.lang.check(r.outDir); err != nil {
		return err
	}
	return r.outDir.check()
}

// writeReport writes the report with write into --out, if it was given, and says so on w.
func (r *reportFlags) writeReport(e *env, w io.Writer, write func(dir string) ([]string, error)) error {
	if !r.given() {
		return nil
	}
	names, err := r.write(e, write)
	if err != nil {
		return err
	}
	c := console{r.lang.lang}
	fmt.Fprintln(w, c.f("%s written to %s; open %s", c.plural(int64(len(names)), "file", "files"), r.dir, filepath.Join(r.dir, "report.html")))
	return nil
}

// writeRun writes the report of the results of a run into --out, if it was given, and
// says so on w.
func (r *reportFlags) writeRun(e *env, w io.Writer, res *sim.Results, rules *engine.Rules) error {
	return r.writeReport(e, w, func(dir string) ([]string, error) {
		return simulation.Write(dir, res, reports.Options{Lang: r.lang.lang, Rules: rules})
	})
}

// writeResults writes what a command computed: its text, on standard output or, when
// the JSON goes there (--json -), on standard error; its JSON, js, to --json; and its
// files into --out.
func writeResults(e *env, text []byte, js []byte, jsonOut *outputFile, out *outDir, files []namedFile) error {
	w := jsonOut.textOut(e)
	if _, err := w.Write(text); err != nil {
		return err
	}
	if err := jsonOut.write(e, func(w io.Writer) error { _, err := w.Write(js); return err }); err != nil {
		return err
	}
	return out.writeFiles(e, w, files)
}

// checkFiles checks the files and directories a command will write, in order, before
// anything slow: a path that cannot be written is refused at once, not after the work.
func checkFiles(outputs ...interface{ check() error }) error {
	for _, o := range outputs {
		if err := o.check(); err != nil {
			return err
		}
	}
	return nil
}

// writeComputed writes what a command computed: its text on text (print), its JSON to
// --json, and its report into --out (report), saying on text where the report went.
func writeComputed(e *env, text io.Writer, jsonOut *outputFile, out *reportFlags, print, writeJSON func(io.Writer) error, report func(dir string) ([]string, error)) error {
	if err := print(text); err != nil {
		return err
	}
	if err := jsonOut.write(e, writeJSON); err != nil {
		return err
	}
	return out.writeReport(e, text, report)
}

// checkOutputs checks the summary file and the report directory of a run before any
// game, so that a wrong path is refused at once, not after hours of games (each is written
// at the end, atomically), and sets the language of what the run prints to the report's.
// It returns where the run's table goes: stdout, or stderr when the summary takes stdout.
func checkOutputs(e *env, jsonOut *outputFile, out *reportFlags) (io.Writer, error) {
	table := jsonOut.textOut(e)
	if err := checkFiles(jsonOut, out); err != nil {
		return nil, err
	}
	e.lang = out.lang.lang
	return table, nil
}
