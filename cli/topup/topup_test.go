package topup_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/jarcoal/httpmock"
)

const iccid = "89961010025061000016"

func TestTopupList(t *testing.T) {
	list := clitest.Fixtures("getEsimInfo/success", "listAreaBundles.topup/success")
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "terminal",
			Args: []string{"topup", "list", iccid},
			Opts: []clitest.Option{clitest.TTY(120), clitest.Customer(), list},
			WantOut: "" +
				"ID                                    NAME         FLAG  PLAN                 DATA   VALIDITY  PRICE      COVERAGE\n" +
				"cfb611b1-c74c-526f-86d3-dd85f74a320d  TR_1GB_7D    🇹🇷    Turkey 1GB 7 Days    1 GB   7 Days    4.50 USD   -\n" +
				"5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6  TR_5GB_30D   🇹🇷    Turkey 5GB 30 Days   5 GB   30 Days   13.00 USD  -\n" +
				"eab605a0-3a19-57d1-93b6-da4bed388ccf  TR_10GB_30D  🇹🇷    Turkey 10GB 30 Days  10 GB  30 Days   21.99 USD  -\n",
			WantErr: "Topup eSIM with ICCID 89961010025061000016\n",
		},
		{
			Name: "piped, origin and provider given (no eSIM lookup)",
			Args: []string{"topup", "list", iccid, "--origin", "TR", "--provider", "0"},
			Opts: []clitest.Option{clitest.Customer(), clitest.Fixtures("listAreaBundles.topup/success")},
			WantOut: "" +
				"cfb611b1-c74c-526f-86d3-dd85f74a320d\tTR_1GB_7D\tTR\tTurkey 1GB 7 Days\t1 GB\t7 Days\t4.50 USD\t-\n" +
				"5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6\tTR_5GB_30D\tTR\tTurkey 5GB 30 Days\t5 GB\t30 Days\t13.00 USD\t-\n" +
				"eab605a0-3a19-57d1-93b6-da4bed388ccf\tTR_10GB_30D\tTR\tTurkey 10GB 30 Days\t10 GB\t30 Days\t21.99 USD\t-\n",
		},
	})

	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("getEsimInfo/success", "listAreaBundles.topup/success"))
	if code := e.Run("topup", "list", iccid, "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "listAreaBundles.topup", "success", 0, "data"); !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
}

func TestTopupBuy(t *testing.T) {
	const checkoutURL = "https://pay.example.com/checkout/hosted?currency=usd&merchant=cedarsim&orderId=3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d&quantity=1"
	lookup := []string{"listEsimsByEmail/success", "listAreaBundles.topup/success"}
	with := func(more ...string) clitest.Option {
		return clitest.Fixtures(append(append([]string{}, lookup...), more...)...)
	}
	customer := clitest.Customer()
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "by bundle name: check, selection, order on the eSIM's account",
			Args: []string{"topup", "buy", iccid, "TR_5GB_30D"},
			Opts: []clitest.Option{customer, with("checkEsim/can-continue", "topupBundleSelected/success",
				"canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/topup")},
			WantOut: checkoutURL + "\n",
		},
		{
			Name: "by bundle id, --web",
			Args: []string{"topup", "buy", iccid, "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6", "--web"},
			Opts: []clitest.Option{customer, with("checkEsim/can-continue", "topupBundleSelected/success",
				"canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/topup")},
			WantOut: checkoutURL + "\n",
			WantErr: "Opened the checkout page in your browser.\n",
		},
		{
			Name:     "the eSIM check says no",
			Args:     []string{"topup", "buy", iccid, "TR_1GB_7D"},
			Opts:     []clitest.Option{customer, with("checkEsim/cannot-continue")},
			WantCode: 1,
			WantErr:  "Invalid plan, please try selecting another one.\n",
		},
		{
			Name:     "not the customer's eSIM",
			Args:     []string{"topup", "buy", "89961010025099900013", "TR_5GB_30D"},
			Opts:     []clitest.Option{customer, clitest.Fixtures("listEsimsByEmail/success")},
			WantCode: 1,
			WantErr:  "eSIM 89961010025099900013 is not one of rana.haddad@example.com's eSIMs\n",
		},
	})
}

func TestTopupSelectionRefused(t *testing.T) {
	e := clitest.New(t, clitest.Customer(), clitest.Fixtures("listEsimsByEmail/success", "listAreaBundles.topup/success",
		"topupBundleSelected/refused"))
	// The fixtures' eSIM check for TR_1GB_7D says "cannot continue"; this one answer lets the
	// flow reach the refused selection (exact-URL responders win over the fixture patterns).
	e.Transport.RegisterResponder("GET", "https://esimcheck.provider.test/api/v1/esims/check/TR_1GB_7D/"+iccid,
		httpmock.NewStringResponder(200, `{"data":{"data":{"canContinue":true}}}`))
	if code := e.Run("topup", "buy", iccid, "TR_1GB_7D"); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := "Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example.\n"; e.ErrOut.String() != want {
		t.Errorf("stderr = %q, want %q", e.ErrOut.String(), want)
	}
}
