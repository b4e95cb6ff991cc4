package rulefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"yams/engine"
	"yams/strategies/rulefile"
)

// FuzzParse feeds the parser any text: it never panics, an error is one line naming the
// file, the line and the column, and a file it reads prints to a text that reads back to
// itself and compiles (or is refused, in one line) for hasbro, whose decisions are legal.
func FuzzParse(f *testing.F) {
	examples, _ := filepath.Glob("../../examples/strategies/*.rules")
	for _, path := range examples {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	f.Add(everything)
	for _, s := range []string{"if pair then keep group", "otherwise score best in upper, lower", "if (not (sum < 9 or run >= 4)) and chance pays >= 20 then scratch",
		"if ones = 0 then keep twos and threes", "if yahtzee scored then keep for group box and points", "if over par >= -3 then score cheapest in lower",
		"averages ones 1.88, chance 22.01\notherwise score best"} {
		f.Add(s)
	}
	rules, err := engine.Load("hasbro")
	if err != nil {
		f.Fatal(err)
	}
	states := []rulefile.State{{}, {Filled: 0x1fff &^ (1 << 5), Upper: 40}, {Filled: 1<<11 | 1<<2, Upper: 9, YahtzeeScored: true}}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := rulefile.Parse("f.rules", []byte(src))
		if err != nil {
			var pe *rulefile.Error
			if !errors.As(err, &pe) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f.rules:") || pe.Pos.Line < 1 || pe.Pos.Col < 1 {
				t.Fatalf("error %q", err)
			}
			return
		}
		text := file.String()
		back, err := rulefile.Parse("f.rules", []byte(text))
		if err != nil {
			t.Fatalf("the canonical text does not read back: %v\n%s", err, text)
		}
		if back.String() != text {
			t.Fatalf("the canonical text reads back to another:\n%s\n---\n%s", text, back.String())
		}
		p, err := rulefile.Compile(file, rules)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q", err)
			}
			return
		}
		d := p.NewDecider()
		for _, st := range states {
			d.Start(st)
			for r := range engine.Roll(engine.NumRolls) {
				if r%17 != 0 {
					continue
				}
				for left := 1; left < rules.Rolls(); left++ {
					if m, _ := d.Keep(r, left); !r.Held(m).Within(r) {
						t.Fatalf("keeps %v of %v", r.Held(m), r)
					}
				}
				if b, _ := d.Box(r, rules.Rolls()); rules.Legal(st.Filled, r, rules.Rolls())&(1<<b) == 0 {
					t.Fatalf("box %d not legal for %v on %#x", b, r, st.Filled)
				}
			}
		}
	})
}
