package external_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/engine"
	"yams/strategies"
	"yams/strategies/external"
	_ "yams/strategies/optimal"
)

// The test binary is also the bots of the tests: run as "TESTBIN yams-test-bot MODE", it
// serves a strategy (MODE "serve:NAME") or misbehaves in the way MODE names.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "yams-test-bot" {
		os.Exit(testBot(os.Args[2]))
	}
	if len(os.Args) > 2 && strings.HasPrefix(os.Args[1], "yams-test-") && testProcess != nil {
		os.Exit(testProcess(os.Args[1], os.Args[2:]))
	}
	dir, err := os.MkdirTemp("", "yams-external-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("YAMS_CACHE_DIR", dir) // the bots of the tests solve into it too
	// Greedy's tables are cached weakly, while a strategy uses them: held for the whole
	// test binary, hasbro's are built once, not in each test that plays greedy beside a bot.
	hasbro, err := engine.Load("hasbro")
	if err != nil {
		panic(err)
	}
	greedy, err := strategies.New("greedy", hasbro)
	if err != nil {
		panic(err)
	}
	code := m.Run()
	runtime.KeepAlive(greedy)
	os.RemoveAll(dir)
	os.Exit(code)
}

// testProcess, where the tests of a system set it, runs the test binary as one of the
// processes of those tests: "TESTBIN yams-test-KIND ARGS...".
var testProcess func(kind string, args []string) int

// botCommand is the command of a test bot.
func botCommand(mode string) []string { return []string{os.Args[0], "yams-test-bot", mode} }

func testBot(mode string) int {
	if name, ok := strings.CutPrefix(mode, "serve:"); ok {
		err := external.Serve(os.Stdin, os.Stdout, name, func(r *engine.Rules) (strategies.Strategy, error) {
			return strategies.New(name, r)
		}, nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			return 1
		}
		return 0
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	send := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	fmt.Fprintln(os.Stderr, "misbehaving as", mode)
	if mode == "linger" {
		lingerOnSIGTERM()
	}
	if strings.HasPrefix(mode, "flood") {
		// 32 MiB of standard error, in lines of 1 KiB, before its hello.
		line := strings.Repeat("f", 1023) + "\n"
		w := bufio.NewWriterSize(os.Stderr, 1<<16)
		for range 32 << 10 {
			w.WriteString(line)
		}
		w.Flush()
	}
	if mode == "hello-first" {
		// Its hello before it reads yams's, which it reads only a moment later.
		send(`{"type":"hello","name":"test","version":"0"}`)
		time.Sleep(100 * time.Millisecond)
	}
	if mode == "slow-hello" {
		time.Sleep(500 * time.Millisecond) // a start that loads something
	}
	hello, _ := in.ReadString('\n')
	if mode == "show-hello" {
		fmt.Fprint(os.Stderr, "hello: "+hello)
	}
	switch mode {
	case "hello-first":
	case "no-hello":
		fmt.Fprintln(os.Stderr, "hanging")
		time.Sleep(time.Hour)
		return 0
	case "bad-hello":
		send(`{"type":"hi"}`)
		return 0
	case "refuse":
		send(`{"type":"error","message":"I only play Yam's"}`)
		return 0
	case "exit-at-hello":
		fmt.Fprintln(os.Stderr, "giving up")
		return 7
	case "hello-no-name":
		send(`{"type":"hello","version":"1.0"}`)
		return 0
	case "hello-version-number":
		send(`{"type":"hello","name":"test","version":1.5}`)
		return 0
	case "hello-long-version":
		send(`{"type":"hello","name":"test","version":"` + strings.Repeat("v", 300) + `"}`)
		return 0
	case "hello-huge-version":
		send(`{"type":"hello","name":"test","version":"` + strings.Repeat("v", 2<<20) + `"}`)
		return 0
	case "hello-escape-name":
		send(`{"type":"hello","name":"te\u001b[2Jst","version":"1"}`)
		return 0
	case "hello-twice":
		send(`{"type":"hello","name":"test","version":"0"}` + "\n" + `{"type":"hello","name":"test","version":"0"}`)
	default:
		send(`{"type":"hello","name":"test","version":"0"}`)
	}
	batches := 0
	var previous string // the answer to the previous batch
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			if mode == "linger" {
				fmt.Fprintln(os.Stderr, "EOF")
				time.Sleep(time.Hour)
			}
			return 0
		}
		batches++
		if mode == "hang" {
			fmt.Fprintln(os.Stderr, "hanging")
			time.Sleep(time.Hour)
		}
		var msg struct {
			Requests []struct {
				Kind   string
				Dice   []int
				Legal  map[string]int
				Scores []*int
			}
		}
		json.Unmarshal([]byte(line), &msg)
		var answers []any
		for _, r := range msg.Requests {
			if r.Kind == "keep" {
				answers = append(answers, r.Dice)
				continue
			}
			for name := range r.Legal {
				answers = append(answers, name)
				break
			}
		}
		late := batches > 3 // misbehave after a few batches: some games are over
		switch {
		case (mode == "exit" || mode == "flood-exit") && late:
			fmt.Fprintln(os.Stderr, "bot: something broke inside")
			return 3
		case mode == "abort" && late:
			// As abort(3) does: SIGABRT to itself, with its default action (the Go
			// runtime's handler would exit with status 2): the process, become a shell,
			// sends it to itself.
			syscall.Exec("/bin/sh", []string{"sh", "-c", "kill -ABRT $$; sleep 60"}, os.Environ())
			return 0
		case mode == "close" && late:
			os.Stdout.Close()
			time.Sleep(time.Minute)
			return 0
		case mode == "silent" && late:
			time.Sleep(time.Minute)
			return 0
		case mode == "garbage" && late:
			send(`this is not JSON`)
			continue
		case mode == "error" && late:
			send(`{"type":"error","message":"out of ideas"}`)
			continue
		case mode == "long-error" && late:
			// A terminal's escape sequences (clear the screen, red) and a megabyte.
			send(`{"type":"error","message":"\u001b[2J\u001b[31mout of ideas` + strings.Repeat(" and more", 1<<17) + `"}`)
			continue
		case mode == "box-number" && late:
			for i, r := range msg.Requests {
				if r.Kind == "box" {
					answers[i] = 7
					break
				}
			}
		case mode == "float-keep" && late:
			for i, r := range msg.Requests {
				if r.Kind == "keep" {
					answers[i] = json.RawMessage(fmt.Sprintf("[%d.0]", r.Dice[0]))
					break
				}
			}
		case mode == "too-few" && late:
			answers = answers[1:]
		case mode == "illegal-keep" && late:
			for i, r := range msg.Requests {
				if r.Kind == "keep" {
					answers[i] = []int{7}
					break
				}
			}
		case mode == "foreign-keep" && late:
			for i, r := range msg.Requests {
				if r.Kind == "keep" {
					d := (r.Dice[0] % 6) + 1
					for _, x := range r.Dice {
						if x == d {
							d = 0
						}
					}
					if d != 0 {
						answers[i] = []int{d}
						break
					}
				}
			}
		case mode == "illegal-box" && late:
			for i, r := range msg.Requests {
				if r.Kind == "box" {
					answers[i] = "no_such_box"
					break
				}
			}
		case mode == "filled-box" && late:
			boxes := []string{"ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance"}
		filled:
			for i, r := range msg.Requests {
				for b, sc := range r.Scores {
					if r.Kind == "box" && sc != nil {
						answers[i] = boxes[b]
						break filled
					}
				}
			}
		case mode == "keep-for-box" && late:
			for i, r := range msg.Requests {
				if r.Kind == "box" {
					answers[i] = []int{}
					break
				}
			}
		}
		b, _ := json.Marshal(map[string]any{"type": "decide", "answers": answers})
		switch {
		case mode == "pieces":
			// A line of standard error in two writes, with a pause between them.
			fmt.Fprint(os.Stderr, "piece-a ")
			time.Sleep(time.Millisecond)
			fmt.Fprintln(os.Stderr, "piece-b")
		case mode == "duplicate" && late:
			send(string(b) + "\n" + string(b)) // the same line twice, in one write
			continue
		case mode == "duplicate-late" && late && previous != "":
			// The answer to the previous batch written again, once the next batch is
			// there: yams reads it where the answers to this batch are due.
			send(previous)
		case mode == "stray" && late:
			send(string(b) + "\n" + `{"type":"debug","note":"batch done"}`)
			continue
		case mode == "stray-unended" && late:
			out.WriteString(string(b) + "\ndebugging") // in one write, the last line not ended
			out.Flush()
			continue
		}
		previous = string(b)
		send(string(b))
	}
}

// lingerOnSIGTERM makes the bot write "SIGTERM" on standard error when it gets one, and
// go on.
func lingerOnSIGTERM() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM)
	go func() {
		for range sig {
			fmt.Fprintln(os.Stderr, "SIGTERM")
		}
	}()
}
