package main

import "os"

// isTerminal reports whether s, a command's stdin or stderr, is a terminal: a person
// is there to read a progress line or to type a game record. /dev/null, also a device
// of characters, is not.
func isTerminal(s any) bool {
	f, ok := s.(*os.File)
	return ok && isTerminalFile(f)
}
