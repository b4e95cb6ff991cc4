package external

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"yams/strategies"
)

// Parse reads a --bot flag, NAME=COMMAND, and splits COMMAND into words as a shell would
// (quotes and backslashes), without running a shell. NAME may not be a registered
// strategy's name; it names the bot's log files too, so it is a plain word (CheckName).
func Parse(flag string) (Bot, error) {
	name, command, ok := strings.Cut(flag, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Bot{}, fmt.Errorf("--bot %s: want NAME=COMMAND, such as mine='python3 bot.py'", quoteStart([]byte(flag)))
	}
	if err := CheckName(name); err != nil {
		return Bot{}, fmt.Errorf("--bot %s: %w", quoteStart([]byte(name)), err)
	}
	if _, builtin := strategies.Lookup(name); builtin {
		return Bot{}, fmt.Errorf("--bot %s: %s is a built-in strategy: give the bot another name", name, name)
	}
	argv, err := SplitCommand(command)
	if err != nil {
		return Bot{}, fmt.Errorf("--bot %s: %w", name, err)
	}
	if len(argv) == 0 {
		return Bot{}, fmt.Errorf("--bot %s: no command", name)
	}
	return Bot{Name: name, Argv: argv}, nil
}

// maxName bounds the length of a bot's name.
const maxName = 64

// CheckName checks a bot's name: letters, digits, '-', '_' and '.', not starting with
// '.' or '-', at most 64 bytes. It is a strategy's name in the tables and the summary
// file, and the start of the names of its log files (--bot-log DIR: DIR/NAME-W.log),
// which therefore stay in DIR.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("a bot needs a name")
	case len(name) > maxName:
		return fmt.Errorf("a bot's name has at most %d bytes", maxName)
	case name[0] == '.' || name[0] == '-':
		return errors.New("a bot's name starts with a letter, a digit or '_'")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != '.' {
			return errors.New("a bot's name is letters, digits, '-', '_' and '.'")
		}
	}
	return nil
}

// shellSyntax holds the characters that mean something to a shell outside quotes, and
// nothing to SplitCommand: a command that has them unquoted was meant for a shell.
const shellSyntax = "|&;<>()$`"

// SplitCommand splits a command line into words as a POSIX shell would: spaces separate
// words, single quotes keep everything, double quotes keep everything but \" \\ \$ \`,
// a backslash outside quotes keeps the next character. It runs nothing, and refuses what
// only a shell would do: a pipe, a redirection (2>/dev/null), a variable ($HOME, and
// VAR=x before the command), a home directory (~), a sequence (;, &&).
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false     // in a word
	quoted := false // the word so far has a quoted or escaped character
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words, in, quoted = append(words, w.String()), false, false
				w.Reset()
			}
		case strings.IndexByte(shellSyntax, c) >= 0 || (c == '~' && !in):
			return nil, fmt.Errorf("%s in %s is shell syntax, and no shell runs COMMAND: quote it for the bot to get it as it is, or give a shell the command (sh -c '...')", quoteStart([]byte{c}), quoteStart([]byte(wordAt(s, i))))
		case c == '=' && len(words) == 0 && !quoted && isName(w.String()):
			return nil, fmt.Errorf("COMMAND starts with %s, which only a shell would take for a variable: no shell runs COMMAND; write env %s ...", quoteStart([]byte(wordAt(s, i))), wordAt(s, i))
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated single quote")
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			in, quoted = true, true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			in, quoted = true, true
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("a backslash at the end")
			}
			i++
			w.WriteByte(s[i])
			in, quoted = true, true
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// wordAt returns the word of s around the byte i, as written.
func wordAt(s string, i int) string {
	start := strings.LastIndexAny(s[:i], " \t\n") + 1
	end := strings.IndexAny(s[i:], " \t\n")
	if end < 0 {
		return s[start:]
	}
	return s[start : i+end]
}

// isName reports whether s is the name of a shell variable.
func isName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}
