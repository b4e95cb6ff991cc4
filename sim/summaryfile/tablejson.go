package summaryfile

import (
	"encoding/json"
	"io"

	"yams/internal/provenance"
	"yams/sim"
	"yams/sim/tablegame"
	"yams/strategies"
)

type jsonTable struct {
	Rules       string            `json:"rules"`
	RulesHash   string            `json:"rules_hash"`
	RuleOptions []string          `json:"rule_options"`
	Seed        uint64            `json:"seed"`
	Games       int64             `json:"games"`
	Partial     bool              `json:"partial,omitempty"`
	Planned     int64             `json:"planned_games,omitempty"`
	ShareUnits  int               `json:"share_units"`
	Players     []jsonTablePlayer `json:"players"`
	Seats       []jsonShare       `json:"seats"`
	// Difference is, at a table of two, player 1's total less player 2's.
	Difference *jsonDifference `json:"difference,omitempty"`
	// Provenance is which yams wrote the file, when and with what command.
	Provenance *provenance.Record `json:"provenance,omitempty"`
	Profile    *jsonProfile       `json:"profile,omitempty"`
	Trace      *jsonTrace         `json:"trace,omitempty"`
}

// jsonProfile is a TableProfile: the cells that hold decisions.
type jsonProfile struct {
	Player   string            `json:"player"`
	DiffStep int               `json:"diff_step"`
	Cells    []jsonProfileCell `json:"cells"`
}

type jsonProfileCell struct {
	TurnsLeft int   `json:"turns_left"`
	Diff      int   `json:"diff"`
	Same      int64 `json:"same"`
	Riskier   int64 `json:"riskier"`
	Safer     int64 `json:"safer"`
	Other     int64 `json:"other"`
}

// jsonTrace is a TableTrace, the players named.
type jsonTrace struct {
	Game    int64           `json:"game"`
	Players []string        `json:"players"`
	Turns   []jsonTraceTurn `json:"turns"`
}

type jsonTraceTurn struct {
	Round   int       `json:"round"`
	Seat    int       `json:"seat"`
	Totals  []int     `json:"totals"`
	Chances []float64 `json:"chances"`
}

// jsonDifference is TableResults.Difference: its mean and standard deviation
// (Histogram.Moments), each with its 95% interval, and its histogram.
type jsonDifference struct {
	Mean      float64       `json:"mean"`
	CI95      [2]float64    `json:"ci95"`
	SD        float64       `json:"sd"`
	SDCI95    [2]float64    `json:"sd_ci95"`
	Histogram object[int64] `json:"histogram"`
}

type jsonTablePlayer struct {
	Strategy string `json:"strategy"`
	// Bot is the program that played an external bot (TableResults.Bots), as a summary
	// file of sim records it; left out for a built-in strategy.
	Bot *jsonBot `json:"bot,omitempty"`
	// Identity is what the player's play depends on beyond its name and the build
	// (TableResults.Identities), left out for a built-in strategy.
	Identity  string        `json:"identity,omitempty"`
	SeesTable bool          `json:"sees_table,omitempty"`
	Wins      jsonShare     `json:"wins"`
	Outright  int64         `json:"outright"`
	Tied      int64         `json:"tied"`
	Mean      float64       `json:"mean"`
	CI95      [2]float64    `json:"ci95"`
	Histogram object[int64] `json:"histogram"`
	BySeat    []jsonShare   `json:"by_seat"`
}

type jsonShare struct {
	Games int64      `json:"games"`
	Units int64      `json:"units"`
	Rate  float64    `json:"rate"`
	CI95  [2]float64 `json:"ci95"`
}

func shareJSON(s tablegame.Share) jsonShare {
	return jsonShare{Games: s.Games, Units: s.Units, Rate: s.Rate, CI95: [2]float64{s.CI95.Lo, s.CI95.Hi}}
}

// identity returns the identity of player p, "" if the results hold none.
func playerIdentity(r *tablegame.Results, p int) string {
	if p < len(r.Identities) {
		return r.Identities[p]
	}
	return ""
}

// bot returns the bot of player p, nil if it is none or the results do not say.
func playerBot(r *tablegame.Results, p int) *sim.BotIdentity {
	if p < len(r.Bots) {
		return r.Bots[p]
	}
	return nil
}

// differenceJSON is the difference of a table of two, nil at a table of more players.
func differenceJSON(r *tablegame.Results) *jsonDifference {
	h := r.Difference()
	if h == nil {
		return nil
	}
	mean, sd := h.Moments()
	return &jsonDifference{Mean: mean.Value, CI95: [2]float64{mean.CI95.Lo, mean.CI95.Hi}, SD: sd.Value, SDCI95: [2]float64{sd.CI95.Lo, sd.CI95.Hi},
		Histogram: counts(h, 0)}
}

// WriteTable writes the table results: per player the wins (in ShareUnits, with the rate
// and its interval), the games won alone and tied, the mean score and the histogram, and
// the wins by seat; per seat the wins of whoever sat there; at a table of two, the
// difference of the players' totals (player 1's less player 2's: its mean, deviation,
// interval and histogram). Results of a stopped run (Partial) add "partial": true and
// "planned_games". A table of more than two players writes what earlier versions
// wrote: the difference is left out where it does not apply.
func WriteTable(w io.Writer, r *tablegame.Results) error {
	out := jsonTable{
		Rules: r.Rules, RulesHash: r.RulesHash, RuleOptions: append([]string{}, r.RuleOptions...), Seed: r.Seed,
		Games: r.Games, ShareUnits: tablegame.ShareUnits, Provenance: r.Provenance,
	}
	if r.Partial() {
		out.Partial, out.Planned = true, r.Planned
	}
	for p, name := range r.Players {
		mean, ci := r.Mean(p)
		jp := jsonTablePlayer{
			Strategy: name, Bot: botJSON(playerBot(r, p)), Identity: playerIdentity(r, p), SeesTable: r.SeesTable[p], Wins: shareJSON(r.WinRate(p)), Outright: r.Outright[p], Tied: r.Tied[p],
			Mean: mean, CI95: [2]float64{ci.Lo, ci.Hi}, Histogram: counts(r.Scores(p), 0),
		}
		for s := range r.Seated[p] {
			jp.BySeat = append(jp.BySeat, shareJSON(r.PlayerSeatWinRate(p, s)))
		}
		out.Players = append(out.Players, jp)
	}
	for s := range r.Players {
		out.Seats = append(out.Seats, shareJSON(r.SeatWinRate(s)))
	}
	out.Difference = differenceJSON(r)
	if pr := r.Profile; pr != nil {
		jp := &jsonProfile{Player: r.Players[pr.Player], DiffStep: tablegame.DiffStep, Cells: []jsonProfileCell{}}
		for t := range pr.Counts {
			for d := range pr.Counts[t] {
				all, by := pr.Decisions(t+1, d)
				if all == 0 {
					continue
				}
				jp.Cells = append(jp.Cells, jsonProfileCell{TurnsLeft: t + 1, Diff: tablegame.DiffOf(d),
					Same: by[strategies.Same], Riskier: by[strategies.Riskier], Safer: by[strategies.Safer], Other: by[strategies.Other]})
			}
		}
		out.Profile = jp
	}
	if tr := r.Trace; tr != nil {
		jt := &jsonTrace{Game: tr.Game}
		for _, p := range tr.Players {
			jt.Players = append(jt.Players, r.Players[p])
		}
		for _, t := range tr.Turns {
			jt.Turns = append(jt.Turns, jsonTraceTurn{Round: t.Round, Seat: t.Seat, Totals: t.Totals, Chances: t.Chances})
		}
		out.Trace = jt
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
