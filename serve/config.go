package serve

import (
	"net/http"
	"slices"
	"time"

	"yams/coach"
	"yams/engine"
	"yams/reports"
)

// configView is GET /api/config: what a game may be played under and against.
type configView struct {
	// Lang is the language of the answer (of the page that asked).
	Lang      string         `json:"lang"`
	RuleSets  []ruleSetView  `json:"rule_sets"`
	Opponents []opponentView `json:"opponents"`
	// MaxGames and IdleLimit (seconds) are the limits of the games in play; MaxPlayers
	// the most players at a table, the player included.
	MaxGames   int `json:"max_games"`
	IdleLimit  int `json:"idle_limit"`
	MaxPlayers int `json:"max_players"`
	// Chances tells that the chances of finishing first are shown at a table (win is
	// offered); Reports that the server serves reports at /reports/.
	Chances bool `json:"chances"`
	Reports bool `json:"reports"`
}

// ruleSetView is a rule set: its id, what a record names it by, and the sheet's layout.
type ruleSetView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Source string `json:"source"` // the rules as a record names them, options after
	Rolls  int    `json:"rolls"`
	// Columns, Boxes (of one column) and Slots (every box of the sheet by its name, in
	// the order of the sheet: COLUMN.ID on a sheet of several columns, column after
	// column) lay the sheet out.
	Columns        []columnInfo `json:"columns"`
	Boxes          []boxInfo    `json:"boxes"`
	Slots          []string     `json:"slots"`
	UpperThreshold int          `json:"upper_threshold,omitempty"`
	UpperPoints    int          `json:"upper_points,omitempty"`
	ExtraPoints    int          `json:"extra_points,omitempty"`
}

type columnInfo struct {
	Label         string `json:"label"`
	Order         string `json:"order"`
	FirstRollOnly bool   `json:"first_roll_only,omitempty"`
}

type boxInfo struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Section  string `json:"section"` // upper, middle or lower
	Subtract bool   `json:"subtract,omitempty"`
}

// opponentView is a strategy or a bot a player may seat.
type opponentView struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"` // strategy or bot
	Description string `json:"description,omitempty"`
}

// configView returns the configuration in the language.
func (s *Server) configView(lang string) configView {
	v := configView{Lang: lang, RuleSets: []ruleSetView{}, Opponents: []opponentView{}, MaxGames: s.cfg.MaxGames,
		IdleLimit: int(s.cfg.Idle / time.Second), MaxPlayers: MaxPlayers, Chances: s.win, Reports: s.reports != nil}
	for _, rs := range s.sets {
		v.RuleSets = append(v.RuleSets, rs.view(lang))
	}
	for _, name := range s.names {
		info := s.opponents[name]
		kind := kindStrategy
		if info.New == nil {
			kind = kindBot
		}
		v.Opponents = append(v.Opponents, opponentView{Name: name, Kind: kind, Description: info.Description})
	}
	return v
}

// view returns the rule set's layout in the language.
func (rs *ruleSet) view(lang string) ruleSetView {
	r := rs.Rules
	spec := r.Spec()
	v := ruleSetView{ID: rs.id, Name: r.Name(), Title: spec.Title, Source: rs.describe(), Rolls: r.Rolls(),
		Slots: coach.SlotNames(r), ExtraPoints: r.ExtraPoints()}
	if lang == "fr" && spec.TitleFR != "" {
		v.Title = spec.TitleFR
	}
	if slices.ContainsFunc(r.Boxes(), func(b engine.Box) bool { return b.Section == engine.Upper }) {
		v.UpperThreshold, v.UpperPoints = r.UpperThreshold(), r.UpperPoints()
	}
	labels := reports.ColumnLabels(r, lang)
	for c, col := range r.Columns() {
		v.Columns = append(v.Columns, columnInfo{Label: labels[c], Order: col.Order.String(), FirstRollOnly: col.FirstRollOnly})
	}
	for b, box := range r.Boxes() {
		v.Boxes = append(v.Boxes, boxInfo{ID: box.ID, Label: reports.BoxLabel(r, b, lang), Section: box.Section.String(), Subtract: box.Subtract})
	}
	return v
}

// reportsOff answers a request for reports when none are served.
func (s *Server) reportsOff(w http.ResponseWriter, r *http.Request) {
	s.fail(w, r, fail(http.StatusNotFound, msgNoReports))
}
