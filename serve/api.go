package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// routes lays out the addresses of the server.
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", s.only("GET", s.page))
	m.HandleFunc("/static/{file}", s.only("GET", s.static))
	m.HandleFunc("/api/config", s.only("GET", s.config))
	m.HandleFunc("/api/games", s.only("POST", s.create))
	m.HandleFunc("/api/games/{id}", s.game(map[string]gameHandler{"GET": s.state, "DELETE": s.remove}))
	m.HandleFunc("/api/games/{id}/roll", s.game(map[string]gameHandler{"POST": moveOf(s, (*game).rollDice)}))
	m.HandleFunc("/api/games/{id}/hold", s.game(map[string]gameHandler{"POST": moveOf(s, (*game).hold)}))
	m.HandleFunc("/api/games/{id}/score", s.game(map[string]gameHandler{"POST": moveOf(s, (*game).score)}))
	m.HandleFunc("/api/games/{id}/undo", s.game(map[string]gameHandler{"POST": moveOf(s, (*game).undo)}))
	m.HandleFunc("/api/rulesets/{id}/status", s.only("GET", s.rulesetStatus))
	m.HandleFunc("/api/games/{id}/advise", s.game(map[string]gameHandler{"GET": s.advise}))
	m.HandleFunc("/api/games/{id}/record", s.game(map[string]gameHandler{"GET": s.record}))
	m.HandleFunc("/reports/", s.only("GET", s.serveReports))
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, fail(http.StatusNotFound, msgNoAddress, shorten(r.URL.Path)))
	})
	s.mux = m
}

// guard checks what every request must be: addressed to this server's host (on
// loopback, a loopback name), and, with an Origin, sent from a page of this server.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if !s.cfg.AnyHost && !loopbackHost(r.Host) {
			s.fail(w, r, fail(http.StatusForbidden, msgHost, shorten(r.Host)))
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Host != r.Host {
				s.fail(w, r, fail(http.StatusForbidden, msgHost, shorten(o)))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether the host of a request (with or without its port) is a
// name of the loopback interface.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// only answers method alone at an address, any other with a 405.
func (s *Server) only(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == "GET" && r.Method == "HEAD") {
			w.Header().Set("Allow", method)
			s.fail(w, r, fail(http.StatusMethodNotAllowed, msgMethod, shorten(r.Method), shorten(r.URL.Path), method))
			return
		}
		h(w, r)
	}
}

// gameHandler answers a request about a game, its lock held.
type gameHandler func(w http.ResponseWriter, r *http.Request, g *game)

// game answers the requests about the game of the address's id, each method its own.
func (s *Server) game(methods map[string]gameHandler) http.HandlerFunc {
	var allowed []string
	for m := range methods {
		allowed = append(allowed, m)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		method := r.Method
		if method == "HEAD" {
			method = "GET"
		}
		h := methods[method]
		if h == nil {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			s.fail(w, r, fail(http.StatusMethodNotAllowed, msgMethod, shorten(r.Method), shorten(r.URL.Path), strings.Join(allowed, ", ")))
			return
		}
		g, err := s.get(r.PathValue("id"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		// The body is in memory (Server.bounded). Only a move resets the idle clock.
		answerLocked(w, g, func(held http.ResponseWriter) {
			if method != "GET" {
				g.lastMove = s.now()
			}
			h(held, r, g)
		})
	}
}

// lang returns the language of the answer: the request's ?lang=, else --lang, else the
// browser's first of English and French.
func (s *Server) lang(r *http.Request) string {
	switch q := r.URL.Query().Get("lang"); q {
	case "en", "fr":
		return q
	}
	if s.cfg.Lang != "" {
		return s.cfg.Lang
	}
	return acceptLanguage(r.Header.Get("Accept-Language"))
}

// acceptLanguage returns the first of English and French in the browser's preferences
// (an Accept-Language header, "fr-CH, fr;q=0.9, en;q=0.8"), English if neither is there.
func acceptLanguage(header string) string {
	best, bestQ := "en", 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if x, err := strconv.ParseFloat(v, 64); err == nil {
				q = x
			}
		}
		primary, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if (primary == "en" || primary == "fr") && q > bestQ {
			best, bestQ = primary, q
		}
	}
	return best
}

// errorBody is the body of every error.
type errorBody struct {
	Error string `json:"error"`
}

// fail answers an error as JSON, in the request's language.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err *apiError) {
	writeJSON(w, err.status, errorBody{err.text(s.lang(r))})
}

// writeJSON answers v as JSON with the status, on one line.
func writeJSON(w http.ResponseWriter, status int, v any) { writeJSONAs(w, status, v, false) }

// writeJSONAs answers v as JSON with the status, indented as the commands write their
// --json (indent), or on one line.
func writeJSONAs(w http.ResponseWriter, status int, v any, indent bool) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		b.Reset()
		fmt.Fprintf(&b, "{\"error\": %q}\n", err.Error())
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// decode reads the JSON body of a request into v: an object of v's fields, at most
// maxBody bytes; an empty body is an empty object.
func decode(w http.ResponseWriter, r *http.Request, v any) *apiError {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return fail(http.StatusRequestEntityTooLarge, msgTooLarge, maxBody)
	case err != nil:
		return fail(http.StatusBadRequest, msgNotJSON, err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return fail(http.StatusUnsupportedMediaType, msgContentType)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fail(http.StatusBadRequest, msgNotJSON, shortenTo(jsonReason(err), maxReason))
	}
	if dec.More() {
		return fail(http.StatusBadRequest, msgNotJSON, "more than one value")
	}
	return nil
}

// jsonReason says what is wrong with a body in words of JSON, not of Go.
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("%s: want %s, not %s", te.Field, jsonType(te.Type.Kind().String()), te.Value)
		}
		return fmt.Sprintf("want an object, not %s", te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonType names a Go kind as JSON does.
func jsonType(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "string":
		return "a string"
	case kind == "slice", kind == "array":
		return "an array"
	case kind == "bool":
		return "true or false"
	}
	return "an object"
}

// config answers GET /api/config: the rule sets, the opponents, the limits.
func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.configView(s.lang(r)))
}

// create answers POST /api/games: a new game.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req newGameRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	g, err := s.newGame(req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	answerLocked(w, g, func(held http.ResponseWriter) {
		w.Header().Set("Location", "/api/games/"+g.id)
		writeJSON(held, http.StatusCreated, g.view(s.cfg.Idle, s.lang(r)))
	})
}

func (s *Server) state(w http.ResponseWriter, r *http.Request, g *game) {
	writeJSON(w, http.StatusOK, g.view(s.cfg.Idle, s.lang(r)))
}

// remove answers DELETE /api/games/{id}: the game ends and is cleared.
func (s *Server) remove(w http.ResponseWriter, r *http.Request, g *game) {
	why := fail(http.StatusGone, msgEnded, msgDeleted)
	g.finishWith(why)
	s.mu.Lock()
	s.forget(g, fail(http.StatusNotFound, msgNoGame, g.id))
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// move answers a move: the game's state after it, or why it was refused.
func (s *Server) move(w http.ResponseWriter, r *http.Request, g *game, err *apiError) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g.prefetch()
	writeJSON(w, http.StatusOK, g.view(s.cfg.Idle, s.lang(r)))
}

// moveOf returns the handler of a move whose body is an R: the body decoded, then the
// move made (POST roll, hold and score).
func moveOf[R any](s *Server, move func(g *game, req R) *apiError) gameHandler {
	return func(w http.ResponseWriter, r *http.Request, g *game) {
		var req R
		if err := decode(w, r, &req); err != nil {
			s.fail(w, r, err)
			return
		}
		s.move(w, r, g, move(g, req))
	}
}

// advise answers GET /api/games/{id}/advise: the advice at the position on the table, or
// with ?decision=N at the position of the player's decision N; the JSON of yams advise.
func (s *Server) advise(w http.ResponseWriter, r *http.Request, g *game) {
	var err *apiError
	var a any
	if q := r.URL.Query().Get("decision"); q != "" {
		n, perr := strconv.Atoi(q)
		if perr != nil {
			s.fail(w, r, fail(http.StatusBadRequest, msgQuery, "decision", shorten(q), "a decision's number, from 1"))
			return
		}
		a, err = g.adviceOf(n)
	} else {
		a, err = g.adviceNow()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSONAs(w, http.StatusOK, a, true) // byte for byte what yams advise --json writes
}

// record answers GET /api/games/{id}/record: the player's game record (?seat=S: another
// seat's), which yams replay reads, as a file to save.
func (s *Server) record(w http.ResponseWriter, r *http.Request, g *game) {
	seat := 0
	if q := r.URL.Query().Get("seat"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n >= len(g.seats) {
			s.fail(w, r, fail(http.StatusBadRequest, msgQuery, "seat", shorten(q), fmt.Sprintf("a seat from 0 to %d", len(g.seats)-1)))
			return
		}
		seat = n
	}
	rec := g.recordOf(seat)
	name := fmt.Sprintf("yams-%s-%s-%d.json", g.rs.id, g.id[:8], seat)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	writeJSONAs(w, http.StatusOK, rec, true)
}
