package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screenshotEnv names the file TestDocScreenshot writes the picture of docs/serve.md to.
const screenshotEnv = "YAMS_SERVE_DOC_SCREENSHOT"

// TestDocScreenshot makes the picture of docs/serve.md, which the chapter says how to make
// again: YAMS_SERVE_DOC_SCREENSHOT=$PWD/docs/serve.png go test ./serve -run TestDocScreenshot.
// A game of hasbro, seed 2026, against win and optimal: four turns played as the coach
// advises (the fourth decision otherwise), then the fifth turn's first roll with its two
// highest dice held and every move of the others shown, in Chromium 1,400 px
// wide; the page is checked not to overflow, as TestBrowserGames checks it.
func TestDocScreenshot(t *testing.T) {
	out := os.Getenv(screenshotEnv)
	if out == "" {
		t.Skip(screenshotEnv + " is not set: the picture of docs/serve.md is not made")
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro")}, Opponents: opponents(t, "win", "optimal", "greedy")})
	p := &page{t: t, ctx: browser(t, 1400, 1000), ts: ts, costs: map[int]string{}}
	p.run(chromedp.Navigate(ts.hs.URL+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#start")))
	p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "win"),
		chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="2"]`), "optimal"))
	p.start("hasbro", 2026)
	(&player{ts: ts, stopAt: 5, deviate: func(n int) bool { return n == 4 }}).play(p.state())
	p.act(chromedp.Navigate(ts.hs.URL + "/?lang=en")) // the page resumes the game of its tab
	p.act(chromedp.Click(chromedp.CSS("#roll")))
	roll := p.state().Dice
	for i := len(roll) - 2; i < len(roll); i++ { // the two highest dice (the roll is sorted)
		p.act(chromedp.Click(chromedp.CSS(`#dice button[data-i="` + string(rune('1'+i)) + `"]`)))
	}
	// The others' turns unfold move by move: all of them shown at once.
	p.run(chromedp.WaitVisible(chromedp.CSS("#show-all")), chromedp.Click(chromedp.CSS("#show-all")), chromedp.Sleep(300*time.Millisecond))
	dir := t.TempDir()
	t.Setenv("YAMS_SERVE_SCREENSHOTS", dir)
	p.checkLayout(1400, 1000, "doc")
	shot, err := os.ReadFile(filepath.Join(dir, "doc.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
