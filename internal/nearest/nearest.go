package nearest

import "strings"

// Limit is the most edits by which a word of its length may be a misspelling: one in a
// word of up to four letters, two up to eight, three beyond. Further than that, a
// suggestion would more often mislead than help.
func Limit(word string) int {
	switch n := len([]rune(word)); {
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// Word returns the name among names that word most likely misspells: the one at the
// fewest edits, case aside, within Limit (the first in alphabetical order among those as
// near). It returns "" when none is that close, or word is itself among names.
func Word(word string, names []string) string {
	key := strings.ToLower(word)
	best, bestDist := "", Limit(key)+1
	for _, n := range names {
		if n == word {
			return ""
		}
		d := Distance(key, strings.ToLower(n))
		if d < bestDist || d == bestDist && n < best {
			best, bestDist = n, d
		}
	}
	return best
}

// Distance returns the edits that make a into b: a letter added, removed or changed, or
// two neighbours swapped (the optimal string alignment distance).
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j]; three rows are enough.
	prev2, prev, cur := make([]int, len(y)+1), make([]int, len(y)+1), make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
