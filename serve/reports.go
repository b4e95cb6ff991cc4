package serve

import (
	"bytes"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
)

// reportsCSP lets a report show its inline style and pictures, and run nothing: a report
// (report.html) is a self-contained page without scripts.
const reportsCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox; frame-ancestors 'none'"

// maxReports bounds the reports listed, and reportDepth how deep under --reports they are
// looked for.
const (
	maxReports  = 1000
	reportDepth = 4
)

var reportsTemplate = template.Must(template.New("reports").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;line-height:1.5}li{margin:.2rem 0}a{word-break:break-all}</style>
</head><body><h1>{{.Title}}</h1><p>{{.Intro}}</p>
{{if .Reports}}<ul>{{range .Reports}}<li><a href="/reports/{{.}}/report.html">{{.}}</a></li>{{end}}</ul>{{else}}<p>{{.None}}</p>{{end}}
<p><a href="/">{{.Back}}</a></p></body></html>
`))

// serveReports answers GET /reports/: the list of the reports under --reports, and
// /reports/PATH: a file of one of them, read-only. Nothing outside the folder is served:
// it is opened as an os.Root, which refuses a path or a link that leads out of it.
func (s *Server) serveReports(w http.ResponseWriter, r *http.Request) {
	if s.reports == nil {
		s.reportsOff(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", reportsCSP)
	if r.URL.Path != "/reports/" {
		http.StripPrefix("/reports/", http.FileServerFS(s.reports.FS())).ServeHTTP(w, r)
		return
	}
	fr := s.lang(r) == "fr"
	data := map[string]any{"Lang": s.lang(r), "Reports": s.reportDirs(),
		"Title": "Reports", "Intro": "The reports under " + s.cfg.Reports + ", read-only.", "None": "No report here: yams sim --out DIR, under this folder, writes one.", "Back": "Play"}
	if fr {
		data["Title"], data["Intro"], data["None"], data["Back"] = "Rapports", "Les rapports sous "+s.cfg.Reports+", en lecture seule.",
			"Pas de rapport ici : yams sim --out DOSSIER, sous ce dossier, en écrit un.", "Jouer"
	}
	var b bytes.Buffer
	if err := reportsTemplate.Execute(&b, data); err != nil {
		s.fail(w, r, internalError(err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

// reportDirs lists the folders under --reports that hold a report.html, by path.
func (s *Server) reportDirs() []string {
	var dirs []string
	root := s.reports.FS()
	fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // an unreadable folder is left out
		case d.IsDir() && (strings.Count(p, "/") >= reportDepth || strings.HasPrefix(d.Name(), ".") && p != "."):
			return fs.SkipDir
		case !d.IsDir() && d.Name() == "report.html":
			dirs = append(dirs, path.Dir(p))
			if len(dirs) >= maxReports {
				return fs.SkipAll
			}
		}
		return nil
	})
	slices.Sort(dirs)
	return dirs
}
