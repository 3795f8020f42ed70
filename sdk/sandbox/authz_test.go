package sandbox_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/iccid"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// login signs an existing account in with the e-mail-code login.
func login(t *testing.T, e *env, email string) (*sdk.Client, *sdk.Token) {
	t.Helper()
	ctx := context.Background()
	c := e.client(t)
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatalf("guest login: %v", err)
	}
	sent, err := c.Users.SendLoginCode(ctx, email)
	if err != nil {
		t.Fatalf("login code for %s: %v", email, err)
	}
	tok, err := c.Login(ctx, sent.UserID, e.sb.LatestCode(email), "captcha")
	if err != nil {
		t.Fatalf("login %s: %v", email, err)
	}
	return c, tok
}

// authzWorld: customer A with an eSIM, customer B with none, the seeded agent, an extra
// agent from Options.Agents, and a guest.
type authzWorld struct {
	e                      *env
	esim                   sdk.ESIM
	bundle                 *sandbox.Bundle
	guest, a, b, ag, extra string // Authorization header values
	agTok, extraToken      *sdk.Token
}

func newAuthzWorld(t *testing.T) *authzWorld {
	t.Helper()
	e := newEnv(t, sandbox.Options{Agents: []string{"lina@support.example"}})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	ca, es := buy(t, e, "a@example.com", tr)
	cb := e.client(t)
	signup(t, context.Background(), e, cb, "b@example.com")
	_, agTok := login(t, e, sandbox.DefaultAgentEmail)
	_, extra := login(t, e, "lina@support.example")
	sa, _ := ca.Store().Load(context.Background())
	sbb, _ := cb.Store().Load(context.Background())
	return &authzWorld{
		e: e, esim: es, bundle: tr,
		guest: guestBearer(t, e), a: "Bearer " + sa.Token, b: "Bearer " + sbb.Token,
		ag: "Bearer " + agTok.AccessToken, extra: "Bearer " + extra.AccessToken,
		agTok: agTok, extraToken: extra,
	}
}

func TestAgentRoleInTokens(t *testing.T) {
	w := newAuthzWorld(t)
	for _, tc := range []struct {
		name  string
		tok   *sdk.Token
		email string
	}{
		{"seeded agent", w.agTok, sandbox.DefaultAgentEmail},
		{"--agent", w.extraToken, "lina@support.example"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.tok.Claims.IsAgent() || tc.tok.Claims.Role != sdk.RoleAgent || tc.tok.Claims.IsGuest || tc.tok.Claims.Email != tc.email {
				t.Fatalf("claims %+v", tc.tok.Claims)
			}
		})
	}
	ctx := context.Background()
	c := w.e.client(t)
	tok := signup(t, ctx, w.e, c, "c@example.com")
	if tok.Claims.Role != sdk.RoleCustomer || tok.Claims.IsAgent() {
		t.Fatalf("customer claims %+v", tok.Claims)
	}
	g, err := c.Auth.GuestLogin(ctx)
	if err != nil || g.Claims.Role != sdk.RoleGuest {
		t.Fatalf("guest claims %+v %v", g.Claims, err)
	}
	// The role survives the refresh grant.
	next, err := c.Auth.Refresh(ctx, w.agTok.RefreshToken)
	if err != nil || !next.Claims.IsAgent() {
		t.Fatalf("agent refresh: %+v %v", next, err)
	}
}

// TestWhoReadsWhat is the authorization table of docs/contract.md for every customer-data
// read: guest never, customer only their own, agent any (audited).
func TestWhoReadsWhat(t *testing.T) {
	w := newAuthzWorld(t)
	own := w.esim.ICCID
	unknown := "8996199000000000006" // a valid-looking ICCID that nobody owns
	paths := map[string]string{
		"byEmail A":     sandbox.SupportPath + "esims/useremails/a@example.com",
		"byEmail A CI":  sandbox.SupportPath + "esims/useremails/A@Example.com",
		"qr":            sandbox.SupportPath + "esims/" + own + "/QrCode",
		"info":          sandbox.SupportPath + "esims/" + own + "/info",
		"info unknown":  sandbox.SupportPath + "esims/" + unknown + "/info",
		"check":         sandbox.ESIMCheckPath + "esims/check/" + w.bundle.Name + "/" + own,
		"topup select":  sandbox.APIPath + "catalog/topup_bundle_selected/" + own + "/" + w.bundle.Name + "/0",
		"check unknown": sandbox.ESIMCheckPath + "esims/check/" + w.bundle.Name + "/" + unknown,
	}
	tests := []struct {
		who, auth, call string
		want            int
		audited         bool
	}{
		{"guest", w.guest, "byEmail A", 403, false},
		{"guest", w.guest, "qr", 403, false},
		{"guest", w.guest, "info", 403, false},
		{"guest", w.guest, "check", 403, false},
		{"guest", w.guest, "topup select", 403, false},
		{"owner", w.a, "byEmail A", 200, false},
		{"owner", w.a, "byEmail A CI", 200, false},
		{"owner", w.a, "qr", 200, false},
		{"owner", w.a, "info", 200, false},
		{"owner", w.a, "check", 200, false},
		{"owner", w.a, "info unknown", 403, false},
		{"owner", w.a, "check unknown", 403, false},
		{"other customer", w.b, "byEmail A", 403, false},
		{"other customer", w.b, "qr", 403, false},
		{"other customer", w.b, "info", 403, false},
		{"other customer", w.b, "check", 403, false},
		{"other customer", w.b, "topup select", 403, false},
		{"agent", w.ag, "byEmail A", 200, true},
		{"agent", w.ag, "qr", 200, true},
		{"agent", w.ag, "info", 200, true},
		{"agent", w.ag, "check", 200, true},
		{"agent", w.ag, "info unknown", 404, true},
		{"extra agent", w.extra, "qr", 200, true},
		{"no token", "", "qr", 401, false},
	}
	for _, tt := range tests {
		t.Run(tt.who+" "+tt.call, func(t *testing.T) {
			before := len(w.e.sb.Audit())
			hdr := map[string]string{}
			if tt.auth != "" {
				hdr["Authorization"] = tt.auth
			}
			st, ct, body := raw(t, w.e, "GET", paths[tt.call], "", "", hdr)
			if st != tt.want {
				t.Fatalf("status %d, want %d: %s", st, tt.want, body)
			}
			if st == 403 {
				var p struct {
					Type, Title, Detail string
					Status              int
				}
				if ct != "application/problem+json" || json.Unmarshal([]byte(body), &p) != nil || p.Status != 403 || p.Title != "Forbidden" ||
					!strings.Contains(p.Type, "rfc9110") || p.Detail == "" {
					t.Fatalf("403 answer %s %s", ct, body)
				}
			}
			audit := w.e.sb.Audit()
			if got := len(audit) - before; (got == 1) != tt.audited || got > 1 {
				t.Fatalf("%d audit entries added, audited=%v", got, tt.audited)
			}
			if tt.audited {
				// A read of an unknown eSIM found nothing: recorded without a target.
				last := audit[len(audit)-1]
				if !strings.HasPrefix(tt.auth, "Bearer ") || last.AgentEmail == "" || last.Call == "" || (last.Target == "") != strings.HasSuffix(tt.call, "unknown") {
					t.Fatalf("audit entry %+v", last)
				}
			}
		})
	}
	// The audit log pages show the reads.
	page := w.e.get(t, w.e.srv.URL+"/sandbox/audit")
	if !strings.Contains(page, sandbox.DefaultAgentEmail) || !strings.Contains(page, "getQrCode") || !strings.Contains(page, own) {
		t.Fatalf("audit page lacks the reads:\n%s", page)
	}
	var js struct {
		Entries []sandbox.AuditEntry `json:"entries"`
	}
	if err := json.Unmarshal([]byte(w.e.get(t, w.e.srv.URL+"/sandbox/audit.json")), &js); err != nil || len(js.Entries) == 0 {
		t.Fatalf("audit.json: %v %+v", err, js)
	}
	if js.Entries[0].Owner != "a@example.com" {
		t.Fatalf("audit owner %+v", js.Entries[0])
	}
}

// TestICCIDsAreRandom: new ICCIDs are Luhn-valid, 20 digits, and not sequential.
func TestICCIDsAreRandom(t *testing.T) {
	e := newEnv(t, sandbox.Options{MaxUnpaidOrders: 100})
	tr, _ := e.sb.Catalogue().ByName("TR_1GB_7D")
	ctx := context.Background()
	c := e.client(t)
	signup(t, ctx, e, c, "many@example.com")
	seen := map[string]bool{}
	var prev uint64
	near := 0
	for i := range 6 {
		res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: "many@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		e.pay(t, res.CheckoutURL, sandbox.CardPays)
		e.clock.Advance(time.Minute) // newest first needs distinct purchase times
		list, err := c.ESIMs.ByEmail(ctx, "many@example.com")
		if err != nil || len(list) != i+1 {
			t.Fatalf("list %d: %v", len(list), err)
		}
		id := list[0].ICCID // newest first
		if err := iccid.Valid(id); err != nil || len(id) != 20 || seen[id] {
			t.Fatalf("iccid %s: %v (seen %v)", id, err, seen[id])
		}
		seen[id] = true
		serial, _ := strconv.ParseUint(id[7:19], 10, 64)
		if i > 0 && (serial-prev < 1000 || prev-serial < 1000) {
			near++
		}
		prev = serial
	}
	if near > 1 {
		t.Fatalf("%d consecutive ICCIDs are within 1000 of each other: sequential?", near)
	}
}
