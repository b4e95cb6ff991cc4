package external

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"yams/internal/memlimit"
)

// process is a bot's process: its standard input and output as pipes yams reads with a
// deadline, its standard error relayed line by line (to yams's standard error, or a log
// file) with its last lines kept for the messages; started so that yams can stop it with
// everything it started (sysproc_*.go).
type process struct {
	name    string
	program string // the command's first word, for messages
	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	out     *bufio.Reader
	stderr  *relay
	timeout time.Duration
	exited  chan struct{}
	waitErr error
	stopped sync.Once
	// stopper, if not nil, may stop the process at once (an interruption): interrupted
	// then says so to the reads and writes it wakes.
	stopper     *Stopper
	interrupted atomic.Bool
	// report, for a bot under an init (init_linux.go), is where the init says how the
	// bot ended; initReport is what it said, read once the init has exited.
	report     *os.File
	initReport string
}

// errTimeout is a bot that did not answer in time.
var errTimeout = errors.New("no answer")

// errInterrupted is a bot stopped by its Stopper: yams was interrupted.
var errInterrupted = errors.New("stopped, yams being interrupted")

// maxLine bounds a line a bot may write, its end ("\n" or "\r\n") not counted: a batch of
// answers takes a few tens of KB.
const maxLine = 64 << 20

// The stop of a bot: its input closed, it has exitGrace to exit by itself, then its
// process group is sent SIGTERM, and SIGKILL termGrace later. waitDelay bounds the wait
// for its standard error once it has exited, which a helper it left may hold open.
const (
	exitGrace = time.Second
	termGrace = time.Second
	waitDelay = 250 * time.Millisecond
)

// start starts the bot command argv with its standard error relayed to errw.
func start(name string, argv []string, errw *relay, timeout time.Duration, stopper *Stopper) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command")
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, fmt.Errorf("cannot start %q: %w", argv[0], unwrapExec(err))
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	growPipe(inW)
	growPipe(outR)
	p := &process{name: name, program: argv[0], stdin: inW, stdout: outR, out: bufio.NewReaderSize(outR, 1<<16),
		stderr: errw, timeout: timeout, exited: make(chan struct{}), stopper: stopper}
	p.cmd, p.report, err = startProcess(func() *exec.Cmd {
		return &exec.Cmd{Path: path, Args: argv, Stdin: inR, Stdout: outW, Stderr: p.stderr, WaitDelay: waitDelay}
	})
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("cannot start %q: %w", argv[0], unwrapExec(err))
	}
	go func() {
		p.waitErr = p.cmd.Wait()
		if p.report != nil {
			// Written by the init as it exits: whole once it has.
			b, _ := io.ReadAll(io.LimitReader(p.report, 512))
			p.report.Close()
			p.initReport = string(b)
		}
		close(p.exited)
	}()
	// Known to the Stopper once started, so that it never meets a process half made; one
	// that stopped meanwhile stops this one too.
	if !stopper.add(p) {
		p.interrupt()
		return nil, errInterrupted
	}
	return p, nil
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// send writes a message (one line) within the timeout.
func (p *process) send(b []byte) error { return p.sendWithin(b, p.timeout) }

// sendWithin writes a message (one line) within d.
func (p *process) sendWithin(b []byte, d time.Duration) error {
	p.stdin.SetWriteDeadline(time.Now().Add(d))
	if p.interrupted.Load() {
		return errInterrupted
	}
	if _, err := p.stdin.Write(b); err != nil {
		if p.interrupted.Load() {
			return errInterrupted
		}
		return p.failure("does not read its input", err)
	}
	return nil
}

// receive reads a line of at most limit bytes within the timeout.
func (p *process) receive(what string, limit int) ([]byte, error) {
	return p.receiveWithin(what, limit, p.timeout)
}

// receiveWithin reads a line of at most limit bytes within d.
func (p *process) receiveWithin(what string, limit int, d time.Duration) ([]byte, error) {
	p.stdout.SetReadDeadline(time.Now().Add(d))
	// An interruption sets the flag, then the deadline: either the flag is seen here, or
	// the deadline set above is overridden.
	if p.interrupted.Load() {
		return nil, errInterrupted
	}
	var line []byte
	for {
		chunk, err := p.out.ReadSlice('\n')
		line = append(line, chunk...)
		// The limit is on the line without its end, "\n" or "\r\n": a line not ended yet
		// of limit+1 bytes may still be one of limit bytes and a '\r'.
		long := len(line) > limit+1
		if err == nil {
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			long = len(line) > limit
		}
		switch {
		case long && (err == nil || errors.Is(err, bufio.ErrBufferFull)):
			return nil, fmt.Errorf("a line of more than %s where %s was due", memlimit.FormatLimit(int64(limit)), what)
		case err == nil:
			return line, nil
		case p.interrupted.Load():
			return nil, errInterrupted
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, fmt.Errorf("%w within %v to %s", errTimeout, d, what)
		}
		return nil, p.failure("closed its output", err)
	}
}

// pending reports whether the bot has written something that yams has not read: between
// two messages of yams, a line the bot should not have written.
func (p *process) pending() bool {
	return p.out.Buffered() > 0 || unread(p.stdout) > 0
}

// failure explains why the bot stopped talking: it exited (with what status), or closed
// its output.
func (p *process) failure(what string, err error) error {
	select {
	case <-p.exited:
	case <-time.After(waitDelay + 250*time.Millisecond):
		return fmt.Errorf("%s: %v", what, err)
	}
	how, startErr := initEnd(p.initReport)
	var ee *exec.ExitError
	switch {
	case startErr != nil:
		return fmt.Errorf("cannot start %q: %w", p.program, startErr)
	case how != "":
		return errors.New(how)
	case errors.As(p.waitErr, &ee) && ee.Exited():
		return fmt.Errorf("exited with status %d", ee.ExitCode())
	case errors.As(p.waitErr, &ee):
		return fmt.Errorf("was killed (%v)", ee)
	}
	return errors.New("exited")
}

// stop ends the process and what it started. Its input is closed, the bot's cue to
// exit; unless now, it has exitGrace to do so, then its process group gets SIGTERM, and
// termGrace later SIGKILL, as does at once whatever is left of the group once the bot
// has exited. stop returns once the bot's process has ended.
func (p *process) stop(now bool) {
	p.stopped.Do(func() {
		p.stdin.Close()
		if !now && !p.exitsWithin(exitGrace) {
			signalGroup(p.cmd, syscall.SIGTERM)
			p.exitsWithin(termGrace)
		}
		signalGroup(p.cmd, syscall.SIGKILL)
		<-p.exited
		p.stdout.Close()
		p.stderr.flush()
		p.stopper.remove(p)
	})
}

// exitsWithin reports whether the bot's process ends within d.
func (p *process) exitsWithin(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	}
}

// interrupt stops the process at once, waking a read or a write that waits for it.
func (p *process) interrupt() {
	p.interrupted.Store(true)
	p.stdout.SetReadDeadline(time.Now())
	p.stdin.SetWriteDeadline(time.Now())
	p.stop(true)
}

// lastWords returns the bot's last lines of standard error, for a message.
func (p *process) lastWords() string {
	lines := p.stderr.last()
	if len(lines) == 0 {
		return ""
	}
	return "; its last words on standard error: " + strings.Join(lines, " | ")
}

// A Stopper stops the processes of the bots that share it (Bot.Stopper) at once, all
// together, when yams is interrupted: a bot that is waited for is not waited for any
// longer, whatever its timeout, and a bot that would start after is not started. Its
// zero value is ready; a nil *Stopper stops nothing.
type Stopper struct {
	mu      sync.Mutex
	stopped bool
	live    map[*process]struct{}
}

// Stop stops every process of the Stopper's bots, and returns once they have ended.
func (s *Stopper) Stop() {
	s.mu.Lock()
	s.stopped = true
	live := make([]*process, 0, len(s.live))
	for p := range s.live {
		live = append(live, p)
	}
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range live {
		wg.Go(p.interrupt)
	}
	wg.Wait()
}

// add records a process about to start; false if the Stopper has stopped.
func (s *Stopper) add(p *process) bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return false
	}
	if s.live == nil {
		s.live = map[*process]struct{}{}
	}
	s.live[p] = struct{}{}
	return true
}

// remove forgets a process that has ended.
func (s *Stopper) remove(p *process) {
	if s == nil {
		return
	}
	s.mu.Lock()
	delete(s.live, p)
	s.mu.Unlock()
}
