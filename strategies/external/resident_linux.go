package external

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// maxTree bounds the processes of a bot counted by treeResident.
const maxTree = 1000

// treeResident returns the resident set (VmRSS) of process pid and of its descendants,
// as /proc shows them, in bytes.
func treeResident(pid int) int64 {
	var total int64
	queue := []int{pid}
	for n := 0; len(queue) > 0 && n < maxTree; n++ {
		p := queue[0]
		queue = queue[1:]
		total += vmRSS(p)
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(p) + "/task")
		for _, t := range tasks {
			data, _ := os.ReadFile("/proc/" + strconv.Itoa(p) + "/task/" + t.Name() + "/children")
			for _, f := range strings.Fields(string(data)) {
				if c, err := strconv.Atoi(f); err == nil {
					queue = append(queue, c)
				}
			}
		}
	}
	return total
}

// vmRSS returns the resident set of process pid, in bytes, 0 if it cannot be read.
func vmRSS(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(data, []byte("\nVmRSS:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	fields := strings.Fields(string(line)) // "27412 kB"
	if len(fields) != 2 || fields[1] != "kB" {
		return 0
	}
	kb, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}
