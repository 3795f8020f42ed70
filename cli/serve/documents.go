package serve

import (
	"net/http"
	"sync"
)

// prerenderDir is the build's folder of prerendered pages (webapp/scripts/prerender.ts).
const prerenderDir = "prerender"

// maxOrigins bounds the documents kept per public origin (og:url is absolute): with
// --site-url there is one; without it each Host a client sends is one, and past this many
// a page is filled again for the request instead of kept.
const maxOrigins = 16

// documents are the build's HTML pages, with the site's head (head.go) filled in for each
// public origin, kept in memory once made.
type documents struct {
	site SiteConfig
	// raw is each document before the head is filled, by name ("index.html").
	raw    map[string]string
	status int

	mu       sync.Mutex
	byOrigin map[string]map[string]*resource
}

func newDocuments(site SiteConfig, raw map[string]string, status int) *documents {
	return &documents{site: site, raw: raw, status: status, byOrigin: map[string]map[string]*resource{}}
}

// get returns the named document for origin, nil when there is no such document.
func (d *documents) get(name, origin string) *resource {
	raw, ok := d.raw[name]
	if !ok {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	docs := d.byOrigin[origin]
	if docs == nil {
		if len(d.byOrigin) >= maxOrigins {
			return d.make(raw, origin)
		}
		docs = map[string]*resource{}
		d.byOrigin[origin] = docs
	}
	res := docs[name]
	if res == nil {
		res = d.make(raw, origin)
		docs[name] = res
	}
	return res
}

func (d *documents) make(raw, origin string) *resource {
	return newResource("index.html", []byte(renderHead(raw, d.site, origin)), nil, nil, "no-cache")
}

// serve answers with the named document.
func (d *documents) serve(w http.ResponseWriter, r *http.Request, name, origin string) {
	res := d.get(name, origin)
	if res == nil {
		http.Error(w, "index.html missing", http.StatusInternalServerError)
		return
	}
	res.serve(w, r, d.status)
}
