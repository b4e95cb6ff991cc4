package tableplay

import (
	"context"
	"fmt"
	"testing"

	"yams/internal/exacttest"
	"yams/sim/tablegame"
	"yams/strategies"
)

// BenchmarkWinTable plays two-player tables of win against optimal on one and two
// workers: the time per table game, and table games per second (the tables of win are
// made before the timing; in this package's tests they are solved in a temporary cache,
// minutes on hasbro).
func BenchmarkWinTable(b *testing.B) {
	exacttest.Heavy(b)
	for _, name := range []string{"hasbro", "yams-app"} {
		b.Run(name, func(b *testing.B) {
			r := exacttest.MustRules(b, name)
			var infos []strategies.Info
			for _, n := range []string{"win", "optimal"} {
				info, err := strategies.Resolve(n)
				if err != nil {
					b.Fatal(err)
				}
				infos = append(infos, info)
			}
			cfg := tablegame.Config{Rules: r, Players: infos, Seed: 1, Games: 64, Workers: 1}
			if _, err := tablegame.Run(context.Background(), cfg); err != nil {
				b.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
					cfg.Workers, cfg.Games = workers, int64(b.N)
					b.ResetTimer()
					if _, err := tablegame.Run(context.Background(), cfg); err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tables/s")
				})
			}
		})
	}
}
