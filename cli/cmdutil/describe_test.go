package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
)

func TestDescribe(t *testing.T) {
	refused := fmt.Errorf("listCountries: GET http://127.0.0.1:1/api/v1/catalog/countries: %w",
		&net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)})
	api := fmt.Errorf("searchBundles: %w", &sdk.APIError{Method: "GET", URL: "https://x/api/v1/catalog/search_bundles/XX", Status: 400, Title: "Bad Request", Detail: "Unknown country XX"})
	tests := []struct {
		name      string
		err       error
		debug     bool
		wantMsg   string
		wantHint  string
		forbidden []string
	}{
		{"api error", fmt.Errorf("loading plans: %w", api), false, "loading plans: Unknown country XX", "", []string{"searchBundles", "https://", "GET"}},
		{"api error with debug", fmt.Errorf("loading plans: %w", api), true,
			"loading plans: searchBundles: GET https://x/api/v1/catalog/search_bundles/XX: 400 Bad Request: Unknown country XX", "", nil},
		{"refused", fmt.Errorf("loading countries: %w", refused), false, "loading countries: could not reach http://127.0.0.1:1: connection refused",
			"Is the server running (esim sandbox)? Point esim at another one with --server or ESIM_SERVER (now http://127.0.0.1:1).", []string{"listCountries", "dial tcp"}},
		{"deadline", fmt.Errorf("loading plans: listAreaBundles.global: GET https://x/y: %w", context.DeadlineExceeded), false,
			"loading plans: the server did not answer in time", "Allow more time with --timeout (or ESIM_TIMEOUT), e.g. --timeout 2m.", nil},
		{"plain error keeps its words, call names go", errors.New("getCurrentUser: the answer carries no data"), false, "the answer carries no data", "", nil},
		// A recording's entry names its request line in parentheses; it is no SDK call prefix.
		{"a request line in parentheses stays", errors.New("replay rec: rec/s.har: a HAR from another tool that cannot be replayed: entry 3 (GET https://shop.example/api/v1/catalog/countries): the answer's body was not saved"), false,
			"replay rec: rec/s.har: a HAR from another tool that cannot be replayed: entry 3 (GET https://shop.example/api/v1/catalog/countries): the answer's body was not saved", "", nil},
		{"section 8 message with a network cause", Message(messages.OTPVerify, refused, messages.Support{}), false,
			"Invalid OTP\n(could not reach http://127.0.0.1:1: connection refused)", "Is the server running (esim sandbox)? Point esim at another one with --server or ESIM_SERVER (now http://127.0.0.1:1).", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, hint := Describe(tt.err, tt.debug, "http://127.0.0.1:1")
			if msg != tt.wantMsg || hint != tt.wantHint {
				t.Errorf("got %q / %q\nwant %q / %q", msg, hint, tt.wantMsg, tt.wantHint)
			}
			for _, f := range tt.forbidden {
				if strings.Contains(msg, f) {
					t.Errorf("%q in %q", f, msg)
				}
			}
		})
	}
}
