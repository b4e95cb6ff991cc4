// Package distillation writes the report of yams distill (Distillation): the rule files
// learned from optimal play at each size, what each loses against optimal play and where,
// its steps, and the files themselves (RuleFileText, named by FileName), laid out in the
// report core's document (reports), in English or French; DistillTable gives its table
// for the console as well.
//
// Write's page leads with what was learned; then the files and their exact figures
// (distill_curve, distill_regret, distill_regret_by_box, the learned files drawn as rule
// files in shades of their colour); a section per file, its keep rules and its box rules
// in two tables, each rule numbered by the step of the learning that added it; the
// learning, rule by rule. Each file is written beside it as rules-N.rules, which yams
// exact --strategy rules:FILE reads back.
package distillation
