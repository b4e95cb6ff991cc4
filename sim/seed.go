package sim

// golden is SplitMix64's increment, 2^64 divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// splitmix64 returns output i (from 0) of the SplitMix64 sequence seeded with seed
// (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): any
// output is computed directly, so a game's seeds do not depend on the games before it.
func splitmix64(seed, i uint64) uint64 {
	z := seed + (i+1)*golden
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// gameSeeds returns the seeds of game g of a run seeded with seed: the two words of the
// *rand.PCG that draws its dice, and the two of the one handed to strategies that draw
// random numbers (strategies.GameStarter). They are outputs 4g to 4g+3 of the SplitMix64
// sequence of the seed, so the two streams never share a seed within a run, and the dice
// of a game depend on nothing but the seed and the game's index.
func gameSeeds(seed, g uint64) (dice, draws [2]uint64) {
	i := 4 * g
	return diceSeeds(seed, g), [2]uint64{splitmix64(seed, i+2), splitmix64(seed, i+3)}
}

// GameSeeds returns the seeds of game g of a run seeded with seed, for a game played
// outside a run (a person's, in yams serve): a *rand.PCG seeded with dice throws, through
// Game.Start or an engine.Tape drawn each turn, the dice of game g of yams sim --seed seed,
// and of seat s of table game t of a table of n when g = t·n+s (RunTable); draws seeds the
// generator of a strategy that draws random numbers (strategies.GameStarter), and its
// first word is what a batch strategy is told as the game's seed (strategies.Request).
func GameSeeds(seed, g uint64) (dice, draws [2]uint64) { return gameSeeds(seed, g) }

// diceSeeds returns the dice seeds of gameSeeds alone, for a strategy that draws nothing.
func diceSeeds(seed, g uint64) [2]uint64 {
	i := 4 * g
	return [2]uint64{splitmix64(seed, i), splitmix64(seed, i+1)}
}

// StreamVersion names the games a build of yams plays from a seed: the dice of game g
// (gameSeeds, then engine.Throw, engine.Reroll and engine.Tape drawing from a *rand.PCG)
// and what a Summary counts of them. Every summary file records it ("stream"), and a
// summary of another stream version is refused: its games are not those this build
// would play, so resuming it (--resume) or merging it with this build's shards (yams
// merge) would add up games of two different runs. regress_test.go pins the stream:
// a change that moves its golden values must come with a new StreamVersion.
const StreamVersion = 1
