package messages

import (
	"context"
	"errors"
	"net"
	"net/url"
	"regexp"
	"syscall"
)

// The words for a server that could not be reached or did not answer, the same in the CLI
// (after the failed step: "loading plans: could not reach ...") and the TUI: the server,
// the reason, and how to point esim elsewhere or allow more time. Section 8 has no text
// for these; "Something went wrong" would hide that nothing reached the server.
const (
	UnreachableHint = "Is the server running (esim sandbox)? Point esim at another one with --server or ESIM_SERVER."
	TimeoutText     = "the server did not answer in time"
	TimeoutHint     = "Allow more time with --timeout (or ESIM_TIMEOUT), e.g. --timeout 2m."
)

// NetworkFailure is what went wrong on the way to the server.
type NetworkFailure struct {
	Host    string // scheme and host of the call ("http://127.0.0.1:8080"), "" when unknown
	Reason  string // "connection refused", "unknown host x"
	Timeout bool   // no answer within the time limit
}

// Text is the failure in words: "could not reach HOST: REASON", or the timeout's text.
func (f NetworkFailure) Text() string {
	if f.Timeout {
		return TimeoutText
	}
	host := f.Host
	if host == "" {
		host = "the server"
	}
	return "could not reach " + host + ": " + f.Reason
}

// Hint is what the user can do about it.
func (f NetworkFailure) Hint() string {
	if f.Timeout {
		return TimeoutHint
	}
	return UnreachableHint
}

// callURL finds the SDK's "GET https://host/path: " in an error's text.
var callURL = regexp.MustCompile(`\b(?:GET|POST|PUT|DELETE|PATCH|HEAD) ((?:https?://)?[^/\s:]+(?::\d+)?)\S*: `)

// Network reads a network failure out of err: a refused or failed connection, an unknown
// host, or a timeout. ok is false for anything else (a server's answer included).
func Network(err error) (NetworkFailure, bool) {
	if err == nil {
		return NetworkFailure{}, false
	}
	host := ""
	if m := callURL.FindStringSubmatch(err.Error()); m != nil {
		host = m[1]
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return NetworkFailure{Host: host, Timeout: true}, true
	}
	var op *net.OpError
	var dns *net.DNSError
	var uerr *url.Error
	switch {
	case errors.As(err, &op) && op.Op == "listen":
		// This machine's own address (esim sandbox, serve, record): no server was out of reach.
		return NetworkFailure{}, false
	case errors.Is(err, syscall.ECONNREFUSED):
		return NetworkFailure{Host: host, Reason: "connection refused"}, true
	case errors.As(err, &dns):
		return NetworkFailure{Host: host, Reason: "unknown host " + dns.Name}, true
	case errors.As(err, &op) && op.Err != nil:
		return NetworkFailure{Host: host, Reason: op.Err.Error()}, true
	case errors.As(err, &op), errors.As(err, &uerr):
		return NetworkFailure{Host: host, Reason: err.Error()}, true
	}
	return NetworkFailure{}, false
}
