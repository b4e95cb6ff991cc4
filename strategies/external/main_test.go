package external_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
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
	in.ReadString('\n') // the hello
	switch mode {
	case "no-hello":
		time.Sleep(time.Minute)
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
	}
	send(`{"type":"hello","name":"test","version":"0"}`)
	batches := 0
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return 0
		}
		batches++
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
		case mode == "exit" && late:
			fmt.Fprintln(os.Stderr, "bot: something broke inside")
			return 3
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
		send(string(b))
	}
}
