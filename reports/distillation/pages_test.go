package distillation

import (
	"testing"

	"yams/reports/internal/reporttest"
)

// Every figure that the report of a distillation writes into its directory stands in the
// page and its contents, in English and in French.
func TestEveryFigureOnItsPage(t *testing.T) {
	reporttest.EveryFigureOnItsPage(t, []reporttest.Page{
		{Name: "distill", Want: []string{"distill_curve"}, Write: func(t *testing.T, dir, lang string) error {
			_, err := Write(dir, distillFixture(t), lang)
			return err
		}},
	})
}
