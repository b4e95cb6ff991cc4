package reporttest

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

// Chromium returns the path of a Chromium to run headless, or skips the test.
func Chromium(t *testing.T) string {
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
  var clipped = [];
  document.querySelectorAll("div.scroll").forEach(function (d) {
    if (d.scrollWidth > d.clientWidth + 1) {
      var h = d.previousElementSibling;
      clipped.push((h ? h.textContent : "a table") + ": " + d.scrollWidth + " px in " + d.clientWidth);
    }
  });
  var broken = [], links = 0;
  document.querySelectorAll("a[href]").forEach(function (a) {
    var href = a.getAttribute("href");
    links++;
    if (href.charAt(0) !== "#" || !document.getElementById(href.slice(1))) { broken.push(href); }
  });
  var nav = document.querySelector("nav.contents"), split = [];
  if (nav) {
    nav.querySelectorAll("li").forEach(function (li) {
      var name = li.firstElementChild ? li.firstElementChild.textContent : li.textContent, lefts = [];
      if (li.getClientRects().length > 1) { split.push(name); }
      li.querySelectorAll(":scope > ol a").forEach(function (a) { lefts.push(a.getBoundingClientRect().left); });
      if (lefts.length && Math.max.apply(null, lefts) - Math.min.apply(null, lefts) > 20) { split.push(name + " (its entries in two columns: " + lefts.join(" ") + ")"); }
    });
  }
  var sections = document.querySelectorAll("main > section").length;
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify({width: document.documentElement.clientWidth, tables: document.querySelectorAll("table").length, figures: figs,
    clipped: clipped, broken: broken, split: split, links: links, contents: nav ? nav.querySelectorAll("a").length : 0, sections: sections,
    navTop: nav ? nav.getBoundingClientRect().top : -1, firstSection: sections ? document.querySelectorAll("main > section")[1 < sections ? 1 : 0].id : ""});
  document.body.appendChild(pre);
})();
</script>`

type Probed struct {
	Width  float64
	Tables int
	// Clipped are the tables wider than their column; Broken the links that lead nowhere
	// in the page; Split the entries of the contents broken across two of its columns;
	// Contents the links of the table of contents, Sections the sections (the parameters
	// first), FirstSection the id of the first after the parameters.
	Clipped, Broken, Split []string
	Links, Contents        int
	Sections               int
	NavTop                 float64
	FirstSection           string
	Figures                []struct {
		ID                          string
		Column                      float64 // the width of the figure element
		Width, Height, Left, Right  float64
		Visibility, Display         string
		Paths, Texts                int
		ContentWidth, ContentHeight float64
		TextWidth                   float64
	}
}

// CheckInChromium opens report.html of dir in headless Chromium, in a window 1,400
// pixels wide, and checks that every figure is there, laid out, visible and drawn; that
// no table is wider than the page's column (its last columns clipped, header and all);
// that the page opens with a table of contents that links every section, table and
// figure, each link leading to its part of the page; and that the page asks for nothing
// outside itself. It returns what the browser found.
func CheckInChromium(t *testing.T, dir string, figures, tables int) Probed {
	bin := Chromium(t)
	// Chromium's time is its start, which the tests of several pages wait for together.
	t.Parallel()
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
		"--disable-quic", "--window-size=1400,900", "--dump-dom", "file://"+probedPage)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("chromium ran no probe: the page did not load (%d bytes of DOM)", len(out))
	}
	var got Probed
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
	for _, c := range got.Clipped {
		t.Errorf("a table is wider than the page's column, its last columns out of sight: %s", c)
	}
	for _, b := range got.Broken {
		t.Errorf("the link %q leads nowhere in the page", b)
	}
	for _, e := range got.Split {
		t.Errorf("the contents break the entry %q across two columns", e)
	}
	// The table of contents: the parameters, every section, and every table (but the
	// parameters') and figure of them.
	if want := got.Sections + tables - 1 + figures; got.Contents != want {
		t.Errorf("the table of contents has %d links, want %d (%d sections, %d tables, %d figures)", got.Contents, want, got.Sections, tables-1, figures)
	}
	if got.NavTop < 0 || got.NavTop > 900 {
		t.Errorf("the table of contents is at %.0f px: not in the first screen", got.NavTop)
	}
	return got
}

// CountSVG counts the figures among the files of a report.
func CountSVG(names []string) int {
	n := 0
	for _, name := range names {
		if strings.HasSuffix(name, ".svg") {
			n++
		}
	}
	return n
}
