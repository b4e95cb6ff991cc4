// Package distill learns strategies written as rules (strategies/rulefile) from the
// optimal strategy: for each size N, a rule file of N rules, keeps and boxes together,
// that loses few points against optimal play. It is a user of the optimal strategy's
// exact values (analysis.Evaluator) and of the exact analysis (analysis.AnalyzeReach), not
// a second solver.
//
// # The learning
//
// The learning starts from the file of no rule, whose defaults play greedy, and adds one
// rule at a time; with Options.Averages, the file gives each box its average under optimal
// play, and its defaults play greedy counting each box's points above its average. A step:
//
//  1. analyses the current file exactly (analysis.AnalyzeReach): its exact mean, and the
//     probability that its games reach each turn-start state;
//  2. draws, for each turn, Options.States states from those probabilities by systematic
//     sampling (sampleStates): the positions are weighted by how often the file's own
//     play reaches them, not optimal play's;
//  3. works out every position of each sampled turn (positions.go): each roll after each
//     roll number, as a keep or a box decision, with its exact probability under the
//     current file, the decision of the file and of every action of the vocabulary, the
//     cost of each against the best option (the Evaluator's values: the expected final
//     score after the best option minus that after the option taken, optimal play after
//     both), and the atoms that hold there;
//  4. searches for the rule that cuts the file's regret most (search.go): the gain of a
//     rule "if A1 and ... then a" put at place p of its list is the sum, over the positions
//     its condition holds at, its action applies at and no rule before p decides, of their
//     probability times the cost of the current decision minus the cost of a's. The gains
//     of every atom for every action are summed in one pass over the positions, by what
//     the atom reads (the roll, the state, the rolls left, both); conditions are grown to
//     three atoms from the best candidates by gain and by potential (the sum of the
//     positive gains, the most a longer condition could gain); the best are placed at their
//     best place. A keep rule changes where its turn goes: its gain is worked out through
//     the turn, the later decisions weighed by where the new keeps lead (turnGain);
//  5. adds the best rule and analyses the file exactly (its table of decisions derived
//     from the current file's, rulefile.Program.DeriveTable: only the decisions that the
//     rules before the new one leave to later rules are asked again; the exact analysis
//     plays a turn once per block of that table): if its exact mean is not above
//     the current file's, the rule is dropped and the next one tried, up to a few; if none
//     improves the file, the step draws a new sample of twice as many states (the gains
//     left are small against the noise of a small sample), and the learning goes on with
//     it; after two such doublings in vain, the learning stops (and says where).
//
// The vocabulary (vocab.go) is the language's features at a few thresholds each: every
// pattern and its absence, the counts of each face, the group and its face, the sum and
// the run; each box open or filled, the turns left, the upper section against par and the
// bonus; the rolls left; the group's box and what each box pays. The actions are every
// keep action (keep for each box, for the upper and lower boxes, for points, for the
// group's box) and every box action.
//
// The files of the requested sizes are analysed again with their regret: by kind of
// decision, by box and by turn. The same options learn the same files.
package distill
