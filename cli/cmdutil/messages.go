package cmdutil

import (
	"context"
	"errors"
	"strings"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
)

// UserError carries a section 8 message; the command prints it as its error. Cause stays
// reachable through errors.Is/As for tests and logs.
type UserError struct {
	Message messages.Message
	Cause   error
	// Detail is printed under the message when the cause is not a server answer (a
	// network failure, say): the spec's generic text alone would hide what went wrong.
	Detail string
}

// Error is the text, then each hint on its own line; a hint with a link names the command
// that takes the user there.
func (e *UserError) Error() string {
	lines := append([]string{e.Message.Text}, e.hintLines()...)
	if e.Detail != "" {
		lines = append(lines, "("+e.Detail+")")
	}
	return strings.Join(lines, "\n")
}

func (e *UserError) Unwrap() error { return e.Cause }

func (e *UserError) hintLines() []string {
	var lines []string
	for i, h := range e.Message.Hints {
		if i == len(e.Message.Hints)-1 && e.Message.Link == messages.NewUserLink {
			h += " (esim signup)"
		}
		lines = append(lines, h)
	}
	return lines
}

// Message turns err, raised in the situation c, into the spec's words. An expired session
// and a cancellation keep their own handling (exit codes 4 and 2), and an input error the
// SDK found before any request is a usage error shown as is.
func Message(c messages.Context, err error, s messages.Support) error {
	if err == nil {
		return nil
	}
	var v *sdk.ValidationError
	switch {
	case errors.Is(err, sdk.ErrSessionExpired), errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &v) && c != messages.Contact:
		return &FlagError{Err: err}
	}
	ue := &UserError{Message: messages.For(c, err, s), Cause: err}
	var apiErr *sdk.APIError
	var refused *sdk.PurchaseRefusedError
	if !errors.As(err, &apiErr) && !errors.As(err, &refused) && !errors.As(err, &v) && !errors.Is(err, sdk.ErrInvalidPlan) {
		ue.Detail = err.Error()
	}
	return ue
}
