package sandbox_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// withLanguage is a transport that sends the shop's Accept-Language, as the web shop does.
type withLanguage struct {
	lang string
	next http.RoundTripper
}

func (w withLanguage) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Accept-Language", w.lang)
	return w.next.RoundTrip(r)
}

// clientIn is an SDK client of e whose requests say Accept-Language: lang.
func clientIn(t *testing.T, e *env, lang string) *sdk.Client {
	t.Helper()
	hc := *e.srv.Client()
	hc.Transport = withLanguage{lang: lang, next: e.srv.Client().Transport}
	c, err := sdk.NewClient(sdk.Options{
		APIBase: e.srv.URL + sandbox.APIPath, SupportBase: e.srv.URL + sandbox.SupportPath,
		ESIMCheckBase: e.srv.URL + sandbox.ESIMCheckPath, LogPushURL: e.srv.URL + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: &hc,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mailsTo are the mailbox's mails to one address, oldest first.
func mailsTo(e *env, to string) []sandbox.Mail {
	var out []sandbox.Mail
	for _, m := range e.sb.Mailbox() {
		if m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// TestMailsInTheCustomersLanguage: the code, delivery, top-up and contact mails are written
// in the language the shop asked for at sign-up (Accept-Language), and the delivery mail
// carries the Android install link as well as the iPhone one.
func TestMailsInTheCustomersLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang                                  string
		code, delivery, topup, contact, phone string
	}{
		{"en-US,en;q=0.9", "verification code is", "eSIM is ready", "top-up is on its way", "We received your message", "On an Android phone, open: https://esimsetup.android.com/"},
		{"ar-LB,ar;q=0.9,en;q=0.8", "رمز التحقق من", "جاهزة", "الباقة الإضافية", "وصلتنا رسالتك", "على هاتف Android، افتح: https://esimsetup.android.com/"},
		{"fr-FR,fr;q=0.9", "Votre code de vérification", "est prête", "Votre recharge", "Nous avons bien reçu votre message", "Sur un téléphone Android, ouvrez\u202f: https://esimsetup.android.com/"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			ctx := context.Background()
			e := newEnv(t, sandbox.Options{})
			c := clientIn(t, e, tc.lang)
			const email = "lina@example.com"
			sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Lina", LastName: "Khoury", CountryCode: "961", Phone: "70123456", Email: email})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Login(ctx, sent.UserID, e.sb.LatestCode(email), "captcha-token"); err != nil {
				t.Fatal(err)
			}
			bundles, err := c.Catalog.AreaBundles(ctx, "TR")
			if err != nil {
				t.Fatal(err)
			}
			plan := firstBundle(t, bundles, func(b sdk.Bundle) bool { return b.CanTopup })
			res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email})
			if err != nil {
				t.Fatal(err)
			}
			// The hosted checkout page is the customer's browser, which may say another
			// language: the mail follows the account's.
			e.pay(t, res.CheckoutURL, "4242 4242 4242 4242")
			esims, err := c.ESIMs.ByEmail(ctx, email)
			if err != nil || len(esims) != 1 {
				t.Fatalf("eSIMs: %v %v", esims, err)
			}
			top, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: plan.ID, Email: email, TopupAccountID: esims[0].AccountID})
			if err != nil {
				t.Fatal(err)
			}
			e.pay(t, top.CheckoutURL, "4242 4242 4242 4242")
			if err := c.Support.ContactUs(ctx, sdk.ContactForm{FullName: "Lina Khoury", Email: email, Message: "Hello", Department: "Support"}); err != nil {
				t.Fatal(err)
			}
			mails := mailsTo(e, email)
			if len(mails) != 4 {
				t.Fatalf("%d mails, want 4 (code, delivery, top-up, contact)", len(mails))
			}
			for i, want := range []string{tc.code, tc.delivery, tc.topup, tc.contact} {
				if m := mails[i]; !strings.Contains(m.Subject+"\n"+m.Text, want) {
					t.Errorf("mail %d (%q) lacks %q:\n%s", i, m.Subject, want, m.Text)
				}
			}
			if d := mails[1].Text; !strings.Contains(d, tc.phone) || !strings.Contains(d, "https://esimsetup.apple.com/") {
				t.Errorf("delivery mail lacks the Android or iPhone link:\n%s", d)
			}
		})
	}
}

// TestContactMailWithoutAnAccount: a contact message of someone without an account follows
// its own request's language; without one it is English.
func TestContactMailWithoutAnAccount(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{})
	for _, tc := range []struct{ lang, email, want string }{
		{"fr", "a@example.com", "Nous avons bien reçu votre message"},
		{"de-DE", "b@example.com", "We received your message"},
		{"", "c@example.com", "We received your message"},
	} {
		if err := clientIn(t, e, tc.lang).Support.ContactUs(ctx, sdk.ContactForm{FullName: "A", Email: tc.email, Message: "Hi", Department: "Sales"}); err != nil {
			t.Fatal(err)
		}
		if m := mailsTo(e, tc.email); len(m) != 1 || !strings.Contains(m[0].Subject, tc.want) {
			t.Errorf("%q: %+v, want a subject with %q", tc.lang, m, tc.want)
		}
	}
}
