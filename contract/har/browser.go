package har

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/cedarsim/esim/contract"
)

// A HAR written by another tool (Chrome DevTools' "Save all as HAR", Firefox, a proxy) has
// the whole HAR 1.2 vocabulary (pages, timings, cookies, cache, _initiator...) and none of
// our _call/_scenario/_service fields. ImportForeign keeps what replay needs from it.

// foreignLog is the lenient reading of a HAR 1.2 document.
type foreignLog struct {
	Log struct {
		Version string `json:"version"`
		Entries []struct {
			Request struct {
				Method      string `json:"method"`
				URL         string `json:"url"`
				HTTPVersion string `json:"httpVersion"`
				Headers     []NV   `json:"headers"`
				QueryString []NV   `json:"queryString"`
				PostData    *struct {
					MimeType string `json:"mimeType"`
					Text     string `json:"text"`
				} `json:"postData"`
			} `json:"request"`
			Response struct {
				Status      int    `json:"status"`
				StatusText  string `json:"statusText"`
				HTTPVersion string `json:"httpVersion"`
				Headers     []NV   `json:"headers"`
				Content     struct {
					Size     int64   `json:"size"`
					MimeType string  `json:"mimeType"`
					Text     *string `json:"text"`
					Encoding string  `json:"encoding"`
				} `json:"content"`
			} `json:"response"`
		} `json:"entries"`
	} `json:"log"`
}

// IsForeign reports a HAR document that is not in our subset: it has log.entries but no
// log._call. Such a file goes through ImportForeign; anything else through Parse.
func IsForeign(data []byte) bool {
	var probe struct {
		Log *struct {
			Call    *string           `json:"_call"`
			Entries []json.RawMessage `json:"entries"`
		} `json:"log"`
	}
	if err := json.Unmarshal(data, &probe); err != nil || probe.Log == nil {
		return false
	}
	return probe.Log.Call == nil && probe.Log.Entries != nil
}

// ImportOptions say where a foreign HAR's requests went and how to name them.
type ImportOptions struct {
	// Live are the bases the recorded browser talked to. A base without a host (a
	// same-origin path such as "/api/v1/") matches every host.
	Live Bases
	// Fixture are the bases the imported entries are rewritten onto (the fixture hosts).
	Fixture Bases
	// Call, scenario of the file (e.g. the file name).
	Call, Scenario string
	// Name names an entry's call (e.g. its OpenAPI operationId); nil: "METHOD path".
	Name func(method, fixtureURL string) string
}

// ErrNothingToImport is returned when no entry of a foreign HAR is under the bases.
var ErrNothingToImport = errors.New("no entry is under the service bases")

// ImportStats counts the entries of a foreign HAR that were left out.
type ImportStats struct {
	// Outside are the requests under none of the live bases (the page, scripts, images).
	Outside int
	// Incomplete are the requests that never got an answer (status 0: aborted, blocked or
	// failed in the browser, which Chrome saves too): there is nothing to replay.
	Incomplete int
}

// ImportForeign turns a foreign HAR into one of our files: entries under none of the live
// bases, and requests that never got an answer, are left out and counted; an entry whose
// answer body was not saved, or is encoded in a way we cannot read, refuses the whole file
// with the entry named. The origin of the recorded server is replaced by FixtureShopOrigin
// in answer bodies and Location headers, as esim record does.
func ImportForeign(data []byte, o ImportOptions) (f *File, st ImportStats, err error) {
	var in foreignLog
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, st, DecodeError(data, err)
	}
	if v := in.Log.Version; v != "" && v != "1.1" && v != Version {
		return nil, st, fmt.Errorf("HAR version %q: want 1.1 or 1.2", v)
	}
	f = &File{Log: Log{Version: Version, Creator: Creator{Name: "esim import", Version: "1"}, Call: o.Call, Scenario: o.Scenario,
		Description: "Imported from a HAR written by another tool."}}
	for i, fe := range in.Log.Entries {
		u, perr := url.Parse(fe.Request.URL)
		if perr != nil || !u.IsAbs() {
			st.Outside++
			continue
		}
		service, rel, rerr := o.Live.resolve(u)
		if rerr != nil {
			st.Outside++
			continue
		}
		where := fmt.Sprintf("entry %d (%s %s)", i, fe.Request.Method, u.Redacted())
		status := fe.Response.Status
		if status == 0 {
			st.Incomplete++
			continue
		}
		if status < 100 || status > 599 {
			return nil, st, fmt.Errorf("%s: status %d is no HTTP status", where, status)
		}
		c := fe.Response.Content
		var body string
		switch {
		case c.Text == nil && c.Size != 0 && carriesBody(fe.Request.Method, status):
			// Size is the body's length, or -1 when the tool did not know it (Playwright,
			// for an answer it could not read): either way there was a body, and it is gone.
			return nil, st, fmt.Errorf("%s: the answer's body was not saved (in Chrome, export with content: \"Save all as HAR with content\")", where)
		case c.Text == nil:
		case c.Encoding == "base64":
			b, derr := base64.StdEncoding.DecodeString(*c.Text)
			if derr != nil {
				return nil, st, fmt.Errorf("%s: the answer's base64 body does not decode: %w", where, derr)
			}
			body = string(b)
		case c.Encoding != "":
			return nil, st, fmt.Errorf("%s: the answer's body encoding %q is not supported", where, c.Encoding)
		default:
			body = *c.Text
		}
		origin := u.Scheme + "://" + u.Host
		target := baseFor(o.Fixture, service)
		if service == ServiceLogs {
			rel = ""
		}
		fixtureURL := target + escapePath(rel)
		if u.RawQuery != "" {
			fixtureURL += "?" + u.RawQuery
		}
		e := Entry{Service: service, Request: Request{
			Method: strings.ToUpper(fe.Request.Method), URL: fixtureURL, HTTPVersion: "HTTP/1.1",
			Headers: keepNV(fe.Request.Headers), QueryString: keepNV(fe.Request.QueryString),
		}}
		if pd := fe.Request.PostData; pd != nil {
			e.Request.PostData = &PostData{MimeType: pd.MimeType, Text: pd.Text}
		}
		e.Response = Response{Status: fe.Response.Status, StatusText: fe.Response.StatusText, HTTPVersion: "HTTP/1.1",
			Headers: rewriteOrigin(keepNV(fe.Response.Headers), origin), Content: Content{MimeType: c.MimeType, Text: strings.ReplaceAll(body, origin, fixtureShopOrigin)}}
		e.Call = e.Request.Method + " " + rel
		if o.Name != nil {
			if n := o.Name(e.Request.Method, fixtureURL); n != "" {
				e.Call = n
			}
		}
		f.Log.Entries = append(f.Log.Entries, e)
	}
	if len(f.Log.Entries) == 0 {
		return nil, st, ErrNothingToImport
	}
	if err := f.Validate(); err != nil {
		return nil, st, err
	}
	return f, st, nil
}

// carriesBody reports an answer a client reads the body of: not to HEAD, not 1xx, 204 or
// 304, and not a redirect (the browser follows its Location and never shows its body).
func carriesBody(method string, status int) bool {
	return method != "HEAD" && status >= 200 && status != 204 && status != 304 && (status < 300 || status >= 400)
}

// fixtureShopOrigin stands for the origin of the recorded server in recorded answers.
const fixtureShopOrigin = contract.FixtureShopOrigin

// keepNV copies name/value pairs, dropping HTTP/2 pseudo-headers and transfer framing.
func keepNV(in []NV) []NV {
	out := []NV{}
	for _, nv := range in {
		switch strings.ToLower(nv.Name) {
		case "content-length", "content-encoding", "transfer-encoding", "connection":
			continue
		}
		if strings.HasPrefix(nv.Name, ":") {
			continue
		}
		out = append(out, nv)
	}
	return out
}

func rewriteOrigin(h []NV, origin string) []NV {
	for i := range h {
		if strings.EqualFold(h[i].Name, "Location") {
			h[i].Value = strings.ReplaceAll(h[i].Value, origin, fixtureShopOrigin)
		}
	}
	return h
}

func baseFor(b Bases, service string) string {
	switch service {
	case ServiceAPI:
		return b.API
	case ServiceSupport:
		return b.Support
	case ServiceESIMCheck:
		return b.ESIMCheck
	case ServiceLogs:
		return b.Logs
	case ServiceCheckout:
		return b.Checkout
	}
	return ""
}

// BaseFor returns the base of one service in b.
func (b Bases) BaseFor(service string) string { return baseFor(b, service) }

// escapePath escapes a decoded relative path segment by segment.
func escapePath(rel string) string {
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}
