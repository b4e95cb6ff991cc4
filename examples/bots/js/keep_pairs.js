#!/usr/bin/env node
// A yams bot (docs/bots.md, protocol 1): keeps the dice of its most frequent face, scores
// where it scores most now. At a table, when it leads every other player by 20 points or
// more, it plays safe: it stops rolling as soon as it holds three of a kind. The same bot
// as examples/bots/python/keep_pairs.py, in JavaScript for Node.js, with nothing but its
// standard library.
const readline = require("readline");

let table = null; // the table of yams's hello: null for a game alone

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

// How far the bot leads the best of the other players at its table.
const lead = (request) => request.total - Math.max(...request.others.map((o) => o.total));

function keep(request) {
  const counts = new Map();
  for (const d of request.dice) counts.set(d, (counts.get(d) || 0) + 1);
  let face = 0;
  for (const [f, n] of counts) {
    // the most frequent face, the highest on a tie
    if (face === 0 || n > counts.get(face) || (n === counts.get(face) && f > face)) face = f;
  }
  if (table && counts.get(face) >= 3 && lead(request) >= 20) return request.dice; // well ahead: keep all five
  return Array(counts.get(face)).fill(face);
}

function box(request) {
  let best = null;
  for (const [name, points] of Object.entries(request.legal)) {
    if (best === null || points > request.legal[best]) best = name; // the first on a tie
  }
  return best;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    if (message.protocol !== 1) {
      send({ type: "error", message: "keep_pairs speaks protocol 1" });
      process.exit(0);
    }
    table = message.table || null;
    send({ type: "hello", name: "keep_pairs", version: "1.1" });
  } else if (message.type === "decide") {
    send({ type: "decide", answers: message.requests.map((r) => (r.kind === "keep" ? keep(r) : box(r))) });
  }
});
