package reports

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium returns the path of a Chromium to run headless, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed, so report.html is not checked in a browser (on Debian: apt-get install chromium; .ci/run installs it)")
	return ""
}

// probe is added to a copy of the page: it measures every figure as the browser laid
// it out, and writes what it found into the page, which --dump-dom prints.
const probe = `<script>
(function () {
  var figs = [];
  document.querySelectorAll("figure.plot").forEach(function (f) {
    var s = f.querySelector("svg"), r = s ? s.getBoundingClientRect() : null, st = s ? getComputedStyle(s) : null;
    var column = f.getBoundingClientRect().width;
    var bb = s ? s.getBBox() : null, text = s ? s.querySelector("text") : null;
    figs.push({id: f.id, column: column, width: r ? r.width : 0, height: r ? r.height : 0, left: r ? r.left : 0, right: r ? r.right : 0,
      visibility: st ? st.visibility : "", display: st ? st.display : "", paths: s ? s.querySelectorAll("path").length : 0,
      texts: s ? s.querySelectorAll("text").length : 0, contentWidth: bb ? bb.width : 0, contentHeight: bb ? bb.height : 0,
      textWidth: text ? text.getComputedTextLength() : 0});
  });
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify({width: document.documentElement.clientWidth, tables: document.querySelectorAll("table").length, figures: figs});
  document.body.appendChild(pre);
})();
</script>`

type probed struct {
	Width   float64
	Tables  int
	Figures []struct {
		ID                          string
		Column                      float64 // the width of the figure element
		Width, Height, Left, Right  float64
		Visibility, Display         string
		Paths, Texts                int
		ContentWidth, ContentHeight float64
		TextWidth                   float64
	}
}

// checkInChromium opens report.html of dir in headless Chromium and checks that every
// figure is there, laid out, visible and drawn, and that the page asks for nothing
// outside itself.
func checkInChromium(t *testing.T, dir string, figures, tables int) {
	bin := chromium(t)
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	// Self-contained: no script, no stylesheet or font to fetch, no address but the
	// SVG namespaces.
	rest := strings.NewReplacer("http://www.w3.org/2000/svg", "", "http://www.w3.org/1999/xlink", "").Replace(s)
	for _, bad := range []string{"<script", "<link", "@import", "url(", "http://", "https://", "src="} {
		if strings.Contains(rest, bad) {
			t.Errorf("report.html contains %q: it is not self-contained", bad)
		}
	}
	if n := strings.Count(s, "<figure class=\"plot\""); n != figures {
		t.Errorf("report.html has %d figures, want %d", n, figures)
	}

	probedPage := filepath.Join(t.TempDir(), "probed.html")
	if err := os.WriteFile(probedPage, []byte(strings.Replace(s, "</body>", probe+"</body>", 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir="+t.TempDir(),
		"--window-size=1200,900", "--dump-dom", "file://"+probedPage)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("chromium ran no probe: the page did not load (%d bytes of DOM)", len(out))
	}
	var got probed
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &got); err != nil {
		t.Fatal(err)
	}
	if got.Tables != tables {
		t.Errorf("%d tables in the browser, want %d", got.Tables, tables)
	}
	if len(got.Figures) != figures {
		t.Errorf("%d figures in the browser, want %d", len(got.Figures), figures)
	}
	for _, f := range got.Figures {
		switch {
		case f.Width < 200 || f.Height < 100:
			t.Errorf("%s: laid out %.0f × %.0f px", f.ID, f.Width, f.Height)
		case f.Width < f.Column-1:
			t.Errorf("%s: %.0f px wide in a column of %.0f px: not sized to the page", f.ID, f.Width, f.Column)
		case f.Left < 0 || f.Right > got.Width+1:
			t.Errorf("%s: from %.0f to %.0f px, outside the page of %.0f px", f.ID, f.Left, f.Right, got.Width)
		case f.Visibility != "visible" || f.Display == "none":
			t.Errorf("%s: visibility %s, display %s", f.ID, f.Visibility, f.Display)
		case f.Paths < 5 || f.Texts < 3 || f.ContentWidth < 100 || f.ContentHeight < 50:
			t.Errorf("%s: %d paths, %d texts, drawing %.0f × %.0f", f.ID, f.Paths, f.Texts, f.ContentWidth, f.ContentHeight)
		case f.TextWidth <= 0:
			t.Errorf("%s: its text has no width: no font", f.ID)
		}
	}
}

func TestHTMLInChromium(t *testing.T) {
	res, rules := fixture(t)
	dir := t.TempDir()
	names, err := Write(dir, res, Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	svgs := 0
	for _, n := range names {
		if strings.HasSuffix(n, ".svg") {
			svgs++
		}
	}
	r, _ := newReport(res, Options{Rules: rules})
	checkInChromium(t, dir, svgs, 1+len(r.tables()))
}

func TestTableHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteTable(dir, tableFixture(t), Options{Lang: "fr"}); err != nil {
		t.Fatal(err)
	}
	checkInChromium(t, dir, 2, 3)
}
