package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	xhtml "golang.org/x/net/html"
)

// The build prerenders each public page in each locale (webapp/scripts/build-shop.ts) with
// marks where the runtime configuration goes; here, once at start, the marks become this
// server's values, and a first visit gets the page in its language with its first screen in
// the HTML (docs/performance.md, "Prerendered first screen").

// prerenderManifest is the build's prerender/manifest.json.
type prerenderManifest struct {
	Locales []string       `json:"locales"`
	Cookie  string         `json:"cookie"`
	Slots   prerenderSlots `json:"slots"`
	// Flags are the build's own flag images of the codes the pages show (flagBaseUrl empty).
	Flags  map[string]string `json:"flags"`
	Routes []prerenderRoute  `json:"routes"`
}

// prerenderSlots are the marks the pages were rendered with in place of the configuration.
type prerenderSlots struct {
	Brand        string `json:"brand"`
	SupportEmail string `json:"supportEmail"`
	LiveChatURL  string `json:"liveChatUrl"`
	FlagBaseURL  string `json:"flagBaseUrl"`
	SupportPhone string `json:"supportPhone"`
	WhatsApp     string `json:"whatsapp"`
}

type prerenderRoute struct {
	Path string `json:"path"`
	File string `json:"file"`
	// FirstRenderParams are query parameters the page's first render reads: with one of
	// them the app shell is sent instead.
	FirstRenderParams []string `json:"firstRenderParams"`
	// DevicePages name, by the visitor's phone ("android": deviceOf), the route whose
	// page that phone gets here: the page's first render depends on the phone (the setup
	// guide opens on its tab), and hydration must find the markup the browser renders.
	DevicePages map[string]string `json:"devicePages"`
	// Head lists, per locale, the head fields the page sets itself ("title", "description")
	// rather than the site's.
	Head map[string][]string `json:"head"`
}

// ownHead says which head fields a prerendered page keeps against the site configuration.
type ownHead struct{ title, description bool }

// prerendered are the pages ready to fill with the head, by route and locale.
type prerendered struct {
	locales []string
	cookie  string
	routes  map[string]prerenderRoute
	// docs are the documents' names by route and locale (docName, made once).
	docs map[string]map[string]string
}

// docName is the documents' key of a route's page in a locale.
func docName(locale, file string) string { return prerenderDir + "/" + locale + "/" + file }

// loadPrerendered reads the build's prerendered pages and fills in cfg: the documents by name.
// A build without them (or a page that cannot be filled) leaves those routes to the app
// shell; the reason is returned as a warning, not an error: the shop still works.
func loadPrerendered(fsys fs.FS, cfg RuntimeConfig) (p *prerendered, docs map[string]document, warnings []string, err error) {
	raw, err := fs.ReadFile(fsys, prerenderDir+"/manifest.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, []string{"the web app has no prerendered pages: every route gets the app shell"}, nil
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("serve: read the prerender manifest: %w", err)
	}
	var m prerenderManifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, nil, nil, fmt.Errorf("serve: the prerender manifest: %w", err)
	}
	if len(m.Locales) == 0 || m.Slots.Brand == "" || m.Slots.SupportPhone == "" || m.Slots.WhatsApp == "" {
		return nil, nil, nil, fmt.Errorf("serve: the prerender manifest lacks its locales or slots")
	}
	p = &prerendered{locales: m.Locales, cookie: m.Cookie, routes: map[string]prerenderRoute{}, docs: map[string]map[string]string{}}
	docs = map[string]document{}
	for _, r := range m.Routes {
		complete := true
		for _, l := range m.Locales {
			name := docName(l, r.File)
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("serve: prerendered %s (%s): %w", r.Path, l, err)
			}
			filled, err := fillSlots(string(b), cfg, &m)
			if err != nil {
				warnings = append(warnings, fmt.Sprintf("%s (%s) is served as the app shell: %v", r.Path, l, err))
				complete = false
				break
			}
			docs[name] = document{
				html: filled,
				own:  ownHead{title: slices.Contains(r.Head[l], "title"), description: slices.Contains(r.Head[l], "description")},
				vary: ", Accept-Language, Cookie",
			}
		}
		if complete {
			p.routes[r.Path] = r
			p.docs[r.Path] = map[string]string{}
			for _, l := range m.Locales {
				p.docs[r.Path][l] = docName(l, r.File)
			}
		}
	}
	// A phone's page must be served itself; the documents a route sends by phone vary with
	// the User-Agent too.
	for path, r := range p.routes {
		for device, target := range r.DevicePages {
			// Only Android is told apart by a request alone: an iPad in desktop mode reads as
			// a Mac here, and only the browser (touch points) knows it for iOS.
			if _, ok := p.routes[target]; !ok || device != "android" {
				warnings = append(warnings, fmt.Sprintf("%s: no %s page %q: every phone gets %s's own page", path, device, target, path))
				delete(r.DevicePages, device)
				continue
			}
			for _, route := range []string{path, target} {
				for _, name := range p.docs[route] {
					d := docs[name]
					d.vary = ", Accept-Language, Cookie, User-Agent"
					docs[name] = d
				}
			}
		}
	}
	return p, docs, warnings, nil
}

// deviceOf is the visitor's phone by its user agent, as the web app reads it
// (platformOf in webapp/src/shared/device/platform.ts, which a prerendered page's first
// render uses): "ios", "android" or "other". (The app also takes an iPad in desktop mode
// for iOS by its touch points, which a request does not carry; both pick the iOS tab then.)
func deviceOf(userAgent string) string {
	switch {
	case strings.Contains(userAgent, "iPhone"), strings.Contains(userAgent, "iPad"), strings.Contains(userAgent, "iPod"):
		return "ios"
	case androidRe.MatchString(userAgent):
		return "android"
	}
	return "other"
}

var androidRe = regexp.MustCompile(`(?i)android`)

// optionalFields are the configuration fields whose elements the pages mark
// data-config-if="<field>": rendered when the field is set, removed here when it is empty.
func optionalFields(cfg RuntimeConfig) map[string]string {
	return map[string]string{"whatsapp": cfg.WhatsApp, "liveChatUrl": cfg.LiveChatURL}
}

// flagSlotRe finds a flag image rendered with the flagBaseUrl mark: mark + code + ".svg".
func flagSlotRe(mark string) *regexp.Regexp {
	return regexp.MustCompile(regexp.QuoteMeta(mark) + `([a-z0-9-]+)\.svg`)
}

// fillSlots writes cfg's values over the build's marks, exactly as the components render
// them (HTML-escaped; the phone's tel: link keeps digits and '+', as ContactBlock does), and
// removes the optional elements of empty fields. It fails when a mark is left over (a page
// using a value in a form this does not know): hydration would then not match.
func fillSlots(doc string, cfg RuntimeConfig, m *prerenderManifest) (string, error) {
	s := m.Slots
	for field, value := range optionalFields(cfg) {
		if value != "" {
			continue
		}
		var err error
		if doc, err = removeMarked(doc, field); err != nil {
			return "", err
		}
	}
	doc = flagSlotRe(s.FlagBaseURL).ReplaceAllStringFunc(doc, func(match string) string {
		code := strings.TrimSuffix(strings.TrimPrefix(match, s.FlagBaseURL), ".svg")
		if cfg.FlagBaseURL != "" {
			return html.EscapeString(cfg.FlagBaseURL + code + ".svg")
		}
		if src, ok := m.Flags[code]; ok {
			return html.EscapeString(src)
		}
		return match // left over: reported below
	})
	doc = strings.NewReplacer(
		"tel:"+s.SupportPhone, "tel:"+html.EscapeString(telNumber(cfg.SupportPhone)),
		"wa.me/"+s.WhatsApp, "wa.me/"+html.EscapeString(cfg.WhatsApp),
	).Replace(doc)
	doc = strings.NewReplacer(
		s.SupportPhone, html.EscapeString(cfg.SupportPhone),
		s.Brand, html.EscapeString(cfg.Brand),
		s.SupportEmail, html.EscapeString(cfg.SupportEmail),
		s.LiveChatURL, html.EscapeString(cfg.LiveChatURL),
	).Replace(doc)
	for _, mark := range []string{s.Brand, s.SupportEmail, s.LiveChatURL, s.FlagBaseURL, s.SupportPhone, s.WhatsApp, "\uE000", "\uE001"} {
		if i := strings.Index(doc, mark); mark != "" && i >= 0 {
			return "", fmt.Errorf("a configuration mark is left at %q", excerpt(doc, i))
		}
	}
	return doc, nil
}

func excerpt(s string, i int) string {
	return s[max(0, i-60):min(len(s), i+40)]
}

// telNumber is a phone number as a tel: link carries it: digits and '+' only.
func telNumber(phone string) string {
	return strings.Map(func(r rune) rune {
		if r == '+' || (r >= '0' && r <= '9') {
			return r
		}
		return -1
	}, phone)
}

// voidElements have no end tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// removeMarked drops every element carrying data-config-if="field", with its content.
func removeMarked(doc, field string) (string, error) {
	z := xhtml.NewTokenizer(strings.NewReader(doc))
	var out strings.Builder
	out.Grow(len(doc))
	depth := 0 // inside a removed element: its open elements
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			if errors.Is(z.Err(), io.EOF) {
				break
			}
			return "", fmt.Errorf("read the page: %w", z.Err())
		}
		raw := string(z.Raw())
		if tt == xhtml.StartTagToken || tt == xhtml.SelfClosingTagToken {
			name, hasAttr := z.TagName()
			void := tt == xhtml.SelfClosingTagToken || voidElements[string(name)]
			if depth > 0 {
				if !void {
					depth++
				}
				continue
			}
			if hasAttr && marked(z, field) {
				if !void {
					depth = 1
				}
				continue
			}
		} else if depth > 0 {
			if tt == xhtml.EndTagToken {
				depth--
			}
			continue
		}
		out.WriteString(raw)
	}
	if depth > 0 {
		return "", fmt.Errorf("an element marked %q is not closed", field)
	}
	return out.String(), nil
}

func marked(z *xhtml.Tokenizer, field string) bool {
	for {
		k, v, more := z.TagAttr()
		if string(k) == "data-config-if" && string(v) == field {
			return true
		}
		if !more {
			return false
		}
	}
}

// localeOfTag is the page locale of a language tag ('ar-LB' is ar), or "" (as the web
// app's localeOfTag).
func (p *prerendered) localeOfTag(tag string) string {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	base, _, _ = strings.Cut(base, "_")
	if slices.Contains(p.locales, base) {
		return base
	}
	return ""
}

// locale chooses the page's language as the web app does (src/shared/i18n/locales.ts):
// ?lang=, then the visitor's remembered choice (the locale cookie), then Accept-Language,
// then the first locale (English).
func (p *prerendered) locale(r *http.Request) string {
	if l := p.localeOfTag(queryValue(r.URL.RawQuery, "lang")); l != "" {
		return l
	}
	if r.Header.Get("Cookie") != "" {
		if c, err := r.Cookie(p.cookie); err == nil {
			if l := p.localeOfTag(c.Value); l != "" {
				return l
			}
		}
	}
	if l := p.acceptedLocale(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return p.locales[0]
}

// acceptedLocale is the page locale Accept-Language prefers most: the highest q (the first
// of equals) among the tags the shop speaks; q=0 refuses a tag. "" when none is spoken.
func (p *prerendered) acceptedLocale(value string) string {
	best, bestQ := "", 0.0
	for rest := value; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		tag, params, _ := strings.Cut(part, ";")
		l := p.localeOfTag(tag)
		if l == "" {
			continue
		}
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		if q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}

// queryValue is the first value of key in a raw query ("" when absent), without parsing the
// whole query into a map on every page request.
func queryValue(rawQuery, key string) string {
	for rest := rawQuery; rest != ""; {
		var pair string
		pair, rest, _ = strings.Cut(rest, "&")
		k, v, _ := strings.Cut(pair, "=")
		if k != key {
			if uk, err := url.QueryUnescape(k); err != nil || uk != key {
				continue
			}
		}
		if uv, err := url.QueryUnescape(v); err == nil {
			return uv
		}
		return ""
	}
	return ""
}

// keepLang keeps a ?lang= choice for the rest of the visit in the locale cookie (a session
// cookie: the switcher's choice is the remembered one), as the app keeps it in its state
// across client-side navigations. The web app reads the cookie before its stored choice.
func (p *prerendered) keepLang(w http.ResponseWriter, r *http.Request) {
	if p == nil {
		return
	}
	l := p.localeOfTag(queryValue(r.URL.RawQuery, "lang"))
	if l == "" {
		return
	}
	if c, err := r.Cookie(p.cookie); err == nil && c.Value == l {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: p.cookie, Value: l, Path: "/", SameSite: http.SameSiteLaxMode})
}

// page returns the prerendered document for the request, "" when the route has none or the
// request asks for something its first render depends on.
func (p *prerendered) page(r *http.Request) string {
	if p == nil {
		return ""
	}
	key := r.URL.Path
	if key == "" || key[0] != '/' || strings.Contains(key, "//") || strings.Contains(key, "/.") || (len(key) > 1 && strings.HasSuffix(key, "/")) {
		key = path.Clean("/" + key)
	}
	route, ok := p.routes[key]
	if !ok {
		return ""
	}
	for _, param := range route.FirstRenderParams {
		if queryValue(r.URL.RawQuery, param) != "" {
			return ""
		}
	}
	// The user agent is read only for a route that has a phone's page (the setup guide).
	if len(route.DevicePages) > 0 {
		if target, ok := route.DevicePages[deviceOf(r.UserAgent())]; ok {
			key = target
		}
	}
	return p.docs[key][p.locale(r)]
}
