// Package serve is yams serve: a page in the browser, and the JSON API behind it, where a
// person plays any rule set yams knows, alone or at a table against strategies and bots,
// with virtual dice or the real dice of a real table, and a coach that judges each
// decision with yams advise's figures (exact where the sheet is solved, column-tables's
// estimates with their intervals where it is not) and grades the game as yams replay
// --grade does. Server serves a Config: the rule sets (prepared as it starts, their
// progress at /api/rulesets/{id}/status), the opponents, the limits on games, bots,
// connections and memory, and the key every request carries when it listens beyond
// loopback (NewKey, GoodKey). The API, its errors, the limits and the safety are the
// manual's: docs/serve.md.
package serve
