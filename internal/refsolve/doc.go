// Package refsolve is the solver before it worked on lanes: one turn-start state at a
// time, the widget of Glenn's paper in its plainest form. It is an oracle for the tests,
// which compare the lane solver (strategies/solver) and the goals' solve with it, value
// for value and decision for decision, bit for bit; nothing else imports it.
package refsolve
