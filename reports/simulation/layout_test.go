package simulation

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"yams/engine"
	"yams/reports"
	"yams/reports/internal/reporttest"
	"yams/sim"
	"yams/strategies"
)

// Every table of a comparison of five strategies on hasbro stands within the page's
// column in a browser, in both languages (issue 40 §5: the paired comparisons took 970
// px of a 960 px column, with a scroll bar): the widest of the report's tables, ten pairs
// of names as long as "upper-first − greedy", differences of three digits.
func TestTablesFitThePage(t *testing.T) {
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			bin = path
			break
		}
	}
	if bin == "" {
		t.Skip("chromium is not installed, so no report is laid out in a browser (on Debian: apt-get install chromium)")
	}
	rules, err := engine.Load("hasbro")
	if err != nil {
		t.Fatal(err)
	}
	infos := reporttest.FixtureInfos()
	for _, name := range []string{"upper-first", "greedy", "random"} {
		info, ok := strategies.Lookup(name)
		if !ok {
			t.Fatalf("no strategy %s", name)
		}
		infos = append(infos, info)
	}
	res, err := sim.Run(context.Background(), sim.Config{Rules: rules, Strategies: infos, Seed: 1, Games: 1000, Workers: 2, Pairs: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	for _, lang := range reports.Languages {
		dir, _ := written(t, res, reports.Options{Rules: rules, Lang: lang})
		if err := chromedp.Do(bctx, chromedp.Navigate("file://"+filepath.Join(dir, "report.html"))); err != nil {
			t.Fatalf("chromium: %v", err)
		}
		v, err := chromedp.Run(bctx, chromedp.Evaluate[json.RawMessage](`Array.from(document.querySelectorAll("div.scroll")).map(d =>
			({id: d.previousElementSibling.id, column: d.clientWidth, table: d.scrollWidth}))`))
		if err != nil {
			t.Fatalf("chromium: %v", err)
		}
		var tables []struct {
			ID            string
			Column, Table int
		}
		if err := json.Unmarshal(v, &tables); err != nil {
			t.Fatal(err)
		}
		pairs := false
		for _, tb := range tables {
			pairs = pairs || tb.ID == "table-pairs"
			if tb.Table > tb.Column {
				t.Errorf("%s: table %s is %d px wide in a column of %d px", lang, tb.ID, tb.Table, tb.Column)
			}
		}
		if !pairs || len(tables) < 5 {
			t.Errorf("%s: the tables measured %+v lack the paired comparisons", lang, tables)
		}
	}
}
