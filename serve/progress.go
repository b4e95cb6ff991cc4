package serve

import (
	"net/http"
	"strings"
	"sync"
	"time"
)

// Stages of a rule set's preparation, as setProgress names them: each a line of the
// page in English and in French. A stage not among them is shown as it is named.
const (
	stageValues     = "values"
	stageStrategies = "strategies"
	stageChances    = "chances"
)

var stageMessages = map[string]message{
	stageValues:     {"Preparing the coach's tables of these rules", "Préparation des tables de l'entraîneur pour ces règles"},
	stageStrategies: {"Preparing the opponents' strategies", "Préparation des stratégies des adversaires"},
	stageChances:    {"Preparing the chances of finishing first (win's tables)", "Préparation des chances de finir premier (tables de win)"},
	"fit":           {"Fitting column-tables to the sheet", "Ajustement de column-tables à la feuille"},
	"calibration":   {"Calibrating the estimates", "Calibrage des estimations"},
}

// progress is how far a rule set's preparation has gone: its stage, the steps done of
// the stage's, and when the stage began, for the time left.
type progress struct {
	mu          sync.Mutex
	stage       string
	done, total int
	began       time.Time
	// err is why the preparation failed; ready that the coach's values are loaded, which
	// every game of the rule set needs first.
	err   error
	ready bool
}

// setProgress says that the rule set's preparation is at stage (a stage's name above,
// or a line of its own), done steps of total; a new stage, or a new table of the stage
// (done 0), starts its clock. done == total ends the stage.
func (rs *ruleSet) setProgress(stage string, done, total int) {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	if stage != p.stage || p.began.IsZero() || done == 0 {
		p.began = time.Now()
	}
	p.stage, p.done, p.total = stage, done, total
	if done >= total {
		p.stage, p.began = "", time.Time{}
	}
}

// markReady says that the coach's values are loaded: the rule set's games may start.
func (rs *ruleSet) markReady() {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ready = true
}

// failProgress says that the preparation failed, and why.
func (rs *ruleSet) failProgress(err error) {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stage, p.began, p.err = "", time.Time{}, err
}

// statusView is GET /api/rulesets/{id}/status: how far the rule set's preparation is.
type statusView struct {
	ID    string `json:"id"`
	Ready bool   `json:"ready"`
	Stage string `json:"stage"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
	// SecondsLeft is the time left of the stage, from the pace of its steps so far;
	// unknown (absent) before a step is done.
	SecondsLeft *int   `json:"seconds_left,omitempty"`
	Error       string `json:"error,omitempty"`
}

// status returns how far the rule set's preparation is, in the language.
func (rs *ruleSet) status(lang string, now time.Time) statusView {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	v := statusView{ID: rs.id, Done: p.done, Total: p.total}
	if p.err != nil {
		v.Error = p.err.Error()
		return v
	}
	v.Ready = p.ready
	if p.stage == "" {
		v.Done, v.Total = 0, 0
		return v
	}
	v.Stage = p.stage
	if m, ok := stageMessages[p.stage]; ok {
		v.Stage = (&apiError{m: m}).text(lang)
	}
	if p.done > 0 && p.total > p.done {
		elapsed := now.Sub(p.began).Seconds()
		left := int(elapsed*float64(p.total-p.done)/float64(p.done) + 0.5)
		v.SecondsLeft = &left
	}
	return v
}

// rulesetStatus answers GET /api/rulesets/{id}/status.
func (s *Server) rulesetStatus(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rs := s.byID[id]
	if rs == nil {
		s.fail(w, r, fail(http.StatusNotFound, msgUnknownRules, shorten(id), strings.Join(s.ruleSetIDs(), ", ")))
		return
	}
	writeJSON(w, http.StatusOK, rs.status(s.lang(r), s.now()))
}
