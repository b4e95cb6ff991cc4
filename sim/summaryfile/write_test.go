package summaryfile_test

import (
	"bytes"
	"strings"
	"testing"

	"yams/internal/simtest"
	"yams/sim"
	"yams/sim/summaryfile"
)

// A summary file records the rule set of its results: results without it, or with
// another, are not written, since ReadSummary would refuse the file.
func TestWriteJSONNeedsTheRuleSet(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(r *sim.Results)
		want   string
	}{
		{"no rule set", func(r *sim.Results) { r.RuleSet = nil }, "no rule set"},
		{"another rule set", func(r *sim.Results) { r.RuleSet = simtest.Load(t, "yams") }, "their rule set is yams"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := simtest.Run(t, sim.Config{Rules: simtest.Load(t, "hasbro"), Strategies: simtest.Infos(t, "greedy"), Games: 5})
			c.change(res)
			var b bytes.Buffer
			if err := summaryfile.Write(&b, res); err == nil || !strings.Contains(err.Error(), c.want) || b.Len() != 0 {
				t.Errorf("%v, %d bytes written; want an error that says %q", err, b.Len(), c.want)
			}
		})
	}
}
