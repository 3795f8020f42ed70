package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
)

// NotFoundError is an unknown country, region, ICCID or customer: the user's input names
// nothing the provider knows. It exits 1 with its message.
type NotFoundError struct {
	What, Value string
	Hint        string // e.g. "see 'esim countries'"
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("unknown %s %q", e.What, e.Value)
	if e.Hint != "" {
		msg += ": " + e.Hint
	}
	return msg
}

// httpPrefix matches the SDK's "GET https://host/path: " prefix of a transport error; a
// request line in parentheses ("entry 3 (GET https://host/path): ...") is no such prefix.
var httpPrefix = regexp.MustCompile(`\b(GET|POST|PUT|DELETE|PATCH|HEAD) ((?:https?://)?[^/\s:]+(?::\d+)?)[^\s)]*: `)

// callPrefix matches the SDK's call-name prefixes ("searchBundles: ", "token.guest: "):
// an operationId of the contract, with an optional variant.
var callPrefix = regexp.MustCompile(`(^|: )(?:` + strings.Join(contract.OperationIDs(), "|") + `)(\.[a-zA-Z]+)?: `)

// Describe words err for people: without the SDK's call names, methods and URLs, with
// the server's own text where it gave one, and a hint where one helps (an unreachable
// server: --server or ESIM_SERVER). With debug, the error is shown in full.
func Describe(err error, debug bool, server string) (msg, hint string) {
	if debug {
		return err.Error(), ""
	}
	var ue *UserError
	if errors.As(err, &ue) {
		lines := []string{ue.Message.Text}
		lines = append(lines, ue.hintLines()...)
		if ue.Detail != "" {
			d, h := Describe(ue.Cause, false, server)
			lines = append(lines, "("+d+")")
			hint = h
		}
		return strings.Join(lines, "\n"), hint
	}
	full := err.Error()
	var apiErr *sdk.APIError
	if errors.As(err, &apiErr) {
		return prefixBefore(full, apiErr.Error()) + serverSaid(apiErr), ""
	}
	if f, ok := messages.Network(err); ok {
		if f.Timeout {
			return httpPrefix.ReplaceAllString(prefixBefore(full, context.DeadlineExceeded.Error()), "") + f.Text(), f.Hint()
		}
		before := full
		if m := httpPrefix.FindStringIndex(full); m != nil {
			before = full[:m[0]]
		} else if i := strings.LastIndex(full, ": "); i >= 0 {
			before = full[:i+2]
		}
		if f.Host == "" {
			f.Host = "the server"
		}
		return callPrefix.ReplaceAllString(before, "$1") + f.Text(),
			strings.TrimSuffix(f.Hint(), ".") + currentServer(server) + "."
	}
	full = httpPrefix.ReplaceAllString(full, "")
	return callPrefix.ReplaceAllString(full, "$1"), ""
}

func currentServer(s string) string {
	if s == "" {
		return ""
	}
	return " (now " + s + ")"
}

// prefixBefore is the context the CLI added before the SDK's part of the message
// ("loading plans: "), without the SDK's call name.
func prefixBefore(full, inner string) string {
	i := strings.Index(full, inner)
	if i < 0 {
		return ""
	}
	return callPrefix.ReplaceAllString(full[:i], "$1")
}

// serverSaid is an APIError as the user should read it: the server's detail (or title),
// with the status only when the server said nothing.
func serverSaid(e *sdk.APIError) string {
	switch {
	case e.Detail != "":
		return e.Detail
	case e.Title != "":
		return fmt.Sprintf("the server answered %d %s", e.Status, e.Title)
	}
	return fmt.Sprintf("the server answered with status %d", e.Status)
}
