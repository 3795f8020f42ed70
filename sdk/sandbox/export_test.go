package sandbox

import "errors"

// ErrNoStateFile: StoreMatchesMemory on a sandbox without a state file (or closed).
var ErrNoStateFile = errors.New("no state file")

// StoreMatchesMemory reports whether the state file holds exactly what the sandbox holds
// in memory, i.e. every change was marked and saved, and the indexes agree with the data.
func StoreMatchesMemory(s *Server) error {
	if !s.st.Persistent() {
		return ErrNoStateFile
	}
	return s.st.Verify()
}

// WithStateLimits returns opts with the state's table and list sizes replaced.
func WithStateLimits(opts Options, users, mails, audit int) Options {
	l := opts.withDefaults().stateLimits()
	l.Users, l.Mails, l.Audit = users, mails, audit
	opts.limits = &l
	return opts
}

// WithGrantLimit returns opts with the refresh-token table's size replaced.
func WithGrantLimit(opts Options, grants int) Options {
	l := opts.withDefaults().stateLimits()
	if opts.limits != nil {
		l = *opts.limits
	}
	l.Grants = grants
	opts.limits = &l
	return opts
}
