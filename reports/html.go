package reports

import (
	"bytes"
	"html/template"
	"strings"
)

// page is what report.html shows.
type page struct {
	Lang, Title string
	Labels      struct{ Parameters, Tables, Figures, Generated string }
	Params      []struct{ Name, Value string }
	// Footer says who wrote the page (provenanceFooter); empty, Labels.Generated does.
	Footer  []struct{ Text, Code string }
	Tables  []htmlTable
	Figures []htmlFigure
}

type htmlTable struct {
	Title, Note string
	Head        []string
	Rows        [][]string
}

type htmlFigure struct {
	Name, Title, Caption string
	SVG                  template.HTML
}

// The page is self-contained: the plots are inline SVG, the style is in the page, the
// fonts are the reader's own (Liberation Sans, or Arial or Helvetica, which share its
// metrics), and there is no script and no link to anything. A figure takes the width of
// the page's column, and no more height than the window (a tall figure then keeps its
// proportions in the middle of the column).
var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #111; background: #fff; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; }
h2 { font-size: 1.3rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.5rem; }
h3 { font-size: 1.05rem; margin: 1.6rem 0 .4rem; }
table { border-collapse: collapse; font-size: .85rem; margin: .3rem 0; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { border-bottom: 1px solid #888; font-weight: bold; vertical-align: bottom; white-space: normal; }
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
<section id="parameters">
<h2>{{.Labels.Parameters}}</h2>
<table class="params">
{{- range .Params}}
<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>
{{- end}}
</table>
</section>
<section id="tables">
<h2>{{.Labels.Tables}}</h2>
{{- range .Tables}}
<h3>{{.Title}}</h3>
<div class="scroll"><table>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table></div>
{{- if .Note}}
<p class="note">{{.Note}}</p>
{{- end}}
{{- end}}
</section>
<section id="figures">
<h2>{{.Labels.Figures}}</h2>
{{- range .Figures}}
<figure class="plot" id="figure-{{.Name}}">
{{.SVG}}<figcaption>{{.Caption}}</figcaption>
</figure>
{{- end}}
</section>
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

func renderPage(lang, title string, l *labels, params []param, tables []table, figs []figure, footer []footerLine) ([]byte, error) {
	pg := page{Lang: lang, Title: title}
	for _, f := range footer {
		pg.Footer = append(pg.Footer, struct{ Text, Code string }{f.text, f.code})
	}
	pg.Labels.Parameters, pg.Labels.Tables, pg.Labels.Figures, pg.Labels.Generated = l.parameters, l.tablesTitle, l.figuresTitle, l.generated
	for _, p := range params {
		pg.Params = append(pg.Params, struct{ Name, Value string }{p.name, p.value})
	}
	for _, t := range tables {
		pg.Tables = append(pg.Tables, htmlTable{Title: t.title, Note: t.note, Head: t.head, Rows: t.rows})
	}
	for _, f := range figs {
		pg.Figures = append(pg.Figures, htmlFigure{Name: f.name, Title: f.title, Caption: f.caption, SVG: inlineSVG(f.svg, f.title)})
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// html is report.html for a run.
func (r *report) html(figs []figure) ([]byte, error) {
	title := r.l.pageTitle
	if len(r.res.Pairs) > 0 {
		title = r.l.compareTitle
	}
	return renderPage(r.l.lang, title, r.l, r.params(), r.tables(), figs, r.footer())
}
