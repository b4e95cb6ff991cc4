// The page of yams serve: it plays through the JSON API alone (docs/serve.md).
"use strict";
(function () {
  var lang = document.documentElement.lang === "fr" ? "fr" : "en";
  var T = I18N[lang];
  var app = document.getElementById("app");
  var errorBox = document.getElementById("error");
  var cfg = null; // GET /api/config
  var game = null; // the state of the game in play
  var ruleSet = null; // its rule set, from cfg
  var setup = null; // the settings of the last game started, for "the same dice again"
  var cursor = null; // the box the keys point at: {c, b}
  var busy = false;
  var version = 0; // the states shown, on the body for the tests that drive the page
  var reveal = {timer: null, shown: 0, steps: []};
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

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

  function showError(msg) {
    errorBox.textContent = msg;
    errorBox.hidden = !msg;
  }

  // api calls the server; a failure is thrown with the server's one-line message.
  function api(method, path, body) {
    var opts = {method: method, headers: {"Accept": "application/json"}};
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    var url = path + (path.indexOf("?") < 0 ? "?" : "&") + "lang=" + lang;
    return fetch(url, opts).then(function (r) {
      if (r.status === 204) return null;
      return r.json().then(function (j) {
        if (!r.ok) { var e = new Error(j.error || r.statusText); e.status = r.status; throw e; }
        return j;
      });
    }, function (e) { throw new Error(t("network", e.message)); });
  }

  // act sends a move and shows the state it leads to, or why it was refused.
  function act(method, path, body) {
    if (busy) return Promise.resolve();
    busy = true;
    document.body.classList.add("busy");
    return api(method, path, body).then(function (s) {
      showError("");
      if (s) setGame(s);
    }, function (e) {
      showError(e.message);
      if (e.status === 404 || e.status === 410) forget();
    }).then(function () {
      busy = false;
      document.body.classList.remove("busy");
    });
  }

  function gamePath(what) { return "/api/games/" + game.id + (what ? "/" + what : ""); }

  function forget() {
    try { sessionStorage.removeItem("yams-game"); } catch (e) { /* private mode */ }
  }

  // ---- the rule set's words ----

  function slotLabel(slot) {
    var i = ruleSet.slots.indexOf(slot);
    if (i < 0) return slot;
    var nb = ruleSet.boxes.length;
    var label = ruleSet.boxes[i % nb].label;
    return ruleSet.columns.length > 1 ? ruleSet.columns[Math.floor(i / nb)].label + " · " + label : label;
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

  // ---- setup ----

  function start() {
    api("GET", "/api/config").then(function (c) {
      cfg = c;
      document.getElementById("limits").textContent = t("limits", c.max_games, t("minutes", Math.round(c.idle_limit / 60)));
      var rl = document.getElementById("reports-link");
      rl.textContent = t("reports");
      rl.hidden = !c.reports;
      var id = null;
      try { id = sessionStorage.getItem("yams-game"); } catch (e) { /* private mode */ }
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
    var real = setup && setup.mode === "real";
    var form = el("form", {id: "setup", class: "panel", onsubmit: function (ev) { ev.preventDefault(); startGame(readSetup()); }},
      el("h2", null, t("newGame")),
      el("label", {class: "field"}, t("rules") + " ", rules),
      el("fieldset", null, el("legend", null, t("mode")),
        radio("mode", "dice", t("modeDice"), !real), radio("mode", "real", t("modeReal"), real)),
      el("div", {id: "dice-opts", hidden: real},
        el("div", {class: "row"},
          el("label", {class: "field"}, t("seed") + " ", el("input", {id: "seed", inputmode: "numeric", size: 12, placeholder: t("seedRandom"),
            value: setup && setup.seed !== undefined ? setup.seed : null})),
          el("label", {class: "field"}, t("game") + " ", el("input", {id: "game", inputmode: "numeric", size: 6, placeholder: "0",
            value: setup && setup.game !== undefined ? setup.game : null}))),
        el("p", {class: "note"}, t("seedHelp")),
        el("fieldset", null, el("legend", null, t("opponents")), seats)),
      el("div", {id: "real-opts", hidden: !real},
        el("label", {class: "field wide"}, t("others") + " ",
          el("input", {id: "others", placeholder: t("othersPlaceholder"), value: setup && setup.others ? setup.others.join(", ") : null}))),
      el("fieldset", null, el("legend", null, t("coach")),
        radio("coach", "each", t("coachEach"), !setup || setup.coach !== "end"), radio("coach", "end", t("coachEnd"), setup && setup.coach === "end")),
      el("p", null, el("button", {id: "start", type: "submit", class: "primary"}, t("start"))),
      el("p", {class: "note"}, t("modes")));
    form.addEventListener("change", function () {
      var isReal = form.querySelector("input[name=mode]:checked").value === "real";
      document.getElementById("dice-opts").hidden = isReal;
      document.getElementById("real-opts").hidden = !isReal;
    });
    app.replaceChildren(form);
  }

  function readSetup() {
    var f = document.getElementById("setup");
    var s = {rules: f.querySelector("#rules").value, mode: f.querySelector("input[name=mode]:checked").value,
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
    var note = el("p", {id: "preparing", class: "note"}, t("preparing"));
    var timer = setTimeout(function () { app.appendChild(note); }, 400);
    busy = true;
    api("POST", "/api/games", body).then(function (g) {
      showError("");
      try { sessionStorage.setItem("yams-game", g.id); } catch (e) { /* private mode */ }
      cursor = null;
      setGame(g);
    }, function (e) { showError(e.message); }).then(function () {
      clearTimeout(timer);
      if (note.parentNode) note.remove();
      busy = false;
    });
  }

  // ---- the game ----

  function setGame(g) {
    var fresh = !game || game.id !== g.id;
    var seen = game && !fresh ? JSON.stringify(game.moves || []) : "";
    var moves = g.moves && JSON.stringify(g.moves) !== seen ? g.moves : null;
    game = g;
    ruleSet = cfg.rule_sets.filter(function (rs) { return rs.id === g.rules; })[0];
    if (!setup || fresh) {
      setup = setup && setup.rules === g.rules ? setup : {rules: g.rules, mode: g.mode, coach: g.coach};
    }
    if (g.phase !== "play") cursor = null;
    else if (!cursor || !g.legal[slotAt(cursor)]) cursor = firstLegal();
    render();
    if (moves && moves.length) startReveal(moves);
    else drawMoves();
    document.body.setAttribute("data-game", g.id);
    document.body.setAttribute("data-version", String(++version));
  }

  function you() { return game.players[0]; }

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

  function firstLegal() { return legalCells()[0] || null; }

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
    if (best) { cursor = best.p; render(); }
  }

  // render lays the game out: the dice and the coach beside the sheets and the others'
  // turns on a wide screen, one above the other on a phone; the end below.
  function render() {
    var side = el("div", {class: "side"});
    if (game.phase === "roll" || game.phase === "play") side.appendChild(dicePanel());
    side.appendChild(coachPanel());
    var main = el("div", {class: "main"}, sheetsPanel());
    if (game.moves && game.moves.length) main.appendChild(movesPanel());
    var parts = [statusLine(), el("div", {class: "board"}, side, main)];
    if (game.phase === "over" || game.phase === "ended") parts.push(endPanel());
    app.replaceChildren.apply(app, parts);
    var entry = document.getElementById("entry-input");
    if (entry && document.activeElement === document.body) entry.focus();
  }

  function statusLine() {
    var parts = [];
    if (game.phase === "roll" || game.phase === "play") {
      parts.push(el("strong", null, t("turnOf", game.turn, game.turns)));
      parts.push(" · " + (game.phase === "play" ? t("rollOf", game.rolls_used, game.rolls_used + game.rolls_left) : t("toRoll")));
    }
    var p = el("div", {id: "status", class: "status"}, parts);
    if (game.mode === "dice") {
      var seats = game.players.length > 1 ? " (" + game.players.slice(1).map(function (pl) {
        return t("diceOfSeat", pl.seat + 1, pl.dice_game);
      }).join(", ") + ")" : "";
      p.appendChild(el("div", {id: "dice-of", class: "note"}, t("diceOf", game.seed, game.game, game.dice_game) + seats));
    }
    return p;
  }

  function sheetsPanel() {
    var sheets = el("div", {id: "sheets", class: "sheets"});
    game.players.forEach(function (p) { sheets.appendChild(sheetTable(p)); });
    return sheets;
  }

  // heldMarks marks which dice of the (sorted) roll are held: the first of each face, as
  // many as the keep holds.
  function heldMarks() {
    var count = {}, marks = [];
    (game.held || []).forEach(function (f) { count[f] = (count[f] || 0) + 1; });
    (game.dice || []).forEach(function (f) {
      if (count[f]) { marks.push(true); count[f]--; } else marks.push(false);
    });
    return marks;
  }

  function dicePanel() {
    var panel = el("div", {id: "dice-panel", class: "panel"});
    var marks = heldMarks();
    var dice = el("div", {id: "dice", class: "dice"});
    if (game.phase === "play") {
      game.dice.forEach(function (f, i) {
        dice.appendChild(el("button", {type: "button", class: "die" + (marks[i] ? " held" : ""), "data-i": i + 1, "data-face": f,
          "aria-pressed": marks[i] ? "true" : "false", "aria-label": t("die", i + 1, f) + (marks[i] ? ", " + t("held") : ""),
          disabled: game.rolls_left === 0, onclick: function () { toggle(i); }}, pips(f)));
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
    panel.appendChild(controls);
    if (game.mode === "real" && (game.phase === "roll" || game.rolls_left > 0)) panel.appendChild(entryForm());
    panel.appendChild(el("p", {class: "note keys"}, game.mode === "real" ? t("keysReal") : t("keys")));
    return panel;
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
    var input = el("input", {id: "entry-input", inputmode: "numeric", autocomplete: "off", size: 12, placeholder: n === 5 ? "2 2 4 5 6" : "", "aria-label": t("enterN", n)});
    var form = el("form", {id: "entry", class: "entry", onsubmit: function (ev) { ev.preventDefault(); submitEntry(input.value); }},
      el("label", null, t("enterN", n) + " ", input), " ", el("button", {type: "submit", class: "primary"}, t("enter")));
    var pad = el("div", {id: "pad", class: "pad"});
    for (var f = 1; f <= 6; f++) {
      (function (f) {
        pad.appendChild(el("button", {type: "button", class: "padkey", "data-face": f, onclick: function () {
          input.value = (input.value.trim() + " " + f).trim();
          if (parseDice(input.value).length === n) submitEntry(input.value);
        }}, pips(f)));
      })(f);
    }
    pad.appendChild(el("button", {type: "button", class: "padkey clear", "aria-label": t("clear"), title: t("clear"),
      onclick: function () { input.value = ""; input.focus(); }}, "⌫"));
    return el("div", null, form, pad);
  }

  function parseDice(s) {
    return (s.match(/[1-6]/g) || []).map(Number);
  }

  function submitEntry(text) {
    var dice = parseDice(text);
    if (/[^1-6\s,;.-]/.test(text)) { showError(t("enterN", expectedDice())); return; }
    act("POST", gamePath("roll"), {dice: dice});
  }

  function toggle(i) {
    if (game.phase !== "play" || game.rolls_left === 0) return;
    var marks = heldMarks();
    marks[i] = !marks[i];
    var keep = game.dice.filter(function (f, j) { return marks[j]; });
    act("POST", gamePath("hold"), {keep: keep});
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
      var box = document.getElementById("advice-now");
      box.replaceChildren(el("h3", null, t("adviceNow")), adviceTable(a));
      box.hidden = false;
    }, function (e) { showError(e.message); });
  }

  function sheetTable(p) {
    var isYou = p.seat === 0;
    var cols = ruleSet.columns, nb = ruleSet.boxes.length, multi = cols.length > 1;
    var tbl = el("table", {class: "sheet" + (isYou ? " mine" : ""), id: "sheet-" + p.seat});
    var name = isYou ? t("you") : p.name;
    tbl.appendChild(el("caption", null, el("span", {class: "who"}, name), " ", el("span", {class: "total", id: "total-" + p.seat}, String(p.sheet.total))));
    if (multi) {
      var hr = el("tr", null, el("th", {scope: "col"}));
      cols.forEach(function (c) { hr.appendChild(el("th", {scope: "col"}, c.label)); });
      tbl.appendChild(el("thead", null, hr));
    }
    var body = el("tbody");
    function totalRow(label, cls, value) {
      var tr = el("tr", {class: "sum " + cls}, el("th", {scope: "row"}, label));
      cols.forEach(function (c, ci) { tr.appendChild(el("td", null, String(value(p.sheet.columns[ci])))); });
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
          var v = p.sheet.boxes[slot];
          var td = el("td", {"data-slot": slot});
          if (v !== undefined) {
            td.textContent = String(v);
            td.className = "filled";
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
      foot.appendChild(el("tr", null, el("th", {scope: "row"}, t("extraBonuses")), el("td", {colspan: cols.length}, String(p.sheet.extra_total))));
    }
    foot.appendChild(el("tr", {class: "grand"}, el("th", {scope: "row"}, t("total")), el("td", {colspan: cols.length, class: "grand-total"}, String(p.sheet.total))));
    tbl.appendChild(foot);
    var box = el("div", {class: "sheet-box"}, tbl);
    if (game.mode === "real" && !isYou && !p.sheet.done && game.phase !== "ended") box.appendChild(otherForm(p));
    return box;
  }

  // otherForm enters the turn of another player of a real table.
  function otherForm(p) {
    var dice = el("input", {class: "other-dice", inputmode: "numeric", size: 9, placeholder: "2 2 4 5 6", "aria-label": t("theirTurn")});
    var box = el("select", {class: "other-box", "aria-label": t("box")});
    ruleSet.slots.forEach(function (slot) {
      if (p.sheet.boxes[slot] === undefined) box.appendChild(el("option", {value: slot}, slotLabel(slot)));
    });
    var rolls = el("select", {class: "other-rolls", "aria-label": t("rollsUsed")});
    for (var i = 1; i <= ruleSet.rolls; i++) rolls.appendChild(el("option", {value: i}, String(i)));
    return el("form", {class: "other", onsubmit: function (ev) {
      ev.preventDefault();
      act("POST", gamePath("score"), {seat: p.seat, dice: parseDice(dice.value), box: box.value, rolls_used: Number(rolls.value)});
    }}, t("theirTurn") + " ", dice, " ", box, " ", t("rollsUsed") + " ", rolls, " ", el("button", {type: "submit"}, t("enter")));
  }

  // ---- the opponents' turns, move by move ----

  function stopReveal() {
    if (reveal.timer) clearInterval(reveal.timer);
    reveal.timer = null;
  }

  function startReveal(moves) {
    stopReveal();
    reveal.steps = [];
    moves.forEach(function (m, mi) {
      m.rolls.forEach(function (r, i) {
        reveal.steps.push({m: mi, text: t("rolled", faces(r))});
        if (m.keeps && i < m.keeps.length) reveal.steps.push({m: mi, text: m.keeps[i].length ? t("kept", faces(m.keeps[i])) : t("keptNone")});
      });
      reveal.steps.push({m: mi, text: t("scored", slotLabel(m.box), m.points, m.total), last: true});
    });
    reveal.shown = reduced ? reveal.steps.length : 0;
    drawMoves();
    if (reveal.shown < reveal.steps.length) {
      reveal.timer = setInterval(function () {
        reveal.shown++;
        drawMoves();
        if (reveal.shown >= reveal.steps.length) stopReveal();
      }, 350);
    }
  }

  function movesPanel() {
    return el("section", {id: "moves", class: "panel"}, el("h2", null, t("movesTitle")), el("div", {id: "moves-list"}),
      el("button", {type: "button", id: "show-all", onclick: function () { reveal.shown = reveal.steps.length; stopReveal(); drawMoves(); }}, t("showAll")));
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
      fb.forEach(function (f, i) {
        var d = f;
        var line = [el("strong", null, kindText(d) + " — " + t("diceCol") + " " + faces(d.dice)), ": ",
          t("youChose", choiceText(d.choice, d.dice)), ", ",
          d.cost > 0 ? el("span", {class: "cost"}, t("costs", num(d.cost))) : el("span", {class: "free"}, t("costsNothing"))];
        if (d.cost > 0) line.push("; " + t("bestWas", choiceText(d.best, d.dice)));
        line.push(" (" + t("valueVs", num(d.value), num(d.best_value)) + ")");
        var item = el("div", {class: "feedback", "data-index": f.index}, el("p", null, line));
        if (i === fb.length - 1) {
          item.appendChild(el("details", {class: "ranking"}, el("summary", null, t("ranking")), adviceTable(f.advice)));
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
        return (i === 0 ? t("you") : p.name) + " " + pct(game.chances[i]);
      }).join(", "))));
    }
    panel.appendChild(el("div", {id: "advice-now", hidden: true}));
    return panel;
  }

  // adviceTable shows an advice (yams advise's JSON) as its tables.
  function adviceTable(a) {
    var parts = [];
    if (!a.exact) parts.push(el("p", {class: "estimate"}, t("estimated")));
    var head = a.exact ? t("valueCol") : t("valueColEst");
    if (a.keeps && a.keeps.length) {
      var kt = el("table", {class: "advice keeps"}, el("thead", null, el("tr", null, el("th", null, t("keepCol")), el("th", null, head), el("th", null, t("costCol")))));
      var kb = el("tbody");
      a.keeps.forEach(function (o) {
        var held = o.keep.length === 5 ? t("stopAll") : o.keep.length === 0 ? t("noneReroll") : o.keep.join("-");
        kb.appendChild(el("tr", null, el("td", null, held), el("td", null, num(o.value)), el("td", null, num(o.cost))));
      });
      kt.appendChild(kb);
      parts.push(el("div", {class: "scroll"}, kt));
    }
    var bt = el("table", {class: "advice boxes"}, el("thead", null, el("tr", null, el("th", null, t("boxCol")), el("th", null, t("pointsCol")),
      el("th", null, head), el("th", null, t("costCol")))));
    var bb = el("tbody");
    a.boxes.forEach(function (o) {
      bb.appendChild(el("tr", null, el("td", null, slotLabel(o.box)), el("td", null, String(o.points)), el("td", null, num(o.value)), el("td", null, num(o.cost))));
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
      panel.appendChild(el("p", {id: "over-line"}, t(g.estimate ? "overLineEst" : "overLine", g.score, num(g.optimal_start), num(g.total_cost))));
      if (g.estimate) panel.appendChild(el("p", {class: "estimate"}, t("estimatedGrade")));
    }
    if (game.players.length > 1) panel.appendChild(standings());
    (game.same_dice || []).forEach(function (s) {
      panel.appendChild(el("p", {class: "same-dice"}, t("sameDice", s.strategy, s.total, game.dice_game, game.seed)));
    });
    var links = el("p", {class: "links"},
      el("a", {id: "download", href: gamePath("record"), download: "yams-" + game.rules + ".json"}, t("download")));
    panel.appendChild(links);
    var again = el("p", {class: "controls"}, el("button", {type: "button", id: "new-game", class: "primary", onclick: function () { forget(); renderSetup(); }}, t("newGame")));
    if (game.mode === "dice") {
      again.appendChild(el("button", {type: "button", id: "same-again", onclick: function () {
        var s = Object.assign({}, setup, {rules: game.rules, mode: "dice", seed: game.seed, game: game.game});
        startGame(s);
      }}, t("sameAgain")));
    }
    panel.appendChild(again);
    if (g) {
      panel.appendChild(gradeTable(g));
      if (g.keeps_not_recorded) panel.appendChild(el("p", {class: "note"}, t("ungraded", g.keeps_not_recorded.join(", "))));
      panel.appendChild(lossTable(game.losses));
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
        el("td", null, p.seat === 0 ? t("you") : p.name), el("td", null, String(p.sheet.total)),
        el("td", null, p.sheet.total === top && game.phase === "over" ? t("winner") : "")));
    });
    return el("div", {class: "scroll"}, el("table", {id: "standings"}, el("caption", null, t("standings")),
      el("thead", null, el("tr", null, el("th", null, t("place")), el("th", null, t("player")), el("th", null, t("total")), el("th"))), tb));
  }

  function gradeTable(g) {
    var tb = el("tbody");
    g.decisions.forEach(function (d, i) {
      var row = el("tr", {class: "decision" + (d.cost > 0 ? " costly" : ""), "data-index": i + 1, tabindex: 0,
        onclick: function () { review(i + 1, row); }},
        el("td", null, String(d.turn)), el("td", null, kindText(d)), el("td", null, faces(d.dice)),
        el("td", null, choiceText(d.choice, d.dice)), el("td", null, choiceText(d.best, d.dice)), el("td", {class: "num"}, num(d.cost)));
      row.addEventListener("keydown", function (ev) { if (ev.key === "Enter") review(i + 1, row); });
      tb.appendChild(row);
    });
    return el("div", {id: "grade"}, el("h3", null, t("graded")), el("p", {class: "note"}, t("reviewHint")),
      el("div", {class: "scroll"}, el("table", {id: "grade-table"}, el("thead", null, el("tr", null,
        el("th", null, t("turnCol")), el("th", null, t("decisionCol")), el("th", null, t("diceCol")), el("th", null, t("choiceCol")),
        el("th", null, t("bestCol")), el("th", null, t("costCol")))), tb)));
  }

  function review(n, row) {
    api("GET", gamePath("advise") + "?decision=" + n).then(function (a) {
      var next = row.nextElementSibling;
      if (next && next.classList.contains("review")) { next.remove(); return; }
      row.after(el("tr", {class: "review"}, el("td", {colspan: 6}, adviceTable(a))));
    }, function (e) { showError(e.message); });
  }

  function lossTable(l) {
    var tb = el("tbody");
    l.by_kind.forEach(function (k) {
      var label = k.kind === "box" ? t("decisionBox") : t("decisionKeep", k.kind.replace("keep", ""));
      tb.appendChild(el("tr", null, el("td", null, label), el("td", {class: "num"}, String(k.decisions)), el("td", {class: "num"}, num(k.cost))));
    });
    return el("div", {id: "losses"}, el("h3", null, t("lossByKind")), el("div", {class: "scroll"}, el("table", {id: "loss-table"},
      el("thead", null, el("tr", null, el("th", null, t("kindCol")), el("th", null, t("countCol")), el("th", null, t("costCol")))), tb)));
  }

  // chart draws the cost of each turn as bars, in SVG sized to its box.
  function chart(byTurn) {
    var ns = "http://www.w3.org/2000/svg";
    function s(tag, attrs, text) {
      var e = document.createElementNS(ns, tag);
      Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
      if (text !== undefined) e.textContent = text;
      return e;
    }
    var n = byTurn.length, W = 640, H = 220, left = 44, bottom = 28, top = 12, right = 8;
    var most = Math.max.apply(null, byTurn.concat([0.01]));
    var svg = s("svg", {viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": t("costPerTurn"), id: "cost-chart"});
    var plotW = W - left - right, plotH = H - top - bottom, bw = plotW / n;
    svg.appendChild(s("line", {x1: left, y1: top + plotH, x2: W - right, y2: top + plotH, class: "axis"}));
    svg.appendChild(s("line", {x1: left, y1: top, x2: left, y2: top + plotH, class: "axis"}));
    [0, most / 2, most].forEach(function (v) {
      var y = top + plotH - plotH * v / most;
      svg.appendChild(s("text", {x: left - 4, y: y + 4, "text-anchor": "end", class: "tick"}, num(v, 1)));
    });
    byTurn.forEach(function (c, i) {
      var h = plotH * c / most;
      var bar = s("rect", {x: left + i * bw + bw * 0.15, y: top + plotH - h, width: bw * 0.7, height: Math.max(h, 0), class: "bar"});
      bar.appendChild(s("title", {}, t("turnCol") + " " + (i + 1) + ": " + num(c)));
      svg.appendChild(bar);
      if (n <= 26 || i % 2 === 0) svg.appendChild(s("text", {x: left + (i + 0.5) * bw, y: H - 10, "text-anchor": "middle", class: "tick"}, String(i + 1)));
    });
    svg.appendChild(s("text", {x: 4, y: 10, class: "tick"}, t("chartAxis")));
    return el("figure", {id: "chart"}, el("figcaption", null, t("costPerTurn")), svg);
  }

  // ---- keys ----

  document.addEventListener("keydown", function (ev) {
    if (!game || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var k = ev.key;
    if (game.phase === "play" && k >= "1" && k <= "5") {
      toggle(Number(k) - 1);
    } else if ((k === "r" || k === "R" || (k === " " && tag !== "BUTTON")) && game.mode === "dice") {
      doRoll();
    } else if (k === "a" || k === "A") {
      if (game.coach === "each") doAdvise();
    } else if (k === "ArrowUp" || k === "ArrowDown" || k === "ArrowLeft" || k === "ArrowRight") {
      if (game.phase !== "play") return;
      moveCursor(k);
    } else if (k === "Enter" && tag !== "BUTTON" && tag !== "A" && tag !== "TR") {
      if (game.phase === "play" && cursor) doScore(slotAt(cursor));
    } else {
      return;
    }
    ev.preventDefault();
  });

  start();
})();
