package buy_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/sdk"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

const checkoutURL = "https://pay.example.com/checkout/hosted?currency=usd&merchant=cedarsim&orderId=3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d&quantity=1"

func TestBuy(t *testing.T) {
	customer := clitest.Customer()
	id := "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6"
	order := []string{"canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/success"}
	newOrder := clitest.Fixtures(order...)
	opened := func(want ...string) func(t *testing.T, e *clitest.Env) {
		return func(t *testing.T, e *clitest.Env) {
			if !reflect.DeepEqual(e.Browser.URLs, want) {
				t.Errorf("browser opened %v, want %v", e.Browser.URLs, want)
			}
		}
	}
	// remembered is what `esim plans --country TR` leaves for later commands.
	remembered := func(e *clitest.Env) {
		catalog.Cache{Dir: e.Config.Dir}.RememberPlans([]sdk.Bundle{
			{ID: "cfb611b1-c74c-526f-86d3-dd85f74a320d", Name: "TR_1GB_7D"}, {ID: id, Name: "TR_5GB_30D"},
			{ID: "eab605a0-3a19-57d1-93b6-da4bed388ccf", Name: "TR_10GB_30D"}})
	}
	ordered := func(bundleID string) func(t *testing.T, e *clitest.Env) {
		return func(t *testing.T, e *clitest.Env) {
			if b := e.LastBody("POST", "/orderdetails"); !strings.Contains(b, bundleID) {
				t.Errorf("order body %s does not name bundle %s", b, bundleID)
			}
		}
	}
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "new order, piped",
			Args:    []string{"buy", id},
			Opts:    []clitest.Option{customer, newOrder},
			WantOut: checkoutURL + "\n",
			Check:   opened(),
		},
		{
			Name:    "on a terminal",
			Args:    []string{"buy", id},
			Opts:    []clitest.Option{clitest.TTY(100), customer, newOrder},
			WantOut: checkoutURL + "\n",
			WantErr: "Pay on the checkout page:\n",
		},
		{
			Name: "an existing order is deleted and created again; --web opens the link",
			Args: []string{"buy", id, "--web"},
			Opts: []clitest.Option{customer, clitest.Fixtures("canPurchase/allowed", "createOrder/existing",
				"deleteOrder/success", "createOrder/newly-created", "addOrderDetails/success")},
			WantOut: checkoutURL + "\n",
			WantErr: "Opened the checkout page in your browser.\n",
			Check:   opened(checkoutURL),
		},
		{
			Name:    "JSON",
			Args:    []string{"buy", id, "--json"},
			Opts:    []clitest.Option{customer, newOrder},
			WantOut: "{\n  \"orderId\": \"3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d\",\n  \"checkoutUrl\": \"" + checkoutURL + "\"\n}\n",
		},
		{
			Name:     "refused with the server's reason",
			Args:     []string{"buy", id},
			Opts:     []clitest.Option{customer, clitest.Fixtures("canPurchase/refused")},
			WantCode: 1,
			WantErr:  "You already have an active Turkey eSIM. Please top it up from My eSIMs instead.\n",
		},
		{
			Name:    "by plan name, any case: looked up in its country",
			Args:    []string{"buy", "tr_5gb_30d"},
			Opts:    []clitest.Option{customer, clitest.Fixtures(append([]string{"listCountries/success", "listAreaBundles/success"}, order...)...)},
			WantOut: checkoutURL + "\n",
			Check:   ordered(id),
		},
		{
			Name:    "by the start of an id 'esim plans' showed",
			Args:    []string{"buy", "5a26c6e7"},
			Opts:    []clitest.Option{customer, remembered, newOrder},
			WantOut: checkoutURL + "\n",
			Check:   ordered(id),
		},
		{
			Name:     "an ambiguous start",
			Args:     []string{"buy", "TR_1"},
			Opts:     []clitest.Option{customer, remembered},
			WantCode: 2,
			WantErr:  "\"TR_1\" matches 2 plans (TR_1GB_7D, TR_10GB_30D): type more of the name or id\n" + usage,
		},
		{
			Name:     "not logged in",
			Args:     []string{"buy", id},
			Opts:     []clitest.Option{clitest.Guest()},
			WantCode: 4,
			WantErr:  "Your session has expired or you are not logged in. Run `esim login` to log in (new here? `esim signup`).\n",
		},
	})
}
