package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"yams/coach"
	"yams/engine"
	"yams/internal/exhaustive"
	"yams/serve"
)

// apiClient plays through the API of a server of the tests.
type apiClient struct {
	t    *testing.T
	base string
}

func newAPI(t *testing.T, sets ...serve.RuleSet) *apiClient {
	t.Helper()
	srv, err := serve.New(serve.Config{RuleSets: sets})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &apiClient{t: t, base: hs.URL}
}

// call sends a request and returns its answer's body, failing the test on an error.
func (c *apiClient) call(method, path string, body any) []byte {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		c.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, data)
	}
	return data
}

// gameState is what these tests read of a game's state.
type gameState struct {
	ID        string          `json:"id"`
	Phase     string          `json:"phase"`
	Dice      []int           `json:"dice"`
	RollsUsed int             `json:"rolls_used"`
	Grade     json.RawMessage `json:"grade"`
	Players   []struct {
		Sheet struct {
			Total int `json:"total"`
		} `json:"sheet"`
	} `json:"players"`
}

func (c *apiClient) state(method, path string, body any) gameState {
	c.t.Helper()
	var s gameState
	if err := json.Unmarshal(c.call(method, path, body), &s); err != nil {
		c.t.Fatal(err)
	}
	return s
}

// presetSet returns a preset with options as a rule set of serve.
func presetSet(t *testing.T, name string, options ...string) serve.RuleSet {
	t.Helper()
	r, err := engine.Load(name, options...)
	if err != nil {
		t.Fatal(err)
	}
	return serve.RuleSet{Source: name, Options: options, Rules: r}
}

// The advice the page shows at a position is yams advise's at that position, byte for
// byte (the record of the game so far, the dice, the roll); the grading at the end is
// yams replay --grade's of the record the page downloads, and its total yams replay's:
// on hasbro and on a sheet of two columns; in the exhaustive run also on the seeds'
// family sheet, whose figures are estimates, each with its interval.
func TestServeAgreesWithAdviseAndReplay(t *testing.T) {
	cases := []struct {
		set   serve.RuleSet
		every int // the positions checked against yams advise: one in every
	}{{presetSet(t, "hasbro"), 2}, {presetSet(t, "yams", "columns=top_down,bottom_up"), 5}}
	if exhaustive.On {
		family, err := engine.Load("../../examples/rules/yams-family.json")
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			set   serve.RuleSet
			every int
		}{serve.RuleSet{Source: "../../examples/rules/yams-family.json", Rules: family}, 10})
	}
	for _, c := range cases {
		t.Run(c.set.Rules.Name(), func(t *testing.T) {
			api := newAPI(t, c.set)
			dir := t.TempDir()
			s := api.state("POST", "/api/games", map[string]any{"seed": 11})
			path := "/api/games/" + s.ID
			n, checked := 0, 0
			for s.Phase != "over" {
				if s.Phase == "roll" {
					s = api.state("POST", path+"/roll", map[string]any{})
					continue
				}
				served := api.call("GET", path+"/advise", nil)
				var a coach.Advice
				json.Unmarshal(served, &a)
				if n++; n%c.every == 1 {
					checked++
					rec := filepath.Join(dir, "rec.json")
					os.WriteFile(rec, api.call("GET", path+"/record", nil), 0o644)
					dice := strings.ReplaceAll(coach.Faces(s.Dice), "-", ",")
					out, errOut, code := execYams(t, "", "advise", rec, "--dice", dice, "--roll", strconv.Itoa(s.RollsUsed), "--json", "-")
					if code != 0 {
						t.Fatalf("advise: exit %d %s", code, errOut)
					}
					if out != string(served) {
						t.Fatalf("position %d: the page's advice differs from yams advise's:\n%s\n%s", n, served, out)
					}
				}
				// Deviate now and then, for a grading with costs.
				if len(a.Keeps) > 1 {
					if k := *a.Keeps[n%2].Keep; len(k) < engine.NumDice {
						s = api.state("POST", path+"/roll", map[string]any{"keep": k})
						continue
					}
				}
				s = api.state("POST", path+"/score", map[string]any{"box": a.Boxes[n%len(a.Boxes)].Box})
			}
			if checked < 5 {
				t.Fatalf("%d positions checked", checked)
			}
			record := api.call("GET", path+"/record", nil)
			out, errOut, code := execYams(t, string(record), "replay", "--grade", "--json", "-")
			if code != 0 {
				t.Fatalf("replay --grade: exit %d %s", code, errOut)
			}
			var want, got coach.Grade
			json.Unmarshal([]byte(out), &want)
			json.Unmarshal(s.Grade, &got)
			if !reflect.DeepEqual(got, want) || want.TotalCost == 0 {
				t.Errorf("the page's grading differs from yams replay --grade's:\n%s\n%s", s.Grade, out)
			}
			if estimated := len(c.set.Rules.Columns()) > 2; estimated != (want.Estimate != "" && want.TotalCostInterval > 0) {
				t.Errorf("estimated %v, the grade's estimate %q ± %v", estimated, want.Estimate, want.TotalCostInterval)
			}
			out, _, _ = execYams(t, string(record), "replay", "--json", "-")
			var sheet struct{ Total int }
			json.Unmarshal([]byte(out), &sheet)
			if sheet.Total != s.Players[0].Sheet.Total || sheet.Total == 0 {
				t.Errorf("the page's total %d, yams replay's of its record %d", s.Players[0].Sheet.Total, sheet.Total)
			}
		})
	}
}

// What is wrong with serve's command line is one line, exit status 2, before it listens.
func TestServeUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "nowhere"}, "--addr \"nowhere\": want HOST:PORT"},
		{[]string{"--addr", "example.org:80"}, "not a name"},
		{[]string{"--max-games", "0"}, "--max-games 0: want 1 to 100000"},
		{[]string{"--idle", "10ms"}, "--idle 10ms: want a second or more"},
		{[]string{"--rule", "dry=true"}, "--rule changes the rule sets of --rules"},
		{[]string{"--rules", "nope"}, "--rules nope"},
		{[]string{"--strategy", "optimul"}, "did you mean optimal?"},
		{[]string{"--strategy", "greedy,greedy"}, "strategy greedy given twice"},
		{[]string{"--reports", filepath.Join(t.TempDir(), "none")}, "--reports"},
		{[]string{"--lang", "de"}, "--lang"},
		{[]string{"extra"}, "unexpected argument \"extra\""},
	} {
		out, errOut, code := execYams(t, "", append([]string{"serve"}, c.args...)...)
		wantUsageError(t, strings.Join(c.args, " "), out, errOut, code, c.want)
	}
}
