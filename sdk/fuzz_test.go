package sdk

import (
	"bytes"
	"net/url"
	"testing"

	"github.com/cedarsim/esim/fixtures"
)

// decoders names every response decoder, so FuzzDecode feeds the same bytes to all.
func decoders() map[string]func([]byte) error {
	wrap := func(f func([]byte) (any, error)) func([]byte) error {
		return func(b []byte) error { _, err := f(b); return err }
	}
	return map[string]func([]byte) error{
		"countries": wrap(func(b []byte) (any, error) { return decodeCountries(b) }),
		"regions":   wrap(func(b []byte) (any, error) { return decodeRegions(b) }),
		"areas":     wrap(func(b []byte) (any, error) { return decodeAreas(b) }),
		"bundles":   wrap(func(b []byte) (any, error) { return decodeBundles(b) }),
		"bundle":    wrap(func(b []byte) (any, error) { return decodeBundle(b) }),
		"topup":     wrap(func(b []byte) (any, error) { return decodeTopupSelected(b) }),
		"user":      wrap(func(b []byte) (any, error) { return decodeCurrentUser(b) }),
		"otpSent":   wrap(func(b []byte) (any, error) { return decodeOTPSent(b) }),
		"otpVerify": wrap(func(b []byte) (any, error) { return decodeOTPVerification(b) }),
		"purchase":  wrap(func(b []byte) (any, error) { return decodePurchaseCheck(b) }),
		"esimCheck": wrap(func(b []byte) (any, error) { return decodeESIMCheck(b) }),
		"order":     wrap(func(b []byte) (any, error) { return decodeOrder(b) }),
		"esimInfo":  wrap(func(b []byte) (any, error) { return decodeESIMInfo(b) }),
		"esims":     wrap(func(b []byte) (any, error) { return decodeESIMs(b) }),
		"apiError":  func(b []byte) error { _ = newAPIError("GET", "https://x/", 400, b).Error(); return nil },
		"claims":    func(b []byte) error { _, err := ParseClaims(string(b)); return err },
		"token":     func(b []byte) error { _, err := decodeToken(b); return err },
		"details":   func(b []byte) error { _, err := decodeOrderDetails(b); return err },
		"qr":        func(b []byte) error { _, err := decodeQRCode(b); return err },
	}
}

// FuzzDecode runs every response decoder on arbitrary bytes: none may panic, and the
// decoders with a guarantee keep it (a token has an access token, a checkout link is an
// absolute http(s) URL, a QR image is a PNG). Seeds: testdata/fuzz/FuzzDecode and below.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"data":[` + bundleJSON + `]}`,
		`{"data":{"data":[` + bundleJSON + `]}}`,
		`{"data":{"data":{"email":"a@b.co","firstName":"A","lastName":"B"}}}`,
		`{"data":{"esims":[{"iccid":"8996101000000042423","actionDate":"2025-08-31T21:15:00","bundles":[{"startTime":null,"endTime":""}]}]}}`,
		`{"data":{"bundles":[{"assignmentDatetime":"2025-08-31","initialQuantity":5000000000}]}}`,
		`{"data":{"base64QRCodeImage":"` + tinyPNG + `"}}`,
		`{"data":{"checkoutURL":"https://pay.example.com/c"}}`,
		`{"access_token":"a","refresh_token":"r","expires_in":3600}`,
		`{"title":"Bad Request","detail":"Invalid Captcha","status":400}`,
		`{"data":{"data":{"canContinue":false}}}`,
		`{"data":{"canContinue":true,"reason":""}}`,
		`<html>`, ``, `null`, `[]`, `{"data":null}`, `{"data":{"data":null}}`,
	} {
		f.Add([]byte(s))
	}
	// Every answer the fixtures hold is a realistic seed too.
	files, err := fixtures.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		for _, e := range file.Log.Entries {
			f.Add([]byte(e.Response.Content.Text))
		}
	}
	decs := decoders()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, dec := range decs {
			_ = dec(data)
		}
		if tok, err := decodeToken(data); err == nil && tok.AccessToken == "" {
			t.Errorf("token without access token from %q", data)
		}
		if d, err := decodeOrderDetails(data); err == nil {
			if u, perr := url.Parse(d.CheckoutURL); perr != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
				t.Errorf("checkout URL %q accepted", d.CheckoutURL)
			}
		}
		if png, err := decodeQRCode(data); err == nil && !bytes.HasPrefix(png, []byte(pngSignature)) {
			t.Errorf("non-PNG accepted from %q", data)
		}
		if b, err := decodeBundle(data); err == nil && b == nil {
			t.Errorf("nil bundle without error")
		}
	})
}
