package rulefile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"yams/engine"
)

// A file may say which rules it was written for, on a line of its own before its rules:
// "rules: yatzy", "rules: hasbro --rule joker=free" (in French "règles : yatzy"), the rule
// set named as --rules and --rule name it. yams explain takes them as its rules when the
// command line gives none; every command that plays the file on other rules says so, in
// one line, and a file that does not compile on them says which rules it wants.

// DeclaredRules loads the rules the file says it was written for, nil without a line of
// rules. A path is read from the directory of the file (ReadFile's), else from the
// working directory.
func (f *File) DeclaredRules() (*engine.Rules, error) {
	ref := f.RuleSet
	if ref == nil {
		return nil, nil
	}
	name := ref.Name
	if _, preset := engine.PresetJSON(name); !preset && !filepath.IsAbs(name) && f.dir != "" {
		name = filepath.Join(f.dir, name)
	}
	r, err := engine.Load(name, ref.Options...)
	if err != nil {
		return nil, &Error{File: f.Name, Pos: ref.Pos, Msg: fmt.Sprintf("the rules the file was written for, %s: %v", ref, err)}
	}
	return r, nil
}

// SameRules reports whether a and b are the same rules to a rule file: the same game (the
// rules' hash) and the same box ids, which a file names.
func SameRules(a, b *engine.Rules) bool {
	if a.Hash() != b.Hash() || a.NumBoxes() != b.NumBoxes() {
		return false
	}
	return slices.EqualFunc(a.Boxes(), b.Boxes(), func(x, y engine.Box) bool { return x.ID == y.ID })
}

// PlayedOn returns the warning to give when the file is played on rules r, one line,
// or "" when the file says no rules or r are those it says.
func (f *File) PlayedOn(r *engine.Rules) string {
	if f.RuleSet == nil {
		return ""
	}
	declared, err := f.DeclaredRules()
	switch {
	case err != nil:
		return fmt.Sprintf("rule file %s: %v; played on rules %s", f.Name, err, r.Name())
	case SameRules(declared, r):
		return ""
	case declared.Name() == r.Name():
		return fmt.Sprintf("rule file %s was written for rules %s (its line %d), not for the rules it is played on, %s changed (rules hash %s, not %s)",
			f.Name, f.RuleSet, f.RuleSet.Pos.Line, r.Name(), r.Hash(), declared.Hash())
	}
	return fmt.Sprintf("rule file %s was written for rules %s (its line %d), not for the rules %s it is played on", f.Name, f.RuleSet, f.RuleSet.Pos.Line, r.Name())
}

// wantedRules adds to an error of compiling the file for rules r the rules the file says
// it was written for, when they are others: the fix of a box those rules have and r have
// not.
func (f *File) wantedRules(r *engine.Rules, err error) error {
	if f.RuleSet == nil || err == nil {
		return err
	}
	if declared, derr := f.DeclaredRules(); derr == nil && SameRules(declared, r) {
		return err
	}
	hint := fmt.Sprintf(" (the file was written for rules %s: play it with --rules %s)", f.RuleSet, f.RuleSet)
	if e, ok := err.(*Error); ok {
		return &Error{File: e.File, Pos: e.Pos, Msg: e.Msg + hint}
	}
	return fmt.Errorf("%w%s", err, hint)
}

// notify is where the package's notices go (SetNotify): one line each.
var notify atomic.Pointer[func(string)]

// SetNotify makes the package's notices (a file played on other rules than it says, a
// cached table of decisions found damaged) go to f, one line each without its newline;
// nil sends them to standard error, after "yams: ".
func SetNotify(f func(line string)) {
	if f == nil {
		notify.Store(nil)
		return
	}
	notify.Store(&f)
}

// tell gives a notice.
func tell(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if f := notify.Load(); f != nil {
		(*f)(line)
		return
	}
	fmt.Fprintf(os.Stderr, "yams: %s\n", line)
}
