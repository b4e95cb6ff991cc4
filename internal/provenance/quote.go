package provenance

import "strings"

// Quote writes args as one line that a POSIX shell (sh, bash, zsh) reads back into the
// same words: a word of plain characters as it is, any other in single quotes, a single
// quote inside written '\”. An empty word is ”.
func Quote(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = quoteWord(a)
	}
	return strings.Join(words, " ")
}

func quoteWord(s string) string {
	if s != "" && strings.IndexFunc(s, needsQuotes) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// needsQuotes reports whether r is special to a shell somewhere in a word (or not ASCII,
// which a terminal may show in more than one way). A word's first '=' is plain: the
// command's first word is yams, never an assignment.
func needsQuotes(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_./:,=+@%", r)
}
