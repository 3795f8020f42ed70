package record

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
)

// RedactOptions choose the optional redactions; secrets (contract/har/rules.json) are
// always redacted.
type RedactOptions struct {
	// ActivationCodes replaces the matching id of every eSIM activation code (LPA strings,
	// install links, QR images) with REDACTED.
	ActivationCodes bool
	// Pseudonymise replaces e-mail addresses and phone numbers with stand-ins, the same
	// stand-in for the same value within one recording (user1@example.invalid, 10000001).
	Pseudonymise bool
	// Keep are e-mail addresses Pseudonymise leaves as they are (compared without case):
	// the shop's own accounts, which name no customer and which a client sends from its
	// configuration — the guest account (replaced, no client's guest login would match the
	// recording) and the support address.
	Keep []string
}

// Redactor redacts exchanges; it keeps the pseudonyms of one recording. Safe for
// concurrent use.
type Redactor struct {
	o      RedactOptions
	keep   map[string]bool
	mu     sync.Mutex
	emails map[string]string
	phones map[string]string
}

// NewRedactor returns a Redactor for one recording.
func NewRedactor(o RedactOptions) *Redactor {
	keep := map[string]bool{}
	for _, e := range o.Keep {
		keep[strings.ToLower(strings.TrimSpace(e))] = true
	}
	return &Redactor{o: o, keep: keep, emails: map[string]string{}, phones: map[string]string{}}
}

var (
	emailRE = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	// An e-mail in a URL path or query may be percent-encoded (%40).
	escapedEmailRE = regexp.MustCompile(`[A-Za-z0-9._%+\-]+%40[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	lpaRE          = regexp.MustCompile(`(?i)LPA:1\$[^$"\s&]+\$[^$"\s&]+`)
	carddataRE     = regexp.MustCompile(`carddata=([^"&\s]+)`)
)

// phoneFields are the field names whose values are phone numbers.
var phoneFields = map[string]bool{"phone": true, "phonenumber": true, "msisdn": true, "mobile": true}

// Text redacts free text: e-mails and activation codes, by option.
func (r *Redactor) Text(s string) string {
	if r.o.Pseudonymise {
		s = emailRE.ReplaceAllStringFunc(s, r.email)
		s = escapedEmailRE.ReplaceAllStringFunc(s, func(e string) string {
			plain, err := url.PathUnescape(e)
			if err != nil {
				return e
			}
			return url.PathEscape(r.email(plain))
		})
	}
	if r.o.ActivationCodes {
		s = lpaRE.ReplaceAllStringFunc(s, redactLPA)
		if strings.Contains(s, "carddata=") {
			s = redactCarddata(s)
		}
	}
	return s
}

func (r *Redactor) email(e string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := strings.ToLower(e)
	if r.keep[k] {
		return e
	}
	if p, ok := r.emails[k]; ok {
		return p
	}
	p := fmt.Sprintf("user%d@example.invalid", len(r.emails)+1)
	r.emails[k] = p
	return p
}

func (r *Redactor) phone(v string) string {
	if v == "" {
		return v
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	k := strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return c
		}
		return -1
	}, v)
	if p, ok := r.phones[k]; ok {
		return p
	}
	p := fmt.Sprintf("1%07d", len(r.phones)+1)
	r.phones[k] = p
	return p
}

func redactLPA(s string) string {
	c, err := lpa.Parse(s)
	if err != nil {
		return s
	}
	c.MatchingID = Redacted
	return c.String()
}

// redactCarddata rewrites the activation code inside install links (?carddata=LPA...).
func redactCarddata(s string) string {
	return carddataRE.ReplaceAllStringFunc(s, func(m string) string {
		v, err := url.QueryUnescape(strings.TrimPrefix(m, "carddata="))
		if err != nil {
			return m
		}
		return "carddata=" + url.QueryEscape(redactLPA(v))
	})
}

// value redacts one field's string value given its name.
func (r *Redactor) value(name, v string, secret bool) string {
	switch {
	case secret && v != "":
		return redactToken(v)
	case r.o.Pseudonymise && phoneFields[har.FieldName(name)]:
		return r.phone(v)
	case r.o.ActivationCodes && har.FieldName(name) == "base64qrcodeimage":
		return redactQR(v)
	}
	return r.Text(v)
}

// redactToken keeps a JWT's header and claims and drops its signature, so a replayed
// client can still read who it is (the claims are not secret; the signature is what makes
// the token a credential). Anything else is REDACTED.
func redactToken(v string) string {
	parts := strings.Split(v, ".")
	if len(parts) == 3 && parts[2] != "" {
		if h, err := base64.RawURLEncoding.DecodeString(parts[0]); err == nil && json.Valid(h) && bytes.Contains(h, []byte(`"alg"`)) {
			if _, err := base64.RawURLEncoding.DecodeString(parts[1]); err == nil {
				return parts[0] + "." + parts[1] + "." + Redacted
			}
		}
	}
	return Redacted
}

// redactQR re-encodes a base64 PNG QR code of an activation code with the code redacted;
// an image that is not one is replaced by a QR of the word REDACTED.
func redactQR(b64 string) string {
	text := Redacted
	if png, err := base64.StdEncoding.DecodeString(b64); err == nil {
		if t, err := qrcode.DecodePNG(png); err == nil {
			text = redactLPA(t)
		}
	}
	png, err := qrcode.EncodePNG(text, 256)
	if err != nil {
		return Redacted
	}
	return base64.StdEncoding.EncodeToString(png)
}

// Values redacts query or form values in place.
func (r *Redactor) Values(v url.Values) {
	rules := har.NoiseRules()
	for k, vs := range v {
		for i := range vs {
			vs[i] = r.value(k, vs[i], rules.Secret(k))
		}
	}
}

// Header redacts one header value.
func (r *Redactor) Header(name, v string) string {
	if !har.NoiseRules().SecretHeader(name) {
		return r.Text(v)
	}
	if scheme, cred, ok := strings.Cut(v, " "); ok && (strings.EqualFold(scheme, "Bearer") || strings.EqualFold(scheme, "Basic")) {
		if strings.EqualFold(scheme, "Bearer") {
			return scheme + " " + r.jwtClaims(redactToken(cred))
		}
		return scheme + " " + Redacted
	}
	return Redacted
}

// jwtClaims pseudonymises the e-mails inside a redacted JWT's claims, by option.
func (r *Redactor) jwtClaims(tok string) string {
	parts := strings.Split(tok, ".")
	if !r.o.Pseudonymise || len(parts) != 3 {
		return tok
	}
	claims, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return tok
	}
	return parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(r.Text(string(claims)))) + "." + parts[2]
}

// Body redacts a form or JSON body. A body that is neither has its text redacted, unless
// it does not parse as what its type says: then it is replaced entirely, as an unparsable
// body could hide a secret the redactor cannot see.
func (r *Redactor) Body(contentType string, body []byte) string {
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
		r.Values(v)
		return v.Encode()
	case mt == "application/json" || strings.HasSuffix(mt, "+json") || (mt == "" && json.Valid(body)):
		if r.plain(body) {
			return string(body)
		}
		out, err := r.json(body)
		if err != nil {
			return Redacted
		}
		return string(out)
	}
	return r.Text(string(body))
}

// plain reports a JSON body with nothing to redact, cheaply: valid, no optional redaction
// asked for, no \u escape (which could spell a key), and no secret name as a quoted
// string (field names compared as FieldName does). Most answers (the catalogue) are plain.
func (r *Redactor) plain(body []byte) bool {
	if r.o.Pseudonymise || r.o.ActivationCodes || bytes.Contains(body, []byte(`\u`)) || !json.Valid(body) {
		return false
	}
	folded := make([]byte, 0, len(body))
	for _, c := range body {
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		folded = append(folded, c)
	}
	for _, name := range har.NoiseRules().SecretNames() {
		if bytes.Contains(folded, []byte(`"`+name+`"`)) {
			return false
		}
	}
	return true
}

// json rewrites a JSON document with secret keys' values replaced, keeping the order of
// keys (so recordings read like the original traffic).
func (r *Redactor) json(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := r.copyValue(dec, &out, "", false, 0); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("trailing data after the JSON value")
	}
	return out.Bytes(), nil
}

const maxDepth = 200

func (r *Redactor) copyValue(dec *json.Decoder, out *bytes.Buffer, name string, secret bool, depth int) error {
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
				if err := r.copyValue(dec, out, key, secret || har.NoiseRules().Secret(key), depth+1); err != nil {
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
				if err := r.copyValue(dec, out, name, secret, depth+1); err != nil {
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
		v := r.value(name, t, secret)
		if secret && t != "" {
			v = r.jwtClaims(v)
		}
		writeString(out, v)
	case json.Number:
		switch {
		case secret:
			writeString(out, Redacted)
		case r.o.Pseudonymise && phoneFields[har.FieldName(name)]:
			writeString(out, r.phone(t.String()))
		default:
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
