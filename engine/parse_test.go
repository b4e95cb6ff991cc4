package engine

import (
	"strings"
	"testing"
)

func FuzzParseRules(f *testing.F) {
	for _, n := range Presets() {
		b, _ := PresetJSON(n)
		f.Add(b)
	}
	f.Add([]byte(`{"extends":"yams","name":"x","options":{"columns":["free","sec"],"dry":true}}`))
	f.Add([]byte(`{"name":"x","rolls":3,"boxes":[{"id":"a","section":"upper","kind":"face","face":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("fuzz.json", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		// Whatever compiles can be played: an empty sheet accepts any roll somewhere.
		s := NewSheet(r)
		if s.Legal(0, 1) == 0 {
			t.Errorf("compiled rules %s allow no box for a first roll", r.Name())
		}
		_ = s.Fill(BoxID(0), 0)
		_ = s.Total()
	})
}
