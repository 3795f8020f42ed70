package root_test

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
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
		{"--country by code", []string{"plans", "--country", "T"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("catalog.countries/success")},
			[]string{"TR\tTurkey", "TH\tThailand", "TN\tTunisia"}},
		{"--country by name, after a comma", []string{"plans", "--country", "LB,turk"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("catalog.countries/success")},
			[]string{"LB,Turkey\tTR"}},
		{"--region", []string{"plans", "--region", "a"}, []clitest.Option{clitest.Guest(), clitest.Fixtures("catalog.regions/success")},
			[]string{"Africa", "Asia"}},
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
	e := clitest.New(t, clitest.Guest(), clitest.Fixtures("catalog.countries/success"))
	for range 3 {
		if got := complete(t, e, "esims", "diagnose", "89961010025061000016", "--country", "LB"); len(got) != 1 || got[0] != "LB\tLebanon" {
			t.Fatalf("got %q", got)
		}
	}
	if n := e.Transport.GetTotalCallCount(); n != 1 {
		t.Errorf("countries fetched %d times, want once (cached)", n)
	}
}

func TestICCIDCompletionFromSeenESIMs(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("esims.byEmail/success"))
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
