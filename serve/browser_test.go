package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"yams/coach"
	"yams/engine"
	"yams/internal/exhaustive"
)

// chromium returns the path of a Chromium to run headless, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed, so the page of yams serve is not played in a browser (on Debian: apt-get install chromium; .ci/run installs it)")
	return ""
}

// browser starts a headless Chromium, as the project runs it (reports' test of
// report.html), driven through the DevTools protocol, in a window width pixels wide.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	bin := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(width, height),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("lang", "en-US"),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return bctx
}

// page drives the page of a server in a browser.
type page struct {
	t   *testing.T
	ctx context.Context
	ts  *testServer
	// costs are the costs the coach showed, by the number of the decision.
	costs map[int]string
	// fr says that the page is in French, which writes numbers with a decimal comma.
	fr bool
}

// num writes x with two decimals, as the page does in its language.
func (p *page) num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	if p.fr {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// tap enters dice on the pad of faces of a game of real dice, one tap a die; the last
// tap enters them.
func (p *page) tap(dice []int) {
	p.t.Helper()
	for i, f := range dice {
		click := chromedp.Click(chromedp.CSS(fmt.Sprintf(`#pad .padkey[data-face="%d"]`, f)))
		if i < len(dice)-1 {
			p.run(click)
		} else {
			p.act(click)
		}
	}
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("chromium: %v", err)
	}
}

// eval evaluates js in the page into out.
func (p *page) eval(js string, out any) {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[json.RawMessage](js))
	if err != nil {
		p.t.Fatalf("chromium: %v", err)
	}
	if err := json.Unmarshal(v, out); err != nil {
		p.t.Fatalf("chromium: %v in %s", err, v)
	}
}

// version returns the number of states the page has shown.
func (p *page) version() int {
	var v string
	p.eval(`document.body.getAttribute("data-version") || "0"`, &v)
	n, _ := strconv.Atoi(v)
	return n
}

// act does what actions do on the page and waits for the state it leads to, failing on
// an error the page shows.
func (p *page) act(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	before := p.version()
	p.run(actions...)
	deadline := time.Now().Add(60 * time.Second)
	for p.version() == before {
		var msg string
		p.eval(`(function(){var e=document.getElementById("error");return e.hidden?"":e.textContent})()`, &msg)
		if msg != "" {
			p.t.Fatalf("the page says: %s", msg)
		}
		if time.Now().After(deadline) {
			p.t.Fatal("the page shows no new state after a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.collectCosts()
}

// collectCosts keeps the costs the coach shows of the decisions just made.
func (p *page) collectCosts() {
	var shown map[string]string
	p.eval(`(function(){var o={};document.querySelectorAll("#coach .feedback").forEach(function(f){
		var c=f.querySelector(".cost,.free");o[f.getAttribute("data-index")]=c?c.textContent:"";});return o})()`, &shown)
	for k, v := range shown {
		n, _ := strconv.Atoi(k)
		p.costs[n] = v
	}
}

// state returns the game's state, as the API gives it.
func (p *page) state() stateView {
	var id string
	p.eval(`document.body.getAttribute("data-game")`, &id)
	var s stateView
	p.ts.ok(200, "GET", "/api/games/"+id, nil, &s)
	return s
}

// start fills the form of a new game and starts it.
func (p *page) start(rules string, seed int) {
	p.run(chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#rules"), rules),
		chromedp.SendKeys(chromedp.CSS("#seed"), strconv.Itoa(seed)))
	p.act(chromedp.Click(chromedp.CSS("#start")))
}

// playTurn plays the player's turn on the page: roll, hold the dice showing the face most
// rolled, roll again, then score, by clicks or by keys. by keys, the box is reached with
// the arrows from the first box the roll may go in, down steps.
func (p *page) playTurn(keys bool, down int) {
	if keys {
		p.act(chromedp.KeyEvent("r"))
	} else {
		p.act(chromedp.Click(chromedp.CSS("#roll")))
	}
	s := p.state()
	// Hold the dice of the face most rolled, one at a time.
	most, count := 0, 0
	for f := 1; f <= 6; f++ {
		n := 0
		for _, d := range s.Dice {
			if d == f {
				n++
			}
		}
		if n >= count {
			most, count = f, n
		}
	}
	if count < 5 && s.RollsLeft > 0 {
		for i, d := range s.Dice {
			if d != most {
				continue
			}
			if keys {
				p.act(chromedp.KeyEvent(strconv.Itoa(i + 1)))
			} else {
				p.act(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#dice button[data-i="%d"]`, i+1))))
			}
		}
		if held := p.state().Held; len(held) != count {
			p.t.Fatalf("held %v after %d clicks on the %ds", held, count, most)
		}
		if keys {
			p.act(chromedp.KeyEvent("R"))
		} else {
			p.act(chromedp.Click(chromedp.CSS("#roll")))
		}
	}
	if keys {
		for range down {
			p.run(chromedp.KeyEvent(kb("ArrowDown")))
		}
		p.act(chromedp.KeyEvent(kb("Enter")))
	} else {
		p.act(chromedp.Click(chromedp.CSS(`#sheet-0 button.legal`)))
	}
}

// kb returns the key of a name, as chromedp types it.
func kb(name string) string {
	switch name {
	case "ArrowDown":
		return "\ue015"
	case "Enter":
		return "\r"
	}
	return name
}

// checkEnd checks the page at the end of a game against the engine: the sheet's boxes
// and totals against the replay of the record it downloads, the coach's figures (the
// cost of each decision as it was made, the grade's rows and total) against the coach's
// grading of that record.
func (p *page) checkEnd() {
	t := p.t
	s := p.state()
	if s.Phase != phaseOver {
		t.Fatalf("the game is in phase %s", s.Phase)
	}
	rec, sheet, turns := p.ts.record(s.ID, 0)
	var cells map[string]string
	p.eval(`(function(){var o={};document.querySelectorAll("#sheet-0 td[data-slot]").forEach(function(td){o[td.getAttribute("data-slot")]=td.textContent});return o})()`, &cells)
	slots := coach.SlotNames(sheet.Rules())
	if len(cells) != len(slots) {
		t.Errorf("the sheet shows %d boxes, the rules have %d", len(cells), len(slots))
	}
	for id, name := range slots {
		if want := strconv.Itoa(sheet.Score(engine.BoxID(id))); cells[name] != want {
			t.Errorf("box %s shows %q, the record scores %s", name, cells[name], want)
		}
	}
	var total, grand string
	p.eval(`document.getElementById("total-0").textContent`, &total)
	p.eval(`document.querySelector("#sheet-0 .grand-total").textContent`, &grand)
	if want := strconv.Itoa(sheet.Total()); total != want || grand != want {
		t.Errorf("the page's totals %s and %s, the record's %s", total, grand, want)
	}
	g, err := coach.GradeRecord(rec, sheet.Rules(), turns)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	p.eval(`Array.from(document.querySelectorAll("#grade-table tr.decision td:last-child")).map(function(td){return td.textContent})`, &rows)
	if len(rows) != len(g.Decisions) {
		t.Fatalf("the page grades %d decisions, the coach %d", len(rows), len(g.Decisions))
	}
	for i, d := range g.Decisions {
		want := p.num(d.Cost)
		if rows[i] != want {
			t.Errorf("decision %d: the grade's row says %s, the coach %s", i+1, rows[i], want)
		}
		shown, ok := p.costs[i+1]
		switch {
		case !ok:
			t.Errorf("decision %d: the coach said nothing of it as it was made", i+1)
		case d.Cost > 0 && !strings.Contains(shown, want):
			t.Errorf("decision %d: the coach said %q as it was made, its cost is %s", i+1, shown, want)
		case d.Cost == 0 && costShown.MatchString(shown):
			t.Errorf("decision %d: the coach said %q as it was made, it cost nothing", i+1, shown)
		}
	}
	var line string
	p.eval(`document.getElementById("over-line").textContent`, &line)
	for _, want := range []string{strconv.Itoa(g.Score), p.num(g.OptimalStart), p.num(g.TotalCost)} {
		if !strings.Contains(line, want) {
			t.Errorf("the end says %q, without %s", line, want)
		}
	}
	var href string
	p.eval(`document.getElementById("download").getAttribute("href")`, &href)
	if href != "/api/games/"+s.ID+"/record" {
		t.Errorf("the download links to %q", href)
	}
}

// costShown matches the cost of a decision as the coach says it.
var costShown = regexp.MustCompile(`(cost|coût) \d`)

// overflowProbe finds what overflows its box: the page wider than the window, or an
// element wider than its parent (but inside a box that scrolls, as the wide tables of
// the coach do).
const overflowProbe = `(function(){
  var out = [];
  var W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1) out.push("the page: " + document.documentElement.scrollWidth + " px in " + W);
  function scrolls(e){ for (; e && e !== document.body; e = e.parentElement) { var o = getComputedStyle(e).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") return true; } return false; }
  document.querySelectorAll("body *").forEach(function(e){
    if (e.closest("svg") && e.tagName.toLowerCase() !== "svg") return;
    var r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    var p = e.parentElement;
    while (p && getComputedStyle(p).display === "contents") p = p.parentElement; // a box of its children alone
    if (!p || scrolls(p)) return;
    var pr = p.getBoundingClientRect();
    if (r.right > pr.right + 1.5 || r.left < pr.left - 1.5 || r.right > W + 1) {
      out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + String(e.className).split(" ").join(".") : "") +
        " [" + Math.round(r.left) + "," + Math.round(r.right) + "] in " + p.tagName.toLowerCase() + (p.id ? "#" + p.id : "") + " [" + Math.round(pr.left) + "," + Math.round(pr.right) + "]");
    }
  });
  return out;
})()`

// checkLayout takes a screenshot of the page at a width and checks that nothing overflows.
func (p *page) checkLayout(width, height int, name string) {
	p.t.Helper()
	p.run(chromedp.EmulateViewport(int64(width), int64(height)), chromedp.Sleep(100*time.Millisecond))
	shot, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100)) // 100: a PNG
	if err != nil {
		p.t.Fatalf("chromium: %v", err)
	}
	dir := os.Getenv("YAMS_SERVE_SCREENSHOTS")
	if dir == "" {
		dir = p.t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644); err != nil {
		p.t.Fatal(err)
	}
	var over []string
	p.eval(overflowProbe, &over)
	for _, o := range over {
		p.t.Errorf("%d px: %s overflows its box", width, o)
	}
}

// A whole game of hasbro and one of a sheet of two columns, played in a real browser by
// clicks and by keys (turns in turn), against an opponent: the sheet, the totals and the
// coach's figures checked against the engine, and the page laid out at 390 px (a phone)
// and at 1,400 px without overflow.
func TestBrowserGames(t *testing.T) {
	t.Parallel()
	twoColumns := testRules(t, "two-columns.json")
	if exhaustive.On {
		twoColumns = testRules(t, "yams", "columns=top_down,bottom_up")
	}
	small := testRules(t, "small.json")
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro"), twoColumns, small}, Opponents: opponents(t, "greedy", "optimal")})
	ctx := browser(t, 1400, 1000)
	p := &page{t: t, ctx: ctx, ts: ts, costs: map[int]string{}}
	p.run(chromedp.Navigate(ts.hs.URL + "/?lang=en"))
	p.checkLayout(390, 844, "setup-390")
	p.checkLayout(1400, 1000, "setup-1400")
	for _, rules := range []string{"hasbro", twoColumns.Rules.Name()} {
		t.Run(rules, func(t *testing.T) {
			p.t, p.costs = t, map[int]string{}
			// The page would resume the game of the tab: a new one is asked for.
			var cleared bool
			p.eval(`sessionStorage.clear(), true`, &cleared)
			p.run(chromedp.Navigate(ts.hs.URL+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#start")))
			p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "greedy"))
			p.start(rules, 21)
			for turn := 0; p.state().Phase != phaseOver; turn++ {
				p.playTurn(turn%2 == 1, turn%3)
				if turn == 2 {
					p.checkLayout(390, 844, rules+"-play-390")
					p.checkLayout(1400, 1000, rules+"-play-1400")
				}
			}
			p.checkEnd()
			p.checkLayout(390, 844, rules+"-end-390")
			p.checkLayout(1400, 1000, rules+"-end-1400")
		})
	}
	t.Run("real dice on a phone, in French", func(t *testing.T) { p.t, p.costs, p.fr = t, map[int]string{}, true; playRealDice(p, small) })
}

// playRealDice plays a whole game of real dice on rs on a phone's page (390 px), in
// French: each turn's dice typed ("2 2 4 5 6" and Enter) or tapped on the pad, two dice
// held by taps and the three rolled again tapped, then a box; each entry checked to be
// the dice the game holds, the end checked against the engine as a game of virtual dice.
func playRealDice(p *page, rs RuleSet) {
	t := p.t
	var cleared bool
	p.eval(`sessionStorage.clear(), true`, &cleared)
	p.run(chromedp.EmulateViewport(390, 844), chromedp.Navigate(p.ts.hs.URL+"/?lang=fr"), chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#rules"), rs.Rules.Name()), chromedp.Click(chromedp.CSS(`input[value="real"]`)))
	p.act(chromedp.Click(chromedp.CSS("#start")))
	var label string
	p.eval(`document.querySelector("#entry label").textContent`, &label)
	if !strings.HasPrefix(label, "Entrez les 5 dés lancés") {
		t.Errorf("the entry of the dice is labelled %q, not in French", label)
	}
	rng := rand.New(rand.NewPCG(32, 2026))
	throw := func(n int) []int {
		d := make([]int, n)
		for i := range d {
			d[i] = 1 + rng.IntN(6)
		}
		return d
	}
	for turn := 0; p.state().Phase != phaseOver; turn++ {
		dice := throw(engine.NumDice)
		if turn%2 == 0 {
			words := make([]string, len(dice))
			for i, f := range dice {
				words[i] = strconv.Itoa(f)
			}
			p.act(chromedp.SendKeys(chromedp.CSS("#entry-input"), strings.Join(words, " ")+"\r"))
		} else {
			p.tap(dice)
		}
		s := p.state()
		if !sameFaces(s.Dice, dice) {
			t.Fatalf("turn %d: entered %v, the game holds %v", turn+1, dice, s.Dice)
		}
		if s.RollsLeft > 0 {
			p.act(chromedp.Click(chromedp.CSS(`#dice button[data-i="1"]`)))
			p.act(chromedp.Click(chromedp.CSS(`#dice button[data-i="2"]`)))
			held := p.state().Held
			again := throw(engine.NumDice - len(held))
			p.tap(again)
			if s = p.state(); !sameFaces(s.Dice, append(held, again...)) {
				t.Fatalf("turn %d: held %v and entered %v, the game holds %v", turn+1, held, again, s.Dice)
			}
		}
		if turn == 0 {
			p.checkLayout(390, 844, "real-play-390-fr")
		}
		p.act(chromedp.Click(chromedp.CSS(`#sheet-0 button.legal`)))
	}
	p.checkEnd()
	p.checkLayout(390, 844, "real-end-390-fr")
}
