package exact

import (
	"testing"

	"yams/reports/internal/reporttest"
)

// Every figure that a report of exact figures or of a frontier writes into its directory
// stands in the page and its contents, in English and in French: exact figures with and
// without their distribution, and a frontier (their French: TestWriteExact,
// TestFrontierFrench).
func TestEveryFigureOnItsPage(t *testing.T) {
	reporttest.EveryFigureOnItsPage(t, []reporttest.Page{
		{Name: "exact --out --distribution", Want: []string{"scores", "box_mean"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, exactFixture(t), lang)
			return err
		}},
		{Name: "exact --out", Want: []string{"box_mean", "box_zeros"}, Write: func(t *testing.T, dir, lang string) error {
			e := exactFixture(t)
			e.Distribution, e.Regret, e.Objective = nil, nil, nil
			_, err := Write(dir, e, lang)
			return err
		}},
		{Name: "frontier", Want: []string{"frontier_sd"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := WriteFrontier(dir, frontierFixture(t), lang)
			return err
		}},
	})
}
