package deploy

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// instruction is one instruction of a Containerfile: its continuation lines joined, its
// spaces collapsed, and the line where it starts.
type instruction struct {
	line int
	text string
}

// stages parses a Containerfile into its stages, each the list of its instructions from
// its FROM. Comments and blank lines are left out.
func stages(t *testing.T, name, data string) [][]instruction {
	t.Helper()
	var all [][]instruction
	var cur []string
	start := 0
	for i, line := range strings.Split(data, "\n") {
		trimmed := strings.TrimSpace(line)
		if len(cur) == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if len(cur) == 0 {
			start = i + 1
		}
		cont := strings.HasSuffix(trimmed, `\`)
		cur = append(cur, strings.TrimSuffix(trimmed, `\`))
		if cont {
			continue
		}
		in := instruction{start, strings.Join(strings.Fields(strings.Join(cur, " ")), " ")}
		cur = nil
		if strings.HasPrefix(in.text, "FROM ") {
			all = append(all, nil)
		}
		if len(all) == 0 {
			t.Fatalf("%s:%d: an instruction before the first FROM: %s", name, in.line, in.text)
		}
		all[len(all)-1] = append(all[len(all)-1], in)
	}
	if len(cur) > 0 {
		t.Fatalf("%s:%d: the file ends in a continued line", name, start)
	}
	if len(all) == 0 {
		t.Fatalf("%s: no FROM", name)
	}
	return all
}

// fromBuildStage rewrites an instruction of the Containerfile's runtime stage as
// Containerfile.runtime writes it: a COPY from the build stage's /out copies the same path
// from the context. It returns the paths copied, as the context names them.
func fromBuildStage(in string) (string, []string, error) {
	fields := strings.Fields(in)
	if fields[0] != "COPY" {
		return in, nil, nil
	}
	if !slices.Contains(fields, "--from=build") {
		return "", nil, fmt.Errorf("a COPY not from the build stage: %s", in)
	}
	fields = slices.DeleteFunc(fields, func(f string) bool { return f == "--from=build" })
	sources, err := copySources(fields)
	if err != nil {
		return "", nil, err
	}
	for i, f := range fields {
		if !slices.Contains(sources, f) {
			continue
		}
		rel, ok := strings.CutPrefix(f, "/out/")
		if !ok {
			return "", nil, fmt.Errorf("a COPY from outside the build stage's /out: %s", in)
		}
		fields[i] = rel
	}
	sources, _ = copySources(fields)
	return strings.Join(fields, " "), sources, nil
}

// copySources returns the sources of a COPY: its arguments but the flags and the last.
func copySources(fields []string) ([]string, error) {
	var args []string
	for _, f := range fields[1:] {
		if !strings.HasPrefix(f, "--") {
			args = append(args, f)
		}
	}
	if len(args) < 2 {
		return nil, fmt.Errorf("a COPY without a source and a destination: %s", strings.Join(fields, " "))
	}
	return args[:len(args)-1], nil
}

// runtimeDifferences compares the runtime stage of the Containerfile (its last stage)
// with Containerfile.runtime, instruction by instruction, and returns their differences
// and the paths that both copy from their context (the build stage's /out there).
func runtimeDifferences(t *testing.T, containerfile, runtime string) (diffs, sources []string) {
	t.Helper()
	full := stages(t, "Containerfile", containerfile)
	alone := stages(t, "Containerfile.runtime", runtime)
	if len(alone) != 1 {
		diffs = append(diffs, fmt.Sprintf("Containerfile.runtime has %d stages, want 1: it is the runtime stage alone", len(alone)))
	}
	if alone[0][0].text != "FROM scratch" {
		diffs = append(diffs, fmt.Sprintf("Containerfile.runtime:%d: %s, want FROM scratch: it is built offline, from no registry", alone[0][0].line, alone[0][0].text))
	}
	last := full[len(full)-1]
	for i := range max(len(last), len(alone[0])) {
		var a, b instruction
		if i < len(last) {
			a = last[i]
			text, src, err := fromBuildStage(a.text)
			if err != nil {
				diffs = append(diffs, fmt.Sprintf("Containerfile:%d: %v", a.line, err))
				continue
			}
			a.text = text
			sources = append(sources, src...)
		}
		if i < len(alone[0]) {
			b = alone[0][i]
		}
		if a.text != b.text {
			diffs = append(diffs, fmt.Sprintf("Containerfile:%d %q (its build stage's /out as the context), Containerfile.runtime:%d %q", a.line, a.text, b.line, b.text))
		}
	}
	return diffs, sources
}

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const (
	containerfile = "../Containerfile"
	runtimeFile   = "image/Containerfile.runtime"
	buildImage    = "build-image.sh"
)

// The runtime stage of the Containerfile and Containerfile.runtime state the same image.
func TestRuntimeStagesAgree(t *testing.T) {
	diffs, sources := runtimeDifferences(t, read(t, containerfile), read(t, runtimeFile))
	for _, d := range diffs {
		t.Error(d)
	}
	if len(sources) == 0 {
		t.Fatal("the runtime stage copies nothing")
	}
	// Each path the runtime stage copies is made (by mkdir -p, cp -R or go build -o) by
	// the Containerfile's build stage in /out and by build-image.sh in its context.
	full := stages(t, "Containerfile", read(t, containerfile))
	var build strings.Builder
	for _, in := range slices.Concat(full[:len(full)-1]...) {
		build.WriteString(in.text + "\n")
	}
	script := read(t, buildImage)
	made := func(text, prefix, suffix, src string) bool {
		return regexp.MustCompile(`(mkdir -p [^;\n]*|cp -R \S+ |-o )` + regexp.QuoteMeta(prefix+src+suffix)).MatchString(text)
	}
	for _, src := range sources {
		src = path.Clean(src)
		if !made(build.String(), "/out/", "", src) {
			t.Errorf("the runtime stage copies /out/%s, which the Containerfile's build stage does not make", src)
		}
		if !made(script, `"$context/`, `"`, src) {
			t.Errorf("Containerfile.runtime copies %s, which %s does not put in its context", src, buildImage)
		}
	}
}

// edit returns data with an argument added to the instruction that starts on line n
// (counted from 1).
func edit(data string, n int) string {
	lines := strings.Split(data, "\n")
	keyword, rest, _ := strings.Cut(lines[n-1], " ")
	lines[n-1] = keyword + " --edited " + rest
	return strings.Join(lines, "\n")
}

// A change of any one instruction of either file is caught: the comparison reads every line.
func TestRuntimeStagesDifferOnEveryLine(t *testing.T) {
	full, runtime := read(t, containerfile), read(t, runtimeFile)
	edited := 0
	for _, in := range stages(t, "Containerfile.runtime", runtime)[0] {
		if diffs, _ := runtimeDifferences(t, full, edit(runtime, in.line)); len(diffs) == 0 {
			t.Errorf("Containerfile.runtime:%d edited: no difference found", in.line)
		}
		edited++
	}
	all := stages(t, "Containerfile", full)
	for _, in := range all[len(all)-1] {
		if diffs, _ := runtimeDifferences(t, edit(full, in.line), runtime); len(diffs) == 0 {
			t.Errorf("Containerfile:%d edited: no difference found", in.line)
		}
	}
	if edited < 10 {
		t.Errorf("Containerfile.runtime has %d instructions: is it read whole?", edited)
	}
	// An instruction left out of one of them is caught too.
	lines := strings.Split(runtime, "\n")
	last := stages(t, "Containerfile.runtime", runtime)[0]
	lines[last[len(last)-1].line-1] = ""
	if diffs, _ := runtimeDifferences(t, full, strings.Join(lines, "\n")); len(diffs) == 0 {
		t.Error("Containerfile.runtime without its last instruction: no difference")
	}
}

// yams is built by the same command in the Containerfile and in build-image.sh, but for
// where it is written: static, without paths of the machine, with the commit.
func TestSameBuildOfYams(t *testing.T) {
	build := regexp.MustCompile(`CGO_ENABLED=0 go build (.+?) -o \S+ \./cmd/yams`)
	var flags []string
	for _, name := range []string{containerfile, buildImage} {
		m := build.FindAllStringSubmatch(read(t, name), -1)
		if len(m) != 1 {
			t.Fatalf("%s: %d commands CGO_ENABLED=0 go build ... -o FILE ./cmd/yams, want 1", name, len(m))
		}
		flags = append(flags, m[0][1])
	}
	if flags[0] != flags[1] {
		t.Errorf("yams is built with %q in the Containerfile, %q in %s", flags[0], flags[1], buildImage)
	}
	for _, f := range []string{"-trimpath", "-buildvcs="} {
		if !strings.Contains(flags[0], f) {
			t.Errorf("the build of yams lacks %s: %s", f, flags[0])
		}
	}
	// Both lay out the user from the same files.
	for _, name := range []string{containerfile, buildImage} {
		if !strings.Contains(read(t, name), "deploy/image/etc") {
			t.Errorf("%s does not take the user and its group from deploy/image/etc", name)
		}
	}
}

// The image's user is that of its /etc/passwd and /etc/group, and owns its directories.
func TestImageUser(t *testing.T) {
	runtime := stages(t, "Containerfile.runtime", read(t, runtimeFile))[0]
	var user string
	var chowns []string
	for _, in := range runtime {
		if u, ok := strings.CutPrefix(in.text, "USER "); ok {
			user = u
		}
		for _, f := range strings.Fields(in.text) {
			if c, ok := strings.CutPrefix(f, "--chown="); ok {
				chowns = append(chowns, c)
			}
		}
	}
	uid, gid, ok := strings.Cut(user, ":")
	if !ok || uid == "0" || uid == "root" {
		t.Fatalf("USER %q: want UID:GID, not root", user)
	}
	if len(chowns) == 0 {
		t.Error("the image's user owns no directory")
	}
	for _, c := range chowns {
		if c != user {
			t.Errorf("--chown=%s, but the image runs as %s", c, user)
		}
	}
	passwd := strings.Split(strings.TrimSpace(read(t, "image/etc/passwd")), ":")
	group := strings.Split(strings.TrimSpace(read(t, "image/etc/group")), ":")
	if len(passwd) != 7 || passwd[2] != uid || passwd[3] != gid {
		t.Errorf("image/etc/passwd %q: want one user %s:%s", passwd, uid, gid)
	}
	if len(group) != 4 || group[2] != gid || group[0] != passwd[0] {
		t.Errorf("image/etc/group %q: want the group %s of user %s", group, gid, passwd[0])
	}
}
