package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
)

// Document is what a report shows, in report.html and (its tables) in Markdown: a
// title, a lead that says what the command did, the parameters, and sections of tables
// and figures, the section of what the command was run for first. The page opens with
// a table of contents that links every section, table and figure.
type Document struct {
	L        *Labels
	Title    string
	Lead     string // may name strategies in backquotes
	Params   []Param
	Sections []Section
	// footer says who wrote the report (provenanceFooter); without it, generated does.
	Footer    []FooterLine
	Generated string
}

// Section is a part of a report: its tables and figures, in the order shown.
type Section struct {
	id, title string
	items     []item
}

// item is a table or a figure of a section.
type item struct {
	table  *Table
	figure *Figure
}

// SectionOf returns a section of the tables (by id) and figures (by name) named, in
// that order, a name ending in * standing for all those it begins; those the report
// lacks are left out (the jokers of rules without jokers), and so is a section of none.
func SectionOf(id, title string, tables []Table, figs []Figure, names ...string) []Section {
	sec := Section{id: "section-" + id, title: title}
	match := func(n, name string) bool {
		prefix, wild := strings.CutSuffix(n, "*")
		return name == n || wild && strings.HasPrefix(name, prefix)
	}
	for _, n := range names {
		for i := range tables {
			if match(n, tables[i].ID) {
				sec.items = append(sec.items, item{table: &tables[i]})
			}
		}
		for i := range figs {
			if match(n, figs[i].Name) {
				sec.items = append(sec.items, item{figure: &figs[i]})
			}
		}
	}
	if len(sec.items) == 0 {
		return nil
	}
	return []Section{sec}
}

// showsAll returns an error unless every figure of figs stands in exactly one section of
// the document, and the document shows no other.
func (d *Document) showsAll(figs []Figure) error {
	shown := map[string]int{}
	for _, sec := range d.Sections {
		for _, it := range sec.items {
			if it.figure != nil {
				shown[it.figure.Name]++
			}
		}
	}
	for _, f := range figs {
		if shown[f.Name] != 1 {
			return fmt.Errorf("reports: the figure %s stands in %d sections of the page, want 1", f.Name, shown[f.Name])
		}
		delete(shown, f.Name)
	}
	for name := range shown {
		return fmt.Errorf("reports: the page shows the figure %s, which the report does not write", name)
	}
	return nil
}

// Code marks a strategy's name in prose: in backquotes, which the page shows in code
// font and Markdown as code. A name with a backquote of its own stays plain.
func Code(name string) string {
	if strings.Contains(name, "`") {
		return name
	}
	return "`" + name + "`"
}

// Plain returns prose without its backquotes, for a figure's text.
func Plain(s string) string { return strings.ReplaceAll(s, "`", "") }

// richHTML returns prose as HTML: escaped, each name in backquotes in code font.
func richHTML(s string) template.HTML {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an odd backquote: no code
		return template.HTML(template.HTMLEscapeString(s))
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + template.HTMLEscapeString(p) + "</code>")
		} else {
			b.WriteString(template.HTMLEscapeString(p))
		}
	}
	return template.HTML(b.String())
}

// listOf joins names in prose: "a", "a and b", "a, b and c".
func (l *Labels) ListOf(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + l.And + names[len(names)-1]
}

// Codes returns the names in backquotes.
func Codes(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = Code(n)
	}
	return out
}

// markdown writes the document's tables as Markdown: the title, the lead, the
// parameters, and each section's tables under its title.
func (d *Document) Markdown() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.Title)
	if d.Lead != "" {
		b.WriteString(d.Lead + "\n\n")
	}
	markdownParams(&b, d.L, d.Params)
	for _, sec := range d.Sections {
		var tables []Table
		for _, it := range sec.items {
			if it.table != nil {
				tables = append(tables, *it.table)
			}
		}
		if len(tables) == 0 {
			continue
		}
		fmt.Fprintf(&b, "## %s\n\n", sec.title)
		for _, t := range tables {
			markdownTable(&b, t)
		}
	}
	markdownFooter(&b, d.Footer)
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

// markdownTable writes a table as Markdown: the first column and a column of prose
// left-aligned, the others, of numbers, right-aligned.
func markdownTable(b *strings.Builder, t Table) {
	fmt.Fprintf(b, "### %s\n\n", t.Title)
	b.WriteString("| " + strings.Join(escapeCells(t.Head), " | ") + " |\n")
	b.WriteString("|---")
	for k := range t.Head[1:] {
		if t.Wrap > 0 && k+1 == t.Wrap {
			b.WriteString("|---")
		} else {
			b.WriteString("|--:")
		}
	}
	b.WriteString("|\n")
	for _, row := range t.Rows {
		b.WriteString("| " + strings.Join(escapeCells(row), " | ") + " |\n")
	}
	if t.Note != "" {
		b.WriteString("\n" + t.Note + "\n")
	}
	b.WriteString("\n")
}

func escapeCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.ReplaceAll(c, "|", `\|`)
	}
	return out
}

func markdownParams(b *strings.Builder, l *Labels, ps []Param) {
	fmt.Fprintf(b, "## %s\n\n", l.Parameters)
	for _, p := range ps {
		fmt.Fprintf(b, "- %s%s%s\n", p.Name, l.Colon, p.Value)
	}
	b.WriteString("\n")
}

// longContents is the most entries the contents list in one column.
const longContents = 12

// page is what report.html shows.
type page struct {
	Lang, Title string
	Lead        template.HTML
	Labels      struct{ Contents, Parameters, Generated string }
	Params      []struct{ Name, Value string }
	Sections    []htmlSection
	// LongContents lays the contents out in two columns, a section never split between
	// them.
	LongContents bool
	// Footer says who wrote the page (provenanceFooter); empty, Labels.Generated does.
	Footer []struct{ Text, Code string }
}

type htmlSection struct {
	ID, Title string
	Items     []htmlItem
}

// htmlItem is a table or a figure of a section: ID and Title are either's, for the
// table of contents.
type htmlItem struct {
	ID           string
	Title, Entry template.HTML // the heading, and the entry of the table of contents
	Table        *htmlTable
	Fig          *htmlFigure
}

type htmlTable struct {
	Note template.HTML
	Head []htmlCell
	Rows [][]htmlCell
}

type htmlCell struct {
	Text string
	Wrap bool
}

type htmlFigure struct {
	Caption template.HTML
	SVG     template.HTML
}

// The page is self-contained: the plots are inline SVG, the style is in the page, the
// fonts are the reader's own (Liberation Sans, or Arial or Helvetica, which share its
// metrics), and there is no script and no link to anything but its own parts. A figure
// takes the width of the page's column, and no more height than the window (a tall
// figure then keeps its proportions in the middle of the column). The columns of
// numbers do not wrap; a column of prose (a sheet in words) does. Long contents stand
// in two columns, each section whole in one of them.
var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #111; background: #fff; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; margin-bottom: .4rem; }
h2 { font-size: 1.3rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.5rem; }
h3 { font-size: 1.05rem; margin: 1.6rem 0 .4rem; }
p.lead { font-size: 1.05rem; max-width: 50rem; margin-top: 0; }
code { font-family: "Liberation Mono", Menlo, Consolas, monospace; font-size: .92em; }
nav.contents { font-size: .9rem; background: #f6f6f6; padding: .6rem 1rem; max-width: 50rem; }
nav.contents h2 { font-size: 1rem; border: 0; margin: 0 0 .3rem; padding: 0; }
nav.contents ol { margin: 0; padding-left: 1.4rem; }
nav.contents ol ol { list-style: disc; }
nav.contents ol.long { columns: 2; column-gap: 2rem; }
nav.contents li { break-inside: avoid; }
@media (max-width: 40rem) { nav.contents ol.long { columns: 1; } }
nav.contents a { color: #0645ad; text-decoration: none; }
table { border-collapse: collapse; font-size: .85rem; margin: .3rem 0; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { border-bottom: 1px solid #888; font-weight: bold; vertical-align: bottom; white-space: normal; }
th.wrap, td.wrap { white-space: normal; text-align: left; min-width: 14rem; }
.scroll { overflow-x: auto; }
table.params td { text-align: left; white-space: normal; }
p.note { font-size: .8rem; color: #444; max-width: 50rem; }
figure.plot { margin: 2rem 0; }
figure.plot svg { display: block; width: 100%; height: auto; max-height: 92vh; }
figcaption { font-size: .85rem; color: #333; max-width: 50rem; margin-top: .4rem; }
footer { font-size: .75rem; color: #666; margin-top: 3rem; }
</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
{{- if .Lead}}
<p class="lead">{{.Lead}}</p>
{{- end}}
<nav class="contents" aria-labelledby="contents">
<h2 id="contents">{{.Labels.Contents}}</h2>
<ol{{if .LongContents}} class="long"{{end}}>
<li><a href="#parameters">{{.Labels.Parameters}}</a></li>
{{- range .Sections}}
<li><a href="#{{.ID}}">{{.Title}}</a>
<ol>
{{- range .Items}}
<li><a href="#{{.ID}}">{{.Entry}}</a></li>
{{- end}}
</ol></li>
{{- end}}
</ol>
</nav>
<section id="parameters">
<h2>{{.Labels.Parameters}}</h2>
<table class="params">
{{- range .Params}}
<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>
{{- end}}
</table>
</section>
{{- range .Sections}}
<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{- range .Items}}
{{- if .Table}}
<h3 id="{{.ID}}">{{.Title}}</h3>
<div class="scroll"><table>
<thead><tr>{{range .Table.Head}}<th{{if .Wrap}} class="wrap"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Table.Rows}}
<tr>{{range .}}<td{{if .Wrap}} class="wrap"{{end}}>{{.Text}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table></div>
{{- if .Table.Note}}
<p class="note">{{.Table.Note}}</p>
{{- end}}
{{- else}}
<figure class="plot" id="{{.ID}}">
{{.Fig.SVG}}<figcaption>{{.Fig.Caption}}</figcaption>
</figure>
{{- end}}
{{- end}}
</section>
{{- end}}
<footer>{{range .Footer}}
<p>{{.Text}}{{if .Code}} <code>{{.Code}}</code>{{end}}</p>{{else}}{{.Labels.Generated}}{{end}}</footer>
</main>
</body>
</html>
`))

// inlineSVG prepares an SVG file to sit in a page: without its XML prolog, and labelled
// for screen readers.
func inlineSVG(svg []byte, title string) template.HTML {
	s := string(svg)
	s = strings.TrimPrefix(s, `<?xml version="1.0"?>`+"\n")
	s = strings.Replace(s, "<svg ", `<svg role="img" aria-label="`+template.HTMLEscapeString(title)+`" `, 1)
	return template.HTML(s) // drawn by gonum/plot, which escapes its text
}

// html renders the document as report.html.
func (d *Document) html() ([]byte, error) {
	pg := page{Lang: d.L.Lang, Title: d.Title, Lead: richHTML(d.Lead)}
	pg.Labels.Contents, pg.Labels.Parameters, pg.Labels.Generated = d.L.Contents, d.L.Parameters, d.Generated
	for _, p := range d.Params {
		pg.Params = append(pg.Params, struct{ Name, Value string }{p.Name, p.Value})
	}
	for _, f := range d.Footer {
		pg.Footer = append(pg.Footer, struct{ Text, Code string }{f.text, f.code})
	}
	for _, sec := range d.Sections {
		hs := htmlSection{ID: sec.id, Title: sec.title}
		for _, it := range sec.items {
			if t := it.table; t != nil {
				ht := &htmlTable{Note: richHTML(t.Note)}
				cells := func(row []string) []htmlCell {
					out := make([]htmlCell, len(row))
					for k, c := range row {
						out[k] = htmlCell{Text: c, Wrap: t.Wrap > 0 && k == t.Wrap}
					}
					return out
				}
				ht.Head = cells(t.Head)
				for _, row := range t.Rows {
					ht.Rows = append(ht.Rows, cells(row))
				}
				hs.Items = append(hs.Items, htmlItem{ID: t.ID, Title: richHTML(t.Title), Entry: richHTML(fmt.Sprintf(d.L.TableItem, t.Title)), Table: ht})
				continue
			}
			f := it.figure
			hs.Items = append(hs.Items, htmlItem{ID: "figure-" + f.Name, Title: richHTML(f.Title), Entry: richHTML(fmt.Sprintf(d.L.FigureItem, f.Title)),
				Fig: &htmlFigure{Caption: richHTML(f.Caption), SVG: inlineSVG(f.SVG, Plain(f.Title))}})
		}
		pg.Sections = append(pg.Sections, hs)
	}
	entries := 0
	for _, sec := range pg.Sections {
		entries += 1 + len(sec.Items)
	}
	pg.LongContents = entries > longContents
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Table is a table of a report, written as Markdown (summary.md) and as HTML
// (report.html) from the same cells. Its title and note may name strategies in
// backquotes (code), which the page shows in code font; wrap is the column of prose
// (a sheet in words) that the page wraps, 0 for none.
type Table struct {
	ID    string // an id of the page, unique in the report
	Title string
	Head  []string
	Rows  [][]string
	Note  string
	Wrap  int
}

// Param is a line of the parameters of a run.
type Param struct{ Name, Value string }
