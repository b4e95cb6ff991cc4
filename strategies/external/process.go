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
	"time"
)

// process is a bot's process: its standard input and output as pipes yams reads with a
// deadline, its standard error forwarded (to yams's standard error, or a log file) and
// its last lines kept for the messages, in a process group of its own that yams stops
// whole.
type process struct {
	name    string
	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	out     *bufio.Reader
	stderr  *tail
	timeout time.Duration
	exited  chan struct{}
	waitErr error
	stopped sync.Once
}

// errTimeout is a bot that did not answer in time.
var errTimeout = errors.New("no answer")

// maxLine bounds a line a bot may write: a batch of answers takes a few tens of KB.
const maxLine = 64 << 20

// start starts the bot command argv with its standard error going to errw.
func start(name string, argv []string, errw io.Writer, timeout time.Duration) (*process, error) {
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
	p := &process{name: name, stdin: inW, stdout: outR, out: bufio.NewReaderSize(outR, 1<<16),
		stderr: newTail(errw), timeout: timeout, exited: make(chan struct{})}
	p.cmd = &exec.Cmd{Path: path, Args: argv, Stdin: inR, Stdout: outW, Stderr: p.stderr}
	p.cmd.SysProcAttr = sysProcAttr()
	err = p.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("cannot start %q: %w", argv[0], unwrapExec(err))
	}
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
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
func (p *process) send(b []byte) error {
	p.stdin.SetWriteDeadline(time.Now().Add(p.timeout))
	if _, err := p.stdin.Write(b); err != nil {
		return p.failure("does not read its input", err)
	}
	return nil
}

// receive reads a line within the timeout.
func (p *process) receive(what string) ([]byte, error) {
	p.stdout.SetReadDeadline(time.Now().Add(p.timeout))
	var line []byte
	for {
		chunk, err := p.out.ReadSlice('\n')
		line = append(line, chunk...)
		if err == nil {
			return bytes.TrimRight(line, "\r\n"), nil
		}
		if errors.Is(err, bufio.ErrBufferFull) && len(line) < maxLine {
			continue
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, fmt.Errorf("a line of more than %d MiB where %s was due", maxLine>>20, what)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, fmt.Errorf("%w within %v to %s", errTimeout, p.timeout, what)
		}
		return nil, p.failure("closed its output", err)
	}
}

// failure explains why the bot stopped talking: it exited (with what status), or closed
// its output.
func (p *process) failure(what string, err error) error {
	select {
	case <-p.exited:
	case <-time.After(200 * time.Millisecond):
		return fmt.Errorf("%s: %v", what, err)
	}
	var ee *exec.ExitError
	switch {
	case errors.As(p.waitErr, &ee) && ee.Exited():
		return fmt.Errorf("exited with status %d", ee.ExitCode())
	case errors.As(p.waitErr, &ee):
		return fmt.Errorf("was killed (%v)", ee)
	}
	return errors.New("exited")
}

// stop closes the bot's input and stops its process group: at once if kill, else once
// it has had a moment to exit by itself.
func (p *process) stop(kill bool) {
	p.stopped.Do(func() {
		p.stdin.Close()
		if !kill {
			select {
			case <-p.exited:
			case <-time.After(time.Second):
			}
		}
		killGroup(p.cmd)
		<-p.exited
		p.stdout.Close()
		p.stderr.flush()
	})
}

// lastWords returns the bot's last lines of standard error, for a message.
func (p *process) lastWords() string {
	lines := p.stderr.last()
	if len(lines) == 0 {
		return ""
	}
	return "; its last words on standard error: " + strings.Join(lines, " | ")
}

// tail forwards what a bot writes on its standard error, line by line, and keeps the last
// lines.
type tail struct {
	mu      sync.Mutex
	w       io.Writer
	partial []byte
	lines   []string
}

const tailLines = 5

func newTail(w io.Writer) *tail { return &tail{w: w} }

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.w != nil {
		t.w.Write(b)
	}
	t.partial = append(t.partial, b...)
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		t.keep(string(t.partial[:i]))
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 4096 {
		t.keep(string(t.partial))
		t.partial = t.partial[:0]
	}
	return len(b), nil
}

func (t *tail) keep(line string) {
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if len(line) > 300 {
		line = line[:300] + "…"
	}
	t.lines = append(t.lines, line)
	if len(t.lines) > tailLines {
		t.lines = t.lines[1:]
	}
}

func (t *tail) flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.partial) > 0 {
		t.keep(string(t.partial))
		t.partial = nil
	}
}

func (t *tail) last() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.lines...)
}
