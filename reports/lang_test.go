package reports

import (
	"slices"
	"testing"
)

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		l    *labels
		x    float64
		prec int
		want string
	}{
		{&english, 1234.5, 1, "1,234.5"},
		{&french, 1234.5, 1, "1\u202f234,5"},
		{&english, -12.25, 2, "−12.25"},
		{&english, -0.001, 2, "0.00"},
		{&english, 1e6, 0, "1,000,000"},
		{&french, 0.5, 3, "0,500"},
	} {
		if got := c.l.num(c.x, c.prec); got != c.want {
			t.Errorf("%s num(%v, %d) = %q, want %q", c.l.lang, c.x, c.prec, got, c.want)
		}
	}
	if got := english.pctInterval(0.1234, 0.12, 0.13, 1); got != "12.3 [12.0, 13.0]%" {
		t.Errorf("pctInterval %q", got)
	}
	if got := french.pctInterval(0.1234, 0.12, 0.13, 1); got != "12,3 [12,0 ; 13,0]\u202f%" {
		t.Errorf("French pctInterval %q", got)
	}
}

func TestNiceTicks(t *testing.T) {
	labelsOf := func(l *labels, lo, hi float64) []string {
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
		if got := labelsOf(&english, c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("ticks of %v..%v: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	if got := labelsOf(&french, 0, 2.8); got[1] != "0,5" {
		t.Errorf("French ticks %q", got)
	}
}
