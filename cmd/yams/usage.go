package main

// The usage texts: the list of commands, and each command's help, whose synopsis is
// built from its flags so that it names every flag the command has.

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// usage prints the commands and what they do.
func usage(w io.Writer) {
	fmt.Fprintln(w, "yams plays Yahtzee and Yam's with bot strategies and reports how they compare.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: yams COMMAND [arguments] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'yams COMMAND --help' for the flags of a command, 'go doc ./cmd/yams' (in a clone of yams) for the manual.")
}

// Annotations of flags that change how the synopsis shows them.
const (
	// annotationRequired marks a flag the command cannot do without: shown without brackets.
	annotationRequired = "yams-required"
	// annotationOneOf groups flags of which the command takes exactly one: shown as
	// "(--a A | --b B)".
	annotationOneOf = "yams-one-of"
)

// requireFlags marks flags the command cannot do without, for the synopsis.
func requireFlags(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		mustAnnotate(fs, n, annotationRequired, "true")
	}
}

// oneOfFlags marks flags of which the command takes exactly one, for the synopsis.
func oneOfFlags(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		mustAnnotate(fs, n, annotationOneOf, strings.Join(names, ","))
	}
}

func mustAnnotate(fs *pflag.FlagSet, name, key, value string) {
	if err := fs.SetAnnotation(name, key, []string{value}); err != nil {
		panic("yams: " + err.Error()) // a flag the command does not declare: a programming error
	}
}

// synopsis writes the command line of c from its flags, in the order they are declared:
// each flag with the name of its argument, the backquoted word of its usage
// (pflag.UnquoteUsage: "write the summary to `FILE`" gives --json FILE), in brackets
// unless required, followed by "..." when it may be repeated.
func synopsis(c *command, fs *pflag.FlagSet) string {
	parts := []string{"yams", c.name}
	if c.args != "" {
		parts = append(parts, c.args)
	}
	groups := map[string]int{} // a group of flags of which one is required: its place in parts
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		s := "--" + f.Name
		if arg, _ := pflag.UnquoteUsage(f); arg != "" {
			s += " " + arg
		}
		if g := f.Annotations[annotationOneOf]; g != nil {
			if i, ok := groups[g[0]]; ok {
				parts[i] = strings.TrimSuffix(parts[i], ")") + " | " + s + ")"
			} else {
				groups[g[0]] = len(parts)
				parts = append(parts, "("+s+")")
			}
			return
		}
		switch {
		case f.Annotations[annotationRequired] != nil:
		case f.Value.Type() == "stringArray":
			s = "[" + s + "]..."
		default:
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	})
	return strings.Join(parts, " ")
}

// printHelp prints the help of c: its synopsis, what it does, and its flags.
func printHelp(w io.Writer, c *command, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "Usage: %s\n\n", synopsis(c, fs))
	fmt.Fprintf(w, "%s%s.\n\nFlags:\n", strings.ToUpper(c.summary[:1]), c.summary[1:])
	printFlags(w, fs)
	if c.moreHelp != nil {
		fmt.Fprintln(w)
		c.moreHelp(w)
	}
}

// printFlags lists the flags, each with the name of its argument, what it does and its
// default.
func printFlags(w io.Writer, fs *pflag.FlagSet) {
	type line struct{ flag, usage string }
	var lines []line
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		arg, usage := pflag.UnquoteUsage(f)
		flag := "--" + f.Name
		if arg != "" {
			flag += " " + arg
		}
		switch f.DefValue {
		case "", "0", "false", "[]":
		default:
			usage += " (default " + f.DefValue + ")"
		}
		lines = append(lines, line{flag, usage})
		width = max(width, len(flag))
	})
	for _, l := range lines {
		fmt.Fprintf(w, "  %-*s  %s\n", width, l.flag, l.usage)
	}
}
