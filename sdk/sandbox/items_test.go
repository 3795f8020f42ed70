package sandbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// Issue 21's smaller items (8 and 9): the audit's retention, e-mail identity, the 401
// challenge, the maxima, and repeated checkout submits.

// TestAuditKeepsYoungEntries (issue 21.8): the audit log is kept in the state file, and an
// entry younger than the retention period is never evicted: with the log full of young
// entries another agent read is refused (no read goes unaudited); once they are older than
// the retention period they make room.
func TestAuditKeepsYoungEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	opts := sandbox.WithStateLimits(sandbox.Options{StatePath: path, AccessTokenLifetime: 365 * 24 * time.Hour, AuditRetention: 30 * 24 * time.Hour}, 1000, 1000, 3)
	e := newEnv(t, opts)
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	_, es := buy(t, e, "a@example.com", tr)
	_, agent := login(t, e, sandbox.DefaultAgentEmail)
	hdr := map[string]string{"Authorization": "Bearer " + agent.AccessToken}
	reads := []string{
		sandbox.SupportPath + "esims/useremails/a@example.com",
		sandbox.SupportPath + "esims/" + es.ICCID + "/QrCode",
		sandbox.SupportPath + "esims/" + es.ICCID + "/info",
		sandbox.ESIMCheckPath + "esims/check/" + tr.Name + "/" + es.ICCID,
	}
	for _, p := range reads[:3] {
		if st, _, body := raw(t, e, "GET", p, "", "", hdr); st != 200 {
			t.Fatalf("%s: %d %s", p, st, body)
		}
	}
	if st, _, body := raw(t, e, "GET", reads[3], "", "", hdr); st != 503 || !strings.Contains(body, "audit log is full") {
		t.Fatalf("a read with the audit log full of young entries: %d %s", st, body)
	}
	if n := len(e.sb.Audit()); n != 3 {
		t.Fatalf("%d audit entries, want the 3 young ones", n)
	}

	// The audit is in the state file: a restart keeps it.
	e.close(t)
	e = newEnv(t, opts)
	if n := len(e.sb.Audit()); n != 3 {
		t.Fatalf("after a restart: %d audit entries, want 3", n)
	}
	e.clock.Advance(31 * 24 * time.Hour)
	if st, _, body := raw(t, e, "GET", reads[3], "", "", hdr); st != 200 {
		t.Fatalf("a read once the entries are past the retention period: %d %s", st, body)
	}
	if a := e.sb.Audit(); len(a) != 1 || a[0].Call != "checkEsim" {
		t.Fatalf("audit after the retention period: %+v", a)
	}
}

// TestEmailIdentityFoldsASCIIOnly (issue 21.9): "ſam@" (long s) is not "sam@": it is
// neither sam's account nor sam's eSIMs.
func TestEmailIdentityFoldsASCIIOnly(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	sam, _ := buy(t, e, "sam@example.com", tr)
	auth := map[string]string{"Authorization": guestBearer(t, e)}
	if st, _, body := raw(t, e, "POST", sandbox.APIPath+"users/otp/send_email/ſam@example.com/true", "application/json", `{}`, auth); st != 404 {
		t.Fatalf("login code for ſam@: %d %s, want 404 (not sam's account)", st, body)
	}
	mine := map[string]string{"Authorization": bearerOf(t, sam)}
	if st, _, body := raw(t, e, "GET", sandbox.SupportPath+"esims/useremails/"+url.PathEscape("ſam@example.com"), "", "", mine); st != 403 {
		t.Fatalf("sam reading ſam@'s eSIMs: %d %s, want 403", st, body)
	}
	if st, _, body := raw(t, e, "GET", sandbox.SupportPath+"esims/useremails/SAM@Example.com", "", "", mine); st != 200 {
		t.Fatalf("ASCII case still folds: %d %s", st, body)
	}
}

// TestUnauthorizedCarriesAChallenge (issue 21.9): every 401 has the WWW-Authenticate header
// the OpenAPI lists: Bearer for the bearer calls, Basic for the client-credential call.
func TestUnauthorizedCarriesAChallenge(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	for _, tt := range []struct {
		name, method, path, auth, want string
	}{
		{"no token", "GET", sandbox.APIPath + "catalog/countries", "", `Bearer realm=`},
		{"a bad token", "GET", sandbox.APIPath + "users/actions/get-current-user", "Bearer nope", `error="invalid_token"`},
		{"no client credential", "POST", sandbox.APIPath + "orderfulfillment/orders", "", `Basic realm=`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hdr := map[string]string{}
			if tt.auth != "" {
				hdr["Authorization"] = tt.auth
			}
			st, h, body := call(t, e.srv.Client(), e, tt.method, tt.path, "", "", hdr)
			if st != 401 || !strings.Contains(h.Get("WWW-Authenticate"), tt.want) {
				t.Fatalf("%d, WWW-Authenticate %q (want %q): %s", st, h.Get("WWW-Authenticate"), tt.want, body)
			}
		})
	}
	addFault(t, e, sandbox.Fault{Path: "catalog/regions", Status: 401, Count: 1})
	if st, h, _ := call(t, e.srv.Client(), e, "GET", sandbox.APIPath+"catalog/regions", "", "", map[string]string{"Authorization": guestBearer(t, e)}); st != 401 || h.Get("WWW-Authenticate") == "" {
		t.Fatalf("an injected 401: %d, WWW-Authenticate %q", st, h.Get("WWW-Authenticate"))
	}
}

// TestMaximaCountCharacters (issue 21.9): the fault fields and orderdetails' amounts have
// maxima, and lengths are characters everywhere: 64 four-byte characters are a valid
// idempotency id, 65 are not.
func TestMaximaCountCharacters(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	fault := func(f map[string]any) (int, string) {
		b, _ := json.Marshal(f)
		st, _, body := raw(t, e, "POST", "/sandbox/faults", "application/json", string(b), nil)
		return st, body
	}
	for _, tt := range []struct {
		name  string
		fault map[string]any
		want  string
	}{
		{"detail", map[string]any{"path": "x", "status": 500, "detail": big(1001)}, "detail is longer than 1000 characters"},
		{"path", map[string]any{"path": strings.Repeat("p", 2049), "status": 500}, "path is longer than 2048 characters"},
		{"method", map[string]any{"path": "x", "status": 500, "method": big(17)}, "method is longer than 16 characters"},
		{"count", map[string]any{"path": "x", "status": 500, "count": 1_000_001}, "count must be 0..1000000"},
	} {
		if st, body := fault(tt.fault); st != 400 || !strings.Contains(body, tt.want) {
			t.Errorf("fault %s over its maximum: %d %.200s", tt.name, st, body)
		}
	}
	if st, body := fault(map[string]any{"path": big(2048), "status": 500, "detail": big(1000), "count": 1_000_000}); st != 201 {
		t.Errorf("fault fields at their maxima: %d %.200s", st, body)
	}
	if st, _, _ := raw(t, e, "DELETE", "/sandbox/faults", "", "", nil); st != 204 {
		t.Fatal("clear faults")
	}

	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	c := e.client(t)
	signup(t, context.Background(), e, c, "max@example.com")
	auth := map[string]string{"Authorization": bearerOf(t, c)}
	details := func(idem, discount string) (int, string) {
		b, _ := json.Marshal(map[string]any{"idempotencyId": idem, "discountAmount": discount, "tax": "0", "quantity": "1",
			"order": []map[string]any{{"ServiceItemId": tr.ID, "keepCurrentPlan": false, "addCredits": false, "type": 15}}})
		st, _, body := raw(t, e, "POST", detailsPath(createOrder(t, e)), "application/json", string(b), auth)
		return st, body
	}
	for _, tt := range []struct {
		name, idem, discount string
		status               int
		detail               string
	}{
		{"64 four-byte characters", big(64), "0", 200, ""},
		{"65 characters", big(65), "0", 400, "idempotencyId is longer than 64 characters."},
		{"a discount over its maximum", "", strings.Repeat("0", 33), 400, "discountAmount is longer than 32 characters."},
	} {
		if st, body := details(tt.idem, tt.discount); st != tt.status || !strings.Contains(body, tt.detail) {
			t.Errorf("%s: %d %s", tt.name, st, body)
		}
	}
}

// TestRepeatedCheckoutSubmitsShowThePaidResult (issue 21.9): 20 submits of one checkout
// form at once (a double click, a resubmitted page) pay once, and every one of them shows
// the paid result.
func TestRepeatedCheckoutSubmitsShowThePaidResult(t *testing.T) {
	e := newEnv(t, sandbox.Options{AccessTokenLifetime: time.Hour})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	c := e.client(t)
	ctx := context.Background()
	signup(t, ctx, e, c, "clicks@example.com")
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: "clicks@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(res.CheckoutURL)
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	results := make([]string, 20)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() {
			resp, err := hc.PostForm(e.srv.URL+u.Path, url.Values{"cardNumber": {sandbox.CardPays}})
			if err != nil {
				results[i] = err.Error()
				return
			}
			_ = resp.Body.Close()
			results[i] = fmt.Sprint(resp.StatusCode, " ", resp.Header.Get("Location"))
		})
	}
	wg.Wait()
	for i, r := range results {
		if !strings.HasPrefix(r, "303 /actionresult?") || !strings.Contains(r, "success=true") || r != results[0] {
			t.Fatalf("submit %d: %q (first: %q)", i, r, results[0])
		}
	}
	if list, err := c.ESIMs.ByEmail(ctx, "clicks@example.com"); err != nil || len(list) != 1 {
		t.Fatalf("eSIMs after 20 submits: %d %v, want 1", len(list), err)
	}
}
