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
	stageTables     = "tables"
	stageStrategies = "strategies"
	stageChances    = "chances"
)

var stageMessages = map[string]message{
	stageValues:     {"Preparing the coach's tables of these rules", "Préparation des tables de l'entraîneur pour ces règles"},
	stageTables:     {"Solving the exact tables of these rules", "Résolution des tables exactes de ces règles"},
	stageStrategies: {"Preparing the opponents' strategies", "Préparation des stratégies des adversaires"},
	stageChances:    {"Preparing the chances of finishing first (win's tables)", "Préparation des chances de finir premier (tables de win)"},
	"fit":           {"Fitting column-tables to the sheet", "Ajustement de column-tables à la feuille"},
	"calibration":   {"Calibrating the estimates", "Calibrage des estimations"},
}

// progress is how far a rule set's preparation has gone: the stages under way, each with
// the steps done of its own and when it began, for the time left.
type progress struct {
	mu sync.Mutex
	// stages are the stages under way, the innermost last. A stage that another's work
	// starts (the coach's values fit column-tables, then calibrate its estimates) is
	// shown while it runs, then the stage that started it again, rather than nothing
	// while that one still works.
	stages []stage
	// err is why the preparation failed; ready that the coach's values are loaded, which
	// every game of the rule set needs first.
	err   error
	ready bool
}

// stage is a stage of a preparation under way.
type stage struct {
	name        string
	done, total int
	began       time.Time
}

// setProgress says that the rule set's preparation is at stage (a stage's name above,
// or a line of its own), done steps of total; a new stage, or a new table of the stage
// (done 0), starts its clock. done == total ends the stage, and the stages it started.
func (rs *ruleSet) setProgress(name string, done, total int) {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	p.set(name, done, total)
}

// set is setProgress with p.mu held.
func (p *progress) set(name string, done, total int) {
	i := len(p.stages) - 1
	for i >= 0 && p.stages[i].name != name {
		i--
	}
	if i < 0 {
		p.stages = append(p.stages, stage{name: name})
		i = len(p.stages) - 1
	}
	p.stages = p.stages[:i+1] // the stages it started have ended
	st := &p.stages[i]
	if st.began.IsZero() || done == 0 {
		st.began = time.Now()
	}
	st.done, st.total = done, total
	if done >= total {
		p.stages = p.stages[:i]
	}
}

// noticeProgress records the progress a solve's notice tells (Server.Notice) as a stage
// within the one the rule set's own preparation has open (the coach's values, the
// opponents' strategies, win's tables), whose end ends it too; a notice while none is
// open (another rule set's of the same name, a solve no preparation of this one asked)
// is not this rule set's to show, and is left out, so that a solve that fails before its
// last notice leaves no stage behind.
func (rs *ruleSet) noticeProgress(name string, done, total int) {
	p := &rs.progress
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.stages) > 0 {
		p.set(name, done, total)
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
	p.stages, p.err = nil, err
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
	v := statusView{ID: rs.id}
	if p.err != nil {
		v.Error = p.err.Error()
		return v
	}
	v.Ready = p.ready
	if len(p.stages) == 0 {
		return v
	}
	st := p.stages[len(p.stages)-1]
	v.Stage, v.Done, v.Total = st.name, st.done, st.total
	if m, ok := stageMessages[st.name]; ok {
		v.Stage = (&apiError{m: m}).text(lang)
	}
	if st.done > 0 && st.total > st.done {
		elapsed := now.Sub(st.began).Seconds()
		left := int(elapsed*float64(st.total-st.done)/float64(st.done) + 0.5)
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
