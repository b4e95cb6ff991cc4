package external

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"yams/engine"
	"yams/internal/memlimit"
	"yams/strategies"
)

// DefaultTimeout is how long yams waits for a bot's message.
const DefaultTimeout = 10 * time.Second

// DefaultStartTimeout is how long yams waits for a bot's hello from its start: a bot
// loads there whatever it needs (an interpreter, a model, tables: yams bot win reads
// 1.1 GB on the family sheet, 5.5 s on a quiet machine and 55 s on a loaded one), which a
// message's timeout, meant for a batch of decisions, would cut short.
const DefaultStartTimeout = 5 * time.Minute

// Bot is an external bot: a command that speaks the protocol, under a name.
type Bot struct {
	Name string
	Argv []string
	// Timeout bounds the wait for each of the bot's messages (DefaultTimeout if zero) but
	// its hello, which StartTimeout bounds from the bot's start (DefaultStartTimeout if
	// zero, and never less than Timeout).
	Timeout, StartTimeout time.Duration
	// Slow, if not nil, is told once that a bot has not said hello within Timeout, and
	// that yams waits for it up to StartTimeout: a slow start is not a silent one.
	Slow func(bot string, worker int, waited, limit time.Duration)
	// Stderr receives what the bot writes on its standard error, each line prefixed with
	// the bot's name and worker; LogDir, if set, takes it instead, a file per process,
	// of at most LogLimit bytes of the bot's lines (DefaultLogLimit if zero).
	Stderr   io.Writer
	LogDir   string
	LogLimit int64
	// Seed is the run's seed, told to the bot in the hello.
	Seed uint64
	// Columns labels the columns of the sheet, for the names of its boxes (sim.ColumnLabels).
	Columns func(*engine.Rules) []string
	// Stopper, if not nil, stops the bot's processes at once when yams is interrupted.
	Stopper *Stopper
}

// Error is a bot's failure: it names the bot, its process (by the worker it serves, the
// "worker" of its hello) and what went wrong.
type Error struct {
	Bot    string
	Worker int
	// Table tells a bot seated at a table, Player its index among the table's players
	// (its hello's "player", from 0), which the line gives beside its worker: yams's
	// messages number the players from 1, as its tables do.
	Table  bool
	Player int
	Err    error
	// Last is the bot's last lines of standard error, as a clause, when they were not
	// already shown (its standard error went to a log file, or nowhere).
	Last string
}

func (e *Error) Error() string {
	if e.Table {
		return fmt.Sprintf("bot %s (worker %d, player %d of the table: its hello's \"player\": %d): %v%s", e.Bot, e.Worker, e.Player+1, e.Player, e.Err, e.Last)
	}
	return fmt.Sprintf("bot %s (worker %d): %v%s", e.Bot, e.Worker, e.Err, e.Last)
}

func (e *Error) Unwrap() error { return e.Err }

// Info returns the bot as a strategy: a batch strategy whose every worker runs a process
// of the bot, alone or at a table, where it sees the table (strategies.TableBatch).
func (b Bot) Info() strategies.Info {
	return strategies.Info{
		Name:        b.Name,
		Description: "external bot: " + strings.Join(b.Argv, " "),
		NewBatch: func(r *engine.Rules, worker int) (strategies.Batch, error) {
			return b.newBatch(r, worker, nil)
		},
		NewTableBatch: func(r *engine.Rules, worker int, players []string, player int) (strategies.TableBatch, error) {
			if player < 0 || player >= len(players) {
				return nil, fmt.Errorf("player %d of a table of %d", player, len(players))
			}
			return b.newBatch(r, worker, &helloTable{Players: len(players), Strategies: slices.Clone(players), Player: player})
		},
	}
}

// newBatch starts the bot's process for a worker, alone or at table t. A start that
// yams's interruption stopped (its Stopper) is not a failure of the bot: it returns a
// batch that reports the interruption when it is asked a decision, as a batch
// interrupted in play does, so that the simulator ends the run as it ends an interrupted
// one, from its context (exit status 130 or 143 in yams, not a bot's 3).
func (b Bot) newBatch(r *engine.Rules, worker int, t *helloTable) (strategies.TableBatch, error) {
	bt, err := b.start(r, worker, t)
	if errors.Is(err, errInterrupted) {
		return interruptedBatch{err: err}, nil
	}
	if err != nil {
		return nil, err
	}
	return bt, nil
}

// interruptedBatch is a bot whose start yams's interruption stopped. It says no identity
// (a process that did not say hello is no program's), and answers nothing.
type interruptedBatch struct{ err error }

func (ib interruptedBatch) Decide([]strategies.Request, []strategies.Answer) error { return ib.err }
func (ib interruptedBatch) SeeTables([]int64, []*strategies.Table)                 {}
func (ib interruptedBatch) Close() error                                           { return nil }

// batch is a bot's process serving one worker.
type batch struct {
	bot    *Bot
	worker int
	table  *helloTable // the table of its hello, nil alone
	p      *process
	c      *codec
	buf    []byte
	log    *os.File
	// logName is the log file's path, for messages.
	logName string
	// shown says that the bot's standard error goes to the user's as it comes, so that
	// an error need not repeat its last words.
	shown bool
	// hello is what the bot said it is.
	hello botHello
	// batches counts the batches sent, to name them.
	batches int
	// last is the bot's last message (its hello, or its answers to a batch): what it was
	// the answer to, and a hash of its line, to tell a line written twice.
	last lastMessage
}

// lastMessage is a bot's last message: what it answered, and the hash of its line.
type lastMessage struct {
	what string
	hash uint64
}

// Identity says which program plays: the name and version the bot gave in its hello, and
// the command it was started with. The simulator records it in the summary
// (sim.Summary.Bot), so that the games of another program are not added to its own.
func (bt *batch) Identity() (name, version string, command []string) {
	return bt.hello.Name, bt.hello.Version, slices.Clone(bt.bot.Argv)
}

// lastWords returns the bot's last lines of standard error as a clause of an error, unless
// the user has just seen them.
func (bt *batch) lastWords() string {
	if bt.p == nil || bt.shown {
		return ""
	}
	w := bt.p.lastWords()
	switch cut, limit := bt.p.stderr.cut(); {
	case w == "" || bt.log == nil:
	case cut:
		// The last words are the bot's; the log holds its first, up to its limit.
		w += fmt.Sprintf(" (%s holds its first %s, the rest dropped)", bt.logName, memlimit.FormatLimit(int64(limit)))
	default:
		w += " (all of it in " + bt.logName + ")"
	}
	return w
}

// start starts the bot for a worker and says hello, with the table t of a table game.
func (b Bot) start(r *engine.Rules, worker int, t *helloTable) (*batch, error) {
	if b.Timeout <= 0 {
		b.Timeout = DefaultTimeout
	}
	if b.StartTimeout <= 0 {
		b.StartTimeout = DefaultStartTimeout
	}
	b.StartTimeout = max(b.StartTimeout, b.Timeout)
	bt := &batch{bot: &b, worker: worker, table: t}
	fail := func(err error) (*batch, error) {
		e := &Error{Bot: b.Name, Worker: worker, Err: err}
		if t != nil {
			e.Table, e.Player = true, t.Player
		}
		if bt.p != nil {
			bt.p.stop(true)
			e.Last = bt.lastWords()
		}
		if bt.log != nil {
			bt.log.Close()
		}
		return nil, e
	}
	var errw *relay
	switch {
	case b.LogDir != "":
		name := fmt.Sprintf("%s-%d.log", b.Name, worker)
		f, err := createLog(b.LogDir, name)
		if err != nil {
			return fail(fmt.Errorf("--bot-log: %w", err))
		}
		limit := b.LogLimit
		if limit <= 0 {
			limit = DefaultLogLimit
		}
		bt.log, bt.logName, errw = f, filepath.Join(b.LogDir, name), newLogRelay(f, limit)
	case b.Stderr != nil:
		errw = newRelay(b.Stderr, fmt.Sprintf("[bot %s %d] ", b.Name, worker))
		bt.shown = true
	default:
		errw = newRelay(nil, "")
	}
	p, err := start(b.Name, b.Argv, errw, b.Timeout, b.Stopper)
	if err != nil {
		return fail(err)
	}
	bt.p = p
	columns := []string{r.Columns()[0].Name}
	if b.Columns != nil {
		columns = b.Columns(r)
	}
	names := SlotNames(r, columns)
	bt.c = newCodec(r, names)
	if t != nil {
		bt.c.tables = map[int64]*strategies.Table{}
	}
	spec, err := json.Marshal(r.Spec())
	if err != nil {
		return fail(err)
	}
	h, _ := json.Marshal(hello{Type: "hello", Protocol: Version, Rules: spec, RulesHash: r.Hash(), Boxes: names, Seed: b.Seed, Worker: worker, Table: t})
	// The hello is written while the bot's is read: a bot may write its hello before it
	// reads yams's, and neither waits for the other whatever the size of the pipes.
	sent := make(chan error, 1)
	go func() { sent <- p.sendWithin(append(h, '\n'), b.StartTimeout) }()
	if b.Slow != nil && b.StartTimeout > b.Timeout {
		slow := time.AfterFunc(b.Timeout, func() { b.Slow(b.Name, worker, b.Timeout, b.StartTimeout) })
		defer slow.Stop()
	}
	line, err := p.receiveWithin("the hello", maxHello, b.StartTimeout)
	if serr := <-sent; serr != nil && (err == nil || !errors.Is(err, errInterrupted)) {
		return fail(serr)
	}
	if err != nil {
		return fail(err)
	}
	if bt.hello, err = readHello(line); err != nil {
		return fail(err)
	}
	bt.last = lastMessage{what: "the hello", hash: hashLine(line)}
	return bt, nil
}

// createLog creates the log file name in dir, which it may not leave (a name of a
// Bot made without Parse, a symbolic link).
func createLog(dir, name string) (*os.File, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.Create(name)
}

// SeeTables tells the tables of the games to come, which their requests carry
// (strategies.TableBatch).
func (bt *batch) SeeTables(games []int64, tables []*strategies.Table) {
	if bt.c.tables == nil {
		panic("external: the tables of a bot that plays alone (its hello said no table)")
	}
	clear(bt.c.tables)
	for i, g := range games {
		bt.c.tables[g] = tables[i]
	}
}

// Decide sends the requests in one message and reads the answers.
func (bt *batch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	bt.batches++
	what := describeBatch(bt.batches, reqs)
	if bt.p.pending() {
		return bt.fail(bt.stray())
	}
	bt.buf = bt.c.appendDecide(bt.buf[:0], reqs)
	if err := bt.p.send(bt.buf); err != nil {
		return bt.fail(fmt.Errorf("%w, when yams sent it %s", err, what))
	}
	line, err := bt.p.receive(what, maxLine)
	if err != nil {
		if !errors.Is(err, errTimeout) && !errors.Is(err, errInterrupted) {
			err = fmt.Errorf("%w, waiting for the answers to %s", err, what)
		}
		return bt.fail(err)
	}
	hash := hashLine(line)
	if err := bt.c.readAnswers(line, reqs, answers); err != nil {
		if hash == bt.last.hash {
			err = fmt.Errorf("its answer to %s came again where its answers to %s were due: a line written twice (a bot writes one line for each message of yams)", bt.last.what, what)
		}
		return bt.fail(err)
	}
	bt.last = lastMessage{what: what, hash: hash}
	return nil
}

// describeBatch names the nth batch of requests a process is sent, in messages: its
// number, its size, its games and turns.
func describeBatch(n int, reqs []strategies.Request) string {
	lo, hi := reqs[0].Turn, reqs[0].Turn
	for i := range reqs {
		lo, hi = min(lo, reqs[i].Turn), max(hi, reqs[i].Turn)
	}
	turns := fmt.Sprintf("turn %d", lo)
	if hi > lo {
		turns = fmt.Sprintf("turns %d to %d", lo, hi)
	}
	games := fmt.Sprintf("game %d", reqs[0].Game)
	if len(reqs) > 1 {
		games = fmt.Sprintf("games %d to %d", reqs[0].Game, reqs[len(reqs)-1].Game)
	}
	decisions := "decisions"
	if len(reqs) == 1 {
		decisions = "decision"
	}
	return fmt.Sprintf("batch %d (%d %s: %s, %s)", n, len(reqs), decisions, games, turns)
}

// stray reads the line a bot wrote when yams had not asked for one, after its last
// message, and says what it is.
func (bt *batch) stray() error {
	// Its start, for the message, before a read consumes it.
	bt.p.stdout.SetReadDeadline(time.Now().Add(strayWait))
	bt.p.out.Peek(1)
	start, _ := bt.p.out.Peek(min(bt.p.out.Buffered(), 64))
	start = bytes.Clone(start)
	line, err := bt.p.receiveWithin("the end of the line", maxLine, strayWait)
	switch {
	case err != nil:
		return fmt.Errorf("after its answer to %s, it wrote %s, which yams did not ask for, and did not end the line: a bot writes one line for each message of yams", bt.last.what, quoteStart(start))
	case hashLine(line) == bt.last.hash:
		return fmt.Errorf("it wrote its answer to %s twice: a bot writes one line for each message of yams", bt.last.what)
	}
	return fmt.Errorf("after its answer to %s, it wrote a line yams did not ask for: %s; a bot writes one line for each message of yams, and its debugging on standard error", bt.last.what, quoteStart(line))
}

// strayWait is how long yams waits for the end of a line a bot was not asked for.
const strayWait = 100 * time.Millisecond

// hashLine returns a hash of a line, to tell a line written twice.
func hashLine(line []byte) uint64 { return maphash.Bytes(lineSeed, line) }

var lineSeed = maphash.MakeSeed()

// OutsideTime returns the processor time (user and system) that the bot's process took,
// with the children it waited for, once it has exited (after Close); zero before.
func (bt *batch) OutsideTime() time.Duration {
	select {
	case <-bt.p.exited:
	default:
		return 0
	}
	if ps := bt.p.cmd.ProcessState; ps != nil {
		return ps.UserTime() + ps.SystemTime()
	}
	return 0
}

// fail stops the bot's process and returns err with its name and last words.
func (bt *batch) fail(err error) error {
	bt.p.stop(true)
	e := &Error{Bot: bt.bot.Name, Worker: bt.worker, Err: err, Last: bt.lastWords()}
	if bt.table != nil {
		e.Table, e.Player = true, bt.table.Player
	}
	return e
}

// Close ends the conversation: the bot's input is closed, and its process group stopped
// once it has exited, or SIGTERM then SIGKILL if it lingers (process.stop). The
// simulator closes the bots of every worker together.
func (bt *batch) Close() error {
	bt.p.stop(false)
	if bt.log != nil {
		return bt.log.Close()
	}
	return nil
}
