package serve

import (
	"strings"

	"yams/strategies/columns"
	"yams/strategies/solver"
)

// Stages of a preparation beyond the coach's values, named after the solves' notices.
const (
	stageFit         = "fit"
	stageCalibration = "calibration"
)

// Notice records what a solve for the cache tells as it goes (solver.Notice: a column's
// table, column-tables's fit round by round, its calibration, win's distributions) as the
// progress of the rule sets it concerns: yams serve hands it every notice of the process
// (solver.SetNotify), and the page shows how far a preparation is and the time left.
func (s *Server) Notice(n solver.Notice) {
	stage := stageTables // an exact table, the rules' or a column's: within the coach's values
	switch {
	case n.Strategy == columns.ColumnTablesName:
		stage = stageFit
	case n.Strategy == columns.CalibrationName:
		stage = stageCalibration
	case strings.HasPrefix(n.Strategy, "win"):
		stage = stageChances
	}
	done := n.Layer
	if n.Done {
		done = n.Layers
	}
	for _, rs := range s.sets {
		// A column's own table is solved under the rules' name and the column's.
		if name := rs.Rules.Name(); n.Rules == name || strings.HasPrefix(n.Rules, name+" (column ") {
			rs.noticeProgress(stage, done, max(n.Layers, 1))
		}
	}
}

// prepareAtStart prepares the first Config.Prepare rule sets (those yams serve --rules
// named), one after the other, as the server starts rather than when their first game
// asks: the coach's values (tables solved or loaded, column-tables fitted), the
// opponents' strategies, and win's tables where it shows the chances. What fails is
// recorded in the rule set's progress, and said again to the game that asks.
func (s *Server) prepareAtStart() {
	defer close(s.prepared)
	for _, rs := range s.sets[:min(s.cfg.Prepare, len(s.sets))] {
		if s.stopping() {
			return
		}
		if _, err := rs.coachValues(); err != nil {
			continue
		}
		for _, name := range s.names {
			if info := s.opponents[name]; info.New != nil && !s.stopping() {
				rs.strategy(info)
			}
		}
		if s.win && len(rs.Rules.Columns()) == 1 && !s.stopping() {
			rs.winReady()
		}
	}
}

// stopping reports whether the server is closed.
func (s *Server) stopping() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}
