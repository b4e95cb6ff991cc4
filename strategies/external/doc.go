// Package external plays bots that live outside yams: any program, in any language, that
// speaks the protocol of docs/bots.md (JSON lines on its standard input and output).
//
// A Bot (--bot NAME=COMMAND) is a batch strategy (strategies.Batch): each worker of a
// simulation starts a process of it, says hello with the rules, then sends the decisions
// of many games in one message and reads the answers in one message, so that the cost of
// an exchange is paid once for hundreds of decisions. At a table it sees the table
// (strategies.TableBatch): its hello says the table's players, and each request carries
// its seat and the other players' sheets, written in the shape of its own. Requests are written and answers
// read by hand (protocol.go, scan.go): encoding/json would take longer than the rest of a
// decision. The messages of the hot path laid out as yams writes them are read faster
// still (fast.go), and what changes seldom (a game's number and seed, its sheet during a
// turn) is written and read once; the bytes on the wire stay those of docs/bots.md. A
// bot's process says which program it is (its hello's name and version, and its command:
// Identity), which the summary records so that a resume or a merge does not add up the
// games of two programs. A bot has StartTimeout to say hello from its start (what it
// loads), then Timeout for each message. Every failure of a bot — it cannot start, exits,
// stays silent past its timeout, writes something that is not an answer, or an answer the rules
// refuse — is an *Error that names the bot, its process and the problem, with its last
// lines of standard error. A bot's process and everything it started are stopped with
// it, at the end of a run (SIGTERM then SIGKILL if it lingers), at once when yams is
// interrupted (Stopper; a bot stopped before its hello is an interruption, not a
// failure), and on Linux by the kernel if yams dies first (sysproc_linux.go), the bot
// then running in a PID namespace of its own under a tiny init, yams itself
// (init_linux.go), so that it has the signals of any process, not those of a process 1. What it
// writes on its standard error is relayed line by line (relay.go), into a log file of at
// most DefaultLogLimit bytes with --bot-log.
//
// Serve is the other side: a bot that plays a built-in strategy over the protocol (yams
// bot STRATEGY). Since it rebuilds the sheet of each request from the request alone (at
// a table, the other players' sheets too, for a strategy that sees the table such as
// win), a strategy served by it plays the same games as the same strategy inside yams,
// bit for bit: the proof that a request carries everything a decision needs.
package external
