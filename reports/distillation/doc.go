// Package distillation writes the report of yams distill (Distillation): the rule files
// learned from optimal play at each size, what each loses against optimal play and where,
// its steps, and the files themselves (RuleFileText, named by FileName), laid out in the
// report core's document (reports), in English or French; DistillTable gives its table
// for the console as well.
package distillation
