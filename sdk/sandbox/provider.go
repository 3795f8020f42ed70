package sandbox

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
	"github.com/google/uuid"
)

// provider is what the emulated services share: the options, the catalogue, the state
// (with its one lock, taken only inside view and update) and the logger. Each service is
// a type of its own over it (identity.go, catalogue.go, orders.go, esims.go, support.go,
// logs.go, checkout.go, pages.go); the authorization decision is authz.go's.
type provider struct {
	opts  Options
	cat   *Catalogue
	st    *state.State
	log   *slog.Logger
	pages pages
}

func (p *provider) now() time.Time { return p.opts.Clock.Now().UTC() }

func newGUID() string { return uuid.NewString() }

// view decides an answer from a read of the state; the answer is written after the lock
// is released.
func (p *provider) view(decide func(*state.Tx) reply) reply {
	var rep reply
	p.st.View(func(tx *state.Tx) { rep = decide(tx) })
	return rep
}

// read decides the answer of a read of customer data: in a view, or in an update for an
// agent, whose reads are audited (saved with the read, before the answer).
func (p *provider) read(c call, decide func(*state.Tx) reply) reply {
	if c.who.isAgent() {
		return p.update(func(tx *state.Tx) (reply, error) { return decide(tx), nil })
	}
	return p.view(decide)
}

// update decides an answer from a change of the state, saved before the answer is
// written (after the lock is released). decide's error undoes its changes and is logged;
// its reply then answers the failure. A change the state file does not take is answered
// 503 instead.
func (p *provider) update(decide func(*state.Tx) (reply, error)) reply {
	var rep reply
	err := p.st.Update(func(tx *state.Tx) error {
		var err error
		rep, err = decide(tx)
		return err
	})
	switch {
	case errors.Is(err, state.ErrNotSaved):
		return notSaved
	case err != nil:
		p.log.Error("sandbox change undone", "err", err)
		if rep == nil {
			rep = problemReply(http.StatusInternalServerError, "The sandbox failed to answer this request.")
		}
	}
	return rep
}

// origin is the scheme://host of the links the sandbox hands out (checkout): PublicURL when
// set, else the origin the client addressed (forwarded headers only from Options.Proxies, so
// a client cannot point checkout links at another host).
func (p *provider) origin(r *http.Request) string {
	if p.opts.PublicURL != "" {
		return strings.TrimRight(p.opts.PublicURL, "/")
	}
	return p.opts.Proxies.Client(r).Origin()
}
