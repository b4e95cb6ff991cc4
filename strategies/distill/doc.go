// Package distill learns strategies written as rules (strategies/rulefile) from the
// optimal strategy: for each size N, a rule file of N rules, keeps and boxes together,
// that loses as few points as it can against optimal play.
package distill
