package serve

import (
	"net/http"
	"sync/atomic"

	"github.com/cedarsim/esim/sdk/forwarded"
)

// front is what the server knows of what stands in front of it: the trusted reverse proxies
// (the client's address and scheme) and the host names it answers as (og:url).
type front struct {
	proxies forwarded.Proxies
	hosts   forwarded.Hosts
	site    string // --site-url's origin, "" when unset
	// seen remembers originOf's last answer (nil: none kept): nearly every request names the
	// same host, and checking it against the allow-list costs more than the page it is for.
	seen *atomic.Pointer[seenOrigin]
}

type seenOrigin struct{ scheme, host, origin string }

// publicOrigin is the origin og:url and relative preview images are made absolute with:
// --site-url, else the origin the client addressed when its host is allowed. A Host that is
// not allowed is never reflected: "" leaves the paths relative.
func (f front) publicOrigin(r *http.Request) string { return f.originOf(f.proxies.Client(r)) }

// originOf is publicOrigin for a client already read.
func (f front) originOf(c forwarded.Client) string {
	if f.site != "" {
		return f.site
	}
	if f.seen != nil {
		if last := f.seen.Load(); last != nil && last.host == c.Host && last.scheme == c.Scheme {
			return last.origin
		}
	}
	origin := ""
	if f.hosts.Allows(c.Host) {
		origin = c.Origin()
	}
	if f.seen != nil {
		f.seen.Store(&seenOrigin{scheme: c.Scheme, host: c.Host, origin: origin})
	}
	return origin
}

// clientOf is the request's client as frontDoor read it (it rides on frontDoor's writer),
// read again for a request that did not pass frontDoor.
func (f front) clientOf(w http.ResponseWriter, r *http.Request) forwarded.Client {
	if rec, ok := w.(*statusRecorder); ok {
		return rec.client
	}
	return f.proxies.Client(r)
}
