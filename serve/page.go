package serve

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// web holds the page, its script and its style: nothing is fetched from elsewhere.
//
//go:embed web
var web embed.FS

var pageTemplate = template.Must(template.ParseFS(web, "web/index.html"))

// pageCSP lets the page load its own script and style alone.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

// page answers GET /: the page, in the language of the request.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	var b bytes.Buffer
	lang := s.lang(r)
	if err := pageTemplate.Execute(&b, map[string]any{"Lang": lang, "Fixed": s.cfg.Lang != ""}); err != nil {
		s.fail(w, r, internalError(err))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// static answers GET /static/FILE: the page's script, style, icons, manifest and service
// worker (whose scope is the whole page, as Service-Worker-Allowed lets it be).
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	data, err := fs.ReadFile(web, "web/"+name)
	if err != nil || strings.HasSuffix(name, ".html") {
		s.fail(w, r, fail(http.StatusNotFound, msgNoAddress, shorten(r.URL.Path)))
		return
	}
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
		".webmanifest": "application/manifest+json", ".png": "image/png", ".svg": "image/svg+xml"}
	h := w.Header()
	h.Set("Content-Type", types[path.Ext(name)])
	if name == "sw.js" {
		h.Set("Service-Worker-Allowed", "/")
	}
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Security-Policy", pageCSP)
	w.Write(data)
}
