// Package cachedir names the directory where yams keeps what it computes once and reads
// again: the solved tables of the optimal strategy and of the goals, the remaining-score
// tables of table play, the fits of column-tables, the tables of decisions of rule files.
// Every file there is written atomically (internal/outfile) and carries what it was made
// from, so a file that does not match is never used but made again.
package cachedir
