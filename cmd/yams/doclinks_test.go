package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// mdLink matches a Markdown link or image, [text](target) or ![alt](target), its target
// without a title.
var mdLink = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// codeSpan matches an inline code span, whose brackets are not links.
var codeSpan = regexp.MustCompile("`[^`]*`")

// headingAnchors returns the anchors GitHub gives the headings of a Markdown text: each
// heading's text lower-cased, without its punctuation and markup, spaces turned into
// hyphens, and "-1", "-2", ... after the second and later headings of the same anchor.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		// A link in a heading counts by its text.
		title = mdLink.ReplaceAllStringFunc(title, func(l string) string {
			return l[strings.IndexByte(l, '[')+1 : strings.IndexByte(l, ']')]
		})
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// brokenLinks returns the relative links of the Markdown file at path that lead nowhere:
// to a file that does not exist, or to an anchor that is not a heading of its file.
// Links to the web are not followed.
func brokenLinks(path string) ([]string, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var broken []string
	inCode := false
	for n, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			dest := path
			if file != "" {
				dest = filepath.Join(filepath.Dir(path), file)
				if _, err := os.Stat(dest); err != nil {
					broken = append(broken, fmt.Sprintf("%s:%d: %s: no file %s", path, n+1, target, dest))
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				broken = append(broken, fmt.Sprintf("%s:%d: %s: an anchor in a file that is not Markdown", path, n+1, target))
				continue
			}
			destText, err := os.ReadFile(dest)
			if err != nil {
				return nil, err
			}
			if !headingAnchors(string(destText))[anchor] {
				broken = append(broken, fmt.Sprintf("%s:%d: %s: no heading of %s has the anchor #%s", path, n+1, target, dest, anchor))
			}
		}
	}
	return broken, nil
}

// Every relative link of README.md and docs/*.md leads to a file of the repository, and
// every anchor to a heading of its file.
func TestDocumentationLinks(t *testing.T) {
	for _, path := range docFiles(t) {
		broken, err := brokenLinks(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range broken {
			t.Error(b)
		}
	}
}

// The link check can fail, and reads anchors as GitHub makes them.
func TestDocumentationLinksCheck(t *testing.T) {
	dir := t.TempDir()
	other := "# Other\n\n## The summary file (`--json`)\n\n## Playing for a goal: `risk:θ`\n\n## Notes\n\n## Notes\n"
	doc := "# Doc\n\n## Here's one, [linked](other.md)\n\n" +
		"[a](other.md#the-summary-file---json) [b](other.md#playing-for-a-goal-riskθ) [c](other.md#notes-1) [d](#heres-one-linked)\n" +
		"![img](pic.png) [web](https://example.org/x#y) `[not a link](nowhere.md)`\n" +
		"```\n[in code](nowhere.md)\n```\n" +
		"[e](missing.md) [f](other.md#no-such) [g](#nope) [h](other.md#notes-2)\n"
	for name, text := range map[string]string{"doc.md": doc, "other.md": other, "pic.png": "png"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	broken, err := brokenLinks(filepath.Join(dir, "doc.md"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range broken {
		got = append(got, b[strings.Index(b, ".md:")+4:])
	}
	want := []string{
		"10: missing.md: no file " + filepath.Join(dir, "missing.md"),
		"10: other.md#no-such: no heading of " + filepath.Join(dir, "other.md") + " has the anchor #no-such",
		"10: #nope: no heading of " + filepath.Join(dir, "doc.md") + " has the anchor #nope",
		"10: other.md#notes-2: no heading of " + filepath.Join(dir, "other.md") + " has the anchor #notes-2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("broken links\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
