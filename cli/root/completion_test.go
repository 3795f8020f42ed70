package root_test

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/sdk"
)

func complete(t *testing.T, e *clitest.Env, args ...string) []string {
	t.Helper()
	e.Out.Reset()
	if code := e.Run(append([]string{"__complete"}, args...)...); code != 0 {
		t.Fatalf("__complete %v: exit %d: %s", args, code, e.ErrOut)
	}
	lines := strings.Split(strings.TrimSuffix(e.Out.String(), "\n"), "\n")
	return lines[:len(lines)-1] // the last line is cobra's directive
}

// remembered is what `esim plans --country TR` leaves for completion.
func remembered(e *clitest.Env) {
	catalog.Cache{Dir: e.Config.Dir}.RememberPlans([]sdk.Bundle{
		{ID: "cfb611b1-c74c-526f-86d3-dd85f74a320d", Name: "TR_1GB_7D", BusinessTitle: "Turkey 1GB 7 Days"},
		{ID: "eab605a0-3a19-57d1-93b6-da4bed388ccf", Name: "TR_10GB_30D", BusinessTitle: "Turkey 10GB 30 Days"},
		{ID: "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6", Name: "TR_5GB_30D", BusinessTitle: "Turkey 5GB 30 Days"}})
}

func TestDynamicCompletion(t *testing.T) {
	tests := []struct {
		name string
		args []string
		opts []clitest.Option
		want []string
	}{
		{"--state", []string{"esims", "list", "--state", ""}, nil,
			[]string{"active\tProcessing, Queued and Active bundles", "expired\tDepleted, Expired and Revoked bundles", "all\tboth"}},
		{"--topic", []string{"contact", "--topic", ""}, nil, []string{"Customer Service", "Sales", "Support"}},
		{"--country by code", []string{"plans", "--country", "T"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"TR\tTurkey", "TH\tThailand", "TN\tTunisia"}},
		{"--country by name, after a comma", []string{"plans", "--country", "LB,turk"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"LB,turkey\tTR"}},
		// bash keeps only candidates that start with what was typed (issue 25.10).
		{"--country in lower case", []string{"plans", "--country", "tur"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"turkey\tTR"}},
		{"--country capitalised", []string{"plans", "--country", "Tur"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"Turkey\tTR"}},
		{"--country in capitals", []string{"plans", "--country", "TUR"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"TURKEY\tTR"}},
		{"--country code in lower case", []string{"plans", "--country", "t"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listCountries/success")},
			[]string{"tr\tTurkey", "th\tThailand", "tn\tTunisia"}},
		{"--region", []string{"plans", "--region", "a"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listRegions/success")},
			[]string{"africa", "asia"}},
		{"--region capitalised", []string{"plans", "--region", "A"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("listRegions/success")},
			[]string{"Africa", "Asia"}},
		{"buy completes plan names, not files", []string{"buy", "tr_1"}, []clitest.Option{remembered},
			[]string{"tr_1gb_7d\tTurkey 1GB 7 Days", "tr_10gb_30d\tTurkey 10GB 30 Days"}},
		{"--json fields", []string{"whoami", "--json=email,"}, nil, []string{"email,agent", "email,firstName", "email,lastName", "email,role"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := clitest.New(t, tt.opts...)
			got := complete(t, e, tt.args...)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestCountryCompletionIsCached(t *testing.T) {
	e := clitest.New(t, clitest.Guest(), clitest.Fixtures("listCountries/success"))
	for range 3 {
		if got := complete(t, e, "esims", "diagnose", "89961010025061000016", "--country", "LB"); len(got) != 1 || got[0] != "LB\tLebanon" {
			t.Fatalf("got %q", got)
		}
	}
	if n := e.Transport.GetTotalCallCount(); n != 1 {
		t.Errorf("countries fetched %d times, want once (cached)", n)
	}
}

// TestLogoutAndAnotherAccountForgetTheICCIDs: the previous customer's ICCIDs are not
// offered after logout, nor to another account (issue 25.10).
func TestLogoutAndAnotherAccountForgetTheICCIDs(t *testing.T) {
	t.Run("logout", func(t *testing.T) {
		e := clitest.New(t, clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success"))
		if code := e.Run("esims", "list"); code != 0 {
			t.Fatal(e.ErrOut)
		}
		if len(complete(t, e, "esims", "show", "")) == 0 {
			t.Fatal("no ICCIDs before logout")
		}
		if code := e.Run("logout"); code != 0 {
			t.Fatal(e.ErrOut)
		}
		if got := complete(t, e, "esims", "show", ""); len(got) != 0 {
			t.Errorf("after logout: %q", got)
		}
	})
	t.Run("another account", func(t *testing.T) {
		e := clitest.New(t, clitest.Agent(), clitest.Pending("rana.haddad@example.com"),
			clitest.Fixtures("verifyOtp/success", "token.otp/success", "getCurrentUser/success"))
		seen.Add(e.Config.Dir, "89961010025061000016") // what the agent saw
		if code := e.Run("login", "--email", "rana.haddad@example.com", "--code", "123456", "--captcha-token", "dev-captcha"); code != 0 {
			t.Fatal(e.ErrOut)
		}
		if got := complete(t, e, "esims", "show", ""); len(got) != 0 {
			t.Errorf("the agent's ICCIDs offered to %s: %q", "rana.haddad@example.com", got)
		}
	})
}

func TestICCIDCompletionFromSeenESIMs(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success"))
	if got := complete(t, e, "esims", "show", ""); len(got) != 0 {
		t.Errorf("before any list: %q", got)
	}
	if code := e.Run("esims", "list"); code != 0 {
		t.Fatal(e.ErrOut)
	}
	want := []string{"89961010025061000016", "89961010025030200028", "89961010025062100039"}
	for _, args := range [][]string{{"esims", "show", ""}, {"esims", "qr", "8996"}, {"topup", "list", ""}, {"esims", "diagnose", ""}} {
		if got := complete(t, e, args...); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%v: got %q, want %q", args, got, want)
		}
	}
}
