package serve

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// reportsCSP lets a report show its inline style and pictures, and run nothing: a report
// (report.html) is a self-contained page without scripts.
const reportsCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox; frame-ancestors 'none'"

// The reports under --reports: the folders at most reportDepth levels down (DIR itself
// the first), hidden ones left out, that hold a report.html, maxReports of them at most,
// looked for among maxVisited entries at most, and looked for again at most every
// reportsRefresh, in the background, so that no request waits on a walk of DIR.
const (
	maxReports     = 1000
	reportDepth    = 4
	maxVisited     = 100_000
	reportsRefresh = 10 * time.Second
)

// reportTypes are the files a report consists of, by their extension (what yams sim
// --out and the other commands write), with the type they are served as.
var reportTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".png":   "image/png",
	".svg":   "image/svg+xml",
	".csv":   "text/csv; charset=utf-8",
	".json":  "application/json",
	".md":    "text/markdown; charset=utf-8",
	".rules": "text/plain; charset=utf-8",
}

// reportIndex holds the report folders under --reports.
type reportIndex struct {
	root *os.Root
	dir  string

	mu         sync.Mutex
	dirs       []string // sorted
	set        map[string]bool
	at         time.Time
	refreshing bool
}

// openReports opens --reports: the folder as an os.Root (no path or link leads out of
// it), its reports found, or an error if it holds none.
func openReports(dir string) (*reportIndex, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("--reports %s: %w", dir, err)
	}
	ri := &reportIndex{root: root, dir: dir}
	dirs := ri.walk()
	if len(dirs) == 0 {
		root.Close()
		return nil, fmt.Errorf("--reports %s: no report under it (a folder that holds a report.html, at most %d levels down, hidden folders left out; yams sim --out %s/NAME writes one)",
			dir, reportDepth, strings.TrimSuffix(dir, "/"))
	}
	ri.set, ri.dirs, ri.at = setOf(dirs), dirs, time.Now()
	return ri, nil
}

func setOf(dirs []string) map[string]bool {
	set := make(map[string]bool, len(dirs))
	for _, d := range dirs {
		set[d] = true
	}
	return set
}

// walk lists the folders that hold a report.html, by path under the root ("." for the
// root itself). Links are not followed, and a folder that cannot be read is left out.
func (ri *reportIndex) walk() []string {
	var dirs []string
	visited := 0
	fs.WalkDir(ri.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		visited++
		switch {
		case visited > maxVisited:
			return fs.SkipAll
		case err != nil:
			return nil
		case d.IsDir() && p != "." && (strings.Count(p, "/") >= reportDepth || strings.HasPrefix(d.Name(), ".")):
			return fs.SkipDir
		case d.Name() == "report.html" && d.Type().IsRegular():
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

// current returns the report folders, and starts looking for them again in the
// background when they were found more than reportsRefresh ago.
func (ri *reportIndex) current() ([]string, map[string]bool) {
	ri.mu.Lock()
	defer ri.mu.Unlock()
	if !ri.refreshing && time.Since(ri.at) > reportsRefresh {
		ri.refreshing = true
		go func() {
			dirs := ri.walk()
			ri.mu.Lock()
			ri.dirs, ri.set, ri.at, ri.refreshing = dirs, setOf(dirs), time.Now(), false
			ri.mu.Unlock()
		}()
	}
	return ri.dirs, ri.set
}

func (ri *reportIndex) close() { ri.root.Close() }

var reportsTemplate = template.Must(template.New("reports").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;line-height:1.5}li{margin:.2rem 0}a{word-break:break-all}</style>
</head><body><h1>{{.Title}}</h1><p>{{.Intro}}</p>
{{if .Reports}}<ul>{{range .Reports}}<li><a href="{{.Link}}">{{.Name}}</a></li>{{end}}</ul>{{else}}<p>{{.None}}</p>{{end}}
<p><a href="/">{{.Back}}</a></p></body></html>
`))

// reportLink is a report of the list.
type reportLink struct{ Name, Link string }

// serveReports answers GET /reports/: the list of the reports under --reports, and
// /reports/FOLDER/FILE: a file of one of them, read-only. Only a report's own files are
// served: a regular file, not hidden, of a type a report holds (reportTypes), directly
// in a folder of the list; never a folder's listing, a link, a special file (a FIFO, a
// device), or anything outside --reports.
func (s *Server) serveReports(w http.ResponseWriter, r *http.Request) {
	if s.reports == nil {
		s.reportsOff(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", reportsCSP)
	dirs, set := s.reports.current()
	rel := strings.TrimPrefix(r.URL.Path, "/reports/")
	if rel == "" {
		s.reportList(w, r, dirs)
		return
	}
	if dir := strings.TrimSuffix(rel, "/"); set[dir] && path.Clean(dir) == dir {
		http.Redirect(w, r, reportURL(dir), http.StatusFound)
		return
	}
	dir, name := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		dir = "."
	}
	ctype, ok := reportTypes[path.Ext(name)]
	if !ok || strings.HasPrefix(name, ".") || !set[dir] || path.Clean(rel) != rel {
		s.fail(w, r, fail(http.StatusNotFound, msgNoReportFile, shorten(rel), reportDepth))
		return
	}
	f, err := openReportFile(s.reports.root, rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			s.fail(w, r, fail(http.StatusNotFound, msgNoReportFile, shorten(rel), reportDepth))
		} else {
			s.fail(w, r, fail(http.StatusForbidden, msgReportNotFile, shorten(rel)))
		}
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		s.fail(w, r, internalError(err))
		return
	}
	w.Header().Set("Content-Type", ctype)
	http.ServeContent(w, r, name, fi.ModTime(), f)
}

// errNotRegular is a report's file that is not a regular file of --reports.
var errNotRegular = errors.New("not a regular file")

// openReportFile opens the file rel of root for reading, if it is a regular file: a
// link, a FIFO, a device or a folder is refused without being opened for reading (a
// FIFO's open would wait for a writer). The file is opened without waiting (a special
// file put in its place meanwhile is caught by its mode, and a link by its identity).
func openReportFile(root *os.Root, rel string) (*os.File, error) {
	li, err := root.Lstat(rel)
	if err != nil {
		return nil, err
	}
	if !li.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := root.OpenFile(rel, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || !os.SameFile(li, fi) {
		f.Close()
		return nil, errNotRegular
	}
	return f, nil
}

// reportURL returns the address of the report of folder dir.
func reportURL(dir string) string {
	if dir == "." {
		return "/reports/report.html"
	}
	parts := strings.Split(dir, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return "/reports/" + strings.Join(parts, "/") + "/report.html"
}

// reportList answers the list of the reports.
func (s *Server) reportList(w http.ResponseWriter, r *http.Request, dirs []string) {
	lang := s.lang(r)
	var links []reportLink
	for _, d := range dirs {
		name := d
		if d == "." {
			name = s.cfg.Reports
		}
		links = append(links, reportLink{Name: name, Link: reportURL(d)})
	}
	data := map[string]any{"Lang": lang, "Reports": links,
		"Title": "Reports", "Intro": "The reports under " + s.cfg.Reports + ", read-only.", "None": "No report here: yams sim --out DIR, under this folder, writes one.", "Back": "Play"}
	if lang == "fr" {
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
