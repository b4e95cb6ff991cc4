//go:build linux || darwin

package rulefile_test

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/exhaustive"
)

// peakEnv names, in the process a test starts, the file whose build it measures.
const peakEnv = "YAMS_RULEFILE_PEAK"

// The estimate of a table's memory against the peak of the process that builds it (the
// memory the Go runtime holds, sampled through the build in a process of its own; the
// resident set is logged beside it): for a table whose classes share nothing (a few
// hundred MiB) the estimate is above the peak and within a quarter of it; for the
// report's file, whose classes decide alike, still above it. Each build takes a minute:
// the exhaustive run's.
func TestTableMemoryAgainstPeak(t *testing.T) {
	if kind := os.Getenv(peakEnv); kind != "" {
		measurePeak(t, kind)
		return
	}
	exhaustive.Only(t)
	heavy(t)
	for _, c := range []struct {
		kind  string
		tight bool
	}{{"distinct", true}, {"many", false}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTableMemoryAgainstPeak$", "-test.count=1")
		cmd.Env = append(os.Environ(), peakEnv+"="+c.kind)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.kind, err, out)
		}
		var grew, rss, estimate, before int64
		var seconds float64
		i := strings.Index(string(out), "peak ")
		if i < 0 {
			t.Fatalf("%s: no measure:\n%s", c.kind, out)
		}
		if _, err := fmt.Sscanf(string(out[i:]), "peak %d rss %d estimate %d table %d seconds %g", &grew, &rss, &estimate, &before, &seconds); err != nil {
			t.Fatalf("%s: %v:\n%s", c.kind, err, out)
		}
		t.Logf("%s: the build grew the memory the runtime holds by %d MiB at its most (the resident set by %d MiB), estimated %d MiB, the table before sharing %d MiB, in %.0f s",
			c.kind, grew>>20, rss>>20, estimate>>20, before>>20, seconds)
		if grew > estimate {
			t.Errorf("%s: the build took %d MiB, more than its estimate of %d MiB", c.kind, grew>>20, estimate>>20)
		}
		if c.tight && float64(estimate) > 1.25*float64(grew) {
			t.Errorf("%s: estimate %d MiB, more than a quarter above the %d MiB the build took", c.kind, estimate>>20, grew>>20)
		}
	}
}

// measurePeak builds the table of a file and prints how much the memory the Go runtime
// holds grew at its most (sampled every few milliseconds: the process's own accounting,
// which pages swapped out do not hide), how much the peak resident set grew, the
// estimate, and the size of the table before sharing.
func measurePeak(t *testing.T, kind string) {
	src := manyClasses()
	if kind == "distinct" {
		src = distinctClasses()
	}
	p := compileHasbro(t, src)
	runtime.GC()
	held := func() int64 {
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		metrics.Read(s)
		return int64(s[0].Value.Uint64()) - int64(s[1].Value.Uint64())
	}
	base, rss := held(), maxRSS(t)
	peak := base
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, held())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	_, err := p.NewStrategy()
	close(done)
	<-sampled
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("peak %d rss %d estimate %d table %d seconds %.0f\n", max(peak, held())-base, maxRSS(t)-rss, p.TableMemory(), p.Bytes(), time.Since(start).Seconds())
}

// maxRSS is the peak resident set of the process, in bytes.
func maxRSS(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Skip("no resource usage:", err)
	}
	if runtime.GOOS == "darwin" {
		return ru.Maxrss
	}
	return ru.Maxrss << 10
}
