// Command fieldkit is the companion for a real table of Codenames (Duet and
// classic) and Inside Job players: it prints home-made sets, keeps each
// player's secret on their phone, referees the game, and makes new challenges.
//
// Each subcommand lives in its own file; main only parses the command line and
// calls packages.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	m := &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	os.Exit(m.Run(context.Background(), os.Args[1:]))
}

// Main holds what every subcommand needs from the process, so tests can run them in-process.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
}

// A command is one subcommand: `fieldkit NAME ...`.
type command struct {
	summary string
	run     func(m *Main, ctx context.Context, args []string) error
}

// commands lists every subcommand; each file adds its own entry.
var commands = map[string]command{}

// usageError is an error in how a command was called: exit status 2, with usage.
type usageError struct {
	msg   string
	usage string
}

func (e *usageError) Error() string { return e.msg }

// usagef returns a usage error for fs with a formatted message.
func usagef(fs *flag.FlagSet, format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...), usage: flagUsage(fs)}
}

// flagUsage returns fs's usage text as the user would see it.
func flagUsage(fs *flag.FlagSet) string {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.Usage()
	fs.SetOutput(out)
	return b.String()
}

// newFlags returns a flag set that reports errors instead of exiting; usage is
// printed as the first line, then the examples, then the flags.
func newFlags(name, usage string, examples ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: fieldkit %s\n", usage)
		if len(examples) > 0 {
			fmt.Fprintln(w, "\nexamples:")
			for _, e := range examples {
				fmt.Fprintf(w, "  %s\n", e)
			}
		}
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(w, "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after positional arguments
// (`keycard show CODE --side b`), and returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &usageError{usage: flagUsage(fs)}
			}
			return nil, &usageError{msg: err.Error(), usage: flagUsage(fs)}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseFlagsOnly parses args for a command that takes flags and no positional arguments.
func parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	return nil
}

// Run runs fieldkit with the given arguments and returns the exit status.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		m.usage(m.Stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(m.Stderr, "fieldkit: unknown command %q\n\n", args[0])
		m.usage(m.Stderr)
		return 2
	}
	err := c.run(m, ctx, args[1:])
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		if ue.msg != "" {
			fmt.Fprintf(m.Stderr, "fieldkit %s: %s\n\n", args[0], ue.msg)
		}
		fmt.Fprint(m.Stderr, ue.usage)
		if ue.msg == "" {
			return 0 // -h asked for the usage
		}
		return 2
	case errors.Is(err, errSilent):
		return 1
	default:
		fmt.Fprintf(m.Stderr, "fieldkit %s: %v\n", args[0], err)
		return 1
	}
}

// errSilent makes a command exit 1 when it has already said why.
var errSilent = errors.New("failed")

func (m *Main) usage(w io.Writer) {
	fmt.Fprintln(w, "usage: fieldkit COMMAND [ARGS]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'fieldkit COMMAND -h' for a command's usage and examples.")
}

// subcommands dispatches `fieldkit NAME SUB ...` to one of subs.
func subcommands(m *Main, ctx context.Context, name string, args []string, subs map[string]command) error {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: fieldkit %s SUBCOMMAND [ARGS]\n\nsubcommands:\n", name)
	keys := make([]string, 0, len(subs))
	for k := range subs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-10s %s\n", k, subs[k].summary)
	}
	fmt.Fprintf(&b, "\nRun 'fieldkit %s SUBCOMMAND -h' for its usage and examples.\n", name)
	if len(args) == 0 {
		return &usageError{msg: "missing subcommand", usage: b.String()}
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		return &usageError{usage: b.String()}
	}
	s, ok := subs[args[0]]
	if !ok {
		return &usageError{msg: fmt.Sprintf("unknown subcommand %q", args[0]), usage: b.String()}
	}
	return s.run(m, ctx, args[1:])
}
