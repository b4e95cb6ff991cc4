// Package tablegames writes the report of games at a table (yams compare --players,
// tablegame.Results): who finishes first and how often, by seat (with its test of the
// seats' fairness), each player's scores, and where win plays: the decisions it takes
// against the safest or the riskiest option, turn by turn, and the chances of one traced
// game. Laid out in the report core's document (reports), in English or French.
package tablegames
