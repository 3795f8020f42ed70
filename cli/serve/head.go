package serve

import (
	"html"
	"net/url"
	"regexp"
	"strings"
)

// The served index.html is what link previewers and crawlers read: they run no JavaScript,
// so the head's metadata must be in the HTML the server sends. The build carries static
// defaults (webapp/index.html); the site configuration replaces them here, escaped, with no
// inline script (the CSP stays strict).

// headField is one value of the head and the tags that carry it.
type headField struct {
	value string
	// absolute: a URL that previewers need absolute (og:url, og:image): a path is
	// prefixed with the public origin.
	absolute bool
	metas    []metaKey
	title    bool
}

// metaKey names a <meta> by its name= or property= attribute.
type metaKey struct{ attr, key string }

var (
	titleRe = regexp.MustCompile(`(?is)<title\b[^>]*>.*?</title\s*>`)
	metaRe  = regexp.MustCompile(`(?is)<meta\b[^>]*>`)
	attrRe  = regexp.MustCompile(`(?s)([a-zA-Z][\w:-]*)\s*=\s*"([^"]*)"`)
)

// siteImage accepts an absolute http(s) URL or a path of the build; anything else (a
// javascript: or data: URL, a relative name) is refused so the build's image stays.
func siteImage(v string) string {
	if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		return v
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return v
}

// renderHead returns index.html with the site's metadata: each configured value replaces
// the build's in every tag that carries it; a tag missing from the build is added before
// </head>; og:url and the images are made absolute with origin. The result has exactly one
// <title> and one tag per name/property listed here.
func renderHead(index string, site SiteConfig, origin string) string {
	fields := []headField{
		{value: site.Title, title: true, metas: []metaKey{{"property", "og:title"}, {"name", "twitter:title"}}},
		{value: site.Description, metas: []metaKey{{"name", "description"}, {"property", "og:description"}, {"name", "twitter:description"}}},
		{value: site.Keywords, metas: []metaKey{{"name", "keywords"}}},
		{value: siteImage(site.Image), absolute: true, metas: []metaKey{{"property", "og:image"}, {"name", "twitter:image"}}},
		// og:url is the site's root at the public origin.
		{value: "/", absolute: true, metas: []metaKey{{"property", "og:url"}}},
	}
	out := index
	for _, f := range fields {
		for _, m := range f.metas {
			out = setMeta(out, m, f.value, f.absolute, origin)
		}
		if f.title {
			out = setTitle(out, f.value)
		}
	}
	return out
}

// renderPageHead is renderHead for a page that keeps fields of its own: a prerendered
// page's <title> (and the home page's translated description) stay, while the link-preview
// tags are the site's.
func renderPageHead(doc string, site SiteConfig, origin string, own ownHead) string {
	out := renderHead(doc, site, origin)
	if own.title {
		if m := titleRe.FindString(doc); m != "" {
			inner := m[strings.Index(m, ">")+1 : strings.LastIndex(m, "<")]
			out = setTitle(out, html.UnescapeString(inner))
		}
	}
	if own.description {
		for _, tag := range metaRe.FindAllString(doc, -1) {
			if a := attrsOf(tag); strings.EqualFold(a["name"], "description") {
				out = setMeta(out, metaKey{"name", "description"}, html.UnescapeString(a["content"]), false, origin)
				break
			}
		}
	}
	return out
}

func absoluteURL(v, origin string) string {
	if origin != "" && strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		return origin + v
	}
	return v
}

// setMeta keeps one <meta attr="key">: its content becomes value when value is set (else
// the build's), made absolute when asked. Duplicates of the tag are dropped.
func setMeta(doc string, m metaKey, value string, absolute bool, origin string) string {
	current, found := "", false
	doc = metaRe.ReplaceAllStringFunc(doc, func(tag string) string {
		attrs := attrsOf(tag)
		if !strings.EqualFold(attrs[m.attr], m.key) {
			return tag
		}
		if found {
			return "" // a second copy: one tag per key
		}
		found = true
		current = html.UnescapeString(attrs["content"])
		return "\x00meta\x00"
	})
	v := current
	if value != "" {
		v = value
	}
	if v == "" {
		return strings.Replace(doc, "\x00meta\x00", "", 1)
	}
	if absolute {
		v = absoluteURL(v, origin)
	}
	tag := `<meta ` + m.attr + `="` + html.EscapeString(m.key) + `" content="` + html.EscapeString(v) + `" />`
	if !found {
		return insertBeforeHeadEnd(doc, tag)
	}
	return strings.Replace(doc, "\x00meta\x00", tag, 1)
}

// setTitle keeps one <title>, with value when set.
func setTitle(doc, value string) string {
	seen := false
	doc = titleRe.ReplaceAllStringFunc(doc, func(t string) string {
		if seen {
			return ""
		}
		seen = true
		if value == "" {
			return t
		}
		return "<title>" + html.EscapeString(value) + "</title>"
	})
	if !seen && value != "" {
		doc = insertBeforeHeadEnd(doc, "<title>"+html.EscapeString(value)+"</title>")
	}
	return doc
}

func insertBeforeHeadEnd(doc, tag string) string {
	i := strings.Index(strings.ToLower(doc), "</head>")
	if i < 0 {
		return doc
	}
	return doc[:i] + tag + "\n  " + doc[i:]
}

func attrsOf(tag string) map[string]string {
	out := map[string]string{}
	for _, m := range attrRe.FindAllStringSubmatch(tag, -1) {
		out[strings.ToLower(m[1])] = m[2]
	}
	return out
}
