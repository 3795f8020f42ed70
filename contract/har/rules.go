package har

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed rules.json
var rulesJSON []byte

// Rules are the noise rules of rules.json: which fields are secrets (redacted when
// recorded, never keyed), which are volatile (never keyed, never drift), whose bodies are
// not keyed at all, and the default scenario names.
type Rules struct {
	secret, volatile, secretHeader map[string]bool
	ignoreBody                     map[string]bool
	defaults                       []string
}

// rules is parsed once from the embedded file; it is read-only after init.
var rules = mustRules(rulesJSON)

func mustRules(b []byte) *Rules {
	r, err := parseRules(b)
	if err != nil {
		panic(fmt.Sprintf("contract/har/rules.json: %v", err)) // the embedded file is tested
	}
	return r
}

func parseRules(b []byte) (*Rules, error) {
	type names struct {
		Description string   `json:"description"`
		Names       []string `json:"names"`
	}
	var raw struct {
		Description   string `json:"description"`
		SecretFields  names  `json:"secretFields"`
		SecretHeaders names  `json:"secretHeaders"`
		Volatile      names  `json:"volatileFields"`
		IgnoreBody    struct {
			Description string   `json:"description"`
			Services    []string `json:"services"`
			Paths       []struct {
				Service string `json:"service"`
				Path    string `json:"path"`
			} `json:"paths"`
		} `json:"ignoreBody"`
		Defaults names `json:"defaultScenarios"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	set := func(list []string, norm func(string) string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, n := range list {
			m[norm(n)] = true
		}
		return m
	}
	r := &Rules{
		secret:       set(raw.SecretFields.Names, FieldName),
		volatile:     set(raw.Volatile.Names, FieldName),
		secretHeader: set(raw.SecretHeaders.Names, strings.ToLower),
		ignoreBody:   set(raw.IgnoreBody.Services, func(s string) string { return s }),
		defaults:     raw.Defaults.Names,
	}
	for _, p := range raw.IgnoreBody.Paths {
		r.ignoreBody[p.Service+" "+p.Path] = true
	}
	if len(r.secret) == 0 || len(r.volatile) == 0 || len(r.defaults) == 0 {
		return nil, fmt.Errorf("secretFields, volatileFields and defaultScenarios must not be empty")
	}
	return r, nil
}

// NoiseRules returns the rules of rules.json.
func NoiseRules() *Rules { return rules }

// FieldName is the form in which field names are compared: lower case, without '_' and
// '-' (client_secret, clientSecret and Client-Secret are one name).
func FieldName(name string) string {
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// Secret reports a field whose value is a secret.
func (r *Rules) Secret(field string) bool { return r.secret[FieldName(field)] }

// SecretNames lists the secret field names in FieldName form.
func (r *Rules) SecretNames() []string {
	out := make([]string, 0, len(r.secret))
	for n := range r.secret {
		out = append(out, n)
	}
	return out
}

// Volatile reports a field whose value changes on every run of a session.
func (r *Rules) Volatile(field string) bool { return r.volatile[FieldName(field)] }

// Unkeyed reports a field left out of match keys: a secret or a volatile one.
func (r *Rules) Unkeyed(field string) bool {
	n := FieldName(field)
	return r.secret[n] || r.volatile[n]
}

// SecretHeader reports a header whose value is redacted.
func (r *Rules) SecretHeader(name string) bool { return r.secretHeader[strings.ToLower(name)] }

// IgnoreBody reports a request whose body is not keyed: its service is listed, or its
// path (relative to the service base) for that service.
func (r *Rules) IgnoreBody(service, path string) bool {
	return r.ignoreBody[service] || r.ignoreBody[service+" "+path]
}

// DefaultScenarios are the preferred scenario names, best first.
func (r *Rules) DefaultScenarios() []string { return append([]string(nil), r.defaults...) }
