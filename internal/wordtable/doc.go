// Package wordtable reads the tables of words of yams's outputs: the labels of every
// report (reports/labels.tsv and each kind's) and the words in which a strategy rule file
// is explained (strategies/rulefile/words.tsv). A table stands each sentence beside its
// translations, one row a text, one column a language, so that a translator reads and
// edits a file, not Go.
//
// # The format
//
// A table is text separated by tabs. Its first row is "label" and the languages' codes;
// every other row is a label and its text in each language. Lines that start with # and
// blank lines are comments.
//
// A text is written as it reads or, where it would not survive an editor (empty, a space
// at either end, a tab, a non-breaking space, any character strconv.Quote escapes), as a
// Go string literal in double quotes. Each text has one spelling: a text quoted that
// reads the same plain is refused, as is one left plain that needs quotes (EncodeCell
// writes the spelling). The verbs of fmt in a text (%s, %d, %.1f) are the same, in the
// same order, in every language, since the program fills them in order.
//
// # Reading a table into Go
//
// Parse reads a table into one value of a struct T per language. T has only exported
// fields, of two kinds:
//   - a string: the text of the row named as the field. A field named Lang takes the
//     language's code instead of a row.
//   - a map[string]string: the texts of the rows named "Field.key", by key; a family of
//     texts indexed by something of the program (a feature, a comparison), whose keys
//     the program checks against its own names.
//
// Every string field has exactly one row, every map at least one, and every row a field:
// a label forgotten, or left over from a field removed, is an error, not an empty string
// in an output. The tables are part of the program, embedded in the binary, and their
// packages read them as they start, so that a bad table fails every test of its package.
package wordtable
