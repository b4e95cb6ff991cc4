#!/usr/bin/env python3
"""A yams bot (docs/bots.md, protocol 1): keeps the dice of its most frequent face,
scores where it scores most now. At a table, when it leads every other player by 20
points or more, it plays safe: it stops rolling as soon as it holds three of a kind.
Standard library only."""
import collections, json, sys

table = None    # the table of yams's hello: None for a game alone

def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()

def lead(request):
    """How far the bot leads the best of the other players at its table."""
    return request["total"] - max(other["total"] for other in request["others"])

def keep(request):
    counts = collections.Counter(request["dice"])
    face = max(counts, key=lambda f: (counts[f], f))    # the most frequent face, the highest on a tie
    if table and counts[face] >= 3 and lead(request) >= 20:
        return request["dice"]                          # well ahead: keep all five, the turn ends
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
        table = message.get("table")
        send({"type": "hello", "name": "keep_pairs", "version": "1.1"})
    elif message["type"] == "decide":
        answers = [keep(r) if r["kind"] == "keep" else box(r) for r in message["requests"]]
        send({"type": "decide", "answers": answers})
