package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"mime"
	"net/url"
	"strings"
)

// secretKeys are field names (compared case-insensitively, ignoring "_" and "-") whose
// values are secrets wherever they appear: form fields, query parameters, JSON keys.
func secretKey(k string) bool {
	switch k {
	case "password", "clientsecret", "refreshtoken", "accesstoken", "idtoken", "token", "otp", "code",
		"onetimeloginpassword", "onetimepassword", "captchatoken", "captcha", "grecaptcharesponse",
		"authorization", "secret", "apikey":
		return true
	}
	return false
}

func isSecret(key string) bool {
	k := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(key))
	return secretKey(k)
}

func redactValues(v url.Values) {
	for k, vs := range v {
		if isSecret(k) {
			for i := range vs {
				vs[i] = Redacted
			}
		}
	}
}

// redactBody redacts a form or JSON body. A body that is neither is kept as is, unless
// it does not parse as what its type says, in which case it is replaced entirely: an
// unparsable body could hide a secret the redactor cannot see.
func redactBody(contentType string, body []byte) string {
	if len(body) == 0 {
		return ""
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	switch {
	case mt == "application/x-www-form-urlencoded":
		v, err := url.ParseQuery(string(body))
		if err != nil {
			return Redacted
		}
		redactValues(v)
		return v.Encode()
	case mt == "application/json" || strings.HasSuffix(mt, "+json") || (mt == "" && json.Valid(body)):
		out, err := redactJSON(body)
		if err != nil {
			return Redacted
		}
		return string(out)
	}
	return string(body)
}

// redactJSON rewrites a JSON document with secret keys' values replaced, keeping the
// order of keys (so recorded fixtures read like the original traffic).
func redactJSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := copyValue(dec, &out, false, 0); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("trailing data after the JSON value")
	}
	return out.Bytes(), nil
}

const maxDepth = 200

func copyValue(dec *json.Decoder, out *bytes.Buffer, redact bool, depth int) error {
	if depth > maxDepth {
		return errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			out.WriteByte('{')
			for i := 0; dec.More(); i++ {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				key, ok := kt.(string)
				if !ok {
					return errors.New("object key is not a string")
				}
				if i > 0 {
					out.WriteByte(',')
				}
				writeString(out, key)
				out.WriteByte(':')
				if err := copyValue(dec, out, redact || isSecret(key), depth+1); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteByte('}')
		case '[':
			out.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					out.WriteByte(',')
				}
				if err := copyValue(dec, out, redact, depth+1); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteByte(']')
		default:
			return errors.New("unexpected delimiter")
		}
	case nil:
		out.WriteString("null")
	case string:
		if redact && t != "" {
			t = Redacted
		}
		writeString(out, t)
	case json.Number:
		if redact {
			writeString(out, Redacted)
		} else {
			out.WriteString(t.String())
		}
	case bool:
		if t {
			out.WriteString("true")
		} else {
			out.WriteString("false")
		}
	}
	return nil
}

func writeString(out *bytes.Buffer, s string) {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)           // a string always encodes
	out.Truncate(out.Len() - 1) // Encode adds a newline
}
