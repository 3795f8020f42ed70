package serve

import (
	"net/http"
	"sync"
)

// prerenderDir is the build's folder of prerendered pages (webapp/scripts/build-shop.ts).
const prerenderDir = "prerender"

// maxOrigins bounds the documents kept per public origin (og:url is absolute): with
// --site-url there is one; without it each Host a client sends is one, and past this many
// a page is filled again for the request instead of kept.
const maxOrigins = 16

// documents are the build's HTML pages, with the site's head (head.go) filled in for each
// public origin, kept in memory once made.
type documents struct {
	site SiteConfig
	// raw is each document before the head is filled, by name ("index.html",
	// "prerender/ar/plans.html").
	raw    map[string]document
	status int

	mu       sync.RWMutex
	byOrigin map[string]map[string]*resource
}

// document is a page before its head is filled.
type document struct {
	html string
	// own are the head fields the page sets itself (a prerendered page's title).
	own ownHead
	// vary lists what chose it besides the path (", Accept-Language, Cookie" for a page
	// prerendered per locale).
	vary string
}

func newDocuments(site SiteConfig, raw map[string]document, status int) *documents {
	return &documents{site: site, raw: raw, status: status, byOrigin: map[string]map[string]*resource{}}
}

// get returns the named document for origin, nil when there is no such document.
func (d *documents) get(name, origin string) *resource {
	raw, ok := d.raw[name]
	if !ok {
		return nil
	}
	d.mu.RLock()
	res := d.byOrigin[origin][name]
	d.mu.RUnlock()
	if res != nil {
		return res
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
	res = docs[name]
	if res == nil {
		res = d.make(raw, origin)
		docs[name] = res
	}
	return res
}

func (d *documents) make(doc document, origin string) *resource {
	res := newResource("index.html", []byte(renderPageHead(doc.html, d.site, origin, doc.own)), nil, nil, "no-cache")
	res.setVary(doc.vary)
	return res
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
