package record_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/record"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// Recording a new fixture: put a Recorder under the SDK's HTTP client, make the calls of
// one scenario against a live provider (here the sandbox), and write the redacted exchange
// as fixtures/<service>/<call>/<scenario>.har.json, rewritten onto the fixture hosts.
func Example() {
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(sb)
	defer srv.Close()

	live := har.Bases{API: srv.URL + sandbox.APIPath, Support: srv.URL + sandbox.SupportPath,
		ESIMCheck: srv.URL + sandbox.ESIMCheckPath, Logs: srv.URL + sandbox.LogPushPath}
	fixture := har.Bases{API: sdk.DefaultAPIBase, Support: sdk.DefaultSupportBase,
		ESIMCheck: sdk.DefaultESIMCheckBase, Logs: sdk.DefaultLogPushURL}
	rec := record.New(http.DefaultTransport, record.Options{Live: live, Fixture: &fixture})

	c, err := sdk.NewClient(sdk.Options{
		APIBase: live.API, SupportBase: live.Support, ESIMCheckBase: live.ESIMCheck, LogPushURL: live.Logs,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: &http.Client{Transport: rec},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := c.Catalog.Regions(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "fixtures")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if _, err := rec.WriteFile(dir, "listRegions", "success", "the regions list"); err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range rec.Entries() {
		fmt.Println(e.Call, e.Request.Method, e.Request.URL)
	}
	// Output:
	// token.guest POST https://api.provider.test/api/v1/connect/token
	// listRegions GET https://api.provider.test/api/v1/catalog/regions
}
