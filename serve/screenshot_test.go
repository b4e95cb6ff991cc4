package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshotEnv names the file TestDocScreenshot writes the desktop's picture of
// docs/serve.md to; the phone's goes beside it, its name ending in -phone.
const screenshotEnv = "YAMS_SERVE_DOC_SCREENSHOT"

// TestDocScreenshot makes the pictures of docs/serve.md, which the chapter says how to
// make again: YAMS_SERVE_DOC_SCREENSHOT=$PWD/docs/serve.png go test ./serve -run
// TestDocScreenshot. A game of hasbro, seed 2026, against win and optimal: four turns
// played as the coach advises (the fourth decision otherwise), then the fifth turn's
// first roll with its two highest dice held and every move of the others shown; in
// Chromium 1,400 pixels wide (serve.png, the whole page) and on a phone, 390 × 844 with
// touch (serve-phone.png, the screen as the phone shows it). Each is checked as
// TestBrowserPhone and TestBrowserDesktop check the page.
func TestDocScreenshot(t *testing.T) {
	out := os.Getenv(screenshotEnv)
	if out == "" {
		t.Skip(screenshotEnv + " is not set: the pictures of docs/serve.md are not made")
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro")}, Opponents: opponents(t, "win", "optimal", "greedy")})
	for _, mobile := range []bool{false, true} {
		w, h := desktopW, desktopH
		if mobile {
			w, h = phoneW, phoneH
		}
		p := &page{t: t, ctx: browser(t, w, h), ts: ts, costs: map[int]string{}, mobile: mobile}
		if mobile {
			p.run(phone())
		} else {
			p.run(chromedp.EmulateViewport(int64(w), int64(h)))
		}
		p.run(chromedp.Navigate(ts.hs.URL+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#start")))
		p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "win"),
			chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="2"]`), "optimal"))
		p.start("hasbro", 2026)
		(&player{ts: ts, stopAt: 5, deviate: func(n int) bool { return n == 4 }}).play(p.state())
		p.act(chromedp.Navigate(ts.hs.URL + "/?lang=en")) // the page resumes the game of its tab
		p.act(chromedp.Click(chromedp.CSS("#roll")))
		for _, i := range []string{"4", "5"} { // the two highest dice (the first roll is sorted)
			p.act(chromedp.Click(chromedp.CSS(`#dice button[data-i="` + i + `"]`)))
		}
		// The others' turns, all shown (the page resumed shows them at once).
		var top bool
		p.eval(`(function(){var b=document.getElementById("show-all");if(b&&!b.hidden)b.click();window.scrollTo(0, 0);return true})()`, &top)
		p.run(chromedp.Sleep(300 * time.Millisecond))
		dir := t.TempDir()
		t.Setenv("YAMS_SERVE_SCREENSHOTS", dir)
		p.checkLayout("doc")
		shot, err := os.ReadFile(filepath.Join(dir, "doc.png"))
		if mobile {
			shot, err = chromedp.Run(p.ctx, chromedp.CaptureScreenshot()) // the screen, as the phone shows it
		}
		if err != nil {
			t.Fatal(err)
		}
		name := out
		if mobile {
			name = strings.TrimSuffix(out, ".png") + "-phone.png"
		}
		if err := os.WriteFile(name, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
