#!/usr/bin/env node
// A yams bot (docs/bots.md, protocol 1): keeps the dice of its most frequent face, scores
// where it scores most now. The same bot as examples/bots/python/keep_pairs.py, in
// JavaScript for Node.js, with nothing but its standard library.
const readline = require("readline");

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

function keep(request) {
  const counts = new Map();
  for (const d of request.dice) counts.set(d, (counts.get(d) || 0) + 1);
  let face = 0;
  for (const [f, n] of counts) {
    // the most frequent face, the highest on a tie
    if (face === 0 || n > counts.get(face) || (n === counts.get(face) && f > face)) face = f;
  }
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
    send({ type: "hello", name: "keep_pairs", version: "1.0" });
  } else if (message.type === "decide") {
    send({ type: "decide", answers: message.requests.map((r) => (r.kind === "keep" ? keep(r) : box(r))) });
  }
});
