package reports

import (
	"fmt"
	"strconv"
	"strings"

	"yams/internal/provenance"
	"yams/sim"
)

// The provenance of a report: the footer of report.html and the end of its Markdown say
// which yams wrote it, when and with what command, which commands played its games when
// others did (a merge, a resume, a report of a saved summary), and each bot's command.

// FooterLine is a line of a report's footer: words, then a command line set as code.
type FooterLine struct{ text, code string }

// maxRunLines is the most runs a footer lists one by one; the summary file lists them all.
const maxRunLines = 4

// ProvenanceFooter returns the lines of the footer: the writer, the runs that played the
// games (runs; none when the writer played them all) and the bots of summaries; nil when
// the writer is not known (results of a yams that did not record it).
func ProvenanceFooter(l *Labels, writer *provenance.Record, runs []provenance.Run, summaries []*sim.Summary) []FooterLine {
	if writer == nil {
		return nil
	}
	lines := []FooterLine{{fmt.Sprintf(l.WrittenBy, recordDate(writer), l.build(writer.Yams)), writer.Command}}
	for i, run := range runs {
		if i == maxRunLines && len(runs) > maxRunLines+1 {
			lines = append(lines, FooterLine{fmt.Sprintf(l.MoreRuns, len(runs)-maxRunLines), ""})
			break
		}
		by := l.build(run.Yams)
		if run.Yams == writer.Yams {
			by = l.SameYams
		}
		lines = append(lines, FooterLine{fmt.Sprintf(l.PlayedBy, l.Count(run.First), l.Count(run.First+run.Games-1), recordDate(&run.Record), by), run.Command})
	}
	for _, s := range summaries {
		if b := s.Bot; b != nil {
			lines = append(lines, FooterLine{fmt.Sprintf(l.BotBy, s.Strategy, strconv.Quote(b.Name), strconv.Quote(b.Version)), provenance.Quote(b.Command)})
		}
	}
	return lines
}

// shortRevision is the length of a revision a footer shows, as provenance.Build.String
// shows it; the summary file holds the whole.
const shortRevision = 12

// build describes a build of yams in the language, as provenance.Build.String does in
// English: "yams VERSION (revision REV, modified; go1.26.8)", or "(no revision
// recorded; ...)" when the go command stamped none.
func (l *Labels) build(b provenance.Build) string {
	version := b.Version
	if version == "" {
		version = l.UnknownVersion
	}
	var parts []string
	switch {
	case b.Revision != "":
		rev := fmt.Sprintf(l.Revision, b.Revision[:min(len(b.Revision), shortRevision)])
		if b.RevisionFrom == "git" {
			rev += l.FromGit
		}
		if b.Modified {
			rev += l.Modified
		}
		parts = append(parts, rev)
	default:
		parts = append(parts, l.NoRevision)
	}
	if b.Go != "" {
		parts = append(parts, b.Go)
	}
	return fmt.Sprintf("yams %s (%s)", version, strings.Join(parts, "; "))
}

// recordDate is the date of a record as a footer shows it: "2026-07-01 15:04:05 UTC".
func recordDate(r *provenance.Record) string {
	t, ok := r.Time()
	if !ok {
		return r.Date
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

// markdownFooter ends a Markdown report with its footer, after a rule.
func markdownFooter(b *strings.Builder, lines []FooterLine) {
	if len(lines) == 0 {
		return
	}
	b.WriteString("\n---\n\n")
	for _, f := range lines {
		b.WriteString(f.text)
		if f.code != "" {
			b.WriteString(" " + codeSpan(f.code))
		}
		b.WriteString("\n\n")
	}
}

// codeSpan sets s as Markdown code, with as many backquotes around it as it needs.
func codeSpan(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.Contains(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
