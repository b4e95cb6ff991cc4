// Package sim plays games of Yahtzee and Yam's with strategies on a pool of workers and
// adds up what they score.
//
// # Games
//
// A Game plays one game of one strategy (Game.Play): each turn draws its dice onto an
// engine.Tape in advance, the same number of words of the generator whatever the
// decisions, so strategies that play a game from the same seed play the same dice
// (common random numbers: their differences come from their decisions alone). Game g of
// a run seeded with s draws from a *rand.PCG seeded with outputs 4g and 4g+1 of the
// SplitMix64 sequence of s; strategies that draw random numbers
// (strategies.GameStarter) get a generator of their own, seeded with outputs 4g+2 and
// 4g+3. A worker keeps one generator of each and reseeds it for every game: playing a
// game allocates nothing. Every decision is checked against the rules; a strategy that
// breaks one stops the run with a *MoveError.
//
// Floor is the strategy of a benchmark's floor: it rerolls every die and takes the first
// legal box, so that its game costs everything but deciding. TimeFloorParts times the
// parts of its game apart (the dice, seeded as a worker seeds them, and the counting into
// a Summary), for yams bench.
//
// # Runs
//
// Run plays the games of a Config on GOMAXPROCS workers (or Config.Workers). Workers
// take chunks of consecutive games from a shared counter and play each chunk strategy by
// strategy, so that a strategy's tables stay in the cache. Since a game's dice depend only
// on the seed and the game's index, and a Summary holds integer counts that add exactly,
// the results are the same, bit for bit, for any number of workers, any chunking, and any
// split of the game indices into slices run apart and merged (Config.First,
// Results.Merge). A Progress counter, if given, is added each chunk's games, for a
// display to read; cancelling the context stops the run after the chunks in flight.
//
// # Long runs
//
// Chunks are taken in the order of the game indices and always finished, so the games a
// stopped run has played are always the first ones: its results are a prefix of the run,
// marked Partial (Results.Planned games were to be played), which Config.Resume
// continues, giving exactly the results of the run played without a break. With
// Config.Checkpoint, Run hands over such a prefix every Config.CheckpointEvery: the
// workers wait at the end of their chunk for the others to finish theirs, the counts are
// copied, and they go on while the caller saves the copy. CheckResume refuses the
// results of another run (rules, seed, strategies, shard, games), naming the difference.
//
// A Shard is the K-th of N contiguous slices of the games 0 to Total−1 (Config.Shard);
// summaryfile.MergeShards adds up the N shards of a run, refusing shards of other runs,
// shards missing, given twice or partial, into the results of the whole run, bit for bit.
//
// # Summaries
//
// A Summary holds integer counts only: the score histogram, the upper bonus and upper
// subtotal histogram of each column, the games with a scored yahtzee, the histogram of
// extra bonuses per game, the games with a joker, and per box the sum of its scores, its
// zeros, its jokers and the histogram of the turn it was filled in; and the count, sum
// and sum of squares of the scores of each block of game indices 2^b−1 to 2^(b+1)−2,
// from which Convergence gives the running mean after 1, 3, 7... games. Its size depends
// on the rules, never on the number of games. Stats derives the figures: mean, standard
// deviation, standard error and 95% interval (from the exact integer sums), minimum,
// maximum, median and percentiles (nearest rank), rates with Wilson 95% intervals, and
// per box the mean and the rate of zeros.
//
// # Comparisons
//
// With Config.Pairs, Run also compares every two strategies game by game (Results.Pairs):
// a Pair counts, over games played on the same dice, the sum and the sum of squares of
// the differences of the scores and the games won, tied and lost, all integers that merge
// like a Summary's. Workers keep the scores of the chunk in hand (a few kilobytes) and add
// the differences once the chunk is played. Pair.Stats gives the paired mean difference
// and its 95% interval, Unpaired the interval that ignores the pairing.
//
// With Config.Regret, every turn of every game is valued against optimal play and its
// decisions' costs counted into Summary.Regret, by package sim/regret (the Valuer, the
// Observer the games tell their turns, the Counts). The sums of scores, of their squares
// and of the paired differences are exact integers of package sim/estimate, from which
// the means, deviations and intervals are rounded once.
//
// Table games, where each player's game is one of a table's, are played on the same
// pool, its games, batches and chunks (Game, BatchGames, Frontier and Pending), by
// package sim/tablegame.
//
// # Summary file
//
// The results of a run are written and read back as a summary file by package
// sim/summaryfile, the one that yams merge, --resume and yams report read: its format,
// checksum and checks, the merge of shards (summaryfile.MergeShards) and table.json.
package sim
