#!/usr/bin/env python3
"""A yams bot (docs/bots.md, protocol 1): keeps the dice of its most frequent face,
scores where it scores most now. Standard library only."""
import collections, json, sys

def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()

def keep(request):
    counts = collections.Counter(request["dice"])
    face = max(counts, key=lambda f: (counts[f], f))    # the most frequent face, the highest on a tie
    return [face] * counts[face]

def box(request):
    legal = request["legal"]
    return max(legal, key=lambda name: legal[name])     # the most points now; the first on a tie

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if message["protocol"] != 1:
            send({"type": "error", "message": "keep_pairs speaks protocol 1"})
            break
        send({"type": "hello", "name": "keep_pairs", "version": "1.0"})
    elif message["type"] == "decide":
        answers = [keep(r) if r["kind"] == "keep" else box(r) for r in message["requests"]]
        send({"type": "decide", "answers": answers})
