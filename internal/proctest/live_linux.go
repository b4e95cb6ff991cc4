package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
)

// Live returns the live processes (zombies are dead) whose command line or environment
// holds token, by pid, with their command lines, the arguments joined by spaces.
func Live(token string) map[int]string {
	found := map[int]string{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		cmdline, err := os.ReadFile(filepath.Join(d, "cmdline"))
		if err != nil {
			continue
		}
		cmd := string(bytes.ReplaceAll(bytes.TrimRight(cmdline, "\x00"), []byte{0}, []byte{' '}))
		if !bytes.Contains([]byte(cmd), []byte(token)) {
			env, _ := os.ReadFile(filepath.Join(d, "environ"))
			if !bytes.Contains(env, []byte(token)) {
				continue
			}
		}
		if stat, err := os.ReadFile(filepath.Join(d, "stat")); err != nil || bytes.Contains(stat, []byte(") Z ")) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(d)); err == nil {
			found[pid] = cmd
		}
	}
	return found
}
