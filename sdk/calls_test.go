package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/iccid"
)

func testICCID(t testing.TB) string {
	t.Helper()
	s, err := iccid.Generate("8996101", 4242, 19)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const (
	bundleID = "3f2b8c1e-5d4a-4e6b-9a7c-1b2d3e4f5a6b"
	orderID  = "9a8b7c6d-1234-4abc-8def-0123456789ab"
	acctID   = "5b6c7d8e-9f01-4a2b-8c3d-4e5f60718293"
	tinyPNG  = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)

const bundleJSON = `{"id":"` + bundleID + `","name":"TR_5GB_30D","businessTitle":"Turkey 5 GB","listingDisplayTitle":"5 GB - 30 Days","quotaInMB":5000,"durationInDays":30,"price":12.5,"flagsCodes":["TR"],"roamingCountries":[{"isoCode":"TR","name":"Turkey"}],"isSpecial":false,"bundleUsageLevel":"country","canTopup":true,"thirdPartyProvider":0}`

// TestEveryCall checks, for every call, the request on the wire (method, escaped path,
// query, Authorization kind, content type, body) and that the answer decodes.
func TestEveryCall(t *testing.T) {
	ic := testICCID(t)
	const idem = "0e1d2c3b-4a59-4687-8796-a5b4c3d2e1f0"
	type tc struct {
		call   string
		run    func(ctx context.Context, c *Client) (any, error)
		method string
		path   string // escaped, from the server root
		query  url.Values
		auth   string // bearer | basic | none
		body   string // JSON (compared as JSON) or form (compared as a form); "" means none
		answer string
		status int
		check  func(t *testing.T, v any)
	}
	cases := []tc{
		{call: "token.guest", run: func(ctx context.Context, c *Client) (any, error) { return c.Auth.GuestLogin(ctx) },
			method: "POST", path: "/api/v1/connect/token", auth: "basic",
			body:   "grant_type=password&username=guest%40shop.example&password=guest-password-xyz&scope=accounts.fullaccess+offline_access+openid+profile+roles",
			answer: tokenBody("a", "r"), check: func(t *testing.T, v any) {
				if v.(*Token).AccessToken != "a" || v.(*Token).RefreshToken != "r" || v.(*Token).ExpiresIn != 3600 {
					t.Errorf("%+v", v)
				}
			}},
		{call: "token.refresh", run: func(ctx context.Context, c *Client) (any, error) { return c.Auth.Refresh(ctx, "the-refresh") },
			method: "POST", path: "/api/v1/connect/token", auth: "none",
			body:   "client_id=shop-client&client_secret=client-secret-xyz&grant_type=refresh_token&refresh_token=the-refresh",
			answer: tokenBody("a2", "r2")},
		{call: "token.otp", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Auth.ExchangeOTP(ctx, "rami@example.com", "one-time")
		},
			method: "POST", path: "/api/v1/connect/token", auth: "basic",
			body:   "grant_type=password&username=rami%40example.com&password=one-time&scope=accounts+identity+orders+support+cart+payment+offline_access",
			answer: tokenBody("a3", "r3")},
		{call: "getCurrentUser", run: func(ctx context.Context, c *Client) (any, error) { return c.Users.CurrentUser(ctx) },
			method: "GET", path: "/api/v1/users/actions/get-current-user", auth: "bearer", answer: currentUserOK,
			check: func(t *testing.T, v any) {
				if *v.(*CurrentUser) != (CurrentUser{Email: "rami@example.com", FirstName: "Rami", LastName: "Haddad"}) {
					t.Errorf("%+v", v)
				}
			}},
		{call: "sendOtp", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Users.SendSignupCode(ctx, SignupForm{FirstName: "Rami", LastName: "Haddad", Phone: "3123456", Email: "rami+shop@example.com"})
		},
			method: "POST", path: "/api/v1/users/otp/send_email/rami+shop@example.com/false", auth: "bearer",
			body:   `{"firstName":"Rami","lastName":"Haddad","countryCode":"961","phone":"3123456","email":"rami+shop@example.com"}`,
			answer: `{"status":200,"data":{"userId":"u-1"}}`, check: func(t *testing.T, v any) {
				if *v.(*OTPSent) != (OTPSent{Status: 200, UserID: "u-1"}) {
					t.Errorf("%+v", v)
				}
			}},
		{call: "sendOtp", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Users.SendLoginCode(ctx, "rami@example.com")
		},
			method: "POST", path: "/api/v1/users/otp/send_email/rami@example.com/true", auth: "bearer",
			body: `{"email":"rami@example.com"}`, answer: `{"status":200,"data":{"userId":"u-2"}}`},
		{call: "verifyOtp", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Users.VerifyCode(ctx, "u-1", "123456", "cap-tok")
		},
			method: "POST", path: "/api/v1/users/otp/email/u-1", auth: "bearer",
			body:   `{"idempotencyId":"` + idem + `","otp":"123456","username":"","userId":"u-1","captchaToken":"cap-tok"}`,
			answer: `{"data":{"username":"rami@example.com","oneTimeLoginPassword":"x"}}`},
		{call: "listCountries", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.Countries(ctx) },
			method: "GET", path: "/api/v1/catalog/countries", auth: "bearer", answer: `{"data":[{"name":"Turkey","isoCode":"TR"}]}`,
			check: func(t *testing.T, v any) {
				if l := v.([]Country); len(l) != 1 || l[0] != (Country{Name: "Turkey", ISOCode: "TR"}) {
					t.Errorf("%+v", v)
				}
			}},
		{call: "listRegions", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.Regions(ctx) },
			method: "GET", path: "/api/v1/catalog/regions", auth: "bearer", answer: `{"data":[{"name":"Middle East"}]}`},
		{call: "listSpecialBundles", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.SpecialBundles(ctx) },
			method: "GET", path: "/api/v1/catalog/bundles/special", auth: "none",
			answer: `{"data":[{"id":"` + bundleID + `","name":"HAJ_10GB","group":"Hajj","groupIconCode":"haj","isSpecial":true}]}`,
			check: func(t *testing.T, v any) {
				if l := v.([]Bundle); len(l) != 1 || l[0].Group != "Hajj" || l[0].GroupIconCode != "haj" || !l[0].IsSpecial {
					t.Errorf("%+v", v)
				}
			}},
		{call: "listAreaBundles", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.AreaBundles(ctx, "Middle East") },
			method: "GET", path: "/api/v1/catalog/bundles/Middle%20East", auth: "none", answer: `{"data":[` + bundleJSON + `]}`,
			check: func(t *testing.T, v any) {
				b := v.([]Bundle)[0]
				if b.ID != bundleID || b.Name != "TR_5GB_30D" || b.QuotaInMB != 5000 || b.DurationInDays != 30 || b.Price != 12.5 ||
					b.FlagsCodes[0] != "TR" || b.RoamingCountries[0].ISOCode != "TR" || !b.CanTopup || b.BundleUsageLevel != "country" {
					t.Errorf("%+v", b)
				}
			}},
		{call: "listAreaBundles.global", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.AreaBundles(ctx, "global") },
			method: "GET", path: "/api/v1/catalog/bundles/global", auth: "none", answer: `{"data":[]}`},
		{call: "listAreaBundles.topup", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.TopupBundles(ctx, "TR", ic, 2) },
			method: "GET", path: "/api/v1/catalog/bundles/TR", query: url.Values{"iccid": {ic}, "provider": {"2"}}, auth: "bearer",
			answer: `{"data":[` + bundleJSON + `]}`},
		{call: "searchBundles", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.Search(ctx, []string{"tr", "LB"}) },
			method: "GET", path: "/api/v1/catalog/search_bundles/TR,LB", auth: "none", answer: `{"data":[` + bundleJSON + `]}`},
		{call: "getBundle", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.Bundle(ctx, bundleID) },
			method: "GET", path: "/api/v1/catalog/bundle/" + bundleID, auth: "none", answer: `{"data":[` + bundleJSON + `]}`,
			check: func(t *testing.T, v any) {
				if v.(*Bundle).BusinessTitle != "Turkey 5 GB" {
					t.Errorf("%+v", v)
				}
			}},
		{call: "listCountries.areaList", run: func(ctx context.Context, c *Client) (any, error) { return c.Catalog.AreaList(ctx, "catalog/countries") },
			method: "GET", path: "/api/v1/catalog/countries", auth: "bearer", answer: `{"data":[{"name":"Europe"},{"name":"Turkey","isoCode":"TR"}]}`,
			check: func(t *testing.T, v any) {
				if l := v.([]Area); len(l) != 2 || l[1].ISOCode != "TR" || l[0].ISOCode != "" {
					t.Errorf("%+v", v)
				}
			}},
		{call: "topupBundleSelected", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Catalog.TopupBundleSelected(ctx, ic, "TR_5GB_30D", 0)
		},
			method: "GET", path: "/api/v1/catalog/topup_bundle_selected/" + ic + "/TR_5GB_30D/0", auth: "bearer",
			answer: `{"data":{"data":[` + bundleJSON + `]}}`},
		{call: "createOrder", run: func(ctx context.Context, c *Client) (any, error) { return c.Orders.Create(ctx) },
			method: "POST", path: "/api/v1/orderfulfillment/orders", auth: "basic", body: "",
			answer: `{"data":{"orderId":"` + orderID + `","newlyCreated":true}}`, check: func(t *testing.T, v any) {
				if *v.(*Order) != (Order{OrderID: orderID, NewlyCreated: true}) {
					t.Errorf("%+v", v)
				}
			}},
		{call: "deleteOrder", run: func(ctx context.Context, c *Client) (any, error) { return nil, c.Orders.Delete(ctx, orderID) },
			method: "DELETE", path: "/api/v1/orderfulfillment/orders/" + orderID, auth: "bearer", answer: `{"data":{"deleted":true}}`},
		{call: "addOrderDetails", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Orders.AddDetails(ctx, "", orderID, bundleID)
		},
			method: "POST", path: "/api/v1/accounts/" + ZeroAccountID + "/" + orderID + "/orderdetails", auth: "bearer",
			body:   `{"idempotencyId":"` + idem + `","discountAmount":"0","tax":"0","quantity":"1","order":[{"ServiceItemId":"` + bundleID + `","keepCurrentPlan":false,"addCredits":false,"type":15}]}`,
			answer: `{"data":{"checkoutURL":"https://pay.example.com/c/abc"}}`},
		{call: "checkEsim", run: func(ctx context.Context, c *Client) (any, error) { return c.ESIMCheck.Check(ctx, "TR_5GB_30D", ic) },
			method: "GET", path: "/esim-check/api/v1/esims/check/TR_5GB_30D/" + ic, auth: "bearer",
			answer: `{"data":{"data":{"canContinue":true}}}`, check: func(t *testing.T, v any) {
				if v != true {
					t.Errorf("%v", v)
				}
			}},
		{call: "canPurchase", run: func(ctx context.Context, c *Client) (any, error) {
			return c.Support.CanPurchase(ctx, bundleID, "rami@example.com")
		},
			method: "POST", path: "/esim-service/api/v1/esims/can-purchase", auth: "bearer",
			body:   `{"bundleId":"` + bundleID + `","userEmail":"rami@example.com","comment":"source: website"}`,
			answer: `{"data":{"canContinue":false,"reason":"Limit reached"}}`, check: func(t *testing.T, v any) {
				if *v.(*PurchaseCheck) != (PurchaseCheck{Reason: "Limit reached"}) {
					t.Errorf("%+v", v)
				}
			}},
		{call: "contactUs", run: func(ctx context.Context, c *Client) (any, error) {
			return nil, c.Support.ContactUs(ctx, ContactForm{FullName: "Rami", Email: "rami@example.com", Message: "Hi", Department: "Support"})
		},
			method: "POST", path: "/esim-service/api/v1/support/contact-us", auth: "bearer",
			body:   `{"FullName":"Rami","Email":"rami@example.com","Message":"Hi","Department":"Support","IdempotencyId":"` + idem + `"}`,
			answer: `{"data":{"id":"x"}}`},
		{call: "getQrCode", run: func(ctx context.Context, c *Client) (any, error) { return c.ESIMs.QRCode(ctx, ic) },
			method: "GET", path: "/esim-service/api/v1/esims/" + ic + "/QrCode", auth: "bearer",
			answer: `{"data":{"base64QRCodeImage":"` + tinyPNG + `"}}`, check: func(t *testing.T, v any) {
				if !bytes.HasPrefix(v.([]byte), []byte(pngSignature)) {
					t.Errorf("not a PNG")
				}
			}},
		{call: "getEsimInfo", run: func(ctx context.Context, c *Client) (any, error) { return c.ESIMs.Info(ctx, ic) },
			method: "GET", path: "/esim-service/api/v1/esims/" + ic + "/info", auth: "bearer",
			answer: `{"data":{"bundles":[{"bundleId":"b1","bundleDisplayName":"","description":"Turkey 5GB","startTime":"2025-09-01T10:00:00Z","endTime":null,"assignmentDatetime":"2025-08-31T21:15:00","bundleState":"Active","initialQuantity":5000000000,"remainingQuantity":1250000000,"unlimited":false,"countries":[{"isoCode":"TR","name":"Turkey"}]}]}}`,
			check: func(t *testing.T, v any) {
				b := v.([]ESIMBundle)[0]
				if b.DisplayName() != "Turkey 5GB" || !b.EndTime.IsZero() || !b.StartTime.Equal(time.Date(2025, 9, 1, 10, 0, 0, 0, time.UTC)) ||
					!b.AssignmentDatetime.Equal(time.Date(2025, 8, 31, 21, 15, 0, 0, time.UTC)) || b.RemainingQuantity != 1250000000 {
					t.Errorf("%+v", b)
				}
			}},
		{call: "listEsimsByEmail", run: func(ctx context.Context, c *Client) (any, error) { return c.ESIMs.ByEmail(ctx, "rami@example.com") },
			method: "GET", path: "/esim-service/api/v1/esims/useremails/rami@example.com", auth: "bearer",
			answer: `{"data":{"esims":[{"iccid":"` + ic + `","accountId":"` + acctID + `","base64QRCodeImage":"","linkOnIphone":"https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24ABC","actionDate":"2025-08-31T21:15:00Z","bundles":[]}]}}`,
			check: func(t *testing.T, v any) {
				e := v.([]ESIM)[0]
				if e.ICCID != ic || e.AccountID != acctID || e.ActionDate.IsZero() || e.Bundles == nil {
					t.Errorf("%+v", e)
				}
			}},
		{call: "pushLogs", run: func(ctx context.Context, c *Client) (any, error) {
			return nil, c.Logs.Push(ctx, LogLine{Container: "web", Job: "shop", Level: "error", Message: "boom", Time: time.Unix(1700000000, 5)})
		},
			method: "POST", path: "/loki/api/v1/push", auth: "bearer", status: 204,
			body: `{"streams":[{"stream":{"container":"web","job":"shop","level":"error"},"values":[["1700000000000000005","boom"]]}]}`},
	}
	for _, tc := range cases {
		t.Run(tc.call+" "+tc.path, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				if tc.status == 204 {
					w.WriteHeader(204)
					return
				}
				writeJSON(w, 200, tc.answer)
			})
			c := newTestClient(t, f, func(o *Options) {
				o.NewID = func() string { return idem }
				o.UserAgent = "esim-test/1"
			})
			ctx := context.Background()
			_ = c.store.Save(ctx, Session{Token: "tok", RefreshToken: "rt", IsGuest: "false"})
			v, err := tc.run(ctx, c)
			if err != nil {
				t.Fatalf("%s: %v", tc.call, err)
			}
			reqs := f.requests()
			if len(reqs) != 1 {
				t.Fatalf("requests = %d, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != tc.method || r.RawPath != tc.path {
				t.Errorf("request = %s %s, want %s %s", r.Method, r.RawPath, tc.method, tc.path)
			}
			if want := tc.query.Encode(); r.Query != want {
				t.Errorf("query = %q, want %q", r.Query, want)
			}
			wantAuth := map[string]string{"bearer": "Bearer tok", "basic": basicHeader(), "none": ""}[tc.auth]
			if r.Auth != wantAuth {
				t.Errorf("Authorization = %q, want %q", r.Auth, wantAuth)
			}
			if r.Accept != "application/json, text/plain, */*" || r.UserAgent != "esim-test/1" {
				t.Errorf("Accept %q, User-Agent %q", r.Accept, r.UserAgent)
			}
			assertBody(t, r, tc.body, tc.method)
			if tc.check != nil {
				tc.check(t, v)
			}
		})
	}
}

func assertBody(t *testing.T, r seen, want, method string) {
	t.Helper()
	switch {
	case strings.HasPrefix(want, "{"):
		if r.ContentType != "application/json" {
			t.Errorf("Content-Type = %q", r.ContentType)
		}
		var got, exp any
		if err := json.Unmarshal([]byte(r.Body), &got); err != nil {
			t.Fatalf("body %q: %v", r.Body, err)
		}
		_ = json.Unmarshal([]byte(want), &exp)
		g, _ := json.Marshal(got)
		e, _ := json.Marshal(exp)
		if !bytes.Equal(g, e) {
			t.Errorf("body = %s\nwant   %s", g, e)
		}
	case method == "POST":
		if r.ContentType != "application/x-www-form-urlencoded" {
			t.Errorf("Content-Type = %q", r.ContentType)
		}
		got, _ := url.ParseQuery(r.Body)
		exp, _ := url.ParseQuery(want)
		if got.Encode() != exp.Encode() {
			t.Errorf("form = %q, want %q", got.Encode(), exp.Encode())
		}
	default:
		if r.Body != "" || r.ContentType != "" {
			t.Errorf("unexpected body %q (%s)", r.Body, r.ContentType)
		}
	}
}

// TestFlows covers Checkout and TopupSelect over their branches.
func TestFlows(t *testing.T) {
	ic := testICCID(t)
	t.Run("checkout recreates an old order and adds the query", func(t *testing.T) {
		creates := 0
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
			switch {
			case strings.HasSuffix(r.URL.Path, "/can-purchase"):
				writeJSON(w, 200, `{"data":{"canContinue":true,"reason":""}}`)
			case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/orderfulfillment/orders"):
				creates++
				if creates == 1 {
					writeJSON(w, 200, `{"data":{"orderId":"old-order","newlyCreated":false}}`)
					return
				}
				writeJSON(w, 200, `{"data":{"orderId":"`+orderID+`","newlyCreated":true}}`)
			case r.Method == "DELETE":
				writeJSON(w, 200, `{"data":{"deleted":true}}`)
			case strings.HasSuffix(r.URL.Path, "/orderdetails"):
				writeJSON(w, 200, `{"data":{"checkoutURL":"https://pay.example.com/c/abc?session=s1"}}`)
			default:
				problem(w, 404, "Not Found", r.URL.Path)
			}
		})
		c := newTestClient(t, f)
		ctx := context.Background()
		_ = c.store.Save(ctx, Session{Token: "tok", IsGuest: "false"})
		res, err := c.Checkout(ctx, CheckoutRequest{BundleID: bundleID, Email: "rami@example.com", TopupAccountID: acctID})
		if err != nil {
			t.Fatal(err)
		}
		if res.OrderID != orderID || res.CheckoutURL != "https://pay.example.com/c/abc?currency=usd&quantity=1&session=s1" {
			t.Errorf("result = %+v", res)
		}
		var got []string
		for _, r := range f.requests() {
			got = append(got, r.Method+" "+r.Path)
		}
		want := []string{
			"POST /esim-service/api/v1/esims/can-purchase", "POST /api/v1/orderfulfillment/orders",
			"DELETE /api/v1/orderfulfillment/orders/old-order", "POST /api/v1/orderfulfillment/orders",
			"POST /api/v1/accounts/" + acctID + "/" + orderID + "/orderdetails",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
	t.Run("checkout refused with the server's reason", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
			writeJSON(w, 200, `{"data":{"canContinue":false,"reason":"You already own this plan."}}`)
		})
		c := newTestClient(t, f)
		_ = c.store.Save(context.Background(), Session{Token: "tok", IsGuest: "false"})
		_, err := c.Checkout(context.Background(), CheckoutRequest{BundleID: bundleID, Email: "rami@example.com"})
		var pr *PurchaseRefusedError
		if !errors.As(err, &pr) || pr.Reason != "You already own this plan." || len(f.requests()) != 1 {
			t.Fatalf("err = %v after %d requests", err, len(f.requests()))
		}
	})
	for _, tc := range []struct {
		name      string
		check     string
		selStatus int
		wantID    string
		wantErr   func(error) bool
		wantReqs  int
	}{
		{"top-up selects the server's bundle", `{"data":{"data":{"canContinue":true}}}`, 200, bundleID, nil, 2},
		{"top-up plan cannot continue", `{"data":{"data":{"canContinue":false}}}`, 200, "", func(err error) bool { return errors.Is(err, ErrInvalidPlan) }, 1},
		{"top-up selection refused", `{"data":{"data":{"canContinue":true}}}`, 404, "", IsNotFound, 2},
		{"top-up selection 202 is an API error", `{"data":{"data":{"canContinue":true}}}`, 202, "", func(err error) bool { return IsStatus(err, 202) }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, body string) {
				if strings.Contains(r.URL.Path, "/esims/check/") {
					writeJSON(w, 200, tc.check)
					return
				}
				if tc.selStatus == 404 {
					problem(w, 404, "Not Found", "Bundle cannot top up this eSIM")
					return
				}
				writeJSON(w, tc.selStatus, `{"data":{"data":[`+bundleJSON+`]}}`)
			})
			c := newTestClient(t, f)
			_ = c.store.Save(context.Background(), Session{Token: "tok", IsGuest: "false"})
			id, err := c.TopupSelect(context.Background(), ic, "TR_5GB_30D", 0)
			if tc.wantErr == nil && err != nil || tc.wantErr != nil && !tc.wantErr(err) {
				t.Fatalf("err = %v", err)
			}
			if id != tc.wantID || len(f.requests()) != tc.wantReqs {
				t.Errorf("id = %q after %d requests", id, len(f.requests()))
			}
		})
	}
}
