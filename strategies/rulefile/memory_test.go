package rulefile_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"yams/internal/memlimit"
	"yams/strategies/rulefile"
)

// manyClasses is the file of the report that found the table beyond the memory budget:
// 120 comparisons of the upper subtotal, each a class of every group of filled boxes
// (about 470 MiB before sharing on hasbro), nearly all deciding alike.
func manyClasses() string {
	var b strings.Builder
	for k := 1; k <= 120; k++ {
		fmt.Fprintf(&b, "if upper >= %d then score best in upper\n", k)
	}
	return b.String()
}

// distinctClasses makes as many classes, each deciding otherwise than the others of its
// group (another set of faces kept, another half of the sheet scored in): a table whose
// classes share nothing, the most a table of its size takes.
func distinctClasses() string {
	var b strings.Builder
	for k := 1; k <= 105; k++ {
		var faces []string
		for f, name := range []string{"ones", "twos", "threes", "fours", "fives", "sixes"} {
			if (k%63+1)&(1<<f) != 0 {
				faces = append(faces, name)
			}
		}
		half := "lower"
		if k > 63 {
			half = "upper"
		}
		fmt.Fprintf(&b, "if upper = %d then keep %s\nif upper = %d then score best in %s\n", k, strings.Join(faces, " and "), k, half)
	}
	return b.String()
}

func compileHasbro(t *testing.T, src string) *rulefile.Program {
	t.Helper()
	return compileFile(t, "many.rules", load(t, "hasbro"), src)
}

// A table beyond the memory budget is refused at once, in one line with its estimate,
// before anything is built: the 120 comparisons of the report under --max-memory 100.
func TestTableBeyondTheBudget(t *testing.T) {
	p := compileHasbro(t, manyClasses())
	defer memlimit.Set(memlimit.Limit())
	memlimit.Set(100 << 20)
	start := time.Now()
	_, err := p.NewStrategy()
	if !errors.Is(err, memlimit.ErrTooLarge) {
		t.Fatalf("under 100 MiB: %v", err)
	}
	want := fmt.Sprintf("the table of decisions of rule file many.rules on rules hasbro would take about %s of memory, more than the limit of 100 MiB", memlimit.Format(p.TableMemory()))
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q, want one line with %q", err, want)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("refused after %v: not at once", took)
	}
	if est := p.TableMemory(); est < p.Bytes() || est > p.Bytes()+p.Bytes()/4 {
		t.Errorf("estimate %d MiB for a table of %d MiB before sharing", est>>20, p.Bytes()>>20)
	}
}
