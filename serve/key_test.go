package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A server beyond loopback answers only the requests that carry its key: in the address
// (which sets a cookie and sends the page to its address without the key), in the cookie,
// or in an Authorization header; any other, a phone's on the home network included, is
// refused with a 403 of one line.
func TestKey(t *testing.T) {
	key := NewKey()
	if !GoodKey(key) || len(key) != 22 || NewKey() == key {
		t.Fatalf("key %q", key)
	}
	srv, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}, AnyHost: true, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	h := srv.Handler()
	// A request of a phone on the home network to the server's address there.
	send := func(method, target string, header ...string) *httptest.ResponseRecorder {
		var body *strings.Reader
		if method == "POST" {
			body = strings.NewReader(`{}`)
		} else {
			body = strings.NewReader("")
		}
		r := httptest.NewRequest(method, "http://192.168.1.23:8080"+target, body)
		r.RemoteAddr = "192.168.1.50:41234"
		if method == "POST" {
			r.Header.Set("Content-Type", "application/json")
		}
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	refused := func(w *httptest.ResponseRecorder, what string) {
		t.Helper()
		var e errorBody
		if w.Code != http.StatusForbidden || json.Unmarshal(w.Body.Bytes(), &e) != nil || !strings.Contains(e.Error, "asks for its key") {
			t.Errorf("%s: %d %s", what, w.Code, w.Body)
		}
	}
	refused(send("GET", "/"), "the page without the key")
	refused(send("GET", "/api/config"), "the API without the key")
	if w := send("GET", "/static/app.js"); w.Code != http.StatusOK {
		t.Errorf("the page's script, the same for everyone, without the key: %d", w.Code)
	}
	refused(send("POST", "/api/games"), "a new game without the key")
	refused(send("GET", "/?key=nope"), "a wrong key")
	refused(send("GET", "/?key="+key+"x"), "a longer key")
	refused(send("GET", "/?key="+key+"&key="+key), "the key twice")
	refused(send("GET", "/api/config", "Cookie", keyCookie+"=nope"), "a wrong cookie")
	refused(send("GET", "/api/config", "Authorization", "Bearer nope"), "a wrong header")
	refused(send("GET", "/api/config", "Authorization", key), "a header without Bearer")

	// The first visit: the cookie set, the page sent to its address without the key.
	w := send("GET", "/?lang=fr&key="+key)
	cookie := w.Result().Cookies()
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/?lang=fr" || len(cookie) != 1 || cookie[0].Name != keyCookie ||
		cookie[0].Value != key || !cookie[0].HttpOnly || cookie[0].SameSite != http.SameSiteStrictMode || cookie[0].Path != "/" || cookie[0].MaxAge < 86400 {
		t.Fatalf("the first visit: %d %v %v", w.Code, w.Header(), cookie)
	}
	withCookie := []string{"Cookie", keyCookie + "=" + key}
	for _, target := range []string{"/", "/api/config", "/static/app.js"} {
		if w := send("GET", target, withCookie...); w.Code != http.StatusOK {
			t.Errorf("GET %s with the cookie: %d %s", target, w.Code, w.Body)
		}
	}
	if w := send("POST", "/api/games", withCookie...); w.Code != http.StatusCreated {
		t.Errorf("a new game with the cookie: %d %s", w.Code, w.Body)
	}
	if w := send("POST", "/api/games", "Authorization", "Bearer "+key); w.Code != http.StatusCreated {
		t.Errorf("a new game with the header: %d %s", w.Code, w.Body)
	}
	if w := send("GET", "/api/config?key="+key); w.Code != http.StatusOK || len(w.Result().Cookies()) != 1 {
		t.Errorf("the API with the key in its address: %d %s", w.Code, w.Body)
	}
	// A key given must be fit for an address.
	for _, k := range []string{"short", strings.Repeat("x", 129), "with space in it!!", "ключ-ключ-ключ-ключ"} {
		if GoodKey(k) {
			t.Errorf("key %q taken", k)
		}
	}
}

// In a browser: the page refused without the key; the address with the key opens the
// page, which then plays with the cookie alone.
func TestKeyInBrowser(t *testing.T) {
	t.Parallel()
	key := NewKey()
	srv, err := New(Config{RuleSets: []RuleSet{testRules(t, "small.json")}, AnyHost: true, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	ctx := browser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.Navigate(hs.URL+"/")); err != nil {
		t.Fatal(err)
	}
	body, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil || !strings.Contains(body, "asks for its key") {
		t.Errorf("the page without the key: %q %v", body, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(hs.URL+"/?key="+key), chromedp.WaitVisible(chromedp.CSS("#start"))); err != nil {
		t.Fatal(err)
	}
	where, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
	if err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.status)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if where != "/" || status != http.StatusCreated {
		t.Errorf("after the address with the key: at %q, a new game %d", where, status)
	}
}
