// Package cmdutil holds what every command shares: error kinds that map to exit codes,
// argument checks that report usage errors, and the --json exporter.
package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cedarsim/esim/sdk/iccid"

	"github.com/spf13/cobra"
)

// Exit codes of the esim binary.
const (
	ExitOK     = 0
	ExitError  = 1
	ExitUsage  = 2
	ExitCancel = 2 // interrupted: like a usage abort, nothing was done on purpose
	ExitAuth   = 4
)

// FlagError is a usage error: wrong flags or arguments. It exits 2 and shows the usage hint.
type FlagError struct{ Err error }

func (e *FlagError) Error() string { return e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// FlagErrorf builds a FlagError.
func FlagErrorf(format string, args ...any) error {
	return &FlagError{Err: fmt.Errorf(format, args...)}
}

// AuthError means the user must log in (again). It exits 4. Message, when set, replaces
// the generic "run esim login" text (e.g. an agent command run by a customer).
type AuthError struct {
	Err     error
	Message string
}

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// ErrSilent exits 1 without printing anything more: the command already told the user.
var ErrSilent = errors.New("silent error")

// ErrCancel is returned when the user interrupted the command.
var ErrCancel = errors.New("cancelled")

// ExactArgs is cobra.ExactArgs with a usage error and a message naming what is missing.
func ExactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return FlagErrorf("missing %s", what)
		}
		if len(args) > n {
			return FlagErrorf("too many arguments: want %s", what)
		}
		return nil
	}
}

// MaxArgs is cobra.MaximumNArgs with a usage error.
func MaxArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return FlagErrorf("too many arguments: want at most %s", what)
		}
		return nil
	}
}

// NoArgs rejects positional arguments with a usage error.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return FlagErrorf("unexpected argument %q", args[0])
	}
	return nil
}

// ParseICCID trims an ICCID argument and checks it (digits, length, Luhn) before any
// request; a bad one is a usage error.
func ParseICCID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if err := iccid.Valid(s); err != nil {
		return "", &FlagError{Err: err}
	}
	return s, nil
}

// GroupCommand makes a command that only holds subcommands refuse an unknown one: help
// without arguments, otherwise a usage error (exit 2) with cobra's suggestions.
func GroupCommand(cmd *cobra.Command) *cobra.Command {
	cmd.Args = cobra.ArbitraryArgs
	cmd.SuggestionsMinimumDistance = 2
	cmd.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return c.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "\n\nDid you mean this?\n    " + strings.Join(s, "\n    ")
		}
		return FlagErrorf("%s", msg)
	}
	return cmd
}
