package esims_test

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/jarcoal/httpmock"
)

const iccid = "89961010025061000016"

func diagnoseFixtures(more ...string) clitest.Option {
	return clitest.Fixtures(append([]string{"getEsimInfo/success", "checkEsim/can-continue", "listEsimsByEmail/success"}, more...)...)
}

const deviceAdvice = "" +
	"    In the device settings, set Mobile Data to the eSIM and turn Data Roaming on (iPhone: Default Line Primary; Android: leave Calls and Messages on the original SIM).\n" +
	"    The device must be carrier-unlocked and eSIM-capable (dial *#06#: if an EID appears, it supports eSIM); one eSIM installs on one device, usually once.\n" +
	"    'Unable to Complete Cellular Plan Change': too many eSIMs on the device, the eSIM already installed, a poor connection, mobile data off or a network-locked device.\n" +
	"    'This code is no longer valid': the QR code was scanned badly or the eSIM is already installed; do not scan it again, look for the eSIM in the device settings.\n"

const installLines = "\n" +
	"Install:\n" +
	"  SM-DP+ address:  smdp.cedarsim.example\n" +
	"  Activation code: 10326-D64AD-97847-DDE82\n" +
	"  iPhone:          https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\n" +
	"  Android:         https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\n"

func TestDiagnose(t *testing.T) {
	agent := clitest.Agent()
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "checklist",
			Args: []string{"esims", "diagnose", iccid, "--email", "rana.haddad@example.com"},
			Opts: []clitest.Option{agent, diagnoseFixtures()},
			WantOut: "eSIM 89961010025061000016: The eSIM's bundles are in order\n\n" +
				"✓ 2 bundles on this eSIM\n" +
				"✓ Active: Turkey 5GB, 1.88 GB of 5.00 GB (37.65%), ends Jul 12, 2025, 9:02 AM EEST\n" +
				"• Turkey 1GB is Queued behind Turkey 5GB\n" +
				"    A queued bundle waits for the one before it to end or run out of data, then starts by itself.\n" +
				"✓ Top-up: yes (Turkey 5GB)\n" +
				"• Bundles look right: check the device\n" + deviceAdvice + installLines,
		},
		{
			Name: "a country no bundle covers",
			Args: []string{"esims", "diagnose", iccid, "--email", "rana.haddad@example.com", "--country", "lebanon"},
			Opts: []clitest.Option{agent, diagnoseFixtures("listCountries/success")},
			WantOut: "eSIM 89961010025061000016: Not working: No usable bundle covers Lebanon (LB)\n\n" +
				"✓ 2 bundles on this eSIM\n" +
				"✓ Active: Turkey 5GB, 1.88 GB of 5.00 GB (37.65%), ends Jul 12, 2025, 9:02 AM EEST\n" +
				"• Turkey 1GB is Queued behind Turkey 5GB\n" +
				"    A queued bundle waits for the one before it to end or run out of data, then starts by itself.\n" +
				"✓ Top-up: yes (Turkey 5GB)\n" +
				"✗ No usable bundle covers Lebanon (LB)\n" +
				"    'PDP Authentication Failure' means no valid data left, a wrong APN or a network the plan does not cover: buy a plan for this country.\n" +
				installLines,
		},
		{
			Name:    "jq over the verdict",
			Args:    []string{"esims", "diagnose", iccid, "--email", "rana.haddad@example.com", "--country", "TR", "--jq", `.status + " " + ([.checks[].id] | join(","))`},
			Opts:    []clitest.Option{agent, diagnoseFixtures("listCountries/success")},
			WantOut: "pass bundles,active,queued,topup,coverage,device\n",
		},
		{
			Name:     "unknown country",
			Args:     []string{"esims", "diagnose", iccid, "--country", "atlantis"},
			Opts:     []clitest.Option{agent, clitest.Fixtures("listCountries/success")},
			WantCode: 1,
			WantErr:  "unknown country \"atlantis\": see 'esim countries'\n",
		},
		{
			Name:     "phone without whatsapp",
			Args:     []string{"esims", "diagnose", iccid, "--phone", "1"},
			WantCode: 2,
			WantErr:  "--phone goes with --whatsapp\n" + usage,
		},
		{
			Name:     "a phone that is not a number (issue 25.13)",
			Args:     []string{"esims", "diagnose", iccid, "--whatsapp", "--phone", "abc"},
			WantCode: 2,
			WantErr:  "invalid --phone \"abc\": want the customer's number in international form, e.g. \"+961 70 123 456\"\n" + usage,
		},
		{
			Name:     "bad ICCID",
			Args:     []string{"esims", "diagnose", "1234"},
			WantCode: 2,
			WantErr:  "iccid must be 19 or 20 digits long, got 4\n" + usage,
		},
	})
}

func TestDiagnoseWrapsAdviceOnATerminal(t *testing.T) {
	e := clitest.New(t, clitest.TTY(80), clitest.Agent(), diagnoseFixtures())
	if code := e.Run("esims", "diagnose", iccid, "--email", "rana.haddad@example.com"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	for _, l := range strings.Split(e.Out.String(), "\n") {
		if w := len([]rune(l)); w > 80 && !strings.Contains(l, "https://") {
			t.Errorf("line of %d columns: %q", w, l)
		}
	}
	if !strings.Contains(e.Out.String(), "\n    In the device settings, set Mobile Data to the eSIM and turn Data Roaming on\n      (iPhone:") {
		t.Errorf("advice not wrapped:\n%s", e.Out)
	}
}

func TestDiagnoseUnknownICCID(t *testing.T) {
	e := clitest.New(t, clitest.Agent())
	e.Transport.RegisterResponder("GET", "https://support.provider.test/esim-service/api/v1/esims/89961010025061000024/info",
		httpmock.NewStringResponder(404, `{"type":"https://www.rfc-editor.org/rfc/rfc9110#status.404","title":"Not Found","status":404,"detail":"eSIM not found"}`))
	if code := e.Run("esims", "diagnose", "89961010025061000024"); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if got, want := e.ErrOut.String(), "unknown ICCID \"89961010025061000024\": no such eSIM\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
}

func TestDiagnoseReply(t *testing.T) {
	e := clitest.New(t, clitest.Agent(), diagnoseFixtures())
	if code := e.Run("esims", "diagnose", iccid, "--email", "rana.haddad@example.com", "--reply", "--name", "Rana"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	for _, want := range []string{
		"Hello Rana,\n\nThank you for contacting CedarSIM support about your eSIM 89961010025061000016.\n",
		"- iPhone: https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\n",
		"- Android: https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\n",
		"Next step: restart the device after checking the settings above.\n",
		"contact us at +961 1 555 010 or support@cedarsim.example.\n",
	} {
		if !strings.Contains(e.Out.String(), want) {
			t.Errorf("reply lacks %q:\n%s", want, e.Out)
		}
	}

	e = clitest.New(t, clitest.Agent(), diagnoseFixtures())
	if code := e.Run("esims", "diagnose", iccid, "--email", "rana.haddad@example.com", "--whatsapp", "--phone", "+961 70 123 456"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	if out := e.Out.String(); !strings.HasPrefix(out, "https://wa.me/96170123456?text=Hello%20there%2C%0A%0AThank%20you") || strings.Count(out, "\n") != 1 {
		t.Errorf("whatsapp link = %q", out)
	}
}
