package customer_test

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/jarcoal/httpmock"
)

const agentOnly = "This command is for support agents. Log in with an agent account: esim login --agent --email AGENT_EMAIL\n"

func TestCustomerShow(t *testing.T) {
	byEmail := clitest.Fixtures("listEsimsByEmail/success")
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "agent view",
			Args:    []string{"customer", "show", "rana.haddad@example.com"},
			Opts:    []clitest.Option{clitest.Agent(), byEmail},
			WantOut: agentView,
		},
		{
			Name:     "a customer's session is not an agent's",
			Args:     []string{"customer", "show", "rana.haddad@example.com"},
			Opts:     []clitest.Option{clitest.Customer()},
			WantCode: 4,
			WantErr:  agentOnly,
		},
		{
			Name:     "not logged in",
			Args:     []string{"customer", "show", "rana.haddad@example.com"},
			WantCode: 4,
			WantErr:  agentOnly,
		},
		{
			Name:    "jq: the Android install links",
			Args:    []string{"customer", "show", "rana.haddad@example.com", "--jq", ".esims[0].install.androidLink"},
			Opts:    []clitest.Option{clitest.Agent(), byEmail},
			WantOut: "https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\n",
		},
		{
			Name:     "mistyped subcommand",
			Args:     []string{"customer", "shwo", "x@example.com"},
			WantCode: 2,
			WantErr:  "unknown command \"shwo\" for \"esim customer\"\n\nDid you mean this?\n    show\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
	})
}

func TestCustomerShowForbidden(t *testing.T) {
	e := clitest.New(t, clitest.Agent())
	e.Transport.RegisterResponder("GET", "https://support.provider.test/esim-service/api/v1/esims/useremails/other@example.com",
		httpmock.NewStringResponder(403, `{"type":"https://www.rfc-editor.org/rfc/rfc9110#status.403","title":"Forbidden","status":403,"detail":"Agents only"}`))
	if code := e.Run("customer", "show", "other@example.com"); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if got := e.ErrOut.String(); got != "not allowed to read other@example.com's eSIMs: Agents only\n" {
		t.Errorf("stderr = %q", got)
	}
	if strings.Contains(e.ErrOut.String(), "https://") {
		t.Error("URL in the error")
	}
}

const agentView = `rana.haddad@example.com
3 eSIMs, 3 active and 2 expired bundles

eSIM 89961010025061000016 (Jun 10, 2025, 11:15 AM EEST)
  SM-DP+ address:   smdp.cedarsim.example
  Activation code:  10326-D64AD-97847-DDE82
  iPhone install:   https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82
  Android install:  https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82

  Turkey 5GB  Active
    Usage:     1.78 GB of 5.00 GB (35.65%)
    Validity:  Jun 12, 2025, 9:02 AM EEST to Jul 12, 2025, 9:02 AM EEST
    Purchased: Jun 10, 2025, 11:15 AM EEST
    Top-up:    yes
    Origin:    Turkey (TR)

  Turkey 1GB  Queued
    Usage:     0 MB of 1.00 GB (0%)
    Validity:  not started
    Purchased: Jun 20, 2025, 8:40 PM EEST
    Top-up:    yes
    Origin:    Turkey (TR)

eSIM 89961010025030200028 (Mar 2, 2025, 1:00 PM EET)
  SM-DP+ address:   smdp.cedarsim.example
  Activation code:  2FBA2-51AE4-890BD-38237
  iPhone install:   https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%242FBA2-51AE4-890BD-38237
  Android install:  https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%242FBA2-51AE4-890BD-38237

  France 3GB 15 Days  Depleted
    Usage:     3.00 GB of 3.00 GB (100%)
    Validity:  Mar 5, 2025, 11:30 AM EET to Mar 20, 2025, 11:30 AM EET
    Purchased: Mar 2, 2025, 1:00 PM EET
    Top-up:    yes
    Origin:    France (FR)
    Coverage:  Monaco (MC)

  France 3GB  Expired
    Usage:     1.75 GB of 3.00 GB (58.33%)
    Validity:  Mar 12, 2025, 10:01 PM EET to Mar 27, 2025, 10:01 PM EET
    Purchased: Mar 12, 2025, 9:45 PM EET
    Top-up:    yes
    Origin:    France (FR)
    Coverage:  Monaco (MC)

eSIM 89961010025062100039 (Jun 22, 2025, 1:05 AM EEST)
  SM-DP+ address:   smdp.cedarsim.example
  Activation code:  08470-0CC66-7796D-43E99
  iPhone install:   https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2408470-0CC66-7796D-43E99
  Android install:  https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2408470-0CC66-7796D-43E99

  UAE 5GB  Processing
    Usage:     0 MB of 5.00 GB (0%)
    Validity:  not started
    Purchased: Jun 22, 2025, 1:05 AM EEST
    Top-up:    yes
    Origin:    United Arab Emirates (AE)
`

// TestUnknownCustomerIsNotAnEmptyOne: both get [] from the eSIM list; the sandbox's
// look-up tells them apart. Nobody exits 1 with the nearest address the agent looked up
// before; a customer without eSIMs exits 0; a server without the look-up (a provider)
// cannot tell, and the empty answer stands (issue 25.3).
func TestUnknownCustomerIsNotAnEmptyOne(t *testing.T) {
	const karim = "karim.nassar@example.com"
	lookup := func(exists bool) clitest.Option {
		return func(e *clitest.Env) {
			e.Transport.RegisterResponder("GET", "https://support.provider.test/sandbox/customers/"+karim,
				httpmock.NewStringResponder(200, `{"data":{"email":"`+karim+`","exists":`+map[bool]string{true: "true", false: "false"}[exists]+`}}`))
		}
	}
	noLookup := func(e *clitest.Env) {
		e.Transport.RegisterResponder("GET", "https://support.provider.test/sandbox/customers/"+karim, httpmock.NewStringResponder(404, ""))
	}
	seenBefore := func(e *clitest.Env) { seen.AddCustomer(e.Config.Dir, "karim.nasser@example.com") }
	empty := clitest.Fixtures("listEsimsByEmail/empty")
	clitest.RunCases(t, []clitest.Case{
		{
			Name:     "nobody",
			Args:     []string{"customer", "show", karim},
			Opts:     []clitest.Option{clitest.Agent(), empty, lookup(false)},
			WantCode: 1,
			WantErr:  "unknown customer \"" + karim + "\": no account with this e-mail\n",
		},
		{
			Name:     "nobody, and a near address looked up before",
			Args:     []string{"customer", "show", karim},
			Opts:     []clitest.Option{clitest.Agent(), empty, lookup(false), seenBefore},
			WantCode: 1,
			WantErr:  "unknown customer \"" + karim + "\": no account with this e-mail; did you mean karim.nasser@example.com?\n",
		},
		{
			Name:    "a customer without eSIMs",
			Args:    []string{"customer", "show", karim},
			Opts:    []clitest.Option{clitest.Agent(), empty, lookup(true)},
			WantOut: karim + "\n0 eSIMs, 0 active and 0 expired bundles\nNothing to show\n",
		},
		{
			Name:    "a server without the look-up",
			Args:    []string{"customer", "show", karim},
			Opts:    []clitest.Option{clitest.Agent(), empty, noLookup},
			WantOut: karim + "\n0 eSIMs, 0 active and 0 expired bundles\nNothing to show\n",
		},
	})
}
