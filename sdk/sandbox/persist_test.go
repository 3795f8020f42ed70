package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// TestEveryChangeIsStored drives every kind of change and checks, after each step, that
// the state file holds exactly what memory holds: no handler forgets to save what it changed.
func TestEveryChangeIsStored(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, sandbox.Options{StatePath: filepath.Join(t.TempDir(), "state.db"), MaxFailedAttempts: 2})
	check := func(step string) {
		t.Helper()
		if err := sandbox.StoreMatchesMemory(e.sb); err != nil {
			t.Fatalf("after %s: %v", step, err)
		}
	}
	check("start")
	c := e.client(t)
	const email = "every@example.com"
	signup(t, ctx, e, c, email)
	check("signup")
	bundles, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: bundles[0].ID, Email: email})
	if err != nil {
		t.Fatal(err)
	}
	check("checkout")
	e.pay(t, res.CheckoutURL, "4000 0000 0000 0002")
	check("declined payment")
	e.pay(t, res.CheckoutURL, "4242 4242 4242 4242")
	check("payment")
	esims, err := c.ESIMs.ByEmail(ctx, email)
	if err != nil || len(esims) != 1 {
		t.Fatalf("esims: %v %v", esims, err)
	}
	o, err := c.Orders.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Orders.Delete(ctx, o.OrderID); err != nil {
		t.Fatal(err)
	}
	check("order deleted")
	if err := c.Support.ContactUs(ctx, sdk.ContactForm{FullName: "Rima", Email: email, Message: "Hello", Department: "Sales"}); err != nil {
		t.Fatal(err)
	}
	check("contact")
	if err := c.Logs.Push(ctx, sdk.LogLine{Container: "web", Job: "shop", Level: "info", Message: "stored"}); err != nil {
		t.Fatal(err)
	}
	check("log push")
	resp, err := http.Post(e.srv.URL+"/sandbox/esims/"+esims[0].ICCID+"/revoke", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	check("revoke")
	if err := e.sb.ExpireTokens(); err != nil {
		t.Fatal(err)
	}
	check("expire tokens")
	if _, err := c.ESIMs.ByEmail(ctx, email); err != nil { // refreshes the session
		t.Fatal(err)
	}
	check("refresh")
	agent := e.client(t)
	if _, err := agent.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	sentAgent, err := agent.Users.SendLoginCode(ctx, sandbox.DefaultAgentEmail)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agent.Login(ctx, sentAgent.UserID, e.sb.LatestCode(sandbox.DefaultAgentEmail), "captcha"); err != nil {
		t.Fatal(err)
	}
	if _, err := agent.ESIMs.ByEmail(ctx, email); err != nil {
		t.Fatal(err)
	}
	if len(e.sb.Audit()) != 1 {
		t.Fatalf("audit: %+v", e.sb.Audit())
	}
	check("agent read (audit entry)")
	sent, err := c.Users.SendLoginCode(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	check("login code")
	for range 2 { // MaxFailedAttempts wrong codes lock the account
		if _, err := c.Users.VerifyCode(ctx, sent.UserID, "000000", "captcha"); err == nil {
			t.Fatal("wrong code accepted")
		}
	}
	check("wrong codes and lock")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestOldJSONStateIsMigrated starts on a state file written by the JSON-era sandbox
// (testdata/state-v1.json): everything is kept, the old file stays beside it.
func TestOldJSONStateIsMigrated(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	copyFile(t, "testdata/state-v1.json", path)
	old, _ := os.ReadFile(path)
	e := newEnv(t, sandbox.Options{StatePath: path, Clock: sandbox.SystemClock()})
	if err := sandbox.StoreMatchesMemory(e.sb); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path + ".v1.json"); err != nil || !bytes.Equal(b, old) {
		t.Fatalf("old file not kept as state.json.v1.json: %v", err)
	}
	if b, _ := os.ReadFile(path); bytes.HasPrefix(b, []byte("{")) {
		t.Fatal("the state file is still JSON")
	}
	// The customer's refresh token of the old file still signs in, and their eSIM is there.
	var v1 struct {
		Refresh map[string]struct {
			UserID string `json:"userId"`
		} `json:"refresh"`
	}
	if err := json.Unmarshal(old, &v1); err != nil {
		t.Fatal(err)
	}
	refresh := ""
	for tok, g := range v1.Refresh {
		if g.UserID != "" {
			refresh = tok
		}
	}
	resp, err := http.PostForm(e.srv.URL+sandbox.APIPath+"connect/token", url.Values{
		"grant_type": {"refresh_token"}, "refresh_token": {refresh},
		"client_id": {sandbox.DefaultClientID}, "client_secret": {sandbox.DefaultClientSecret},
	})
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil || tok.AccessToken == "" {
		t.Fatalf("refresh with the old file's token: %d %v", resp.StatusCode, err)
	}
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+sandbox.SupportPath+"esims/useremails/legacy@example.com", nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Data struct {
			ESIMs []sdk.ESIM `json:"esims"`
		} `json:"data"`
	}
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || len(list.Data.ESIMs) != 1 || list.Data.ESIMs[0].ICCID != "8996199000000000010" {
		t.Fatalf("eSIMs after migration: %+v %v", list, err)
	}
	if len(e.sb.Mailbox()) != 2 || len(e.sb.Logs()) != 1 || e.sb.Logs()[0].Message != "legacy line" {
		t.Fatalf("mail %d, logs %+v", len(e.sb.Mailbox()), e.sb.Logs())
	}
	// A restart opens the store as it is (no second migration).
	e.close(t)
	e2 := newEnv(t, sandbox.Options{StatePath: path, Clock: sandbox.SystemClock()})
	if len(e2.sb.Mailbox()) != 2 {
		t.Fatal("mail lost on restart")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("files: %v", entries)
	}
}

// TestDamagedOldJSONStateIsRefused: damage the old loader let through is refused, with an
// error that says what is wrong, and nothing is changed.
func TestDamagedOldJSONStateIsRefused(t *testing.T) {
	base, err := os.ReadFile("testdata/state-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(base, &doc); err != nil {
		t.Fatal(err)
	}
	with := func(key, value string) []byte {
		d := map[string]json.RawMessage{}
		for k, v := range doc {
			d[k] = v
		}
		if value == "" {
			delete(d, key)
		} else {
			d[key] = json.RawMessage(value)
		}
		b, _ := json.Marshal(d)
		return b
	}
	var users map[string]json.RawMessage
	_ = json.Unmarshal(doc["users"], &users)
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"users null", with("users", "null"), `"users" is null`},
		{"orders missing", with("orders", ""), `"orders" is missing`},
		{"null user", with("users", `{"u1":null}`), "users/u1 is null"},
		{"null eSIM", with("esims", `{"8996199000000000010":null}`), "esims/8996199000000000010 is null"},
		{"null mail", with("mail", `[null]`), "mail 0 is null"},
		{"1-byte signing key", with("signingKey", `"AQ=="`), "the signing key has 1 bytes; at least 32"},
		{"no signing key", with("signingKey", ""), "the signing key has 0 bytes"},
		{"eSIM of an unknown user", with("users", `{}`), "who does not exist"},
		{"bad JSON", []byte(`{"users":`), "unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state.json")
			if err := os.WriteFile(path, tt.file, 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := sandbox.New(sandbox.Options{StatePath: path})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "was not migrated") {
				t.Fatalf("err = %v, want it to say %q", err, tt.want)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, tt.file) {
				t.Fatal("the refused file was changed")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Fatalf("files: %v", entries)
			}
		})
	}
}

// TestInconsistentStoreIsRefused damages a healthy state file record by record (as a bad
// edit or a bug would) and checks that the sandbox refuses to start on it.
func TestInconsistentStoreIsRefused(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "state.json")
	copyFile(t, "testdata/state-v1.json", src)
	e := newEnv(t, sandbox.Options{StatePath: src, Clock: sandbox.SystemClock()})
	e.close(t)
	healthy, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const userID = "34f2cff3-1125-4331-a41f-8417a32b75fa"
	tests := []struct {
		name string
		recs []store.Record
		want string
	}{
		{"null user", []store.Record{{Kind: "users", ID: userID, Value: []byte("null")}}, "users/" + userID + `: is "null", not a JSON object`},
		{"user under another id", []store.Record{{Kind: "users", ID: "u2", Value: []byte(`{"id":"u3","email":"a@b.cd"}`)}}, `users/u2: holds user "u3"`},
		{"user deleted, eSIM left", []store.Record{{Kind: "users", ID: userID}}, "who does not exist"},
		{"paid order's eSIM deleted", []store.Record{{Kind: "esims", ID: "8996199000000000010"}}, "which does not exist"},
		{"two users with one e-mail", []store.Record{{Kind: "users", ID: "u2", Value: []byte(`{"id":"u2","email":"LEGACY@example.com"}`)}}, "have the same e-mail"},
		{"unknown order status", []store.Record{{Kind: "orders", ID: "o1", Value: []byte(`{"id":"o1","status":"lost"}`)}}, `orders/o1 has status "lost"`},
		{"short signing key", []store.Record{{Kind: "meta", ID: "state", Value: []byte(`{"signingKey":"AQ=="}`)}}, "signing key has 1 bytes"},
		{"meta deleted", []store.Record{{Kind: "meta", ID: "state"}}, "records without the meta record"},
		{"mail with a bad id", []store.Record{{Kind: "mail", ID: "x", Value: []byte(`{}`)}}, "not a sequence number"},
		{"idem not a string", []store.Record{{Kind: "idem", ID: "k", Value: []byte(`{}`)}}, "not a JSON string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.db")
			if err := os.WriteFile(path, healthy, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := store.Open(ctx, path, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Apply(ctx, tt.recs); err != nil {
				t.Fatal(err)
			}
			_ = db.Close()
			before, _ := os.ReadFile(path)
			_, err = sandbox.New(sandbox.Options{StatePath: path})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "did not start") {
				t.Fatalf("err = %v, want it to say %q", err, tt.want)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
				t.Fatal("the refused file was changed")
			}
		})
	}
}

func TestShortSigningKeyOptionIsRefused(t *testing.T) {
	_, err := sandbox.New(sandbox.Options{SigningKey: []byte("k")})
	if err == nil || !strings.Contains(err.Error(), "at least 32") {
		t.Fatalf("err = %v", err)
	}
}

func TestHealthz(t *testing.T) {
	e := newEnv(t, sandbox.Options{StatePath: filepath.Join(t.TempDir(), "state.db"), Clock: sandbox.SystemClock()})
	if err := e.sb.Health(); err != nil {
		t.Fatal(err)
	}
	if body := e.get(t, e.srv.URL+"/healthz"); !strings.Contains(body, `"status":"ok"`) {
		t.Fatalf("/healthz %s", body)
	}
}
