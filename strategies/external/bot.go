package external

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"yams/engine"
	"yams/strategies"
)

// DefaultTimeout is how long yams waits for a bot's message.
const DefaultTimeout = 10 * time.Second

// Bot is an external bot: a command that speaks the protocol, under a name.
type Bot struct {
	Name string
	Argv []string
	// Timeout bounds the wait for each of the bot's messages (DefaultTimeout if zero).
	Timeout time.Duration
	// Stderr receives what the bot writes on its standard error, each line prefixed with
	// the bot's name and worker; LogDir, if set, takes it instead, a file per process.
	Stderr io.Writer
	LogDir string
	// Seed is the run's seed, told to the bot in the hello.
	Seed uint64
	// Columns labels the columns of the sheet, for the names of its boxes (sim.ColumnLabels).
	Columns func(*engine.Rules) []string
}

// Error is a bot's failure: it names the bot, its process (by the worker it serves, the
// "worker" of its hello) and what went wrong.
type Error struct {
	Bot    string
	Worker int
	Err    error
	// Last is the bot's last lines of standard error, as a clause, when they were not
	// already shown (its standard error went to a log file, or nowhere).
	Last string
}

func (e *Error) Error() string {
	return fmt.Sprintf("bot %s (worker %d): %v%s", e.Bot, e.Worker, e.Err, e.Last)
}

func (e *Error) Unwrap() error { return e.Err }

// Parse reads a --bot flag, NAME=COMMAND, and splits COMMAND into words as a shell would
// (quotes and backslashes), without running a shell. NAME may not be a registered
// strategy's name.
func Parse(flag string) (Bot, error) {
	name, command, ok := strings.Cut(flag, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Bot{}, fmt.Errorf("--bot %q: want NAME=COMMAND, such as mine='python3 bot.py'", flag)
	}
	if strings.ContainsAny(name, ",= \t") {
		return Bot{}, fmt.Errorf("--bot %s: a bot's name has no comma, space or =", name)
	}
	if _, builtin := strategies.Lookup(name); builtin {
		return Bot{}, fmt.Errorf("--bot %s: %s is a built-in strategy: give the bot another name", name, name)
	}
	argv, err := SplitCommand(command)
	if err != nil {
		return Bot{}, fmt.Errorf("--bot %s: %w", name, err)
	}
	if len(argv) == 0 {
		return Bot{}, fmt.Errorf("--bot %s: no command", name)
	}
	return Bot{Name: name, Argv: argv}, nil
}

// SplitCommand splits a command line into words as a POSIX shell would: spaces separate
// words, single quotes keep everything, double quotes keep everything but \" \\ \$ \`,
// a backslash outside quotes keeps the next character. It runs nothing: no variables,
// no globs, no pipes.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false // in a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words, in = append(words, w.String()), false
				w.Reset()
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated single quote")
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			in = true
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("a backslash at the end")
			}
			i++
			w.WriteByte(s[i])
			in = true
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// Info returns the bot as a strategy: a batch strategy whose every worker runs a process
// of the bot.
func (b Bot) Info() strategies.Info {
	return strategies.Info{
		Name:        b.Name,
		Description: "external bot: " + strings.Join(b.Argv, " "),
		NewBatch:    func(r *engine.Rules, worker int) (strategies.Batch, error) { return b.start(r, worker) },
	}
}

// batch is a bot's process serving one worker.
type batch struct {
	bot    *Bot
	worker int
	p      *process
	c      *codec
	buf    []byte
	log    *os.File
	// shown says that the bot's standard error goes to the user's as it comes, so that
	// an error need not repeat its last words.
	shown bool
	// hello is what the bot said it is.
	hello botHello
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
	if w != "" && bt.log != nil {
		w += " (all of it in " + bt.log.Name() + ")"
	}
	return w
}

// start starts the bot for a worker and says hello.
func (b Bot) start(r *engine.Rules, worker int) (*batch, error) {
	if b.Timeout <= 0 {
		b.Timeout = DefaultTimeout
	}
	bt := &batch{bot: &b, worker: worker}
	fail := func(err error) (*batch, error) {
		e := &Error{Bot: b.Name, Worker: worker, Err: err}
		if bt.p != nil {
			bt.p.stop(true)
			e.Last = bt.lastWords()
		}
		if bt.log != nil {
			bt.log.Close()
		}
		return nil, e
	}
	var errw io.Writer
	switch {
	case b.LogDir != "":
		f, err := os.Create(filepath.Join(b.LogDir, fmt.Sprintf("%s-%d.log", b.Name, worker)))
		if err != nil {
			return fail(fmt.Errorf("--bot-log: %w", err))
		}
		bt.log, errw = f, f
	case b.Stderr != nil:
		errw = &prefixed{w: b.Stderr, prefix: fmt.Sprintf("[bot %s %d] ", b.Name, worker)}
		bt.shown = true
	}
	p, err := start(b.Name, b.Argv, errw, b.Timeout)
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
	spec, err := json.Marshal(r.Spec())
	if err != nil {
		return fail(err)
	}
	h, _ := json.Marshal(hello{Type: "hello", Protocol: Version, Rules: spec, RulesHash: r.Hash(), Boxes: names, Seed: b.Seed, Worker: worker})
	if err := p.send(append(h, '\n')); err != nil {
		return fail(err)
	}
	line, err := p.receive("the hello")
	if err != nil {
		return fail(err)
	}
	var bh botHello
	if err := json.Unmarshal(line, &bh); err != nil {
		return fail(fmt.Errorf("its hello is not JSON: %v", err))
	}
	switch {
	case bh.Type == "error":
		return fail(&BotSaid{Message: bh.Message})
	case bh.Type != "hello":
		return fail(fmt.Errorf("a message of type %q where its hello was due", bh.Type))
	case bh.Protocol != 0 && bh.Protocol != Version:
		return fail(fmt.Errorf("it speaks protocol %d, yams %d", bh.Protocol, Version))
	}
	bt.hello = bh
	return bt, nil
}

// Decide sends the requests in one message and reads the answers.
func (bt *batch) Decide(reqs []strategies.Request, answers []strategies.Answer) error {
	bt.buf = bt.c.appendDecide(bt.buf[:0], reqs)
	turns := [2]int{reqs[0].Turn, reqs[0].Turn}
	for i := range reqs {
		turns[0], turns[1] = min(turns[0], reqs[i].Turn), max(turns[1], reqs[i].Turn)
	}
	what := fmt.Sprintf("a batch of %d decisions (games %d to %d, turns %d to %d)", len(reqs), reqs[0].Game, reqs[len(reqs)-1].Game, turns[0], turns[1])
	if err := bt.p.send(bt.buf); err != nil {
		return bt.fail(fmt.Errorf("%w, sent %s", err, what))
	}
	line, err := bt.p.receive(what)
	if err != nil {
		if !errors.Is(err, errTimeout) {
			err = fmt.Errorf("%w, waiting for the answers to %s", err, what)
		}
		return bt.fail(err)
	}
	if err := bt.c.readAnswers(line, reqs, answers); err != nil {
		return bt.fail(err)
	}
	return nil
}

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
	return &Error{Bot: bt.bot.Name, Worker: bt.worker, Err: err, Last: bt.lastWords()}
}

// Close ends the conversation: the bot's input is closed, and its process group stopped
// once it has exited or after a second.
func (bt *batch) Close() error {
	bt.p.stop(false)
	if bt.log != nil {
		return bt.log.Close()
	}
	return nil
}

// prefixed writes each line after a prefix, the lines of the bots of several workers
// being written to one terminal at once.
type prefixed struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
	mid    bool // in the middle of a line
}

func (p *prefixed) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []byte
	for _, c := range b {
		if !p.mid {
			out = append(out, p.prefix...)
			p.mid = true
		}
		out = append(out, c)
		if c == '\n' {
			p.mid = false
		}
	}
	_, err := p.w.Write(out)
	return len(b), err
}
