// Package strategies holds the Strategy interface, a registry of strategies by name, and
// the built-in heuristics: random, greedy and upper-first. The exact strategies live in
// strategies/solver (optimal, bonus, risk:θ), strategies/goals (target:T, beat:S),
// strategies/columns (column-tables) and strategies/tableplay (win), strategies/optimal
// dispatching among them, and register themselves the same way; strategies written as
// rules by their users (rules:FILE) in strategies/rulefile, which breaks its ties as
// greedy does (turnplan.TieOrder) and gives up first the boxes whose turns alone score
// least (turnplan.SoloTurns). The heuristics plan their turns with strategies/turnplan,
// which turns what ending a turn in each box is worth into the turn's decisions.
//
// A Strategy makes the two decisions of a turn: which dice to keep before each reroll
// (keeping all five ends the turn) and which box takes the final roll. It is built per
// worker of a simulation by its Info.New, so it may hold scratch space, and its decisions
// must not allocate: a simulation asks for tens of millions of them a second.
//
// # Random
//
// Before each reroll, each die is held with probability 1/2 (so the turn stops early with
// probability 1/32); the final roll goes in a legal box drawn uniformly. It draws from the
// generator handed to it by StartGame (GameStarter), seeded for each game, so that a run
// gives the same results whatever the number of workers. It is the floor of every chart
// (about 46 points on hasbro).
//
// # Greedy
//
// Glenn's greedy strategy ("An Optimal Strategy for Yahtzee", 2006): every turn is played
// as if it were the last. The worth of ending the turn with a roll is the best score any
// legal box gives it now: the box's points (the joker applied) plus the extra
// five-of-a-kind bonus it earns; a subtracted box (yams-wiki's Minimum) counts negatively. The upper
// bonus is not counted: it is not earned by one box. The keeps maximise the expected worth
// at the end of the turn (engine.TurnPlan), with keeps free to change between rolls; the
// final roll goes in the box of highest worth.
//
// Ties go to the box that is harder to fill later, measured once per rule set by playing
// one whole turn for each box alone, from an empty sheet (turnplan.SoloTurns), and ranked
// by:
//
//  1. the best chance of a non-zero score in the box, the keeps of the turn chosen to
//     make it highest (not to make the most points), the lower first. On hasbro: yahtzee,
//     large straight, four of a kind, full house, small straight, three of a kind, the
//     upper boxes, chance. On yatzy two pairs (0.742419) comes before three of a kind
//     (0.743195), though played for their points two pairs scores non-zero more often;
//  2. between boxes that score as often (the upper boxes), the expected score of a turn
//     played for the box's points, the lower first, so a zero goes in the ones before the
//     sixes; a subtracted box (yams-wiki's Minimum) counts negatively, its expected score
//     is below zero;
//  3. the order of the rules' boxes.
//
// Chances or expected scores within 10⁻⁹ of each other are equal: figures equal on paper
// may differ in the last bits of floating point, and on every preset no two figures that
// differ on paper come within 10⁻⁶ of each other (turnplan's TestBoxOrderIsExact).
// Between the same box of several columns: a "sec" column first, then an ordered column,
// then a free one, the most constrained column being the hardest to fill later, then the
// columns in the order of the sheet. docs/strategies.md lists the order of each preset.
//
// Glenn reports a mean of 218.05 and a standard deviation of 46.87 for his greedy
// strategy on the free-joker rules (the verhoeff preset); this one scores 219.54 ± 0.09
// with a standard deviation of 46.54 there (yams sim --rules verhoeff, a million games,
// seed 1). The paper leaves open which box is "harder" in a tie, and that choice is most
// of the difference: on the same 300,000 games, ties broken by box index (the ones
// first) give 217.4 (sd 49.2), ties to the easiest box 214.9 (sd 49.3), the order above
// 219.6 (sd 46.7). Leaving the extra bonus out of the worth gives 216.8 but a standard
// deviation of 39.4, far from Glenn's: his greedy, like this one, counts it.
//
// # Upper-first
//
// Plays for the upper bonus. Each column is in one of three upper statuses, read from
// its sheet:
//
//   - done: the bonus is won (the subtotal has reached the threshold), out of reach (the
//     open upper boxes cannot make up the difference), every upper box is filled, or the
//     rules have no upper bonus. Upper-first then plays exactly as greedy.
//   - ahead: in play, and the subtotal is at or above par, par being three of each face
//     filled so far (scaled to the threshold: 3 × face × threshold / 63 on a standard
//     sheet).
//   - behind: in play, and the subtotal is below par.
//
// While the bonus is in play, the worth of a final roll is:
//
//   - in an upper box, its points, plus half the bonus (17.5 on hasbro) when the roll
//     holds at least three of that face: the progress that keeps the bonus on track;
//   - in a lower or middle box, its points when the upper section is ahead, or when the
//     roll is exceptional for the box (at least 70% of the box's best score: any full
//     house, straight or yahtzee, a three of a kind of 21 or more on hasbro); half its
//     points otherwise;
//   - in a subtracted box, minus its points, as for greedy.
//
// The keeps maximise the expected worth at the end of the turn, as greedy's do, which
// makes them go for the faces of the open upper boxes. Ties go to lower boxes before upper
// boxes (a zero goes to the lower section while the bonus is in play), each in greedy's
// order. The three constants maximise the mean on hasbro over a grid of 150,000 games per
// point; a credit that grows with each die of the face instead of coming at three pays
// for two of a face almost as well as for three, misses the bonus more often and scores
// about 6 points less. On hasbro upper-first scores about 236 with the bonus in 38% of
// games, against greedy's 220 and 3.5%.
//
// # Speed
//
// A heuristic is one function, the worth of ending the turn with a roll in a box; a
// turnplan.Planner turns it into decisions: the keeps that maximise the expected worth at
// the end of the turn, and the box of highest worth, ties broken by turnplan.TieOrder.
// Its tables are built once per rule set and heuristic and shared read-only by every
// worker (cache.go), held weakly so that a process that plays many rule sets one after
// the other does not keep them all. On a sheet of one column greedy and upper-first
// decide by table lookup (turnplan.Policy: about 0.06 s and 9 MB for greedy on hasbro,
// 0.15 s and 19 MB more for upper-first, once per rule set); on a sheet of several columns
// they plan each turn when it starts, from a cache of plans the workers share
// (turnplan.Live: a few table reads a turn once the cache holds its plan). Their decisions
// are exactly those of a plan from scratch (engine.TurnPlan), and allocate nothing.
//
// # Table strategies
//
// A TableStrategy sees the table: at a table game (tablegame.Run) the simulator tells it
// the players of the run (Join) and, before each of its turns, the table (Table: every
// player's sheet in seat order, its seat, what each seat plays). It plays at a table only
// (Info.Table): sim.Run refuses it, and so do the commands whose games have one player.
// The strategy win (strategies/tableplay) is one. A TableAnalyst judges its decisions and
// estimates every player's chance of winning, for the reports.
//
// # Adding a strategy
//
// A strategy is one file in this package (or any package the command imports) that
// implements Strategy and registers its Info in an init function. Heuristic strategies
// join the default set of yams sim; the others are played when named (--strategy).
// For instance, a strategy that never rerolls and takes the legal box that scores most:
//
//	package strategies
//
//	import (
//		"math/bits"
//
//		"yams/engine"
//	)
//
//	func init() {
//		Register(Info{
//			Name:        "first-roll",
//			Description: "never rerolls; the box that scores most",
//			Heuristic:   true,
//			New: func(r *engine.Rules) (Strategy, error) { return firstRoll{}, nil },
//		})
//	}
//
//	type firstRoll struct{}
//
//	func (firstRoll) Keep(_ *engine.Sheet, r engine.Roll, _ int) engine.Keep { return r.Keep() }
//
//	func (firstRoll) Box(s *engine.Sheet, r engine.Roll, rollsUsed int) engine.BoxID {
//		best, bestPts := engine.BoxID(0), -1
//		for l := s.Legal(r, rollsUsed); l != 0; l &= l - 1 {
//			id := engine.BoxID(bits.TrailingZeros64(l))
//			if p := s.Points(id, r); p > bestPts {
//				best, bestPts = id, p
//			}
//		}
//		return best
//	}
//
// Then `yams sim --strategy first-roll,greedy` plays it against greedy on the same dice.
// A strategy that draws random numbers implements GameStarter and draws only from the
// generator it is handed, so that its results are reproducible. The simulator checks
// every decision: a keep that is not part of the roll or a box that is not legal stops
// the run with an error naming the strategy and the game.
package strategies
