package buy_test

import (
	"reflect"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
)

const checkoutURL = "https://pay.example.com/checkout/hosted?currency=usd&merchant=cedarsim&orderId=3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d&quantity=1"

func TestBuy(t *testing.T) {
	customer := clitest.Customer()
	id := "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6"
	newOrder := clitest.Fixtures("support.canPurchase/allowed", "orders.create/newly-created", "orders.details/success")
	opened := func(want ...string) func(t *testing.T, e *clitest.Env) {
		return func(t *testing.T, e *clitest.Env) {
			if !reflect.DeepEqual(e.Browser.URLs, want) {
				t.Errorf("browser opened %v, want %v", e.Browser.URLs, want)
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
			Opts: []clitest.Option{customer, clitest.Fixtures("support.canPurchase/allowed", "orders.create/existing",
				"orders.delete/success", "orders.create/newly-created", "orders.details/success")},
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
			Opts:     []clitest.Option{customer, clitest.Fixtures("support.canPurchase/refused")},
			WantCode: 1,
			WantErr:  "You already have an active Turkey eSIM. Please top it up from My eSIMs instead.\n",
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
