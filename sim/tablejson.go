package sim

import (
	"encoding/json"
	"io"

	"yams/internal/provenance"
)

type jsonTable struct {
	Rules       string            `json:"rules"`
	RulesHash   string            `json:"rules_hash"`
	RuleOptions []string          `json:"rule_options,omitempty"`
	Seed        uint64            `json:"seed"`
	Games       int64             `json:"games"`
	Partial     bool              `json:"partial,omitempty"`
	Planned     int64             `json:"planned_games,omitempty"`
	ShareUnits  int               `json:"share_units"`
	Players     []jsonTablePlayer `json:"players"`
	Seats       []jsonShare       `json:"seats"`
	// Provenance is which yams wrote the file, when and with what command.
	Provenance *provenance.Record `json:"provenance,omitempty"`
}

type jsonTablePlayer struct {
	Strategy  string        `json:"strategy"`
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

func shareJSON(s Share) jsonShare {
	return jsonShare{Games: s.Games, Units: s.Units, Rate: s.Rate, CI95: [2]float64{s.CI95.Lo, s.CI95.Hi}}
}

// WriteJSON writes the table results: per player the wins (in ShareUnits, with the rate
// and its interval), the games won alone and tied, the mean score and the histogram, and
// the wins by seat; per seat the wins of whoever sat there. Results of a stopped run
// (Partial) add "partial": true and "planned_games".
func (r *TableResults) WriteJSON(w io.Writer) error {
	out := jsonTable{
		Rules: r.Rules, RulesHash: r.RulesHash, RuleOptions: r.RuleOptions, Seed: r.Seed,
		Games: r.Games, ShareUnits: ShareUnits, Provenance: r.Provenance,
	}
	if r.Partial() {
		out.Partial, out.Planned = true, r.Planned
	}
	for p, name := range r.Players {
		mean, ci := r.Mean(p)
		jp := jsonTablePlayer{
			Strategy: name, Wins: shareJSON(r.WinRate(p)), Outright: r.Outright[p], Tied: r.Tied[p],
			Mean: mean, CI95: [2]float64{ci.Lo, ci.Hi}, Histogram: counts(&r.scores[p], 0),
		}
		for s := range r.Seated[p] {
			jp.BySeat = append(jp.BySeat, shareJSON(r.PlayerSeatWinRate(p, s)))
		}
		out.Players = append(out.Players, jp)
	}
	for s := range r.Players {
		out.Seats = append(out.Seats, shareJSON(r.SeatWinRate(s)))
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
