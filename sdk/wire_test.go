package sdk

import (
	"encoding/base64"
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

// wireMapping says how the SDK handles one generated wire type (contract/wire) that it
// decodes: view decodes a JSON body holding one wire value the way the SDK does and returns
// what the SDK kept, keyed by the wire's JSON names; ignored lists the wire fields the SDK
// does not keep, with the reason. Every JSON field of the wire type must be either kept
// with the same value or ignored, so a field added to contract/openapi.yaml fails here
// until the SDK's mapping (decode.go) copies it (or says why not).
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

// must fails the test on a decode error, else returns the value: must(decode(b))(t).
func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatalf("SDK decode: %v", err)
		}
		return v
	}
}

// in wraps an SDK value the way the answer wraps it, as JSON names: in(v, "data", "data")
// is {"data":{"data":v}}.
func in(v any, keys ...string) any {
	for i := len(keys) - 1; i >= 0; i-- {
		v = map[string]any{keys[i]: v}
	}
	return v
}

// encodedAsIs are the wire types the SDK sends as they are (request bodies): it fills them
// itself, so there is no mapping that could drop a field; sdk/contract_test.go checks what
// it sends against the fixtures, which the OpenAPI validator checks.
var encodedAsIs = map[string]string{
	"TokenRequest":         "AuthService token grants (as a form)",
	"SignupForm":           "UsersService.SendSignupCode",
	"LoginForm":            "UsersService.SendLoginCode",
	"OtpVerifyRequest":     "UsersService.VerifyCode",
	"PurchaseCheckRequest": "SupportService.CanPurchase",
	"ContactRequest":       "SupportService.ContactUs",
	"OrderDetailsRequest":  "OrdersService.AddDetails",
	"OrderLine":            "OrdersService.AddDetails",
	"LogPush":              "LogsService.Push",
	"LogStream":            "LogsService.Push",
	"LogLabels":            "LogsService.Push",
}

func wireMappings() map[string]wireMapping {
	wrap := func(prefix, suffix string, body []byte) []byte {
		return []byte(prefix + string(body) + suffix)
	}
	user := func(t *testing.T, b []byte) any {
		v, err := decodeCurrentUser(b)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	purchase := func(t *testing.T, b []byte) map[string]any {
		v, err := decodePurchaseCheck(b)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]any{"canContinue": v.CanContinue, "reason": v.Reason}
	}
	esimCheck := func(t *testing.T, b []byte) map[string]any {
		v, err := decodeESIMCheck(b)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]any{"canContinue": v}
	}
	noBody := map[string]string{"data": "the SDK reads only the status of this call"}
	return map[string]wireMapping{
		"Bundle": {value: wire.Bundle{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeBundles(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"BundleList": {value: wire.BundleList{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeBundles(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"SpecialBundleList": {value: wire.SpecialBundleList{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeBundles(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"TopupSelectedAnswer": {value: wire.TopupSelectedAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeTopupSelected(b))(t)
			return jsonView(t, in([]any{v}, "data", "data"), nil)
		}},
		"Country": {value: wire.Country{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeCountries(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"CountryList": {value: wire.CountryList{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeCountries(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"Region": {value: wire.Region{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeRegions(wrap(`{"data":[`, `]}`, b)))
			return jsonView(t, v, err)
		}},
		"RegionList": {value: wire.RegionList{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeRegions(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"CurrentUser": {value: wire.CurrentUser{}, view: func(t *testing.T, b []byte) map[string]any {
			return jsonView(t, user(t, wrap(`{"data":{"data":`, `}}`, b)), nil)
		}},
		"CurrentUserData": {value: wire.CurrentUserData{}, view: func(t *testing.T, b []byte) map[string]any {
			return jsonView(t, in(user(t, wrap(`{"data":`, `}`, b)), "data"), nil)
		}},
		"CurrentUserAnswer": {value: wire.CurrentUserAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			return jsonView(t, in(user(t, b), "data", "data"), nil)
		}},
		"Esim": {value: wire.Esim{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeESIMs(wrap(`{"data":{"esims":[`, `]}}`, b)))
			return jsonView(t, v, err)
		}},
		"EsimList": {value: wire.EsimList{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeESIMs(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, in(v, "esims"), nil)
		}},
		"EsimListAnswer": {value: wire.EsimListAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeESIMs(b))(t)
			return jsonView(t, in(v, "data", "esims"), nil)
		}},
		"EsimBundle": {value: wire.EsimBundle{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := first(decodeESIMInfo(wrap(`{"data":{"bundles":[`, `]}}`, b)))
			return jsonView(t, v, err)
		}},
		"EsimInfo": {value: wire.EsimInfo{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeESIMInfo(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, in(v, "bundles"), nil)
		}},
		"EsimInfoAnswer": {value: wire.EsimInfoAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeESIMInfo(b))(t)
			return jsonView(t, in(v, "data", "bundles"), nil)
		}},
		"TokenAnswer": {value: wire.TokenAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodeToken(b)
			if err != nil {
				t.Fatal(err)
			}
			return map[string]any{"access_token": v.AccessToken, "refresh_token": v.RefreshToken, "expires_in": float64(v.ExpiresIn)}
		}, ignored: map[string]string{"token_type": "always Bearer; the SDK sends every access token as a bearer"}},
		"OtpSent": {value: wire.OtpSent{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOTPSent(wrap(`{"status":200,"data":`, `}`, b)))(t)
			return jsonView(t, map[string]any{"userId": v.UserID}, nil)
		}},
		"OtpSentAnswer": {value: wire.OtpSentAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOTPSent(b))(t)
			return jsonView(t, map[string]any{"status": v.Status, "data": map[string]any{"userId": v.UserID}}, nil)
		}},
		"OtpCredentials": {value: wire.OtpCredentials{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOTPVerification(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, map[string]any{"username": v.Username, "oneTimeLoginPassword": v.OneTimeLoginPassword}, nil)
		}},
		"OtpVerifyAnswer": {value: wire.OtpVerifyAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOTPVerification(b))(t)
			return jsonView(t, in(map[string]any{"username": v.Username, "oneTimeLoginPassword": v.OneTimeLoginPassword}, "data"), nil)
		}},
		"PurchaseCheck": {value: wire.PurchaseCheck{}, view: func(t *testing.T, b []byte) map[string]any {
			return purchase(t, wrap(`{"data":`, `}`, b))
		}},
		"PurchaseCheckAnswer": {value: wire.PurchaseCheckAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			return map[string]any{"data": purchase(t, b)}
		}},
		"EsimCheck": {value: wire.EsimCheck{}, view: func(t *testing.T, b []byte) map[string]any {
			return esimCheck(t, wrap(`{"data":{"data":`, `}}`, b))
		}},
		"EsimCheckData": {value: wire.EsimCheckData{}, view: func(t *testing.T, b []byte) map[string]any {
			return map[string]any{"data": esimCheck(t, wrap(`{"data":`, `}`, b))}
		}},
		"EsimCheckAnswer": {value: wire.EsimCheckAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			return map[string]any{"data": map[string]any{"data": esimCheck(t, b)}}
		}},
		"Order": {value: wire.Order{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOrder(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, map[string]any{"orderId": v.OrderID, "newlyCreated": v.NewlyCreated}, nil)
		}},
		"OrderAnswer": {value: wire.OrderAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOrder(b))(t)
			return jsonView(t, in(map[string]any{"orderId": v.OrderID, "newlyCreated": v.NewlyCreated}, "data"), nil)
		}},
		"CheckoutLink": {value: wire.CheckoutLink{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOrderDetails(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, map[string]any{"checkoutURL": v.CheckoutURL}, nil)
		}},
		"CheckoutAnswer": {value: wire.CheckoutAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeOrderDetails(b))(t)
			return jsonView(t, in(map[string]any{"checkoutURL": v.CheckoutURL}, "data"), nil)
		}},
		"QrCode": {value: wire.QrCode{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeQRCode(wrap(`{"data":`, `}`, b)))(t)
			return jsonView(t, map[string]any{"base64QRCodeImage": base64.StdEncoding.EncodeToString(v)}, nil)
		}},
		"QrCodeAnswer": {value: wire.QrCodeAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeQRCode(b))(t)
			return jsonView(t, in(base64.StdEncoding.EncodeToString(v), "data", "base64QRCodeImage"), nil)
		}},
		"OrderDeletedAnswer": {value: wire.OrderDeletedAnswer{}, view: func(*testing.T, []byte) map[string]any { return nil }, ignored: noBody},
		"OrderDeleted": {value: wire.OrderDeleted{}, view: func(*testing.T, []byte) map[string]any { return nil },
			ignored: map[string]string{"deleted": "the SDK reads only the status of the delete"}},
		"ContactAnswer": {value: wire.ContactAnswer{}, view: func(*testing.T, []byte) map[string]any { return nil }, ignored: noBody},
		"ContactTicket": {value: wire.ContactTicket{}, view: func(*testing.T, []byte) map[string]any { return nil },
			ignored: map[string]string{"id": "the shop does not show the ticket id (spec section 3)"}},
		"CustomerLookup": {value: wire.CustomerLookup{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodeLookup(wrap(`{"data":`, `}`, b))
			return jsonView(t, v, err)
		}},
		"CustomerLookupAnswer": {value: wire.CustomerLookupAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodeLookup(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"PaymentStatus": {value: wire.PaymentStatus{}, view: func(t *testing.T, b []byte) map[string]any {
			v, err := decodePaymentStatus(wrap(`{"data":`, `}`, b))
			return jsonView(t, v, err)
		}},
		"PaymentStatusAnswer": {value: wire.PaymentStatusAnswer{}, view: func(t *testing.T, b []byte) map[string]any {
			v := must(decodePaymentStatus(b))(t)
			return jsonView(t, in(v, "data"), nil)
		}},
		"Problem": {value: wire.Problem{}, view: func(t *testing.T, b []byte) map[string]any {
			var p wire.Problem
			if err := json.Unmarshal(b, &p); err != nil {
				t.Fatal(err)
			}
			e := newAPIError(http.MethodGet, "https://x.test/", p.Status, b)
			return map[string]any{"status": float64(e.Status), "title": e.Title, "detail": e.Detail}
		}, ignored: map[string]string{"type": "section 8 reads title and detail only; the type is the status's RFC 9110 link"}},
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

// TestEveryWireTypeIsMapped fails when a generated wire type is neither mapped here nor
// sent as it is.
func TestEveryWireTypeIsMapped(t *testing.T) {
	handled := slices.Collect(maps.Keys(wireMappings()))
	for name := range encodedAsIs {
		if _, dup := wireMappings()[name]; dup {
			t.Errorf("%s is both mapped and sent as is", name)
		}
		handled = append(handled, name)
	}
	slices.Sort(handled)
	if want := wireStructs(t); !slices.Equal(handled, want) {
		t.Fatalf("wire struct types %v, handled here %v: map the new type in sdk/wire_test.go", want, handled)
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

// fixedFields are checked by the SDK's decoders: filled with values they accept.
var fixedFields = map[string]string{"checkoutURL": "https://pay.example/checkout", "base64QRCodeImage": tinyPNG}

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
			if s, ok := fixedFields[name]; ok {
				v.Field(i).SetString(s)
				continue
			}
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
