// Package nearest finds the word a mistyped one most likely stands for: a strategy's
// name, a command's, a flag's. Its measure is the edits between two words (a letter
// added, removed or changed, or two neighbours swapped), and a word is a misspelling of
// another when it is close enough for its length (Limit).
package nearest
