package esims_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/jarcoal/httpmock"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

const expired = "Your session has expired or you are not logged in. Run `esim login` to log in.\n"

func TestList(t *testing.T) {
	customer := clitest.Customer()
	byEmail := clitest.Fixtures("esims.byEmail/success")
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "own eSIMs on a terminal",
			Args: []string{"esims", "list"},
			Opts: []clitest.Option{clitest.TTY(250), customer, byEmail},
			WantOut: "" +
				"ICCID                 PLAN                STATE       PURCHASED               START                   END                     USAGE                        TOP-UP\n" +
				"89961010025061000016  Turkey 5GB          Active      Jun 10, 2025, 11:15 AM  Jun 12, 2025, 9:02 AM   Jul 12, 2025, 9:02 AM   1.78 GB of 5.00 GB (35.65%)  yes\n" +
				"89961010025061000016  Turkey 1GB          Queued      Jun 20, 2025, 8:40 PM                                                   0.00 GB of 1.00 GB (0%)      yes\n" +
				"89961010025030200028  France 3GB 15 Days  Depleted    Mar 2, 2025, 1:00 PM    Mar 5, 2025, 11:30 AM   Mar 20, 2025, 11:30 AM  3.00 GB of 3.00 GB (100%)    yes\n" +
				"89961010025030200028  France 3GB          Expired     Mar 12, 2025, 9:45 PM   Mar 12, 2025, 10:01 PM  Mar 27, 2025, 10:01 PM  1.75 GB of 3.00 GB (58.33%)  yes\n" +
				"89961010025062100039  UAE 5GB             Processing  Jun 22, 2025, 1:05 AM                                                   0.00 GB of 5.00 GB (0%)      yes\n",
		},
		{
			Name: "a customer's active bundles, piped",
			Args: []string{"esims", "list", "--email", "rana.haddad@example.com", "--state", "active"},
			Opts: []clitest.Option{customer, byEmail},
			WantOut: "" +
				"89961010025061000016\tTurkey 5GB\tActive\tJun 10, 2025, 11:15 AM\tJun 12, 2025, 9:02 AM\tJul 12, 2025, 9:02 AM\t1.78 GB of 5.00 GB (35.65%)\tyes\n" +
				"89961010025061000016\tTurkey 1GB\tQueued\tJun 20, 2025, 8:40 PM\t\t\t0.00 GB of 1.00 GB (0%)\tyes\n" +
				"89961010025062100039\tUAE 5GB\tProcessing\tJun 22, 2025, 1:05 AM\t\t\t0.00 GB of 5.00 GB (0%)\tyes\n",
		},
		{
			Name: "expired bundles",
			Args: []string{"esims", "list", "-s", "EXPIRED"},
			Opts: []clitest.Option{customer, byEmail},
			WantOut: "" +
				"89961010025030200028\tFrance 3GB 15 Days\tDepleted\tMar 2, 2025, 1:00 PM\tMar 5, 2025, 11:30 AM\tMar 20, 2025, 11:30 AM\t3.00 GB of 3.00 GB (100%)\tyes\n" +
				"89961010025030200028\tFrance 3GB\tExpired\tMar 12, 2025, 9:45 PM\tMar 12, 2025, 10:01 PM\tMar 27, 2025, 10:01 PM\t1.75 GB of 3.00 GB (58.33%)\tyes\n",
		},
		{
			Name:    "nothing to show",
			Args:    []string{"esims", "list", "--email", "karim.nassar@example.com"},
			Opts:    []clitest.Option{customer, clitest.Fixtures("esims.byEmail/empty")},
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
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("esims.byEmail/success"))
	if code := e.Run("esims", "list", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "esims.byEmail", "success", 0, "data", "esims"); !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
}

func TestShow(t *testing.T) {
	info := clitest.Fixtures("esims.info/success")
	want := "" +
		"ICCID: 89961010025061000016\n" +
		"\n" +
		"Turkey 5GB\n" +
		"  State:     Active\n" +
		"  Purchased: Jun 10, 2025, 11:15 AM\n" +
		"  Start:     Jun 12, 2025, 9:02 AM\n" +
		"  End:       Jul 12, 2025, 9:02 AM\n" +
		"  Usage:     ████████░░░░░░░░░░░░ 1.88 GB of 5.00 GB (37.65%)\n" +
		"  Remaining: 3.12 GB\n" +
		"  Top-up:    yes\n" +
		"  Origin:    Turkey (TR)\n" +
		"\n" +
		"Turkey 1GB\n" +
		"  State:     Queued\n" +
		"  Purchased: Jun 20, 2025, 8:40 PM\n" +
		"  Usage:     ░░░░░░░░░░░░░░░░░░░░ 0.00 GB of 1.00 GB (0%)\n" +
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

	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("esims.info/success"))
	if code := e.Run("esims", "show", "89961010025061000016", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "esims.info", "success", 0, "data", "bundles"); !reflect.DeepEqual(got, want) {
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
			opts:    []clitest.Option{clitest.Customer(), clitest.Fixtures("esims.byEmail/success")},
			wantLPA: "LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82", wantSMDP: "smdp.cedarsim.example", wantCode: "10326-D64AD-97847-DDE82",
		},
		{
			name:    "decoded from the QR call's image when not logged in",
			args:    []string{"esims", "qr", "89961010025062100039"},
			opts:    []clitest.Option{clitest.Guest(), clitest.Fixtures("esims.qrCode/success")},
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
			lines := strings.Split(strings.TrimSuffix(e.Out.String(), "\n"), "\n")
			if len(lines) < 4 {
				t.Fatalf("output too short: %q", e.Out.String())
			}
			tail := strings.Join(lines[len(lines)-3:], "\n")
			wantTail := "SM-DP+ address:  " + tt.wantSMDP + "\nActivation code: " + tt.wantCode + "\nLPA:             " + tt.wantLPA
			if tail != wantTail {
				t.Errorf("tail:\n%s\nwant:\n%s", tail, wantTail)
			}
			for _, l := range lines[:len(lines)-3] {
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

	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("esims.byEmail/success"))
	if code := e.Run("esims", "qr", "89961010025061000016", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	want := "{\n" +
		"  \"iccid\": \"89961010025061000016\",\n" +
		"  \"lpa\": \"LPA:1$smdp.cedarsim.example$10326-D64AD-97847-DDE82\",\n" +
		"  \"smdpAddress\": \"smdp.cedarsim.example\",\n" +
		"  \"activationCode\": \"10326-D64AD-97847-DDE82\"\n" +
		"}\n"
	if e.Out.String() != want {
		t.Errorf("JSON = %q, want %q", e.Out.String(), want)
	}
}

// An eSIM listed with neither image nor iPhone link: the QR call follows after the
// spec's 500 ms, and its image is decoded.
func TestQRFetchedAfterTheDelay(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("esims.qrCode/success"))
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
