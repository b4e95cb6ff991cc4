package reports

import (
	"slices"
	"testing"
)

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		l    *Labels
		x    float64
		prec int
		want string
	}{
		{&English, 1234.5, 1, "1,234.5"},
		{&French, 1234.5, 1, "1\u202f234,5"},
		{&English, -12.25, 2, "−12.25"},
		{&English, -0.001, 2, "0.00"},
		{&English, 1e6, 0, "1,000,000"},
		{&French, 0.5, 3, "0,500"},
	} {
		if got := c.l.Num(c.x, c.prec); got != c.want {
			t.Errorf("%s num(%v, %d) = %q, want %q", c.l.Lang, c.x, c.prec, got, c.want)
		}
	}
	if got := English.PctInterval(0.1234, 0.12, 0.13, 1); got != "12.3 [12.0, 13.0]%" {
		t.Errorf("pctInterval %q", got)
	}
	if got := French.PctInterval(0.1234, 0.12, 0.13, 1); got != "12,3 [12,0 ; 13,0]\u202f%" {
		t.Errorf("French pctInterval %q", got)
	}
}

func TestNiceTicks(t *testing.T) {
	labelsOf := func(l *Labels, lo, hi float64) []string {
		var out []string
		for _, tk := range niceTicks(l, lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{0, 2.8, []string{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}},
		{0, 100, []string{"0", "20", "40", "60", "80", "100"}},
		{13, 587, []string{"100", "200", "300", "400", "500"}},
		{-191.2, -188.8, []string{"−191.0", "−190.5", "−190.0", "−189.5", "−189.0"}},
		{0, 12.6, []string{"0", "2", "4", "6", "8", "10", "12"}},
		{0, 14, []string{"0.0", "2.5", "5.0", "7.5", "10.0", "12.5"}},
	} {
		if got := labelsOf(&English, c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("ticks of %v..%v: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	if got := labelsOf(&French, 0, 2.8); got[1] != "0,5" {
		t.Errorf("French ticks %q", got)
	}
}
