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

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

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
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
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

// The two screens the page is played on: a phone (390 × 844, touch, as a mobile browser
// lays a page out) and a desktop 1,400 pixels wide.
const (
	phoneW, phoneH     = 390, 844
	desktopW, desktopH = 1400, 1000
)

// phone emulates a phone with touch, from the next page loaded.
func phone() chromedp.Action[chromedp.Void] {
	return chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(2))
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
	// mobile says that the page is on the phone.
	mobile bool
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
	// A control that is not there is waited for a minute, not the test's whole time.
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
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

// evalAsync evaluates js, a promise, in the page into out.
func (p *page) evalAsync(js string, out any) {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[json.RawMessage](js, chromedp.EvalAwaitPromise))
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
// an error the page shows, or at once where nothing was asked of the server (the click
// reached no control: the page is not busy, and shows no new state); then checks that
// the coach's verdict and the next action are in view.
func (p *page) act(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	before := p.version()
	var installed bool
	p.eval(`(function(){if(!window.lastClick){window.lastClick="none";document.addEventListener("click",function(e){
		window.lastClick=e.target.outerHTML.slice(0,120)+" at "+e.clientX+","+e.clientY},true)}return true})()`, &installed)
	p.run(actions...)
	// A decision on a sheet of estimates plays games on from its position: minutes, on a
	// loaded machine.
	start := time.Now()
	deadline := start.Add(90 * time.Second)
	if exhaustive.On {
		deadline = start.Add(5 * time.Minute)
	}
	idleSince := start
	for p.version() == before {
		var now struct {
			Error, LastClick string
			Busy             bool
		}
		p.eval(`(function(){var e=document.getElementById("error");return {Error: e.hidden?"":e.textContent,
			LastClick: window.lastClick, Busy: document.body.classList.contains("busy")}})()`, &now)
		if now.Error != "" {
			p.t.Fatalf("the page says: %s", now.Error)
		}
		if now.Busy {
			idleSince = time.Now()
		}
		lost := time.Since(idleSince) > 2*time.Second
		if lost || time.Now().After(deadline) {
			var text string
			p.eval(`document.body.innerText.slice(0, 600)`, &text)
			what := "shows no new state"
			if lost {
				what = "asked nothing of the server (the action reached no control)"
			}
			p.t.Fatalf("the page %s after %v; the last click was on %s; it shows:\n%s", what, time.Since(start).Round(time.Second), now.LastClick, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.collectCosts()
	p.checkInView()
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

// inViewProbe checks elements of the page against the screen: each selector's first
// element ("any:" before it: one of its elements) is shown whole inside the viewport,
// and a tap at its centre reaches it (nothing is drawn over it).
const inViewProbe = `(function(sels){
  function desc(e){ return e ? e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.split(" ").join(".") : "") : "nothing"; }
  function why(e){
    var r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return "not shown";
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      return "at [" + Math.round(r.left) + "," + Math.round(r.top) + "," + Math.round(r.right) + "," + Math.round(r.bottom) + "], outside the " + innerWidth + "×" + innerHeight + " screen";
    var hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    if (!hit || (hit !== e && !e.contains(hit))) return "covered by " + desc(hit);
    return "";
  }
  var out = [];
  sels.forEach(function(sel){
    var any = sel.indexOf("any:") === 0;
    var es = Array.from(document.querySelectorAll(any ? sel.slice(4) : sel));
    if (!any) es = es.slice(0, 1);
    if (es.length === 0) { out.push(sel + ": missing"); return; }
    var whys = es.map(why);
    if (whys.indexOf("") < 0) out.push(sel + ": " + whys[0]);
  });
  return out;
})`

// nextAction returns the selectors of what must be in view in state s: the coach's
// verdict on the last decisions, when it speaks after each, and the control of the next
// action; at a table, every player's total and chance.
func nextAction(s stateView) []string {
	var sels []string
	if len(s.Feedback) > 0 && s.Coach == coachEach && s.Phase != phaseOver {
		sels = append(sels, "#verdict")
	}
	switch {
	case s.Phase == phaseOver:
		return append(sels, "#end h2", "#new-game")
	case s.Phase == phaseRoll && s.Mode == modeDice, s.Phase == phasePlay && s.Mode == modeDice && s.RollsLeft > 0:
		sels = append(sels, "#roll")
	case s.Phase == phaseRoll, s.RollsLeft > 0:
		sels = append(sels, "#entry-input", `#pad .padkey[data-face="6"]`)
	default:
		sels = append(sels, "any:#sheet-0 button.legal")
	}
	if len(s.Players) > 1 {
		for i := range s.Players {
			sels = append(sels, fmt.Sprintf(`#strip .chip[data-seat="%d"]`, i))
		}
	}
	return sels
}

// checkInView checks that what the player needs next is on the screen, after the page
// laid the state out and settled.
func (p *page) checkInView(extra ...string) {
	p.t.Helper()
	if p.eval1(`document.body.getAttribute("data-game") || ""`) == "" {
		return // the setup
	}
	s := p.state()
	sels := append(nextAction(s), extra...)
	if s.Mode == modeReal && p.tableView() {
		sels = nil // the table's sheet: checked by its own test
	}
	if len(sels) == 0 {
		return
	}
	data, _ := json.Marshal(sels)
	var out []string
	p.eval(inViewProbe+"("+string(data)+")", &out)
	for _, o := range out {
		p.t.Errorf("turn %d, %s (roll %d, %d left): %s", s.Turn, s.Phase, s.RollsUsed, s.RollsLeft, o)
	}
}

func (p *page) tableView() bool {
	return p.eval1(`document.getElementById("table-sheet") ? "yes" : ""`) != ""
}

// eval1 evaluates js in the page into a string.
func (p *page) eval1(js string) string {
	p.t.Helper()
	var s string
	p.eval(js, &s)
	return s
}

// start fills the form of a new game and starts it.
func (p *page) start(rules string, seed int) {
	p.run(chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#rules"), rules),
		chromedp.SendKeys(chromedp.CSS("#seed"), strconv.Itoa(seed)))
	p.act(chromedp.Click(chromedp.CSS("#start")))
}

// fresh opens the page anew, without the game of the tab.
func (p *page) fresh(lang string) {
	p.t.Helper()
	var cleared bool
	p.eval(`sessionStorage.clear(), true`, &cleared)
	p.run(chromedp.Navigate(p.ts.hs.URL+"/?lang="+lang), chromedp.WaitVisible(chromedp.CSS("#start")))
}

// azerty returns the key of a French keyboard at the place of a QWERTY key: the digits
// of the top row are &, é, ", ' and ( there, and A is where Q is.
func azerty(qwerty string) chromedp.Action[chromedp.Void] {
	codes := map[string][2]string{"1": {"Digit1", "&"}, "2": {"Digit2", "é"}, "3": {"Digit3", `"`}, "4": {"Digit4", "'"}, "5": {"Digit5", "("},
		"r": {"KeyR", "r"}, "R": {"KeyR", "R"}, "a": {"KeyQ", "a"}}
	c, ok := codes[qwerty]
	if !ok {
		return chromedp.KeyEvent(qwerty)
	}
	return chromedp.KeyEvent(qwerty, func(k *input.DispatchKeyEventParams) {
		k.Code, k.Key = c[0], c[1]
		if k.Text != "" {
			k.Text, k.UnmodifiedText = c[1], c[1]
		}
	})
}

// playTurn plays the player's turn on the page: roll, hold the dice showing the face most
// rolled, roll again, then score, by clicks or by keys (on a French keyboard). By keys,
// the box is reached with the arrows: down+1 presses from the first box the roll may go
// in.
func (p *page) playTurn(keys bool, down int) {
	if keys {
		p.act(azerty("r"))
	} else {
		p.act(chromedp.Click(chromedp.CSS("#roll")))
	}
	s := p.state()
	// Hold the dice of the face most rolled, one at a time, at their places on the page.
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
		var places []int
		p.eval(fmt.Sprintf(`Array.from(document.querySelectorAll("#dice button")).filter(function(b){return b.getAttribute("data-face")==="%d"}).map(function(b){return Number(b.getAttribute("data-i"))})`, most), &places)
		for _, i := range places {
			if keys {
				p.act(azerty(strconv.Itoa(i)))
			} else {
				p.act(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#dice button[data-i="%d"]`, i))))
			}
		}
		if held := p.state().Held; len(held) != count {
			p.t.Fatalf("held %v after %d clicks on the %ds", held, count, most)
		}
		before := p.dice()
		if keys {
			p.act(azerty("R"))
		} else {
			p.act(chromedp.Click(chromedp.CSS("#roll")))
		}
		// The dice held stay held, at their places.
		after := p.dice()
		for i, d := range before {
			if d.held && (after[i] != d) {
				p.t.Errorf("die %d, held at %d, is %+v after the roll", i+1, d.face, after[i])
			}
		}
	}
	if keys {
		for range down + 1 {
			p.run(chromedp.KeyEvent(kb.ArrowDown))
		}
		var cursor string
		p.eval(`(function(){var b=document.querySelector("button.legal.cursor");if(!b)return "none";var s=getComputedStyle(b);return s.backgroundColor+"|"+s.outlineStyle})()`, &cursor)
		if cursor == "none" || !strings.HasSuffix(cursor, "|dashed") || strings.HasPrefix(cursor, "rgb(242, 183, 5)") {
			p.t.Errorf("the keys' box is drawn %q: want a dashed frame, not a held die's yellow", cursor)
		}
		p.act(chromedp.KeyEvent(kb.Enter))
	} else {
		p.act(p.clickShown(`#sheet-0 button.legal`))
	}
}

// clickShown clicks the first element of sel that is shown (a sheet of several columns
// shows one at a time on a phone), brought to the middle of the screen first: the sticky
// bar of the dice may cover a box that is merely in view, and a click there would land on
// the bar (as it did on CI's fonts).
func (p *page) clickShown(sel string) chromedp.Action[chromedp.Void] {
	p.t.Helper()
	var found struct{ Slot, Cover string }
	data, _ := json.Marshal(sel)
	p.eval(`(function(){var e=Array.from(document.querySelectorAll(`+string(data)+`)).filter(function(b){return b.getBoundingClientRect().width>0})[0];
		if(!e)return {Slot:"",Cover:""};
		e.scrollIntoView({block:"center"});
		var r=e.getBoundingClientRect(), at=document.elementFromPoint(r.left+r.width/2, r.top+r.height/2);
		return {Slot:e.getAttribute("data-slot"), Cover: at && e.contains(at) ? "" : at ? at.outerHTML.slice(0,120) : "nothing"}})()`, &found)
	switch {
	case found.Slot == "":
		p.t.Fatalf("no %s shown", sel)
	case found.Cover != "":
		p.t.Fatalf("the middle of %s[data-slot=%q], brought to the middle of the screen, shows %s", sel, found.Slot, found.Cover)
	}
	return retryGone(chromedp.Click(chromedp.CSS(sel + `[data-slot="` + found.Slot + `"]`)))
}

// retryGone runs a, again up to twice where the node it found was replaced before it
// acted ("Could not find node with given id": the page drew its sheet again between the
// query and the click, as it may when an answer lands; nothing was clicked then).
func retryGone(a chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		var err error
		for range 3 {
			if _, err = a(ctx, tg); err == nil || !strings.Contains(err.Error(), "Could not find node") {
				break
			}
		}
		return chromedp.Void{}, err
	}
}

// die is a die of the page at its place.
type die struct {
	face int
	held bool
}

// dice returns the dice of the page, place by place.
func (p *page) dice() []die {
	var out [][2]int
	p.eval(`Array.from(document.querySelectorAll("#dice button")).map(function(b){return [Number(b.getAttribute("data-face")), b.getAttribute("aria-pressed")==="true"?1:0]})`, &out)
	ds := make([]die, len(out))
	for i, o := range out {
		ds[i] = die{o[0], o[1] == 1}
	}
	return ds
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
	p.eval(`Array.from(document.querySelectorAll("#grade-table tr.decision td.cost-cell")).map(function(td){return td.textContent})`, &rows)
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

// legibleProbe finds words under 11 pixels high (the chart's too, at the size it is
// drawn), words of the chart drawn over one another, and, on a phone, controls smaller
// than 44 pixels or key hints shown.
const legibleProbe = `(function(phone){
  var out = [];
  function shown(e){ var r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; }
  function desc(e){ return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.split(" ").join(".") : "") + " «" + (e.textContent || "").trim().slice(0, 30) + "»"; }
  document.querySelectorAll("body *").forEach(function(e){
    if (e.closest("svg")) return;
    var own = Array.from(e.childNodes).some(function(n){ return n.nodeType === 3 && n.textContent.trim() !== ""; });
    if (!own || !shown(e)) return;
    var px = parseFloat(getComputedStyle(e).fontSize);
    if (px < 11) out.push(desc(e) + " is " + px.toFixed(1) + " px");
  });
  document.querySelectorAll("svg").forEach(function(svg){
    var vb = svg.viewBox && svg.viewBox.baseVal;
    if (!vb || !vb.width || !shown(svg)) return;
    var scale = svg.getBoundingClientRect().width / vb.width;
    var texts = Array.from(svg.querySelectorAll("text"));
    texts.forEach(function(tx){
      var px = parseFloat(getComputedStyle(tx).fontSize) * scale;
      if (px < 11) out.push("the chart's «" + tx.textContent + "» is " + px.toFixed(1) + " px");
    });
    for (var i = 0; i < texts.length; i++) for (var j = i + 1; j < texts.length; j++) {
      var a = texts[i].getBoundingClientRect(), b = texts[j].getBoundingClientRect();
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        out.push("the chart's «" + texts[i].textContent + "» and «" + texts[j].textContent + "» overlap");
    }
  });
  if (phone) {
    document.querySelectorAll("button, select, a, summary, label.choice, input:not([type=radio]):not([type=checkbox])").forEach(function(e){
      if (!shown(e)) return;
      var r = e.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) out.push(desc(e) + " is a target of " + Math.round(r.width) + "×" + Math.round(r.height) + " px");
    });
    document.querySelectorAll(".keys").forEach(function(e){ if (shown(e)) out.push("key hints shown on a touch screen: " + desc(e)); });
    ["#grade-table", "#loss-table", "#cost-chart", "#standings", "#table-grid"].forEach(function(sel){
      var e = document.querySelector(sel);
      if (e && shown(e) && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        out.push(sel + " runs off the screen's right edge, at " + Math.round(e.getBoundingClientRect().right) + " px");
    });
  }
  return out;
})`

// checkLayout takes a screenshot of the page at its size, and checks that nothing
// overflows, that every word is legible and, on a phone, that every control is large
// enough to tap.
func (p *page) checkLayout(name string) {
	p.t.Helper()
	p.run(chromedp.Sleep(50 * time.Millisecond))
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
	if os.Getenv("YAMS_SERVE_SCREENSHOTS") != "" { // the screen too, as the player sees it
		screen, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name+"-screen.png"), screen, 0o644)
		}
		if err != nil {
			p.t.Fatal(err)
		}
	}
	var bad []string
	p.eval(overflowProbe, &bad)
	for _, o := range bad {
		p.t.Errorf("%s: %s overflows its box", name, o)
	}
	bad = nil
	p.eval(fmt.Sprintf("%s(%v)", legibleProbe, p.mobile), &bad)
	for _, o := range bad {
		p.t.Errorf("%s: %s", name, o)
	}
}

// The games of the page on a phone (390 × 844, touch): after each action the coach's
// verdict and the next action's control are on the screen, with every player's total and
// chance at a table; the family's sheet of several columns, real dice with a slip and an
// undo, the table's sheet of four players; the end screen legible.
func TestBrowserPhone(t *testing.T) {
	t.Parallel()
	columns := testRules(t, "two-columns.json")
	table := testRules(t, "small.json")
	if exhaustive.On {
		columns = RuleSet{Source: "../examples/rules/yams-family.json"}
		var err error
		if columns.Rules, err = engine.Load(columns.Source); err != nil {
			t.Fatal(err)
		}
		table = testRules(t, "hasbro")
	}
	small := testRules(t, "small.json")
	sets := []RuleSet{testRules(t, "hasbro"), columns, small}
	ts := newTestServer(t, Config{RuleSets: sets, Opponents: opponents(t, "win", "optimal", "greedy", "column-tables")})
	p := &page{t: t, ctx: browser(t, phoneW, phoneH), ts: ts, costs: map[int]string{}, mobile: true}
	p.run(phone(), chromedp.Navigate(ts.hs.URL+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#start")))
	p.checkLayout("setup-390")
	t.Run("hasbro", func(t *testing.T) {
		p.t, p.costs = t, map[int]string{}
		p.fresh("en")
		p.start("hasbro", 21)
		for p.state().Phase != phaseOver {
			p.playTurn(false, 0)
		}
		p.checkEnd()
		p.checkLayout("hasbro-end-390")
	})
	t.Run("a table of three with win", func(t *testing.T) { p.t = t; playTable(p, table) })
	t.Run("the preparation's progress", func(t *testing.T) { p.t = t; watchProgress(p, columns) })
	t.Run("columns", func(t *testing.T) { p.t = t; playColumns(p, columns) })
	t.Run("real dice, a slip and an undo, in French", func(t *testing.T) {
		p.t, p.costs, p.fr = t, map[int]string{}, true
		playRealDice(p, small)
	})
	t.Run("the table's sheet of four", func(t *testing.T) { p.t, p.fr = t, false; keepScore(p, small) })
}

// playTable plays a game at a table of three, win and optimal after the player: every
// player's total and chance of finishing first stay in view (nextAction), and add up.
func playTable(p *page, rs RuleSet) {
	p.costs = map[int]string{}
	p.fresh("en")
	p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "win"), chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="2"]`), "optimal"))
	p.start(rs.Rules.Name(), 4)
	for turn := 0; p.state().Phase != phaseOver; turn++ {
		s := p.state()
		var all bool // the others' turns, all shown
		p.eval(`(function(){var b=document.getElementById("show-all");if(b&&!b.hidden)b.click();return true})()`, &all)
		// Redrawn as their boxes were shown, the sheets are one a player, each in its
		// place, no id twice, and each gives its player's total.
		var sheets struct {
			Boxes, Nested int
			Twice         []string
			Totals        []string
		}
		p.eval(`(function(){var ids={}, twice=[];document.querySelectorAll("[id]").forEach(function(e){if(ids[e.id])twice.push(e.id);ids[e.id]=1});
			return {Boxes: document.querySelectorAll("#sheets > .sheet-box").length, Nested: document.querySelectorAll(".sheet-box .sheet-box").length,
			Twice: twice, Totals: Array.from(document.querySelectorAll("#sheets .sheet caption .total")).map(function(e){return e.textContent})}})()`, &sheets)
		if sheets.Boxes != 3 || sheets.Nested != 0 || len(sheets.Twice) > 0 || len(sheets.Totals) != 3 {
			p.t.Errorf("turn %d, the others' turns shown: %+v", turn+1, sheets)
		}
		for i, tot := range sheets.Totals {
			if i < len(s.Players) && tot != strconv.Itoa(s.Players[i].Sheet.Total) {
				p.t.Errorf("turn %d: %s's sheet gives the total %s, not %d", turn+1, s.Players[i].Name, tot, s.Players[i].Sheet.Total)
			}
		}
		if len(s.Chances) != 3 {
			p.t.Fatalf("chances %v at a table of three with win", s.Chances)
		}
		var chips []string
		p.eval(`Array.from(document.querySelectorAll("#strip .chip")).map(function(c){return c.textContent})`, &chips)
		for i, c := range chips {
			if tot := strconv.Itoa(s.Players[i].Sheet.Total); !strings.Contains(c, tot) || !strings.Contains(c, "%") {
				p.t.Errorf("the strip's chip %d says %q: want the total %s and a chance", i, c, tot)
			}
		}
		p.playTurn(false, 0)
		// The others' sheets are revealed in step with their moves: a seat whose box is not
		// shown yet keeps its total of before.
		var reveal struct {
			Boxed []bool
			Chips []string
		}
		p.eval(`({Boxed: [1, 2].map(function(s){return !!document.querySelector('#moves-list .move[data-seat="' + s + '"] li.boxed')}),
			Chips: Array.from(document.querySelectorAll("#strip .chip-total")).map(function(c){return c.textContent})})`, &reveal)
		for i, boxed := range reveal.Boxed {
			if seat := i + 1; !boxed && len(reveal.Chips) == 3 && reveal.Chips[seat] != strconv.Itoa(s.Players[seat].Sheet.Total) {
				p.t.Errorf("turn %d: %s's box is not shown yet, but the strip gives the total %s (before, %d)", turn+1, s.Players[seat].Name, reveal.Chips[seat], s.Players[seat].Sheet.Total)
			}
		}
		if turn == 1 {
			p.checkLayout("table-play-390")
		}
	}
	p.checkEnd()
	p.checkLayout("table-end-390")
}

// watchProgress starts a game of rs while its preparation is held back, at its stage
// "fit" with 2 steps of 10 done in 4 seconds: the page shows the stage, a bar and the time
// left, then the game once the preparation is let go.
func watchProgress(p *page, rs RuleSet) {
	t := p.t
	prep := p.ts.srv.byID[rs.Rules.Name()]
	if prep.status("en", time.Now()).Ready {
		t.Fatalf("%s is prepared already: its preparation cannot be watched", rs.Rules.Name())
	}
	held, release := make(chan bool), make(chan bool)
	go prep.valuesOnce.Do(func() { // what coachValues does, once let go
		close(held)
		<-release
		prep.values, prep.valuesErr = coach.ValuesOf(prep.Rules)
		if prep.valuesErr == nil {
			prep.positions.init(prep.values.Positions)
		}
		prep.setProgress(stageValues, 1, 1)
	})
	<-held
	prep.setProgress(stageValues, 0, 1) // as coachValues does, then its fit
	prep.setProgress("fit", 2, 10)
	prep.progress.mu.Lock()
	prep.progress.stages[1].began = time.Now().Add(-4 * time.Second)
	prep.progress.mu.Unlock()
	p.fresh("en")
	p.run(chromedp.SetValue(chromedp.CSS("#rules"), rs.Rules.Name()), chromedp.Click(chromedp.CSS("#start")),
		chromedp.WaitVisible(chromedp.CSS("#progress-bar")), chromedp.WaitVisible(chromedp.CSS("#time-left")))
	var shown struct{ Stage, Left, Value, Max string }
	p.eval(`({Stage: document.querySelector("#progress .stage").textContent, Left: document.getElementById("time-left").textContent,
		Value: document.getElementById("progress-bar").getAttribute("value"), Max: document.getElementById("progress-bar").getAttribute("max")})`, &shown)
	if shown.Stage != "Fitting column-tables to the sheet (2/10)" || !regexp.MustCompile(`^About 1[6-9] s left$|^About [2-9]\d s left$`).MatchString(shown.Left) ||
		shown.Value != "2" || shown.Max != "10" {
		t.Errorf("the preparation shows %+v", shown)
	}
	// A request over a second says that it is working.
	p.run(chromedp.WaitVisible(chromedp.CSS("#working")))
	var inView []string
	p.eval(inViewProbe+`(["#progress-bar", "#time-left"])`, &inView)
	for _, o := range inView {
		t.Errorf("the preparation: %s", o)
	}
	before := p.version()
	close(release)
	deadline := time.Now().Add(5 * time.Minute) // the family sheet's fit, in the exhaustive run
	for p.version() == before {
		if time.Now().After(deadline) {
			t.Fatal("the game does not begin five minutes after its preparation was let go")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if p.eval1(`document.getElementById("progress") ? "still" : ""`) != "" || p.eval1(`document.getElementById("working").hidden ? "" : "working"`) != "" {
		t.Error("the progress, or the word that the page is working, is still shown once the game began")
	}
}

// playColumns plays a game of a sheet of several columns against greedy: the columns
// named as a player names them, one at a time on the phone, switched by their tabs.
func playColumns(p *page, rs RuleSet) {
	p.costs = map[int]string{}
	p.fresh("en")
	p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "greedy"))
	p.start(rs.Rules.Name(), 7)
	var heads []string
	p.eval(`Array.from(document.querySelectorAll("#sheet-0 thead th")).map(function(th){return th.textContent})`, &heads)
	for _, h := range heads {
		if strings.Contains(h, "_") {
			p.t.Errorf("a column is headed %q, a raw id", h)
		}
	}
	var tabs []string
	p.eval(`Array.from(document.querySelectorAll("#tabs-0 .col-tab")).filter(function(b){return b.getBoundingClientRect().width>0}).map(function(b){return b.textContent})`, &tabs)
	if want := len(rs.Rules.Columns()); p.mobile && len(tabs) != want || !p.mobile && len(tabs) != 0 {
		p.t.Errorf("%d column tabs shown (%v), for %d columns", len(tabs), tabs, want)
	}
	for turn := 0; p.state().Phase != phaseOver; turn++ {
		if turn == 4 && !p.state().Feedback[0].Advice.Exact {
			// A sheet of estimates (the family's, in the exhaustive run): each of its
			// decisions plays games on from the position, so four turns are played here, and
			// TestFamilySheetEstimates plays one to the end. Every figure says it is estimated,
			// and gives its interval.
			var words []string
			p.eval(`Array.from(document.querySelectorAll("#verdict .cost, #verdict .free, #coach .feedback")).map(function(e){return e.textContent})`, &words)
			for _, w := range words {
				if !strings.Contains(w, "estimated") {
					p.t.Errorf("a figure of estimates reads %q", w)
				}
			}
			if len(words) == 0 {
				p.t.Error("the coach says nothing of the decisions")
			}
			// And with its 95% interval, the advice's best at least.
			if all := strings.Join(words, " "); !strings.Contains(all, "±") {
				p.t.Errorf("no interval among the coach's figures of estimates: %q", all)
			}
			return
		}
		p.playTurn(false, 0)
		if turn == 1 && p.mobile {
			// The other column, by its tab: its boxes shown, the first's hidden.
			p.run(chromedp.Click(chromedp.CSS(`#tabs-0 .col-tab[data-col="1"]`)))
			var shown []string
			p.eval(`Array.from(document.querySelectorAll("#sheet-0 td[data-slot]")).filter(function(td){return td.getBoundingClientRect().width>0}).map(function(td){return td.getAttribute("data-slot")})`, &shown)
			prefix := rs.Rules.Columns()[1].Name + "."
			for _, s := range shown {
				if !strings.HasPrefix(s, prefix) {
					p.t.Errorf("the second column's tab shows box %s", s)
				}
			}
			p.checkLayout("columns-play-390")
		}
	}
	p.checkEnd()
	p.checkLayout("columns-end-390")
}

// playRealDice plays a whole game of real dice on rs on a phone's page, in French: each
// turn's dice typed ("2 2 4 5 6" and Enter) or tapped on the pad, two dice held by taps
// and the three rolled again tapped, then a box; each entry checked to be the dice the
// game holds. The first turn has a slip refused ("1234"), cleared and explained beside the
// pad, then a mistyped roll taken back; the second a box taken back. The end is checked
// against the engine: the record holds what was played.
func playRealDice(p *page, rs RuleSet) {
	t := p.t
	var cleared bool
	p.eval(`sessionStorage.clear(), true`, &cleared)
	p.run(chromedp.Navigate(p.ts.hs.URL+"/?lang=fr"), chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#rules"), rs.Rules.Name()), chromedp.Click(chromedp.CSS(`input[value="real"]`)))
	p.act(chromedp.Click(chromedp.CSS("#start")))
	var label string
	p.eval(`document.querySelector("#entry label").textContent`, &label)
	if !strings.HasPrefix(label, "Entrez les 5 dés lancés") {
		t.Errorf("the entry of the dice is labelled %q, not in French", label)
	}
	// The slip: four digits and Enter, refused before it reaches the server.
	p.run(chromedp.SendKeys(chromedp.CSS("#entry-input"), "1234\r"))
	var slip struct {
		Value, Why string
		InView     []string
	}
	p.eval(`({Value: document.getElementById("entry-input").value, Why: document.getElementById("entry-error").textContent,
		InView: `+inViewProbe+`(["#entry-error", "#pad"])})`, &slip)
	if slip.Value != "" || !strings.Contains(slip.Why, "4 dés entrés, 5 attendus") || len(slip.InView) > 0 {
		t.Errorf("after the slip: the entry holds %q, the page says %q beside the pad (%v)", slip.Value, slip.Why, slip.InView)
	}
	// A roll mistyped, entered, taken back.
	p.tap([]int{1, 1, 2, 3, 4})
	p.act(chromedp.Click(chromedp.CSS("#undo")))
	if s := p.state(); s.Phase != phaseRoll {
		t.Fatalf("the roll taken back leaves phase %s", s.Phase)
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
			p.checkLayout("real-play-390-fr")
		}
		if turn == 1 {
			// The last legal box, taken back, then the first.
			p.act(p.clickShown(`#sheet-0 button.legal`))
			p.act(chromedp.Click(chromedp.CSS("#undo")))
			if s := p.state(); s.Phase != phasePlay || s.Players[0].Sheet.TurnsPlayed != 1 {
				t.Fatalf("the box taken back leaves phase %s and %d turns played", s.Phase, s.Players[0].Sheet.TurnsPlayed)
			}
		}
		p.act(p.clickShown(`#sheet-0 button.legal`))
	}
	p.checkEnd()
	p.checkLayout("real-end-390-fr")
}

// keepScore keeps the score of a table of four on the table's sheet, to the end: each
// turn a tap on the player's box, a tap on a score among those offered (a cross-out now
// and then), and Enter; the totals shown are the records' replays.
func keepScore(p *page, rs RuleSet) {
	t := p.t
	p.fresh("en")
	p.run(chromedp.SetValue(chromedp.CSS("#rules"), rs.Rules.Name()), chromedp.Click(chromedp.CSS(`input[value="table"]`)),
		chromedp.SendKeys(chromedp.CSS("#others"), "Anne, Bob, Chloé"))
	p.act(chromedp.Click(chromedp.CSS("#start")))
	if !p.tableView() {
		t.Fatal("the table's sheet is not shown")
	}
	for i := 0; !allDone(p.state()); i++ {
		s := p.state()
		seat := i % len(s.Players)
		if s.Players[seat].Sheet.Done {
			continue
		}
		var slot string
		p.eval(fmt.Sprintf(`(document.querySelector('#table-grid button.cell[data-seat="%d"]')||{}).getAttribute?document.querySelector('#table-grid button.cell[data-seat="%d"]').getAttribute("data-slot"):""`, seat, seat), &slot)
		if slot == "" {
			t.Fatalf("seat %d has no box to enter on the table's sheet", seat)
		}
		p.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#table-grid button.cell[data-seat="%d"][data-slot="%s"]`, seat, slot))))
		var values []string
		p.eval(`Array.from(document.querySelectorAll("#picker button.value")).map(function(b){return b.getAttribute("data-points")+"+"+b.getAttribute("data-bonus")})`, &values)
		want := s.Players[seat].Choices[slot]
		if len(values) != len(want) {
			t.Fatalf("seat %d, %s: the picker offers %v, the box may take %v", seat, slot, values, want)
		}
		pick := (i * 7) % len(values) // now and then the first, a cross-out where 0 is one
		var inView []string
		p.eval(inViewProbe+`(["#picker", "#picker-ok"])`, &inView)
		for _, o := range inView {
			t.Errorf("entering seat %d's %s: %s", seat, slot, o)
		}
		p.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#picker button.value:nth-child(%d)`, pick+1))))
		p.act(chromedp.Click(chromedp.CSS("#picker-ok")))
		after := p.state()
		if got, w := after.Players[seat].Sheet.Boxes[slot], want[pick].Points; got != w {
			t.Errorf("seat %d, %s: entered %d, the sheet holds %d", seat, slot, w, got)
		}
		// The player's sheet full, the others' not yet: the table plays on, its last entry
		// still to be taken back.
		if end := p.eval1(`document.getElementById("end") ? "end" : ""`); after.Phase == phaseOver && !allDone(after) && end != "" {
			t.Errorf("the end is shown while the others' sheets are not full")
		} else if allDone(after) && end == "" {
			t.Errorf("every sheet is full, and the end is not shown")
		}
		var inViewUndo []string
		p.eval(inViewProbe+`(["#undo"])`, &inViewUndo)
		for _, o := range inViewUndo {
			t.Errorf("after seat %d's %s: %s", seat, slot, o)
		}
		if i == 5 {
			// With win offered, every player's chance of finishing first, under their total.
			var row []string
			p.eval(`Array.from(document.querySelectorAll("#table-grid tr.chances-row td")).map(function(td){return td.textContent})`, &row)
			if len(after.Chances) != len(after.Players) || len(row) != len(after.Players) {
				t.Errorf("chances %v, the table's sheet shows %v", after.Chances, row)
			}
			for k, c := range after.Chances {
				if k < len(row) && row[k] != fmt.Sprintf("%.1f %%", 100*c) {
					t.Errorf("seat %d's chance is %v, the table's sheet shows %q", k, c, row[k])
				}
			}
			p.checkLayout("scorekeeping-390")
		}
		if i > 100 {
			t.Fatal("the table's sheet does not fill")
		}
	}
	s := p.state()
	var totals []string
	p.eval(`Array.from(document.querySelectorAll("#table-grid td.grand-total")).map(function(td){return td.textContent})`, &totals)
	for seat, pl := range s.Players {
		_, sheet, _ := p.ts.record(s.ID, seat)
		if seat >= len(totals) || totals[seat] != strconv.Itoa(sheet.Total()) || pl.Sheet.Total != sheet.Total() {
			t.Errorf("seat %d: the table's sheet shows %v, the record replays to %d", seat, totals, sheet.Total())
		}
	}
	p.checkLayout("scorekeeping-end-390")
}

func allDone(s stateView) bool {
	for _, p := range s.Players {
		if !p.Sheet.Done {
			return false
		}
	}
	return true
}

// A game of hasbro on a desktop 1,400 pixels wide against greedy, played by clicks and
// by keys on a French (AZERTY) keyboard, turns in turn: after each action the coach's
// verdict and the next action in view; the figures against the engine; A asks for the
// advice; the chart legible, its axis's name over no tick. The exhaustive run plays the
// phone's games on the desktop too.
func TestBrowserDesktop(t *testing.T) {
	t.Parallel()
	small := testRules(t, "small.json")
	// win, which works out every box's chance, only where a table with it is played.
	names := []string{"optimal", "greedy"}
	if exhaustive.On {
		names = append(names, "win")
	}
	ts := newTestServer(t, Config{RuleSets: []RuleSet{testRules(t, "hasbro"), small, testRules(t, "two-columns.json")}, Opponents: opponents(t, names...)})
	p := &page{t: t, ctx: browser(t, desktopW, desktopH), ts: ts, costs: map[int]string{}}
	p.run(chromedp.EmulateViewport(desktopW, desktopH), chromedp.Navigate(ts.hs.URL+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#start")))
	p.checkLayout("setup-1400")
	// The page is an installable app: its manifest, icons and service worker, from its
	// own origin.
	var app struct {
		Manifest, Icon, Worker string
	}
	p.evalAsync(`(async function(){
		var m = await fetch(document.querySelector("link[rel=manifest]").href, {credentials: "include"}).then(function(r){return r.json()});
		var icon = await fetch(m.icons[0].src).then(function(r){return r.headers.get("Content-Type")});
		var reg = await navigator.serviceWorker.ready;
		return {Manifest: m.start_url + " " + m.display, Icon: icon, Worker: reg.active ? reg.scope : "none"};
	})()`, &app)
	if app.Manifest != "/ standalone" || app.Icon != "image/png" || app.Worker != ts.hs.URL+"/" {
		t.Errorf("the installable app: %+v", app)
	}
	t.Run("hasbro", func(t *testing.T) {
		p.t, p.costs = t, map[int]string{}
		p.fresh("en")
		p.run(chromedp.SetValue(chromedp.CSS(`select.seat[data-seat="1"]`), "greedy"))
		p.start("hasbro", 21)
		var hints bool
		p.eval(`document.querySelector(".keys").getBoundingClientRect().height > 0`, &hints)
		if !hints {
			t.Error("the key hints are not shown on a desktop")
		}
		for turn := 0; p.state().Phase != phaseOver; turn++ {
			p.playTurn(turn%2 == 1, turn%3)
			if turn == 2 {
				// A on a French keyboard (the key of Q on QWERTY) opens the advice over the
				// page; Escape closes it.
				p.act(chromedp.Click(chromedp.CSS("#roll")))
				p.run(azerty("a"), chromedp.WaitVisible(chromedp.CSS("#dialog table.advice")))
				var inView []string
				p.eval(inViewProbe+`(["#dialog h2", "#dialog table.advice"])`, &inView)
				for _, o := range inView {
					t.Errorf("the advice: %s", o)
				}
				p.run(chromedp.KeyEvent(kb.Escape), chromedp.WaitNotPresent(chromedp.CSS("#dialog")))
				p.act(chromedp.Click(chromedp.CSS(`#sheet-0 button.legal`)))
				p.checkLayout("hasbro-play-1400")
			}
		}
		p.checkEnd()
		p.checkLayout("hasbro-end-1400")
	})
	if !exhaustive.On {
		return
	}
	t.Run("a table of three with win", func(t *testing.T) { p.t = t; playTable(p, small) })
	t.Run("columns", func(t *testing.T) { p.t = t; playColumns(p, testRules(t, "two-columns.json")) })
	t.Run("real dice, a slip and an undo, in French", func(t *testing.T) {
		p.t, p.costs, p.fr = t, map[int]string{}, true
		playRealDice(p, small)
	})
	t.Run("the table's sheet of four", func(t *testing.T) { p.t, p.fr = t, false; keepScore(p, small) })
}
