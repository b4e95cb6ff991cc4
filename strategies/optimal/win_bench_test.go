package optimal

import (
	"context"
	"testing"

	"yams/sim"
	"yams/strategies"
)

// BenchmarkWinTable plays two-player tables of win against optimal on one worker: the
// time per table game (the tables of win are made before the timing).
func BenchmarkWinTable(b *testing.B) {
	heavy(b)
	for _, name := range []string{"hasbro", "yams-app"} {
		b.Run(name, func(b *testing.B) {
			r := mustRules(b, name)
			var infos []strategies.Info
			for _, n := range []string{"win", "optimal"} {
				info, err := strategies.Resolve(n)
				if err != nil {
					b.Fatal(err)
				}
				infos = append(infos, info)
			}
			cfg := sim.TableConfig{Rules: r, Players: infos, Seed: 1, Games: 64, Workers: 1}
			if _, err := sim.RunTable(context.Background(), cfg); err != nil {
				b.Fatal(err)
			}
			cfg.Games = int64(b.N)
			b.ResetTimer()
			if _, err := sim.RunTable(context.Background(), cfg); err != nil {
				b.Fatal(err)
			}
		})
	}
}
