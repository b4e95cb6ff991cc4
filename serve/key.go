package serve

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"strings"
	"time"
)

// A server that listens beyond loopback (yams serve --addr 0.0.0.0:8080, for a phone at
// the table) answers only the requests that carry its key (Config.Key): made at random
// when it starts, and printed with its address, as text and as a QR code for the phone to
// scan. A request carries it
//   - in its address, ?key=KEY: the first visit's. The answer sets a cookie that keeps it
//     (HttpOnly, SameSite=Strict), so that the page's own requests carry it, and the
//     page is sent again to its address without the key;
//   - in that cookie, yams_key;
//   - in a header, for a client of the API: Authorization: Bearer KEY.
// Any other request is refused with a 403, but for the page's own files (public): the
// same for everyone, in the binary, holding nothing of a game, and fetched by a browser
// without its cookies at times (a web app's manifest and its icons). The key is compared
// in constant time.

// keyCookie is the cookie that keeps the key; keyAge how long a browser keeps it.
const (
	keyCookie = "yams_key"
	keyAge    = 30 * 24 * time.Hour
)

// NewKey returns a key made at random: 128 bits, in 22 characters of base64url.
func NewKey() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// GoodKey reports whether a key given (--secret) is fit for an address: 16 to 128
// characters among letters, digits, '-', '_', '.' and '~'.
func GoodKey(k string) bool {
	if len(k) < 16 || len(k) > 128 {
		return false
	}
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_.~", c)) {
			return false
		}
	}
	return true
}

// keyed answers only the requests that carry the key, when the server has one.
func (s *Server) keyed(next http.Handler) http.Handler {
	if s.cfg.Key == "" {
		return next
	}
	want := []byte(s.cfg.Key)
	same := func(got string) bool { return got != "" && subtle.ConstantTimeCompare([]byte(got), want) == 1 }
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if public(r) {
			next.ServeHTTP(w, r)
			return
		}
		q := r.URL.Query()
		if k, given := q["key"]; given {
			if len(k) != 1 || !same(k[0]) {
				s.fail(w, r, fail(http.StatusForbidden, msgKey))
				return
			}
			http.SetCookie(w, &http.Cookie{Name: keyCookie, Value: s.cfg.Key, Path: "/", MaxAge: int(keyAge / time.Second),
				HttpOnly: true, SameSite: http.SameSiteStrictMode})
			if r.Method == "GET" && r.URL.Path == "/" {
				// The page again, at its address without the key: not in the history, nor
				// in a bookmark, nor on the screen.
				q.Del("key")
				u := *r.URL
				u.RawQuery = q.Encode()
				http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		if c, err := r.Cookie(keyCookie); err == nil && same(c.Value) {
			next.ServeHTTP(w, r)
			return
		}
		if k, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && same(strings.TrimSpace(k)) {
			next.ServeHTTP(w, r)
			return
		}
		s.fail(w, r, fail(http.StatusForbidden, msgKey))
	})
}

// public reports whether a request asks for one of the page's own files, which the key
// does not guard: GET /static/FILE.
func public(r *http.Request) bool {
	return (r.Method == "GET" || r.Method == "HEAD") && strings.HasPrefix(r.URL.Path, "/static/")
}
