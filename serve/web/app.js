// The page of yams serve: it plays through the JSON API alone (docs/serve.md).
"use strict";
(function () {
  var lang = document.documentElement.lang === "fr" ? "fr" : "en";
  var T = I18N[lang];
  var app = document.getElementById("app");
  var errorBox = document.getElementById("error");
  var working = document.getElementById("working");
  var cfg = null; // GET /api/config
  var game = null; // the state of the game in play
  var ruleSet = null; // its rule set, from cfg
  var setup = null; // the settings of the last game started, for "the same dice again"
  var view = "play"; // "play", or "table": the table's sheet (scorekeeping)
  var cursor = null; // the box the keys point at: {c, b}
  var column = 0; // the column of the sheet shown on a narrow screen
  var picked = null; // the table's sheet: the cell being entered, {seat, slot, choice}
  var busy = false;
  var version = 0; // the states shown, on the body for the tests that drive the page
  var reveal = {timer: null, shown: 0, steps: [], before: null};
  var arranged = {}; // the dice as the hand keeps them, by turn and roll: {faces, held}
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var touch = ("ontouchstart" in window) || navigator.maxTouchPoints > 0 ||
    (window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  if (touch) document.documentElement.classList.add("touch");

  // t returns the words of key with its arguments.
  function t(key) {
    var s = T[key] || key;
    for (var i = 1; i < arguments.length; i++) {
      s = s.split("{" + (i - 1) + "}").join(String(arguments[i]));
    }
    return s;
  }

  // num writes x with digits decimals, with a decimal comma in French.
  function num(x, digits) {
    var s = Number(x).toFixed(digits === undefined ? 2 : digits);
    return lang === "fr" ? s.replace(".", ",") : s;
  }

  function pct(x) {
    return t("percent", num(100 * x, 1));
  }

  // figure writes a figure of the coach: exact with two decimals; estimated with one, its
  // interval beside it when known.
  function figure(x, exact, interval) {
    if (exact !== false) return num(x);
    return num(x, 1) + (interval ? " ± " + num(interval, 1) : "");
  }

  // el makes an element: el("p", {class: "x"}, "text", child...).
  function el(tag, attrs) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "onclick" || k === "onsubmit" || k === "onchange" || k === "oninput") e[k] = v;
        else if (k === "text") e.textContent = v;
        else e.setAttribute(k, v === true ? "" : v);
      });
    }
    for (var i = 2; i < arguments.length; i++) add(e, arguments[i]);
    return e;
  }

  function add(e, c) {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) { c.forEach(function (x) { add(e, x); }); return; }
    e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }

  // showError shows a message at the foot of the screen, where it is seen whatever the
  // page is scrolled to.
  function showError(msg) {
    errorBox.replaceChildren();
    if (msg) {
      errorBox.appendChild(el("span", null, msg));
      errorBox.appendChild(el("button", {type: "button", class: "close", "aria-label": t("close"), onclick: function () { showError(""); }}, "×"));
    }
    errorBox.hidden = !msg;
  }

  // A fault of the page's own is said, not left silent.
  window.addEventListener("error", function (ev) { showError(t("pageFault", ev.message)); });
  window.addEventListener("unhandledrejection", function (ev) { showError(t("pageFault", ev.reason && ev.reason.message || ev.reason)); });

  // A request that takes more than a second says that it is working.
  var pending = 0, workTimer = null;
  function startWork() {
    if (pending++ === 0) {
      workTimer = setTimeout(function () { working.hidden = false; }, 1000);
    }
  }
  function endWork() {
    if (--pending === 0) {
      clearTimeout(workTimer);
      working.hidden = true;
    }
  }

  // api calls the server; a failure is thrown with the server's one-line message.
  function api(method, path, body) {
    var opts = {method: method, headers: {"Accept": "application/json"}, credentials: "same-origin"};
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    var url = path + (path.indexOf("?") < 0 ? "?" : "&") + "lang=" + lang;
    startWork();
    return fetch(url, opts).then(function (r) {
      if (r.status === 204) return null;
      return r.json().then(function (j) {
        if (!r.ok) { var e = new Error(j.error || r.statusText); e.status = r.status; throw e; }
        return j;
      });
    }, function (e) { throw new Error(t("network", e.message)); }).then(function (x) {
      endWork();
      return x;
    }, function (e) { endWork(); throw e; });
  }

  // act sends a move and shows the state it leads to, or why it was refused (onError, if
  // given, shows it instead, beside the control that made the move).
  function act(method, path, body, onError) {
    if (busy) return Promise.resolve();
    busy = true;
    document.body.classList.add("busy");
    return api(method, path, body).then(function (s) {
      showError("");
      if (s) setGame(s);
    }, function (e) {
      if (onError) onError(e.message);
      else showError(e.message);
      if (e.status === 404 || e.status === 410) forget();
    }).then(function () {
      busy = false;
      document.body.classList.remove("busy");
    });
  }

  function gamePath(what) { return "/api/games/" + game.id + (what ? "/" + what : ""); }

  function forget() {
    try { sessionStorage.removeItem("yams-game"); sessionStorage.removeItem("yams-view"); } catch (e) { /* private mode */ }
  }

  // ---- the rule set's words ----

  // columnLabel names a column as a player does: "Down ↓" rather than top_down.
  function columnLabel(c) {
    var col = ruleSet.columns[c];
    var raw = col.label.replace(/#\d+$/, "");
    var known = {free: 1, top_down: 1, bottom_up: 1, sec: 1, libre: 1, descendante: 1, montante: 1, "sèche": 1};
    if (!known[raw]) return col.label;
    var key = col.first_roll_only ? "colSec" : col.order === "top_down" ? "colDown" : col.order === "bottom_up" ? "colUp" : "colFree";
    var n = col.label.match(/#\d+$/);
    return t(key) + (n ? " " + n[0].slice(1) : "");
  }

  function slotLabel(slot) {
    var i = ruleSet.slots.indexOf(slot);
    if (i < 0) return slot;
    var nb = ruleSet.boxes.length;
    var label = ruleSet.boxes[i % nb].label;
    return ruleSet.columns.length > 1 ? columnLabel(Math.floor(i / nb)) + " · " + label : label;
  }

  function faces(d) { return d.join(" "); }

  // choiceText writes a keep or a box as the grading does.
  function choiceText(choice, dice) {
    if (typeof choice === "string") return slotLabel(choice);
    if (choice.length === 0) return t("none");
    if (choice.length === dice.length) return t("stop");
    return choice.join("-");
  }

  function kindText(d) {
    if (d.decision === "box") return t("decisionBox");
    var n = d.decision.replace("keep", "");
    return Array.isArray(d.choice) && d.choice.length === d.dice.length ? t("decisionStop", n) : t("decisionKeep", n);
  }

  function playerName(p) { return p.seat === 0 ? t("you") : p.name; }

  // ---- setup ----

  function start() {
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("/static/sw.js", {scope: "/"}).catch(function () { /* the page works without */ });
    }
    api("GET", "/api/config").then(function (c) {
      cfg = c;
      document.getElementById("limits").textContent = t("limits", c.max_games, t("minutes", Math.round(c.idle_limit / 60)));
      var rl = document.getElementById("reports-link");
      rl.textContent = t("reports");
      rl.hidden = !c.reports;
      var id = null;
      try { id = sessionStorage.getItem("yams-game"); view = sessionStorage.getItem("yams-view") || "play"; } catch (e) { /* private mode */ }
      if (id) {
        api("GET", "/api/games/" + id).then(setGame, function (e) {
          forget();
          showError(t("abandoned", e.message));
          renderSetup();
        });
      } else {
        renderSetup();
      }
    }, function (e) { showError(e.message); });
  }

  function radio(name, value, label, checked) {
    return el("label", {class: "choice"}, el("input", {type: "radio", name: name, value: value, checked: checked}), " ", label);
  }

  function renderSetup() {
    stopReveal();
    game = null;
    document.body.removeAttribute("data-game");
    var rules = el("select", {id: "rules", name: "rules"});
    cfg.rule_sets.forEach(function (rs, i) {
      rules.appendChild(el("option", {value: rs.id, selected: setup ? setup.rules === rs.id : i === 0},
        rs.title ? rs.name + " — " + rs.title : rs.name));
    });
    var seats = el("div", {id: "opponents", class: "seats"});
    if (cfg.opponents.length === 0) {
      seats.appendChild(el("p", {class: "note"}, t("noOpponents")));
    } else {
      for (var s = 1; s < cfg.max_players; s++) {
        var sel = el("select", {class: "seat", "data-seat": s, "aria-label": t("seatN", s + 1)}, el("option", {value: ""}, t("nobody")));
        cfg.opponents.forEach(function (o) {
          sel.appendChild(el("option", {value: o.name, title: o.description || null,
            selected: setup && setup.opponents && setup.opponents[s - 1] === o.name}, o.name));
        });
        seats.appendChild(el("label", {class: "seat-label"}, t("seatN", s + 1) + " ", sel));
      }
    }
    var mode = setup ? (setup.view === "table" ? "table" : setup.mode) : "dice";
    var form = el("form", {id: "setup", class: "panel", onsubmit: function (ev) { ev.preventDefault(); startGame(readSetup()); }},
      el("h2", null, t("newGame")),
      el("label", {class: "field"}, t("rules") + " ", rules),
      el("fieldset", null, el("legend", null, t("mode")),
        radio("mode", "dice", t("modeDice"), mode === "dice"), radio("mode", "real", t("modeReal"), mode === "real"),
        radio("mode", "table", t("modeTable"), mode === "table")),
      el("div", {id: "dice-opts", hidden: mode !== "dice"},
        el("div", {class: "row"},
          el("label", {class: "field"}, t("seed") + " ", el("input", {id: "seed", inputmode: "numeric", size: 12, placeholder: t("seedRandom"),
            value: setup && setup.seed !== undefined ? setup.seed : null})),
          el("label", {class: "field"}, t("game") + " ", el("input", {id: "game", inputmode: "numeric", size: 6, placeholder: "0",
            value: setup && setup.game !== undefined ? setup.game : null}))),
        el("p", {class: "note"}, t("seedHelp")),
        el("fieldset", null, el("legend", null, t("opponents")), seats)),
      el("div", {id: "real-opts", hidden: mode === "dice"},
        el("label", {class: "field wide"}, t("others") + " ",
          el("input", {id: "others", placeholder: t("othersPlaceholder"), value: setup && setup.others ? setup.others.join(", ") : null}))),
      el("fieldset", null, el("legend", null, t("coach")),
        radio("coach", "each", t("coachEach"), !setup || setup.coach !== "end"), radio("coach", "end", t("coachEnd"), setup && setup.coach === "end")),
      el("p", null, el("button", {id: "start", type: "submit", class: "primary"}, t("start"))),
      el("div", {id: "progress", hidden: true}),
      el("p", {class: "note"}, t("modes")));
    form.addEventListener("change", function () {
      var m = form.querySelector("input[name=mode]:checked").value;
      document.getElementById("dice-opts").hidden = m !== "dice";
      document.getElementById("real-opts").hidden = m === "dice";
    });
    app.replaceChildren(form);
    watchSetup(form);
  }

  // watchSetup shows under the form how far the chosen rule set's preparation is (yams
  // serve prepares the rule sets of its --rules as it starts), while the form is shown.
  function watchSetup(form) {
    function tick() {
      if (!form.isConnected || busy) return;
      var id = form.querySelector("#rules").value;
      api("GET", "/api/rulesets/" + encodeURIComponent(id) + "/status").then(function (st) {
        if (!form.isConnected || busy) return;
        if (st.stage) {
          showProgress(st);
        } else {
          var box = document.getElementById("progress");
          if (box) box.hidden = true;
        }
        setTimeout(tick, st.stage ? 500 : 3000);
      }, function () { if (form.isConnected) setTimeout(tick, 3000); });
    }
    tick();
  }

  function readSetup() {
    var f = document.getElementById("setup");
    var m = f.querySelector("input[name=mode]:checked").value;
    var s = {rules: f.querySelector("#rules").value, mode: m === "table" ? "real" : m, view: m === "table" ? "table" : "play",
      coach: f.querySelector("input[name=coach]:checked").value};
    if (s.mode === "dice") {
      var seed = f.querySelector("#seed").value.trim(), g = f.querySelector("#game").value.trim();
      if (seed !== "") s.seed = Number(seed);
      if (g !== "") s.game = Number(g);
      s.opponents = [];
      f.querySelectorAll("select.seat").forEach(function (sel) { if (sel.value) s.opponents.push(sel.value); });
    } else {
      s.others = f.querySelector("#others").value.split(",").map(function (x) { return x.trim(); }).filter(Boolean);
    }
    return s;
  }

  // startGame asks for a new game; while the server prepares the rule set's tables, the
  // page shows how far it is and the time left.
  function startGame(s) {
    if (busy) return;
    setup = s;
    var body = {rules: s.rules, mode: s.mode, coach: s.coach};
    if (s.mode === "dice") {
      if (s.seed !== undefined) body.seed = s.seed;
      if (s.game !== undefined) body.game = s.game;
      body.opponents = s.opponents;
    } else {
      body.others = s.others;
    }
    var done = false, poll = null;
    function watch() {
      api("GET", "/api/rulesets/" + encodeURIComponent(s.rules) + "/status").then(function (st) {
        if (done) return;
        showProgress(st);
        poll = setTimeout(watch, 500);
      }, function () { if (!done) poll = setTimeout(watch, 1000); });
    }
    poll = setTimeout(watch, 300);
    busy = true;
    document.body.classList.add("busy");
    var btn = document.getElementById("start");
    if (btn) btn.disabled = true;
    api("POST", "/api/games", body).then(function (g) {
      showError("");
      view = s.view === "table" ? "table" : "play";
      try { sessionStorage.setItem("yams-game", g.id); sessionStorage.setItem("yams-view", view); } catch (e) { /* private mode */ }
      cursor = null;
      column = 0;
      arranged = {};
      setGame(g);
    }, function (e) { showError(e.message); }).then(function () {
      done = true;
      clearTimeout(poll);
      var p = document.getElementById("progress");
      if (p) p.hidden = true;
      if (btn) btn.disabled = false;
      busy = false;
      document.body.classList.remove("busy");
    });
  }

  // showProgress shows a rule set's preparation: its stage, a bar, the time left.
  function showProgress(st) {
    var box = document.getElementById("progress");
    if (!box) return;
    if (st.ready && !st.stage) { box.hidden = true; return; }
    var parts = [el("p", {class: "stage"}, (st.stage || t("preparing")) + (st.total > 1 ? " (" + st.done + "/" + st.total + ")" : ""))];
    var bar = el("progress", {id: "progress-bar", max: st.total > 0 ? st.total : null, value: st.total > 0 ? st.done : null});
    parts.push(bar);
    if (st.seconds_left !== undefined) {
      var m = Math.floor(st.seconds_left / 60), sec = st.seconds_left % 60;
      parts.push(el("p", {class: "note", id: "time-left"}, t("timeLeft", m > 0 ? t("minSec", m, sec) : t("sec", sec))));
    } else {
      parts.push(el("p", {class: "note"}, t("preparing")));
    }
    box.replaceChildren.apply(box, parts);
    box.hidden = false;
  }

  // ---- the game ----

  function setGame(g) {
    var fresh = !game || game.id !== g.id;
    var seen = game && !fresh ? JSON.stringify(game.moves || []) : "";
    var moves = g.moves && JSON.stringify(g.moves) !== seen ? g.moves : null;
    var before = game && !fresh ? game.players : null;
    var wasFinished = !fresh && finished();
    game = g;
    ruleSet = cfg.rule_sets.filter(function (rs) { return rs.id === g.rules; })[0];
    if (!setup || fresh) {
      setup = setup && setup.rules === g.rules ? setup : {rules: g.rules, mode: g.mode, coach: g.coach, view: view};
    }
    if (g.phase !== "play") cursor = null;
    else if (!cursor || g.legal[slotAt(cursor)] === undefined) cursor = null;
    if (g.phase === "play" && ruleSet.columns.length > 1) {
      // A narrow screen shows one column: one the roll may go in.
      var cells = legalCells();
      if (cells.length && !cells.some(function (p) { return p.c === column; })) column = cells[0].c;
    }
    if (picked && !(g.players[picked.seat].choices || {})[picked.slot]) picked = null;
    arrange();
    if (moves && moves.length || !g.moves || !g.moves.length) {
      // New turns of the others (or none): their reveal starts anew; the same turns go on
      // being revealed.
      stopReveal();
      reveal.steps = [];
      reveal.before = moves && moves.length && before ? before : null;
      reveal.shown = 0;
      if (moves && moves.length) prepareReveal(moves);
    }
    render();
    if (moves && moves.length) runReveal();
    if (finished() && !wasFinished) window.scrollTo(0, 0); // the end, from its top
    document.body.setAttribute("data-game", g.id);
    document.body.setAttribute("data-version", String(++version));
  }

  // arrange lays the dice out as a hand keeps them: the dice held stay in their places
  // across rolls, the dice rolled again take the other places; nothing re-sorts.
  function arrange() {
    if (game.phase !== "play") return;
    var key = game.turn + ":" + game.rolls_used;
    var prevKey = game.turn + ":" + (game.rolls_used - 1);
    var now = arranged[key];
    var same = now && sameFaces(now.faces, game.dice);
    if (!same) {
      var prev = arranged[prevKey];
      var faces, held = [false, false, false, false, false];
      if (prev) {
        // The dice held before the roll keep their places; the others are the new ones.
        var rest = game.dice.slice();
        faces = [];
        prev.faces.forEach(function (f, i) {
          if (prev.held[i] && take(rest, f)) { faces[i] = f; held[i] = true; } else faces[i] = null;
        });
        faces = faces.map(function (f) { return f === null ? rest.shift() : f; });
      } else {
        faces = game.dice.slice();
      }
      now = {faces: faces, held: held};
      arranged[key] = now;
    }
    // The dice held, as the server holds them: those marked stay, as many of each face.
    var want = {};
    (game.held || []).forEach(function (f) { want[f] = (want[f] || 0) + 1; });
    now.held = now.faces.map(function (f, i) {
      if (now.held[i] && want[f]) { want[f]--; return true; }
      return false;
    });
    now.faces.forEach(function (f, i) {
      if (!now.held[i] && want[f]) { want[f]--; now.held[i] = true; }
    });
  }

  function take(list, f) {
    var i = list.indexOf(f);
    if (i < 0) return false;
    list.splice(i, 1);
    return true;
  }

  function sameFaces(a, b) {
    return a.slice().sort().join() === b.slice().sort().join();
  }

  function hand() { return arranged[game.turn + ":" + game.rolls_used]; }

  function slotAt(p) { return ruleSet.slots[p.c * ruleSet.boxes.length + p.b]; }

  function legalCells() {
    var out = [];
    if (!game.legal) return out;
    for (var c = 0; c < ruleSet.columns.length; c++) {
      for (var b = 0; b < ruleSet.boxes.length; b++) {
        if (game.legal[slotAt({c: c, b: b})] !== undefined) out.push({c: c, b: b});
      }
    }
    return out;
  }

  // moveCursor moves the keys' box: up and down in its column, left and right to the
  // nearest column with a box the roll may go in.
  function moveCursor(key) {
    var cells = legalCells();
    if (!cells.length) return;
    if (!cursor) { cursor = cells[0]; render(); return; }
    var cur = cursor, best = null;
    cells.forEach(function (p) {
      var d;
      if (key === "ArrowDown" && p.c === cur.c && p.b > cur.b) d = p.b - cur.b;
      else if (key === "ArrowUp" && p.c === cur.c && p.b < cur.b) d = cur.b - p.b;
      else if (key === "ArrowRight" && p.c > cur.c) d = 100 * (p.c - cur.c) + Math.abs(p.b - cur.b);
      else if (key === "ArrowLeft" && p.c < cur.c) d = 100 * (cur.c - p.c) + Math.abs(p.b - cur.b);
      if (d !== undefined && (!best || d < best.d)) best = {p: p, d: d};
    });
    if (!best && (key === "ArrowDown" || key === "ArrowUp")) {
      var col = cells.filter(function (p) { return p.c === cur.c; });
      if (col.length) best = {p: key === "ArrowDown" ? col[0] : col[col.length - 1]};
    }
    if (best) { cursor = best.p; column = cursor.c; render(); }
  }

  // render lays the game out: at the top, what is played now (the turn, the players'
  // totals, the coach's verdict, the dice and the next action), which stays in view;
  // below, the sheets, the coach's details and the others' turns; the end below.
  function render() {
    var playing = game.phase === "roll" || game.phase === "play";
    var bar = el("div", {id: "playbar", class: "panel playbar"}, statusLine(), strip(), verdict());
    if (playing && (view === "play" || game.phase === "play" || game.mode === "dice")) bar.appendChild(dicePanel());
    else if (view === "table" && game.undo && !finished()) bar.appendChild(el("div", {class: "controls"}, undoButton()));
    var side = el("div", {class: "side"}, bar, coachPanel());
    var main = el("div", {class: "main"}, view === "table" ? tableSheet() : sheetsPanel());
    if (game.moves && game.moves.length) main.appendChild(movesPanel());
    var parts = [el("div", {class: "board"}, side, main)];
    if (finished()) parts.unshift(endPanel());
    app.replaceChildren.apply(app, parts);
    drawMoves();
    var entry = document.getElementById("entry-input");
    if (entry && !touch && document.activeElement === document.body) entry.focus();
    if (game.phase === "over" || game.phase === "ended") return;
    // The next action in view: with no rolls left, a box of the sheet below the bar.
    if (game.phase === "play" && game.rolls_left === 0) {
      var target = document.querySelector("#sheet-0 button.legal.cursor") || document.querySelector("#sheet-0 button.legal");
      if (target) bringIntoView(target);
    }
  }

  // finished reports whether the game is at its end: the player's sheet full (on the
  // table's sheet, every player's), or the game ended.
  function finished() {
    if (game.phase === "ended") return true;
    if (game.phase !== "over") return false;
    return view !== "table" || game.players.every(function (p) { return p.sheet.done; });
  }

  // bringIntoView scrolls the page so that e shows below the bar that stays at the top.
  function bringIntoView(e) {
    var barEl = document.getElementById("playbar");
    var top = barEl && getComputedStyle(barEl).position === "sticky" ? barEl.getBoundingClientRect().bottom : 0;
    var r = e.getBoundingClientRect();
    if (r.top < top + 4) window.scrollBy(0, r.top - top - 8);
    else if (r.bottom > window.innerHeight - 4) window.scrollBy(0, r.bottom - window.innerHeight + 8);
  }

  function statusLine() {
    var parts = [];
    if (game.phase === "roll" || game.phase === "play") {
      parts.push(el("strong", null, t("turnOf", game.turn, game.turns)));
      parts.push(" · " + (game.phase === "play" ? t("rollOf", game.rolls_used, game.rolls_used + game.rolls_left) : t("toRoll")));
    } else {
      parts.push(el("strong", null, !finished() ? t("tableTitle") : game.phase === "over" ? t("overTitle") : t("endedTitle")));
    }
    return el("div", {id: "status", class: "status"}, parts);
  }

  // diceOf says whose dice of yams sim the game throws.
  function diceOf() {
    if (game.mode !== "dice") return null;
    var seats = game.players.length > 1 ? " (" + game.players.slice(1).map(function (pl) {
      return t("diceOfSeat", pl.seat + 1, pl.dice_game);
    }).join(", ") + ")" : "";
    return el("p", {id: "dice-of", class: "note"}, t("diceOf", game.seed, game.game, game.dice_game) + seats);
  }

  // strip shows every player's total, and their chance of finishing first, in one line.
  function strip() {
    if (game.players.length < 2) return null;
    var s = el("ol", {id: "strip", class: "strip", "aria-label": t("standings")});
    game.players.forEach(function (p, i) {
      var shown = revealedSheet(p);
      var chip = el("li", {class: "chip" + (i === 0 ? " mine" : ""), "data-seat": p.seat},
        el("span", {class: "who"}, playerName(p)), " ", el("strong", {class: "chip-total"}, String(shown.total)));
      if (game.chances && game.phase !== "over") chip.appendChild(el("span", {class: "chip-chance"}, " " + t("percent", num(100 * game.chances[i], 0))));
      s.appendChild(chip);
    });
    return s;
  }

  // verdict is the coach's word on the last decisions, in a line or two: what each cost
  // and the best option; the ranking opens on demand.
  function verdict() {
    var box = el("div", {id: "verdict", class: "verdict", "aria-live": "polite"});
    var fb = game.coach === "each" || game.phase === "over" ? game.feedback || [] : [];
    fb.forEach(function (d) {
      var est = d.exact === false || (d.advice && d.advice.exact === false);
      var cost = d.cost > 0 || est ?
        el("span", {class: d.cost > 0 ? "cost" : "free"}, t(est ? "costsEst" : "costs", figure(d.cost, est ? false : undefined, d.cost_interval))) :
        el("span", {class: "free"}, t("costsNothing"));
      var line = [el("strong", null, kindText(d) + " " + faces(d.dice)), ": ", choiceText(d.choice, d.dice), " — ", cost];
      if (d.cost > 0) line.push(" · " + t("bestShort", choiceText(d.best, d.dice)));
      box.appendChild(el("p", {class: "verdict-line", "data-index": d.index}, line));
    });
    if (game.chance) {
      var c = game.chance;
      box.appendChild(el("p", {id: "chance-short", class: "verdict-line"}, t("chanceShort", pct(c.before), pct(c.after)) +
        (c.after < c.best ? " · " + t("chanceBestShort", slotLabel(c.best_box), pct(c.best)) : "")));
    }
    if (!box.childNodes.length) return null;
    return box;
  }

  // openDialog shows content over the page, whatever it is scrolled to; Escape or the
  // button closes it.
  function openDialog(title, content) {
    closeDialog();
    var d = el("div", {id: "dialog", class: "dialog", role: "dialog", "aria-modal": "true", "aria-label": title},
      el("div", {class: "dialog-box"},
        el("div", {class: "dialog-head"}, el("h2", null, title),
          el("button", {type: "button", id: "dialog-close", "aria-label": t("close"), onclick: closeDialog}, "×")),
        el("div", {class: "dialog-body"}, content)));
    d.addEventListener("click", function (ev) { if (ev.target === d) closeDialog(); });
    document.body.appendChild(d);
    document.getElementById("dialog-close").focus();
  }

  function closeDialog() {
    var d = document.getElementById("dialog");
    if (d) d.remove();
  }

  function sheetsPanel() {
    var sheets = el("div", {id: "sheets", class: "sheets"});
    game.players.forEach(function (p) { sheets.appendChild(sheetTable(p)); });
    return sheets;
  }

  function dicePanel() {
    var panel = el("div", {id: "dice-panel"});
    var dice = el("div", {id: "dice", class: "dice"});
    if (game.phase === "play") {
      var h = hand();
      h.faces.forEach(function (f, i) {
        dice.appendChild(el("button", {type: "button", class: "die" + (h.held[i] ? " held" : ""), "data-i": i + 1, "data-face": f,
          "aria-pressed": h.held[i] ? "true" : "false", "aria-label": t("die", i + 1, f) + (h.held[i] ? ", " + t("held") : ""),
          disabled: game.rolls_left === 0, onclick: function () { toggle(i); }}, pips(f), h.held[i] ? el("span", {class: "held-mark", "aria-hidden": "true"}, t("heldShort")) : null));
      });
    } else {
      for (var i = 0; i < 5; i++) dice.appendChild(el("span", {class: "die blank", "aria-hidden": "true"}));
    }
    panel.appendChild(dice);
    var controls = el("div", {class: "controls"});
    if (game.mode === "dice") {
      var canRoll = game.phase === "roll" || game.rolls_left > 0;
      controls.appendChild(el("button", {id: "roll", type: "button", class: "primary", disabled: !canRoll, onclick: doRoll},
        game.phase === "roll" ? t("roll") : t("rollAgain")));
    }
    if (game.coach === "each") {
      controls.appendChild(el("button", {id: "advise", type: "button", disabled: game.phase !== "play", onclick: doAdvise}, t("advise")));
    }
    if (game.mode === "real") controls.appendChild(undoButton());
    var fb = game.coach === "each" ? game.feedback || [] : [];
    if (fb.length && fb[fb.length - 1].advice) {
      var last = fb[fb.length - 1];
      controls.appendChild(el("button", {type: "button", id: "ranking-open", onclick: function () {
        openDialog(t("ranking"), adviceTable(last.advice));
      }}, t("rankingShort")));
    }
    panel.appendChild(controls);
    if (game.mode === "real" && (game.phase === "roll" || game.rolls_left > 0)) panel.appendChild(entryForm());
    if (game.phase === "play" && game.rolls_left === 0) panel.appendChild(el("p", {class: "note next"}, t("scoreNow")));
    panel.appendChild(el("p", {class: "note keys"}, game.mode === "real" ? t("keysReal") : t("keys")));
    return panel;
  }

  function undoButton() {
    var u = game.undo;
    var label = u ? t("undo_" + u.entry, u.seat === 0 ? t("you") : game.players[u.seat].name) : t("undo");
    return el("button", {id: "undo", type: "button", disabled: !u, onclick: function () { act("POST", gamePath("undo"), {}); }}, "↶ " + label);
  }

  // pips draws a die's face as a grid of dots, with its number for the screen readers.
  function pips(f) {
    var on = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]}[f];
    var g = el("span", {class: "pips", "aria-hidden": "true"});
    for (var i = 0; i < 9; i++) g.appendChild(el("span", {class: on.indexOf(i) >= 0 ? "pip on" : "pip"}));
    return [g, el("span", {class: "face"}, String(f))];
  }

  function expectedDice() { return game.phase === "roll" ? 5 : 5 - (game.held || []).length; }

  function entryForm() {
    var n = expectedDice();
    var input = el("input", {id: "entry-input", inputmode: "numeric", autocomplete: "off", size: 10, placeholder: n === 5 ? "2 2 4 5 6" : "", "aria-label": t("enterN", n),
      "aria-describedby": "entry-error"});
    var why = el("p", {id: "entry-error", class: "entry-error", role: "alert", hidden: true});
    var form = el("form", {id: "entry", class: "entry", onsubmit: function (ev) { ev.preventDefault(); submitEntry(input, why); }},
      el("label", null, t("enterN", n) + " ", input), " ", el("button", {type: "submit", class: "primary"}, t("enter")));
    var pad = el("div", {id: "pad", class: "pad"});
    for (var f = 1; f <= 6; f++) {
      (function (f) {
        pad.appendChild(el("button", {type: "button", class: "padkey", "data-face": f, "aria-label": String(f), onclick: function () {
          input.value = (input.value.trim() + " " + f).trim();
          why.hidden = true;
          if (parseDice(input.value).length === n) submitEntry(input, why);
        }}, pips(f)));
      })(f);
    }
    pad.appendChild(el("button", {type: "button", class: "padkey clear", "aria-label": t("clear"), title: t("clear"),
      onclick: function () { input.value = input.value.trim().replace(/\s*\S$/, ""); why.hidden = true; }}, "⌫"));
    return el("div", {class: "entry-box"}, form, pad, why);
  }

  function parseDice(s) {
    return (s.match(/[1-6]/g) || []).map(Number);
  }

  // submitEntry sends the dice typed or tapped; a refused entry is cleared, and said in
  // plain words beside the pad.
  function submitEntry(input, why) {
    var text = input.value, n = expectedDice();
    var dice = parseDice(text);
    function refuse(msg) {
      input.value = "";
      why.textContent = msg;
      why.hidden = false;
    }
    if (/[^1-6\s,;.-]/.test(text)) { refuse(t("entryFaces", text.trim())); return; }
    if (dice.length !== n && !(n < 5 && dice.length === 5)) { refuse(t("entryCount", dice.length, n)); return; }
    act("POST", gamePath("roll"), {dice: dice}, function (msg) { refuse(t("entryRefused", msg)); });
  }

  function toggle(i) {
    if (game.phase !== "play" || game.rolls_left === 0) return;
    var h = hand();
    var held = h.held.slice();
    held[i] = !held[i];
    var keep = h.faces.filter(function (f, j) { return held[j]; });
    // The die tapped is marked at once, so that the hold lands on it and not on another of
    // its face; a hold refused takes the mark back.
    var before = h.held;
    h.held = held;
    act("POST", gamePath("hold"), {keep: keep}, function (msg) { h.held = before; showError(msg); render(); });
  }

  function doRoll() {
    if (game.mode !== "dice") return;
    if (game.phase === "roll" || game.rolls_left > 0) act("POST", gamePath("roll"), {});
  }

  function doScore(slot) {
    if (game.phase !== "play" || game.legal[slot] === undefined) return;
    act("POST", gamePath("score"), {box: slot});
  }

  function doAdvise() {
    if (game.phase !== "play") return;
    api("GET", gamePath("advise")).then(function (a) {
      openDialog(t("adviceNow"), adviceTable(a));
    }, function (e) { showError(e.message); });
  }

  // revealedSheet returns a player's sheet as far as their turns are shown: an
  // opponent's sheet as it stood before its turn until the turn's box is shown.
  function revealedSheet(p) {
    if (!reveal.before || p.seat === 0) return p.sheet;
    var last = -1;
    reveal.steps.forEach(function (s, i) { if (s.last && s.seat === p.seat) last = i; });
    if (last >= 0 && reveal.shown <= last) return reveal.before[p.seat].sheet;
    return p.sheet;
  }

  // columnTabs switches the column of the sheet shown on a narrow screen.
  function columnTabs(seat) {
    var tabs = el("div", {class: "col-tabs", id: "tabs-" + seat, role: "tablist", "aria-label": t("columnsOf")});
    ruleSet.columns.forEach(function (c, ci) {
      tabs.appendChild(el("button", {type: "button", role: "tab", class: "col-tab", "data-col": ci, "aria-selected": ci === column ? "true" : "false",
        onclick: function () { column = ci; render(); }}, columnLabel(ci)));
    });
    return tabs;
  }

  function sheetTable(p) {
    var isYou = p.seat === 0;
    var sheet = revealedSheet(p);
    var cols = ruleSet.columns, nb = ruleSet.boxes.length, multi = cols.length > 1;
    var tbl = el("table", {class: "sheet" + (isYou ? " mine" : "") + (multi ? " multi show-col-" + column : ""), id: "sheet-" + p.seat});
    tbl.appendChild(el("caption", null, el("span", {class: "who"}, playerName(p)), " ", el("span", {class: "total", id: "total-" + p.seat}, String(sheet.total))));
    if (multi) {
      var hr = el("tr", null, el("th", {scope: "col", class: "corner"}));
      cols.forEach(function (c, ci) { hr.appendChild(el("th", {scope: "col", class: "col-" + ci}, columnLabel(ci))); });
      tbl.appendChild(el("thead", null, hr));
    }
    var body = el("tbody");
    function totalRow(label, cls, value) {
      var tr = el("tr", {class: "sum " + cls}, el("th", {scope: "row"}, label));
      cols.forEach(function (c, ci) { tr.appendChild(el("td", {class: "col-" + ci}, String(value(sheet.columns[ci])))); });
      body.appendChild(tr);
    }
    ["upper", "middle", "lower"].forEach(function (sec) {
      var any = false;
      ruleSet.boxes.forEach(function (box, b) {
        if (box.section !== sec) return;
        any = true;
        var tr = el("tr", null, el("th", {scope: "row"}, box.label + (box.subtract ? " (−)" : "")));
        cols.forEach(function (c, ci) {
          var slot = ruleSet.slots[ci * nb + b];
          var v = sheet.boxes[slot];
          var td = el("td", {"data-slot": slot, class: "col-" + ci});
          if (v !== undefined) {
            td.textContent = String(v);
            td.className += " filled";
          } else if (isYou && game.phase === "play" && game.legal[slot] !== undefined) {
            var here = cursor && cursor.c === ci && cursor.b === b;
            td.appendChild(el("button", {type: "button", class: "legal" + (here ? " cursor" : ""), "data-slot": slot,
              "aria-label": t("scoreIn", game.legal[slot], slotLabel(slot)), onclick: function () { doScore(slot); }}, String(game.legal[slot])));
          }
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
      if (!any) return;
      if (sec === "upper") {
        totalRow(t("upperSubtotal"), "upper", function (c) { return c.upper; });
        totalRow(t("upperBonus"), "bonus", function (c) { return c.upper_bonus; });
      } else if (sec === "middle") {
        totalRow(t("middleTotal"), "middle", function (c) { return c.middle; });
      } else {
        totalRow(t("lowerTotal"), "lower", function (c) { return c.lower; });
      }
    });
    if (multi) totalRow(t("columnTotal"), "column", function (c) { return c.total; });
    tbl.appendChild(body);
    var foot = el("tfoot");
    if (ruleSet.extra_points > 0) {
      foot.appendChild(el("tr", null, el("th", {scope: "row"}, t("extraBonuses")), el("td", {colspan: cols.length}, String(sheet.extra_total))));
    }
    foot.appendChild(el("tr", {class: "grand"}, el("th", {scope: "row"}, t("total")), el("td", {colspan: cols.length, class: "grand-total"}, String(sheet.total))));
    tbl.appendChild(foot);
    var box = el("div", {class: "sheet-box", "data-seat": p.seat});
    if (multi) box.appendChild(columnTabs(p.seat));
    box.appendChild(el("div", {class: "scroll sheet-scroll"}, tbl));
    if (game.mode === "real" && !isYou && !p.sheet.done && game.phase !== "ended") box.appendChild(otherForm(p));
    return box;
  }

  // otherForm enters the turn of another player of a real table: their final dice, or
  // the points they wrote.
  function otherForm(p) {
    var dice = el("input", {class: "other-dice", inputmode: "numeric", size: 9, placeholder: "2 2 4 5 6", "aria-label": t("theirTurn")});
    var box = el("select", {class: "other-box", "aria-label": t("box")});
    ruleSet.slots.forEach(function (slot) {
      if (p.sheet.boxes[slot] === undefined) box.appendChild(el("option", {value: slot}, slotLabel(slot)));
    });
    var rolls = el("select", {class: "other-rolls", "aria-label": t("rollsUsed")});
    for (var i = 1; i <= ruleSet.rolls; i++) rolls.appendChild(el("option", {value: i}, String(i)));
    return el("details", {class: "other-entry"}, el("summary", null, t("enterTheirs", p.name)),
      el("form", {class: "other", onsubmit: function (ev) {
        ev.preventDefault();
        act("POST", gamePath("score"), {seat: p.seat, dice: parseDice(dice.value), box: box.value, rolls_used: Number(rolls.value)});
      }}, t("theirTurn") + " ", dice, " ", box, " ", t("rollsUsed") + " ", rolls, " ", el("button", {type: "submit"}, t("enter"))),
      el("button", {type: "button", class: "link", onclick: function () { view = "table"; saveView(); render(); }}, t("byPointsLink")));
  }

  function saveView() {
    try { sessionStorage.setItem("yams-view", view); } catch (e) { /* private mode */ }
  }

  // ---- the table's sheet: every player's turn by its box and points ----

  function tableSheet() {
    var cols = ruleSet.columns, nb = ruleSet.boxes.length, multi = cols.length > 1;
    var wrap = el("section", {id: "table-sheet", class: "sheets table-sheet"});
    wrap.appendChild(el("div", {class: "row"}, el("h2", null, t("tableTitle")),
      el("button", {type: "button", id: "to-play", class: "link", onclick: function () { view = "play"; saveView(); render(); }}, t("toPlayView"))));
    if (multi) wrap.appendChild(columnTabs("table"));
    var tbl = el("table", {class: "sheet table-grid", id: "table-grid"});
    var hr = el("tr", null, el("th", {scope: "col", class: "corner"}, multi ? columnLabel(column) : ""));
    game.players.forEach(function (p) { hr.appendChild(el("th", {scope: "col", "data-seat": p.seat}, playerName(p))); });
    tbl.appendChild(el("thead", null, hr));
    var body = el("tbody");
    ruleSet.boxes.forEach(function (box, b) {
      var slot = ruleSet.slots[column * nb + b];
      var tr = el("tr", null, el("th", {scope: "row"}, box.label));
      game.players.forEach(function (p) {
        var v = p.sheet.boxes[slot];
        var td = el("td", {"data-slot": slot, "data-seat": p.seat});
        if (v !== undefined) {
          td.textContent = String(v);
          td.className = "filled";
        } else if (p.choices && p.choices[slot]) {
          var on = picked && picked.seat === p.seat && picked.slot === slot;
          td.appendChild(el("button", {type: "button", class: "cell" + (on ? " picked" : ""), "data-slot": slot, "data-seat": p.seat,
            "aria-label": t("enterCell", playerName(p), slotLabel(slot)), onclick: function () { pick(p.seat, slot); }}, "+"));
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    var totals = el("tr", {class: "grand"}, el("th", {scope: "row"}, t("total")));
    game.players.forEach(function (p) { totals.appendChild(el("td", {class: "grand-total", "data-seat": p.seat}, String(p.sheet.total))); });
    body.appendChild(totals);
    if (game.chances && game.phase !== "over") {
      var ch = el("tr", {class: "sum chances-row"}, el("th", {scope: "row"}, t("firstShort")));
      game.chances.forEach(function (c, i) { ch.appendChild(el("td", {"data-seat": i}, pct(c))); });
      body.appendChild(ch);
    }
    tbl.appendChild(body);
    wrap.appendChild(el("div", {class: "scroll sheet-scroll"}, tbl));
    var pickerBox = el("div", {id: "picker-box"});
    wrap.insertBefore(pickerBox, wrap.childNodes[multi ? 2 : 1]);
    if (picked) pickerBox.appendChild(picker());
    wrap.appendChild(el("p", {class: "links"}, game.players.map(function (p) {
      return el("a", {class: "record-link", href: gamePath("record") + "?seat=" + p.seat, download: "yams-" + game.rules + "-" + p.seat + ".json"}, t("recordOf", playerName(p)));
    })));
    return wrap;
  }

  function pick(seat, slot) {
    picked = {seat: seat, slot: slot, choice: null};
    render();
    var pk = document.getElementById("picker");
    if (pk) bringIntoView(pk);
  }

  // picker offers the scores the box may take, a cross-out where 0 is one, and enters
  // the one chosen.
  function picker() {
    var p = game.players[picked.seat];
    var choices = p.choices[picked.slot] || [];
    var list = el("div", {class: "values", role: "listbox", "aria-label": t("valuesOf", slotLabel(picked.slot))});
    choices.forEach(function (c, i) {
      var label = c.points === 0 && !c.bonus ? t("crossOut") : String(c.points) + (c.bonus ? " + " + t("bonusShort", c.bonus) : "");
      var on = picked.choice === i;
      list.appendChild(el("button", {type: "button", role: "option", class: "value" + (on ? " chosen" : "") + (c.points === 0 && !c.bonus ? " cross" : ""),
        "aria-selected": on ? "true" : "false", "data-points": c.points, "data-bonus": c.bonus || 0,
        onclick: function () { picked.choice = i; render(); }}, label));
    });
    var why = el("p", {id: "picker-error", class: "entry-error", role: "alert", hidden: true});
    var ok = el("button", {type: "button", id: "picker-ok", class: "primary", disabled: picked.choice === null, onclick: function () {
      var c = choices[picked.choice];
      var body = {seat: picked.seat, box: picked.slot, points: c.points};
      if (c.bonus) body.bonus = c.bonus;
      picked = null;
      act("POST", gamePath("score"), body, function (msg) { why.textContent = msg; why.hidden = false; });
    }}, t("validate"));
    return el("div", {id: "picker", class: "panel picker"}, el("h3", null, playerName(p) + " · " + slotLabel(picked.slot)), list,
      el("div", {class: "controls"}, ok, el("button", {type: "button", id: "picker-cancel", onclick: function () { picked = null; render(); }}, t("cancel"))), why);
  }

  // ---- the opponents' turns, move by move ----

  function stopReveal() {
    if (reveal.timer) clearInterval(reveal.timer);
    reveal.timer = null;
  }

  function prepareReveal(moves) {
    moves.forEach(function (m, mi) {
      m.rolls.forEach(function (r, i) {
        reveal.steps.push({m: mi, seat: m.seat, text: t("rolled", faces(r))});
        if (m.keeps && i < m.keeps.length) reveal.steps.push({m: mi, seat: m.seat, text: m.keeps[i].length ? t("kept", faces(m.keeps[i])) : t("keptNone")});
      });
      reveal.steps.push({m: mi, seat: m.seat, text: t("scored", slotLabel(m.box), m.points, m.total), last: true});
    });
    reveal.shown = reduced || !reveal.before ? reveal.steps.length : 0;
  }

  function runReveal() {
    if (reveal.shown < reveal.steps.length) {
      reveal.timer = setInterval(function () {
        var wasLast = reveal.steps[reveal.shown].last;
        reveal.shown++;
        if (wasLast) refreshSheets();
        drawMoves();
        if (reveal.shown >= reveal.steps.length) stopReveal();
      }, 350);
    }
  }

  // refreshSheets redraws the others' sheets and the strip as a turn's box is shown. The
  // player's own sheet stays: a tap on one of its boxes as a step is shown would
  // otherwise press a button that is gone when the finger lifts, and be lost.
  function refreshSheets() {
    game.players.forEach(function (p) {
      var s = p.seat !== 0 && document.querySelector('#sheets > .sheet-box[data-seat="' + p.seat + '"]');
      if (s) s.replaceWith(sheetTable(p));
    });
    var st = document.getElementById("strip");
    var fresh = strip();
    if (st && fresh) st.replaceWith(fresh);
  }

  function movesPanel() {
    return el("section", {id: "moves", class: "panel"}, el("h2", null, t("movesTitle")), el("div", {id: "moves-list"}),
      el("button", {type: "button", id: "show-all", onclick: function () { reveal.shown = reveal.steps.length; stopReveal(); refreshSheets(); drawMoves(); }}, t("showAll")));
  }

  function drawMoves() {
    var list = document.getElementById("moves-list");
    if (!list || !game.moves) return;
    var out = [];
    game.moves.forEach(function (m, mi) {
      var steps = [];
      reveal.steps.slice(0, reveal.shown).forEach(function (s) { if (s.m === mi) steps.push(el("li", {class: s.last ? "boxed" : null}, s.text)); });
      if (steps.length) out.push(el("div", {class: "move", "data-seat": m.seat}, el("strong", null, m.name), el("ol", null, steps)));
    });
    list.replaceChildren.apply(list, out);
    var btn = document.getElementById("show-all");
    if (btn) btn.hidden = reveal.shown >= reveal.steps.length;
  }

  // ---- the coach ----

  function coachPanel() {
    var panel = el("section", {id: "coach", class: "panel"}, el("h2", null, t("coachTitle")));
    var fb = game.feedback || [];
    if (game.coach === "each" || game.phase === "over") {
      fb.forEach(function (d, i) {
        var est = d.exact === false || (d.advice && d.advice.exact === false);
        var a = d.advice || {};
        var line = [el("strong", null, kindText(d) + " — " + t("diceCol") + " " + faces(d.dice)), ": ",
          t("youChose", choiceText(d.choice, d.dice)), ", ",
          d.cost > 0 || est ? el("span", {class: d.cost > 0 ? "cost" : "free"}, t(est ? "costsEst" : "costs", figure(d.cost, est ? false : undefined, d.cost_interval))) :
            el("span", {class: "free"}, t("costsNothing"))];
        if (d.cost > 0) line.push("; " + t("bestWas", choiceText(d.best, d.dice)));
        line.push(" (" + t(est ? "valueVsEst" : "valueVs", figure(d.value, est ? false : undefined), figure(d.best_value, est ? false : undefined, a.interval)) + ")");
        var item = el("div", {class: "feedback", "data-index": d.index}, el("p", null, line));
        if (i === fb.length - 1 && d.advice) {
          item.appendChild(el("details", {class: "ranking"}, el("summary", null, t("ranking")), adviceTable(d.advice)));
        }
        panel.appendChild(item);
      });
    }
    if (game.chance) {
      var c = game.chance;
      panel.appendChild(el("p", {id: "chance"}, el("strong", null, t("chanceTitle") + ": "),
        c.after >= c.best ? t("chanceBest", pct(c.before), pct(c.after)) : t("chanceLine", pct(c.before), pct(c.after), slotLabel(c.best_box), pct(c.best))));
    }
    if (game.chances && game.phase !== "over") {
      panel.appendChild(el("p", {id: "chances"}, t("chancesNow", game.players.map(function (p, i) {
        return playerName(p) + " " + pct(game.chances[i]);
      }).join(", "))));
    }
    add(panel, diceOf());
    if (panel.childNodes.length === 1) return null;
    return panel;
  }

  // adviceTable shows an advice (yams advise's JSON) as its tables.
  function adviceTable(a) {
    var parts = [];
    if (!a.exact) {
      parts.push(el("p", {class: "estimate"}, t("estimated")));
      if (a.interval) parts.push(el("p", {class: "note"}, t("intervalNote", num(a.interval, 1), a.estimate_games || "")));
    }
    var head = a.exact ? t("valueCol") : t("valueColEst");
    var v = function (x) { return figure(x, a.exact); };
    if (a.keeps && a.keeps.length) {
      var kt = el("table", {class: "advice keeps"}, el("thead", null, el("tr", null, el("th", null, t("keepCol")), el("th", null, head), el("th", null, t("costCol")))));
      var kb = el("tbody");
      a.keeps.forEach(function (o) {
        var held = o.keep.length === 5 ? t("stopAll") : o.keep.length === 0 ? t("noneReroll") : o.keep.join("-");
        kb.appendChild(el("tr", null, el("td", null, held), el("td", {class: "num"}, v(o.value)), el("td", {class: "num"}, v(o.cost))));
      });
      kt.appendChild(kb);
      parts.push(el("div", {class: "scroll"}, kt));
    }
    var bt = el("table", {class: "advice boxes"}, el("thead", null, el("tr", null, el("th", null, t("boxCol")), el("th", null, t("pointsCol")),
      el("th", null, head), el("th", null, t("costCol")))));
    var bb = el("tbody");
    a.boxes.forEach(function (o) {
      bb.appendChild(el("tr", null, el("td", null, slotLabel(o.box)), el("td", {class: "num"}, String(o.points)), el("td", {class: "num"}, v(o.value)), el("td", {class: "num"}, v(o.cost))));
    });
    bt.appendChild(bb);
    parts.push(el("div", {class: "scroll"}, bt));
    if (a.keeps && a.keeps.length) parts.push(el("p", {class: "note"}, t("ifStop")));
    return el("div", {class: "advice-tables"}, parts);
  }

  // ---- the end ----

  function endPanel() {
    var panel = el("section", {id: "end", class: "panel"});
    if (game.phase === "ended") {
      panel.appendChild(el("h2", null, t("endedTitle")));
      panel.appendChild(el("p", {id: "ended", class: "cost"}, game.ended));
    } else {
      panel.appendChild(el("h2", null, t("overTitle")));
    }
    var g = game.grade;
    if (g) {
      var est = g.exact === false || !!g.estimate;
      panel.appendChild(el("p", {id: "over-line"}, est ?
        t("overLineEst", g.score, num(g.optimal_start, 1), figure(g.total_cost, false, g.total_cost_interval)) :
        t("overLine", g.score, num(g.optimal_start), num(g.total_cost))));
      if (est) panel.appendChild(el("p", {class: "estimate"}, t("estimatedGrade")));
    } else if (game.phase === "over" && game.players[0].by_points) {
      panel.appendChild(el("p", {class: "note"}, t("notGraded")));
    }
    if (game.players.length > 1) panel.appendChild(standings());
    (game.same_dice || []).forEach(function (s) {
      panel.appendChild(el("p", {class: "same-dice"}, t("sameDice", s.strategy, s.total, game.dice_game, game.seed)));
    });
    var links = el("p", {class: "links"},
      el("a", {id: "download", class: "button", href: gamePath("record"), download: "yams-" + game.rules + ".json"}, t("download")));
    panel.appendChild(links);
    var again = el("p", {class: "controls"}, el("button", {type: "button", id: "new-game", class: "primary", onclick: function () { forget(); renderSetup(); }}, t("newGame")));
    if (game.mode === "dice") {
      again.appendChild(el("button", {type: "button", id: "same-again", onclick: function () {
        var s = Object.assign({}, setup, {rules: game.rules, mode: "dice", seed: game.seed, game: game.game});
        startGame(s);
      }}, t("sameAgain")));
    }
    if (game.undo) again.appendChild(undoButton());
    panel.appendChild(again);
    if (g) {
      panel.appendChild(gradeTable(g));
      if (g.keeps_not_recorded) panel.appendChild(el("p", {class: "note"}, t("ungraded", g.keeps_not_recorded.join(", "))));
      panel.appendChild(lossTable(game.losses, g));
      panel.appendChild(chart(game.losses.by_turn));
    }
    return panel;
  }

  function standings() {
    var order = game.players.slice().sort(function (a, b) { return b.sheet.total - a.sheet.total; });
    var top = order[0].sheet.total;
    var tb = el("tbody");
    order.forEach(function (p, i) {
      tb.appendChild(el("tr", {class: p.sheet.total === top ? "winner" : null}, el("td", null, String(i + 1)),
        el("td", null, playerName(p)), el("td", {class: "num"}, String(p.sheet.total)),
        el("td", null, p.sheet.total === top && game.phase === "over" ? t("winner") : "")));
    });
    return el("div", {class: "scroll"}, el("table", {id: "standings"}, el("caption", null, t("standings")),
      el("thead", null, el("tr", null, el("th", null, t("place")), el("th", null, t("player")), el("th", null, t("total")), el("th"))), tb));
  }

  // gradeTable lists every decision in a row a phone shows whole: the turn, the kind and
  // the dice, the choice over the best, the cost.
  function gradeTable(g) {
    var tb = el("tbody");
    var est = g.exact === false || !!g.estimate;
    g.decisions.forEach(function (d, i) {
      var choice = [el("span", {class: "choice"}, choiceText(d.choice, d.dice))];
      if (d.cost > 0) choice.push(el("span", {class: "best"}, t("bestShort", choiceText(d.best, d.dice))));
      var row = el("tr", {class: "decision" + (d.cost > 0 ? " costly" : ""), "data-index": i + 1, tabindex: 0,
        onclick: function () { review(i + 1, row); }},
        el("td", {class: "num"}, String(d.turn)), el("td", null, el("span", {class: "kind"}, kindText(d)), el("span", {class: "dice-text"}, faces(d.dice))),
        el("td", null, choice), el("td", {class: "num cost-cell"}, est || d.exact === false ? figure(d.cost, false, d.cost_interval) : num(d.cost)));
      row.addEventListener("keydown", function (ev) { if (ev.key === "Enter") review(i + 1, row); });
      tb.appendChild(row);
    });
    return el("div", {id: "grade"}, el("h3", null, t("graded")), el("p", {class: "note"}, t("reviewHint")),
      el("div", {class: "scroll"}, el("table", {id: "grade-table"}, el("thead", null, el("tr", null,
        el("th", {class: "num"}, t("turnCol")), el("th", null, t("decisionCol")), el("th", null, t("choiceCol")),
        el("th", {class: "num"}, t("costCol")))), tb)));
  }

  function review(n, row) {
    api("GET", gamePath("advise") + "?decision=" + n).then(function (a) {
      var next = row.nextElementSibling;
      if (next && next.classList.contains("review")) { next.remove(); return; }
      row.after(el("tr", {class: "review"}, el("td", {colspan: 4}, adviceTable(a))));
    }, function (e) { showError(e.message); });
  }

  function lossTable(l, g) {
    var est = g.exact === false || !!g.estimate;
    var tb = el("tbody");
    l.by_kind.forEach(function (k) {
      var label = k.kind === "box" ? t("decisionBox") : t("decisionKeep", k.kind.replace("keep", ""));
      tb.appendChild(el("tr", null, el("td", null, label), el("td", {class: "num"}, String(k.decisions)), el("td", {class: "num"}, est ? num(k.cost, 1) : num(k.cost))));
    });
    return el("div", {id: "losses"}, el("h3", null, t("lossByKind") + (est ? " (" + t("estimatedShort") + ")" : "")), el("div", {class: "scroll"}, el("table", {id: "loss-table"},
      el("thead", null, el("tr", null, el("th", null, t("kindCol")), el("th", {class: "num"}, t("countCol")), el("th", {class: "num"}, t("costCol")))), tb)));
  }

  // chart draws the cost of each turn as bars, in SVG at the size it is shown, so that
  // its words are 12 pixels high on a phone as on a desktop; the turns are labelled as
  // many as fit.
  function chart(byTurn) {
    var ns = "http://www.w3.org/2000/svg";
    function s(tag, attrs, text) {
      var e = document.createElementNS(ns, tag);
      Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
      if (text !== undefined) e.textContent = text;
      return e;
    }
    var avail = Math.max(280, Math.min(640, document.documentElement.clientWidth - 56));
    var n = byTurn.length, W = avail, H = 220, left = 44, bottom = 26, top = 26, right = 8;
    var most = Math.max.apply(null, byTurn.concat([0.01]));
    var svg = s("svg", {viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img", "aria-label": t("costPerTurn"), id: "cost-chart"});
    var plotW = W - left - right, plotH = H - top - bottom, bw = plotW / n;
    svg.appendChild(s("line", {x1: left, y1: top + plotH, x2: W - right, y2: top + plotH, class: "axis"}));
    svg.appendChild(s("line", {x1: left, y1: top, x2: left, y2: top + plotH, class: "axis"}));
    // The axis's name above the plot, where no tick is.
    svg.appendChild(s("text", {x: 2, y: 13, class: "tick axis-name"}, t("chartAxis")));
    [0, most / 2, most].forEach(function (v) {
      var y = top + plotH - plotH * v / most;
      svg.appendChild(s("text", {x: left - 4, y: y + 4, "text-anchor": "end", class: "tick"}, num(v, 1)));
    });
    var every = Math.max(1, Math.ceil(22 / bw));
    byTurn.forEach(function (c, i) {
      var h = plotH * c / most;
      var bar = s("rect", {x: left + i * bw + bw * 0.15, y: top + plotH - h, width: bw * 0.7, height: Math.max(h, 0), class: "bar"});
      bar.appendChild(s("title", {}, t("turnCol") + " " + (i + 1) + ": " + num(c)));
      svg.appendChild(bar);
      if ((i + 1) % every === 0 || (every > 1 && i === 0)) {
        svg.appendChild(s("text", {x: left + (i + 0.5) * bw, y: H - 8, "text-anchor": "middle", class: "tick"}, String(i + 1)));
      }
    });
    return el("figure", {id: "chart"}, el("figcaption", null, t("costPerTurn")), svg);
  }

  // ---- keys ----

  // The digits by their place on the keyboard (KeyboardEvent.code): 1 to 5 are the keys
  // of the top row's first five, whatever the layout (AZERTY's 1 is &, its 2 é). The
  // letters by what they write (R, A, U as printed on the key), or by their place where
  // the layout writes no Latin letter.
  document.addEventListener("keydown", function (ev) {
    if (!game || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") { closeDialog(); return; }
    if (document.getElementById("dialog")) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var code = ev.code || "";
    var digit = /^(Digit|Numpad)([1-5])$/.exec(code);
    var letter = /^[a-z]$/i.test(ev.key || "") ? ev.key.toLowerCase() : /^Key[A-Z]$/.test(code) ? code.charAt(3).toLowerCase() : "";
    if (game.phase === "play" && digit) {
      toggle(Number(digit[2]) - 1);
    } else if ((letter === "r" || (code === "Space" && tag !== "BUTTON")) && game.mode === "dice") {
      doRoll();
    } else if (letter === "a") {
      if (game.coach === "each") doAdvise();
    } else if (letter === "u" || code === "Backspace") {
      if (game.undo) act("POST", gamePath("undo"), {});
    } else if (code === "ArrowUp" || code === "ArrowDown" || code === "ArrowLeft" || code === "ArrowRight") {
      if (game.phase !== "play") return;
      moveCursor(code);
    } else if ((code === "Enter" || code === "NumpadEnter") && tag !== "BUTTON" && tag !== "A" && tag !== "TR" && tag !== "SUMMARY") {
      if (game.phase === "play" && cursor) doScore(slotAt(cursor));
    } else {
      return;
    }
    ev.preventDefault();
  });

  start();
})();
