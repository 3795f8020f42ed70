package sdk

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cedarsim/esim/contract/wire"
)

// wireMapping says how the SDK handles one generated wire type (contract/wire): view
// decodes a JSON body holding one wire value the way the SDK does and returns what the SDK
// kept, keyed by the wire's JSON names; ignored lists the wire fields the SDK does not keep,
// with the reason. Every JSON field of the wire type must be either kept with the same
// value or ignored, so a field added to contract/openapi.yaml fails here until the SDK
// handles it (or says why not).
type wireMapping struct {
	value   any // a zero wire value of the type
	view    func(t *testing.T, body []byte) map[string]any
	ignored map[string]string
}

// jsonView marshals the SDK's value and reads it back as a map: the SDK types use the
// wire's JSON names.
func jsonView(t *testing.T, v any, err error) map[string]any {
	t.Helper()
	if err != nil {
		t.Fatalf("SDK decode: %v", err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// first returns the single element of a decoded list.
func first[T any](list []T, err error) (T, error) {
	var zero T
	if err != nil {
		return zero, err
	}
	if len(list) != 1 {
		return zero, fmt.Errorf("decoded %d values, want 1", len(list))
	}
	return list[0], nil
}

// fields lists a fixed set of JSON names the SDK writes by hand (request bodies).
func fields(names ...string) func(*testing.T, []byte) map[string]any {
	return func(t *testing.T, body []byte) map[string]any {
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		out := map[string]any{}
		for _, n := range names {
			out[n] = m[n]
		}
		return out
	}
}

func wireMappings() map[string]wireMapping {
	wrap := func(prefix, suffix string, body []byte) []byte {
		return []byte(prefix + string(body) + suffix)
	}
	return map[string]wireMapping{
		"Bundle": {value: wire.Bundle{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeBundles(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"BundleList": {value: wire.BundleList{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodeBundles(b)
			return jsonView(t, map[string]any{"data": v}, err)
		}},
		"Country": {value: wire.Country{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeCountries(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"Region": {value: wire.Region{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeRegions(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"CurrentUser": {value: wire.CurrentUser{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodeCurrentUser(wrap(`{"data":{"data":`, `}}`, b))
			return jsonView(t, v, err)
		}},
		"Esim": {value: wire.Esim{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeESIMs(wrap(`{"data":{"esims":[`, `]}}`, b)))
			return jsonView(t, v, err)
		}},
		"EsimBundle": {value: wire.EsimBundle{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeESIMInfo(wrap(`{"data":{"bundles":[`, `]}}`, b)))
			return jsonView(t, v, err)
		}},
		"TokenAnswer": {value: wire.TokenAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodeToken(b)
			if err != nil {
				t.Fatal(err)
			}
			return map[string]any{"access_token": v.AccessToken, "refresh_token": v.RefreshToken, "expires_in": float64(v.ExpiresIn)}
		}, ignored: map[string]string{"token_type": "always Bearer; the SDK sends every access token as a bearer"}},
		"Problem": {value: wire.Problem{}, view: func(t *testing.T, b []byte) map[string]any {
			var p wire.Problem
			if err := json.Unmarshal(b, &p); err != nil {
				t.Fatal(err)
			}
			e := newAPIError(http.MethodGet, "https://x.test/", p.Status, b)
			return map[string]any{"status": float64(e.Status), "title": e.Title, "detail": e.Detail}
		}, ignored: map[string]string{"type": "section 8 reads title and detail only; the type is the status's RFC 9110 link"}},
		// Request bodies: the SDK writes these (sdk/users.go, sdk/auth.go); sdk/contract_test.go
		// checks what it writes against the fixtures, which the OpenAPI validator checks.
		"SignupForm": {value: wire.SignupForm{}, view: func(t *testing.T, b []byte) map[string]any {
			var f SignupForm
			if err := json.Unmarshal(b, &f); err != nil {
				t.Fatal(err)
			}
			return jsonView(t, f, nil)
		}},
		"LoginForm":    {value: wire.LoginForm{}, view: fields("email")},
		"TokenRequest": {value: wire.TokenRequest{}, view: fields("grant_type", "username", "password", "scope", "client_id", "client_secret", "refresh_token")},
	}
}

// wireStructs lists the struct types declared in contract/wire/wire.gen.go.
func wireStructs(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../contract/wire/wire.gen.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			if _, ok := ts.Type.(*ast.StructType); ok && ts.Assign == 0 {
				names = append(names, ts.Name.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// TestEveryWireTypeIsMapped fails when a generated wire type has no mapping here.
func TestEveryWireTypeIsMapped(t *testing.T) {
	got := slices.Sorted(maps.Keys(wireMappings()))
	if want := wireStructs(t); !slices.Equal(got, want) {
		t.Fatalf("wire struct types %v, mapped here %v: map the new type in sdk/wire_test.go", want, got)
	}
}

// TestEveryWireFieldIsMapped fills every field of every wire type, lets the SDK decode it
// and checks that each field comes out with its value, or is listed as ignored.
func TestEveryWireFieldIsMapped(t *testing.T) {
	for name, m := range wireMappings() {
		t.Run(name, func(t *testing.T) {
			v := reflect.New(reflect.TypeOf(m.value)).Elem()
			fill(v, name)
			body, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			var want map[string]any
			if err := json.Unmarshal(body, &want); err != nil {
				t.Fatal(err)
			}
			got := m.view(t, body)
			for field, w := range want {
				if reason, ok := m.ignored[field]; ok {
					if reason == "" {
						t.Errorf("%s.%s: ignored without a reason", name, field)
					}
					continue
				}
				g, ok := got[field]
				if !ok {
					t.Errorf("%s.%s: the SDK does not keep this wire field (map it, or list it as ignored with the reason)", name, field)
					continue
				}
				if !reflect.DeepEqual(g, w) {
					t.Errorf("%s.%s: SDK has %v, wire sent %v", name, field, g, w)
				}
			}
			for field := range m.ignored {
				if _, ok := want[field]; !ok {
					t.Errorf("%s.%s: listed as ignored but not a wire field", name, field)
				}
			}
		})
	}
}

// dateFields are the wire's date-time strings: filled with a date the SDK can parse.
var dateFields = map[string]bool{"actionDate": true, "assignmentDatetime": true, "startTime": true, "endTime": true}

// fill sets every field of v to a non-zero value that names it.
func fill(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			name := strings.Split(f.Tag.Get("json"), ",")[0]
			if dateFields[name] {
				d := "2025-01-02T03:04:05Z"
				if f.Type.Kind() == reflect.Pointer {
					v.Field(i).Set(reflect.ValueOf(&d))
				} else {
					v.Field(i).SetString(d)
				}
				continue
			}
			fill(v.Field(i), path+"."+name)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), path)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), path+"[0]")
		v.Set(s)
	case reflect.String:
		v.SetString("v" + path)
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(400 + len(path)))
	case reflect.Float64:
		v.SetFloat(float64(len(path)) + 0.5)
	case reflect.Bool:
		v.SetBool(true)
	default:
		panic(fmt.Sprintf("fill: %s has kind %s", path, v.Kind()))
	}
}
