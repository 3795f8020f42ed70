package sdk

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestValidation(t *testing.T) {
	ic := testICCID(t)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) { t.Errorf("request made: %s", r.URL) })
	c := newTestClient(t, f)
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "tok", IsGuest: "false"})
	for _, tc := range []struct {
		name   string
		run    func() error
		field  string
		secret string // must not appear in the message
	}{
		{"email without at sign", func() error { _, err := c.Users.SendLoginCode(ctx, "rami.example.com"); return err }, "email", ""},
		{"email with display name", func() error { _, err := c.Users.SendLoginCode(ctx, "Rami <rami@example.com>"); return err }, "email", ""},
		{"empty email", func() error { _, err := c.ESIMs.ByEmail(ctx, ""); return err }, "email", ""},
		{"signup without phone", func() error {
			_, err := c.Users.SendSignupCode(ctx, SignupForm{FirstName: "A", LastName: "B", Email: "a@b.co"})
			return err
		}, "phone", ""},
		{"signup dial code not numeric", func() error {
			_, err := c.Users.SendSignupCode(ctx, SignupForm{FirstName: "A", LastName: "B", Phone: "1", CountryCode: "+961", Email: "a@b.co"})
			return err
		}, "country code", ""},
		{"otp not numeric", func() error { _, err := c.Users.VerifyCode(ctx, "u", "12a4x9", "cap"); return err }, "otp", "12a4x9"},
		{"otp empty", func() error { _, err := c.Users.VerifyCode(ctx, "u", "", "cap"); return err }, "otp", ""},
		{"no captcha", func() error { _, err := c.Users.VerifyCode(ctx, "u", "123456", ""); return err }, "captcha token", ""},
		{"iso code of three letters", func() error { _, err := c.Catalog.Search(ctx, []string{"TR", "TUR"}); return err }, "ISO codes", ""},
		{"no iso codes", func() error { _, err := c.Catalog.Search(ctx, nil); return err }, "ISO codes", ""},
		{"iccid bad check digit", func() error { _, err := c.ESIMs.Info(ctx, ic[:18]+string('0'+(ic[18]-'0'+1)%10)); return err }, "iccid", ""},
		{"iccid too short", func() error { _, err := c.ESIMs.QRCode(ctx, "8996101"); return err }, "iccid", ""},
		{"bundle id not a GUID", func() error { _, err := c.Catalog.Bundle(ctx, "TR_5GB_30D"); return err }, "bundle id", ""},
		{"area is a dot segment", func() error { _, err := c.Catalog.AreaBundles(ctx, ".."); return err }, "path parameter", ""},
		{"area list absolute URL", func() error { _, err := c.Catalog.AreaList(ctx, "https://evil.example/x"); return err }, "endpoint", ""},
		{"area list climbs out", func() error { _, err := c.Catalog.AreaList(ctx, "catalog/../../admin"); return err }, "endpoint", ""},
		{"contact placeholder topic", func() error {
			return c.Support.ContactUs(ctx, ContactForm{FullName: "A", Email: "a@b.co", Message: "m", Department: "Topic - Please Select"})
		}, "department", ""},
		{"negative provider", func() error { _, err := c.TopupSelect(ctx, ic, "X", -1); return err }, "provider", ""},
		{"checkout bad account id", func() error {
			_, err := c.Checkout(ctx, CheckoutRequest{BundleID: bundleID, Email: "a@b.co", TopupAccountID: "acct"})
			return err
		}, "top-up account id", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Field != tc.field {
				t.Fatalf("err = %v, want a ValidationError on %q", err, tc.field)
			}
			if ve.Reason == "" || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("message %q does not say what is wrong", err)
			}
			if tc.secret != "" && strings.Contains(err.Error(), tc.secret) {
				t.Errorf("message %q leaks the secret", err)
			}
		})
	}
}

// TestHostileAnswers: malformed, truncated, non-JSON or oversized answers give a clear
// error naming the call, never a panic.
func TestHostileAnswers(t *testing.T) {
	huge := `{"data":[` + strings.Repeat(`{"name":"x"},`, maxResponseBody/12) + `{"name":"y"}]}`
	for _, tc := range []struct {
		name, body string
		status     int
		want       string
		apiErr     bool
	}{
		{"HTML on 200", "<html>gateway</html>", 200, "not a JSON object", false},
		{"truncated JSON", `{"data":[{"name":"Tur`, 200, "malformed JSON", false},
		{"empty 200", "", 200, "empty answer", false},
		{"wrong type", `{"data":{"name":"Turkey"}}`, 200, "malformed JSON", false},
		{"oversized", huge, 200, "larger than", false},
		{"HTML 502", "<html>bad gateway</html>", 502, "502", true},
		{"truncated problem", `{"title":"Bad Req`, 400, "400", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				w.WriteHeader(tc.status)
				_, _ = w.Write([]byte(tc.body))
			})
			c := newTestClient(t, f)
			_ = c.store.Save(context.Background(), Session{Token: "tok", IsGuest: "false"})
			_, err := c.Catalog.Regions(context.Background())
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "listRegions: ") {
				t.Fatalf("err = %v, want it to name the call and mention %q", err, tc.want)
			}
			var ae *APIError
			if errors.As(err, &ae) != tc.apiErr {
				t.Errorf("APIError = %v, want %v", ae, tc.apiErr)
			}
		})
	}
}

func TestAPIErrorAndSecrets(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		if strings.HasSuffix(r.URL.Path, "/connect/token") {
			writeJSON(w, 400, `{"error":"invalid_grant"}`)
			return
		}
		problem(w, 400, "Bad Request", "Invalid OTP please try again")
	})
	c := newTestClient(t, f)
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "secret-access-token", RefreshToken: "secret-refresh-token", IsGuest: "false"})
	_, err := c.Users.VerifyCode(ctx, "u-1", "123456", "captcha-secret")
	if !IsInvalidOTP(err) || !IsBadRequest(err) || IsAccountLocked(err) {
		t.Errorf("predicates on %v", err)
	}
	_, err2 := c.Auth.Refresh(ctx, "secret-refresh-token")
	_, err3 := c.Catalog.TopupBundles(ctx, "TR", testICCID(t), 0)
	for _, e := range []error{err, err2, err3} {
		for _, s := range []string{"secret-access-token", "secret-refresh-token", "captcha-secret", "123456", testClientSecret, testGuestPass, "iccid="} {
			if e != nil && strings.Contains(e.Error(), s) {
				t.Errorf("error %q contains %q", e, s)
			}
		}
	}
	var ae *APIError
	if !errors.As(err2, &ae) || ae.Detail != "invalid_grant" || ae.Status != 400 {
		t.Errorf("refresh error = %v", err2)
	}
}

func TestTimeoutAndCancel(t *testing.T) {
	release := make(chan struct{})
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	c := newTestClient(t, f, func(o *Options) { o.Timeout = 50 * time.Millisecond })
	_ = c.store.Save(context.Background(), Session{Token: "tok", IsGuest: "false"})
	start := time.Now()
	_, err := c.Catalog.Countries(context.Background())
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("default timeout: err = %v after %v", err, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Catalog.Countries(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ctx: err = %v", err)
	}
}

func TestBaseURLs(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) { writeJSON(w, 200, `{"data":[]}`) })
	c := newTestClient(t, f, func(o *Options) { o.APIBase = f.srv.URL + "/api/v1" }) // no trailing slash
	_ = c.store.Save(context.Background(), Session{Token: "tok", IsGuest: "false"})
	if _, err := c.Catalog.AreaBundles(context.Background(), "a/b?c#d"); err != nil {
		t.Fatal(err)
	}
	if got := f.requests()[0].RawPath; got != "/api/v1/catalog/bundles/a%2Fb%3Fc%23d" {
		t.Errorf("path = %q", got)
	}
	for _, bad := range []Options{
		{APIBase: "ftp://x/"}, {SupportBase: "/relative/"}, {APIBase: "https://user:pw@x/"}, {LogPushURL: "::"},
	} {
		if _, err := NewClient(bad); err == nil {
			t.Errorf("NewClient(%+v) accepted", bad)
		}
	}
	c2, err := NewClient(Options{})
	if err != nil || c2.apiBase.String() != DefaultAPIBase || c2.timeout != DefaultTimeout {
		t.Errorf("defaults: %v %v", c2, err)
	}
	// No guest account configured: a public call says so instead of sending nothing.
	if _, err := c2.Catalog.Countries(context.Background()); err == nil || !strings.Contains(err.Error(), "GuestUsername") {
		t.Errorf("err = %v", err)
	}
}

// TestArabicDigits: digits typed on an Arabic or Persian keyboard (contract/vectors/digits.json)
// are sent as ASCII digits: the sign-up phone and dial code, the e-mail code, ICCIDs.
func TestArabicDigits(t *testing.T) {
	ic := testICCID(t)
	eastern := strings.Map(func(r rune) rune { return '\u0660' + (r - '0') }, ic)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
		switch {
		case strings.Contains(r.URL.Path, "/users/otp/send_email/"):
			writeJSON(w, 200, `{"status":200,"data":{"userId":"u-1"}}`)
		case strings.Contains(r.URL.Path, "/users/otp/email/"):
			writeJSON(w, 200, `{"data":{"username":"a@b.co","oneTimeLoginPassword":"pw"}}`)
		default:
			writeJSON(w, 200, `{"data":{"bundles":[]}}`)
		}
	})
	c := newTestClient(t, f)
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "tok", IsGuest: "false"})
	if _, err := c.Users.SendSignupCode(ctx, SignupForm{FirstName: "A", LastName: "B", CountryCode: "\u0669\u0666\u0661", Phone: "\u0667\u0661 \u0661\u0662\u06f3 \u0664\u0665\u0666", Email: "a@b.co"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Users.VerifyCode(ctx, "u-1", "\u0661\u0662\u0663\u0664\u0665\u0666", "captcha"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ESIMs.Info(ctx, eastern); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 3 {
		t.Fatalf("requests = %d, want 3", len(reqs))
	}
	if !strings.Contains(reqs[0].Body, `"countryCode":"961"`) || !strings.Contains(reqs[0].Body, `"phone":"71 123 456"`) {
		t.Errorf("sign-up body = %s, want ASCII digits", reqs[0].Body)
	}
	if !strings.Contains(reqs[1].Body, `"otp":"123456"`) {
		t.Errorf("verify body = %s, want the code in ASCII digits", reqs[1].Body)
	}
	if !strings.HasSuffix(reqs[2].Path, "/esims/"+ic+"/info") {
		t.Errorf("info path = %s, want the ICCID in ASCII digits", reqs[2].Path)
	}
}

// TestEmailLengthInCharacters: the 254 maximum counts characters, as the sandbox and the
// docs do (docs/contract.md, "Bounded input"); it counted bytes, so a 212-character address
// with accents was refused as too long, while the sandbox took it.
func TestEmailLengthInCharacters(t *testing.T) {
	const domain = "@example.com"
	for _, tc := range []struct {
		name  string
		email string
		ok    bool
	}{
		{"254 characters, more bytes", strings.Repeat("é", 254-len(domain)) + domain, true},
		{"255 characters", strings.Repeat("é", 255-len(domain)) + domain, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := validateEmail("email", tc.email)
			if (err == nil) != tc.ok {
				t.Fatalf("validateEmail(%d characters, %d bytes) = %v, want ok %v", len([]rune(tc.email)), len(tc.email), err, tc.ok)
			}
			if err != nil && !utf8.ValidString(err.Error()) {
				t.Fatalf("the message cuts a character in two: %q", err)
			}
		})
	}
}
