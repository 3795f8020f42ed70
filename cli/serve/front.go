package serve

import (
	"net/http"

	"github.com/cedarsim/esim/sdk/forwarded"
)

// front is what the server knows of what stands in front of it: the trusted reverse proxies
// (the client's address and scheme) and the host names it answers as (og:url).
type front struct {
	proxies forwarded.Proxies
	hosts   forwarded.Hosts
	site    string // --site-url's origin, "" when unset
}

// publicOrigin is the origin og:url and relative preview images are made absolute with:
// --site-url, else the origin the client addressed when its host is allowed. A Host that is
// not allowed is never reflected: "" leaves the paths relative.
func (f front) publicOrigin(r *http.Request) string { return f.originOf(f.proxies.Client(r)) }

// originOf is publicOrigin for a client already read.
func (f front) originOf(c forwarded.Client) string {
	if f.site != "" {
		return f.site
	}
	if !f.hosts.Allows(c.Host) {
		return ""
	}
	return c.Origin()
}

// clientOf is the request's client as frontDoor read it (it rides on frontDoor's writer),
// read again for a request that did not pass frontDoor.
func (f front) clientOf(w http.ResponseWriter, r *http.Request) forwarded.Client {
	if rec, ok := w.(*statusRecorder); ok {
		return rec.client
	}
	return f.proxies.Client(r)
}
