package main

import (
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"yams/internal/exhaustive"
)

// docExample is a command line of the manual (doc.go), "$ yams ARGS" or
// "$ echo 'INPUT' | yams ARGS", with the output the manual shows for it.
type docExample struct {
	line  string
	stdin string
	args  []string
	want  []string // lines of output; "..." stands for any number of lines
}

// manual returns the package documentation, as go doc shows it.
func manual(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(f.Doc.Text(), "\n")
}

// docExamples returns the examples of the manual: in its blocks of code, each line that
// starts with "$ ", and the lines after it up to the next example or the end of the block.
func docExamples(t *testing.T) []docExample {
	t.Helper()
	lines := manual(t)
	var examples []docExample
	inBlock := func(i int) bool { // line i is in a block of code, blank lines between two of its lines too
		for ; i < len(lines); i++ {
			if lines[i] != "" {
				return strings.HasPrefix(lines[i], "\t")
			}
		}
		return false
	}
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "\t$ ")
		if !ok {
			continue
		}
		ex := docExample{line: cmd}
		if input, rest, piped := strings.Cut(cmd, " | "); piped {
			ex.stdin = strings.Trim(strings.TrimPrefix(input, "echo "), "'")
			cmd = rest
		}
		fields := strings.Fields(cmd)
		if len(fields) == 0 || fields[0] != "yams" {
			t.Fatalf("manual: an example runs yams: %q", lines[i])
		}
		ex.args = fields[1:]
		for i+1 < len(lines) && inBlock(i+1) && !strings.HasPrefix(lines[i+1], "\t$ ") {
			i++
			ex.want = append(ex.want, strings.TrimPrefix(lines[i], "\t"))
		}
		for len(ex.want) > 0 && ex.want[len(ex.want)-1] == "" {
			ex.want = ex.want[:len(ex.want)-1]
		}
		examples = append(examples, ex)
	}
	return examples
}

// matchLines reports whether got matches want, line by line, "..." in want standing for
// any number of lines.
func matchLines(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(got[k:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(got[1:], want[1:])
}

// longExamples are the examples of the manual that take seconds (a hundred thousand
// games valued turn by turn, three 13-box objectives solved and analysed): they run in
// the exhaustive run. The others run in the default run, a new example too.
var longExamples = map[string]bool{
	"yams sim --regret --strategy greedy --games 100000": true,
	"yams frontier --rules yams-app --thetas 0.02":       true,
}

// The examples of the manual run as shown: in order, in a directory of their own (an
// example may read the files an earlier one wrote), each printing what the manual says
// it prints, the timings aside. An example whose output is an error line ("yams: ...")
// must fail with status 2.
func TestManualExamples(t *testing.T) {
	examples := docExamples(t)
	if len(examples) < 5 {
		t.Fatalf("the manual has %d examples", len(examples))
	}
	for line := range longExamples {
		if !slices.ContainsFunc(examples, func(ex docExample) bool { return ex.line == line }) {
			t.Errorf("longExamples holds %q, which the manual no longer shows", line)
		}
	}
	t.Chdir(t.TempDir())
	for _, ex := range examples {
		t.Run(ex.line, func(t *testing.T) {
			if longExamples[ex.line] {
				exhaustive.Only(t)
			}
			out, errOut, code := execYams(t, ex.stdin, ex.args...)
			got := strings.Split(strings.TrimSuffix(scrubTimings(out+errOut), "\n"), "\n")
			want := strings.Split(scrubTimings(strings.Join(ex.want, "\n")), "\n")
			if !matchLines(got, want) {
				t.Errorf("the manual shows\n%s\nyams prints\n%s", strings.Join(want, "\n"), strings.Join(got, "\n"))
			}
			failing := len(ex.want) > 0 && strings.HasPrefix(ex.want[0], "yams: ")
			if failing && code != 2 || !failing && code != 0 {
				t.Errorf("exit status %d, stderr %q", code, errOut)
			}
		})
	}
}

// Each synopsis of the manual ("yams NAME [flags]..." in a block of code) is the one
// the command's help builds from its flags, and every command has one.
func TestManualSynopses(t *testing.T) {
	var documented []string
	for _, line := range manual(t) {
		syn, ok := strings.CutPrefix(line, "\tyams ")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(syn, " ")
		if commands[name] == nil {
			continue
		}
		documented = append(documented, name)
		t.Run(name, func(t *testing.T) {
			help, _, code := execYams(t, "", name, "--help")
			first, _, _ := strings.Cut(help, "\n")
			if code != 0 || first != "Usage: "+strings.TrimPrefix(line, "\t") {
				t.Errorf("the manual shows\n%s\nthe help says\n%s", strings.TrimPrefix(line, "\t"), first)
			}
		})
	}
	for _, name := range commandNames() {
		if !slices.Contains(documented, name) {
			t.Errorf("the manual has no synopsis of yams %s", name)
		}
	}
}
