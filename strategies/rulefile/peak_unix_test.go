//go:build linux || darwin

package rulefile_test

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"yams/internal/exhaustive"
)

// peakEnv names, in the process a test starts, the file whose build it measures.
const peakEnv = "YAMS_RULEFILE_PEAK"

// The estimate of a table's memory against the peak of the process that builds it (its
// resident set, measured in a process of its own): for a table whose classes share
// nothing (a few hundred MiB) the estimate is above the peak and within a quarter of it;
// for the report's file, whose classes decide alike, still above it. Each build takes a
// minute: the exhaustive run's.
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
		var grew, estimate, before int64
		var took time.Duration
		i := strings.Index(string(out), "peak ")
		if i < 0 {
			t.Fatalf("%s: no measure:\n%s", c.kind, out)
		}
		if _, err := fmt.Sscanf(string(out[i:]), "peak %d estimate %d table %d took %v", &grew, &estimate, &before, &took); err != nil {
			t.Fatalf("%s: %v:\n%s", c.kind, err, out)
		}
		t.Logf("%s: the build grew the process by %d MiB, estimated %d MiB, table before sharing %d MiB, in %v",
			c.kind, grew>>20, estimate>>20, before>>20, took)
		if grew > estimate {
			t.Errorf("%s: the build took %d MiB, more than its estimate of %d MiB", c.kind, grew>>20, estimate>>20)
		}
		if c.tight && float64(estimate) > 1.25*float64(grew) {
			t.Errorf("%s: estimate %d MiB, more than a quarter above the %d MiB the build took", c.kind, estimate>>20, grew>>20)
		}
	}
}

// measurePeak builds the table of a file and prints how much the process's peak resident
// set grew, the estimate and the size of the table before sharing.
func measurePeak(t *testing.T, kind string) {
	src := manyClasses()
	if kind == "distinct" {
		src = distinctClasses()
	}
	p := compileHasbro(t, src)
	runtime.GC()
	before := maxRSS(t)
	start := time.Now()
	if _, err := p.NewStrategy(); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("peak %d estimate %d table %d took %v\n", maxRSS(t)-before, p.TableMemory(), p.Bytes(), time.Since(start).Round(time.Second))
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
