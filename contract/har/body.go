package har

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/url"
	"sort"
	"strings"
)

// BodyKey is the part of a match key a request body contributes (docs/qa.md, "The key"):
//   - nothing for a request rules.json ignoreBody lists (by service, or service and path
//     relative to its base), or an empty body;
//   - a JSON body (application/json or any +json type): canonical JSON, objects with
//     their keys sorted by code point and without the unkeyed fields of rules.json (secret
//     and volatile) at any depth, numbers as JavaScript writes them, no insignificant space;
//   - a form body (application/x-www-form-urlencoded): the sorted multiset of name=value
//     pairs without the unkeyed fields, escaped as the query is;
//   - any other body, or a JSON body that does not parse: its text as is.
//
// webapp/src/mocks/har.ts bodyKey is the same rule; contract/vectors/harkey.json pins both.
func BodyKey(service, path, contentType string, body []byte) string {
	if len(body) == 0 || rules.IgnoreBody(service, path) {
		return ""
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	switch {
	case mt == "application/x-www-form-urlencoded":
		q, err := url.ParseQuery(string(body))
		if err != nil {
			return string(body)
		}
		for name := range q {
			if rules.Unkeyed(name) {
				delete(q, name)
			}
		}
		return canonicalQuery(q)
	case mt == "application/json" || strings.HasSuffix(mt, "+json"):
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		if err := dec.Decode(&v); err != nil || dec.More() {
			return string(body)
		}
		var buf bytes.Buffer
		writeCanonical(&buf, dropUnkeyed(v))
		return buf.String()
	}
	return string(body)
}

// dropUnkeyed removes secret and volatile fields from objects at any depth.
func dropUnkeyed(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if rules.Unkeyed(k) {
				delete(t, k)
				continue
			}
			t[k] = dropUnkeyed(x)
		}
	case []any:
		for i, x := range t {
			t[i] = dropUnkeyed(x)
		}
	}
	return v
}

// writeCanonical writes v with sorted keys. Strings and numbers go through encoding/json,
// whose float formatting is JavaScript's (ECMAScript Number::toString); its escapes of
// U+2028 and U+2029 are undone, as JSON.stringify leaves them raw.
func writeCanonical(buf *bytes.Buffer, v any) {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys) // byte order of UTF-8 is code point order
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeScalar(buf, k)
			buf.WriteByte(':')
			writeCanonical(buf, t[k])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, x := range t {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeCanonical(buf, x)
		}
		buf.WriteByte(']')
	default:
		writeScalar(buf, t)
	}
}

var jsLineSeparators = strings.NewReplacer(`\u2028`, "\u2028", `\u2029`, "\u2029")

func writeScalar(buf *bytes.Buffer, v any) {
	if f, ok := v.(float64); ok && f == 0 {
		v = 0.0 // -0 is written 0, as JSON.stringify does
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // strings, float64, bool and nil always encode
	s := strings.TrimSuffix(b.String(), "\n")
	if strings.Contains(s, `\u202`) {
		s = jsLineSeparators.Replace(s)
	}
	buf.WriteString(s)
}
