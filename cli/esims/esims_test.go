package esims_test

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/cedarsim/esim/sdk/qrcode/qrcodetest"
	"github.com/jarcoal/httpmock"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

const expired = "Your session has expired or you are not logged in. Run `esim login` to log in (new here? `esim signup`).\n"

func TestList(t *testing.T) {
	customer := clitest.Customer()
	byEmail := clitest.Fixtures("listEsimsByEmail/success")
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "own eSIMs on a terminal",
			Args: []string{"esims", "list"},
			Opts: []clitest.Option{clitest.TTY(80), customer, byEmail},
			WantOut: "" +
				"PLAN          STATE       USAGE               END                         TOP-UP\n" +
				"89961010025061000016\n" +
				"Turkey 5GB    Active      1.78 GB of 5.00 GB  Jul 12, 2025, 9:02 AM EEST  yes\n" +
				"Turkey 1GB    Queued      0 MB of 1.00 GB                                 yes\n" +
				"89961010025030200028\n" +
				"France 3GB…   Depleted    3.00 GB of 3.00 GB  Mar 20, 2025, 11:30 AM EET  yes\n" +
				"France 3GB    Expired     1.75 GB of 3.00 GB  Mar 27, 2025, 10:01 PM EET  yes\n" +
				"89961010025062100039\n" +
				"UAE 5GB       Processing  0 MB of 5.00 GB                                 yes\n",
		},
		{
			Name: "a customer's active bundles, piped",
			Args: []string{"esims", "list", "--email", "rana.haddad@example.com", "--state", "active"},
			Opts: []clitest.Option{customer, byEmail},
			WantOut: "" +
				"89961010025061000016\tTurkey 5GB\tActive\t1.78 GB of 5.00 GB\tJul 12, 2025, 9:02 AM EEST\tyes\n" +
				"89961010025061000016\tTurkey 1GB\tQueued\t0 MB of 1.00 GB\t\tyes\n" +
				"89961010025062100039\tUAE 5GB\tProcessing\t0 MB of 5.00 GB\t\tyes\n",
		},
		{
			Name: "expired bundles",
			Args: []string{"esims", "list", "-s", "EXPIRED"},
			Opts: []clitest.Option{customer, byEmail},
			WantOut: "" +
				"89961010025030200028\tFrance 3GB 15 Days\tDepleted\t3.00 GB of 3.00 GB\tMar 20, 2025, 11:30 AM EET\tyes\n" +
				"89961010025030200028\tFrance 3GB\tExpired\t1.75 GB of 3.00 GB\tMar 27, 2025, 10:01 PM EET\tyes\n",
		},
		{
			Name:    "nothing to show",
			Args:    []string{"esims", "list", "--email", "karim.nassar@example.com"},
			Opts:    []clitest.Option{customer, clitest.Fixtures("listEsimsByEmail/empty")},
			WantErr: "Nothing to show\n",
		},
		{
			Name:     "not logged in",
			Args:     []string{"esims", "list"},
			WantCode: 4,
			WantErr:  expired,
		},
		{
			Name:     "bad state",
			Args:     []string{"esims", "list", "--state", "old"},
			WantCode: 2,
			WantErr:  "invalid --state \"old\": want active, expired or all\n" + usage,
		},
	})
}

func TestListJSON(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success"))
	if code := e.Run("esims", "list", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "listEsimsByEmail", "success", 0, "data", "esims"); !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
}

func TestShow(t *testing.T) {
	info := clitest.Fixtures("getEsimInfo/success")
	want := "" +
		"ICCID: 89961010025061000016\n" +
		"\n" +
		"Turkey 5GB\n" +
		"  State:     Active\n" +
		"  Purchased: Jun 10, 2025, 11:15 AM EEST\n" +
		"  Start:     Jun 12, 2025, 9:02 AM EEST\n" +
		"  End:       Jul 12, 2025, 9:02 AM EEST\n" +
		"  Usage:     ████████░░░░░░░░░░░░ 1.88 GB of 5.00 GB (37.65%)\n" +
		"  Remaining: 3.12 GB\n" +
		"  Top-up:    yes\n" +
		"  Origin:    Turkey (TR)\n" +
		"\n" +
		"Turkey 1GB\n" +
		"  State:     Queued\n" +
		"  Purchased: Jun 20, 2025, 8:40 PM EEST\n" +
		"  Usage:     ░░░░░░░░░░░░░░░░░░░░ 0 MB of 1.00 GB (0%)\n" +
		"  Remaining: 1.00 GB\n" +
		"  Top-up:    yes\n" +
		"  Origin:    Turkey (TR)\n"
	clitest.RunCases(t, []clitest.Case{
		{Name: "terminal", Args: []string{"esims", "show", "89961010025061000016"},
			Opts: []clitest.Option{clitest.TTY(100), clitest.Customer(), info}, WantOut: want},
		{Name: "piped", Args: []string{"esims", "show", "89961010025061000016"},
			Opts: []clitest.Option{clitest.Customer(), info}, WantOut: want},
		{Name: "bad check digit", Args: []string{"esims", "show", "89961010025061000017"}, WantCode: 2,
			WantErr: "iccid check digit (Luhn) is wrong: last digit is 7, expected 6\n" + usage},
	})

	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("getEsimInfo/success"))
	if code := e.Run("esims", "show", "89961010025061000016", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "getEsimInfo", "success", 0, "data", "bundles"); !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
}

func TestQR(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		opts     []clitest.Option
		wantLPA  string
		wantSMDP string
		wantCode string
	}{
		{
			name:    "from the iPhone link of the owner's eSIM",
			args:    []string{"esims", "qr", "89961010025061000016"},
			opts:    []clitest.Option{clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success")},
			wantLPA: "LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82", wantSMDP: "smdp.cedarsim.example", wantCode: "10326-D64AD-97847-DDE82",
		},
		{
			name:    "decoded from the QR call's image when not logged in",
			args:    []string{"esims", "qr", "89961010025062100039"},
			opts:    []clitest.Option{clitest.Guest(), clitest.Fixtures("getQrCode/success")},
			wantLPA: "LPA:1$smdp.cedarsim.example$08470-0CC66-7796D-43E99", wantSMDP: "smdp.cedarsim.example", wantCode: "08470-0CC66-7796D-43E99",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			png := filepath.Join(t.TempDir(), "esim.png")
			e := clitest.New(t, tt.opts...)
			if code := e.Run(append(tt.args, "--png", png)...); code != 0 {
				t.Fatalf("exit %d: %s", code, e.ErrOut)
			}
			if text, err := qrcodetest.Scan(e.Out.String()); err != nil || text != tt.wantLPA {
				t.Errorf("the terminal QR scans as %q, %v; want %q", text, err, tt.wantLPA)
			}
			lines := strings.Split(strings.TrimSuffix(e.Out.String(), "\n"), "\n")
			if len(lines) < 4 {
				t.Fatalf("output too short: %q", e.Out.String())
			}
			tail := strings.Join(lines[len(lines)-5:], "\n")
			carddata := url.QueryEscape(tt.wantLPA)
			wantTail := "SM-DP+ address:  " + tt.wantSMDP + "\nActivation code: " + tt.wantCode + "\nLPA:             " + tt.wantLPA +
				"\niPhone:          https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=" + carddata +
				"\nAndroid:         https://esimsetup.android.com/esim_qrcode_provisioning?carddata=" + carddata
			if tail != wantTail {
				t.Errorf("tail:\n%s\nwant:\n%s", tail, wantTail)
			}
			for _, l := range lines[:len(lines)-5] {
				if strings.Trim(l, "█▀▄ ") != "" {
					t.Errorf("QR line has other characters: %q", l)
				}
			}
			if e.ErrOut.String() != "QR code saved to "+png+"\n" {
				t.Errorf("stderr = %q", e.ErrOut.String())
			}
			b, err := os.ReadFile(png)
			if err != nil {
				t.Fatal(err)
			}
			if text, err := qrcode.DecodePNG(b); err != nil || text != tt.wantLPA {
				t.Errorf("saved PNG reads %q, %v; want %q", text, err, tt.wantLPA)
			}
		})
	}

	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success"))
	if code := e.Run("esims", "qr", "89961010025061000016", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	want := "{\n" +
		"  \"iccid\": \"89961010025061000016\",\n" +
		"  \"lpa\": \"LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82\",\n" +
		"  \"smdpAddress\": \"smdp.cedarsim.example\",\n" +
		"  \"activationCode\": \"10326-D64AD-97847-DDE82\",\n" +
		"  \"iosLink\": \"https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\",\n" +
		"  \"androidLink\": \"https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82\"\n" +
		"}\n"
	if e.Out.String() != want {
		t.Errorf("JSON = %q, want %q", e.Out.String(), want)
	}
}

// An eSIM listed with neither image nor iPhone link: the QR call follows after the
// spec's 500 ms, and its image is decoded.
func TestQRFetchedAfterTheDelay(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("getQrCode/success"))
	e.Transport.RegisterResponder("GET", "https://support.provider.test/esim-service/api/v1/esims/useremails/rana.haddad@example.com",
		httpmock.NewStringResponder(200, `{"data":{"esims":[{"iccid":"89961010025062100039","accountId":"cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4","base64QRCodeImage":"","linkOnIphone":"","bundles":[]}]}}`))
	start := time.Now()
	if code := e.Run("esims", "qr", "89961010025062100039", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	if d := time.Since(start); d < 500*time.Millisecond {
		t.Errorf("QR call after %v, want at least 500ms", d)
	}
	if !strings.Contains(e.Out.String(), `"lpa": "LPA:1$smdp.cedarsim.example$08470-0CC66-7796D-43E99"`) {
		t.Errorf("output %s", e.Out)
	}
}

// TestQRColoursItself: with colour on, the terminal QR is drawn white on black (so a light
// terminal theme does not invert it) and still scans.
func TestQRColoursItself(t *testing.T) {
	e := clitest.New(t, clitest.TTY(80), clitest.Color(), clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success"))
	if code := e.Run("esims", "qr", "89961010025061000016"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	out := e.Out.String()
	if !strings.HasPrefix(out, "\x1b[97;40m█") {
		t.Errorf("the QR does not start white on black: %q", out[:min(40, len(out))])
	}
	if text, err := qrcodetest.Scan(out); err != nil || text != "LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82" {
		t.Errorf("scanned %q, %v", text, err)
	}
}
