package root_test

import (
	"errors"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/cli/config"
	"github.com/jarcoal/httpmock"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

const globalURL = "https://api.provider.test/api/v1/catalog/bundles/global"

func respond(method, url string, r httpmock.Responder) clitest.Option {
	return func(e *clitest.Env) { e.Transport.RegisterResponder(method, url, r) }
}

// TestErrorsForPeople: messages carry no call names or URLs (unless --debug), hints where
// they help, and the documented exit codes.
func TestErrorsForPeople(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	problem500 := httpmock.NewStringResponder(500, `{"type":"https://www.rfc-editor.org/rfc/rfc9110#status.500","title":"Internal Server Error","status":500,"detail":"Catalogue unavailable"}`)
	clitest.RunCases(t, []clitest.Case{
		{
			Name:     "server error: the server's words, no URL",
			Args:     []string{"plans", "--global"},
			Opts:     []clitest.Option{clitest.Guest(), respond("GET", globalURL, problem500)},
			WantCode: 1,
			WantErr:  "loading plans: Catalogue unavailable\n",
		},
		{
			Name:     "--debug shows the call and URL",
			Args:     []string{"plans", "--global", "--debug"},
			Opts:     []clitest.Option{clitest.Guest(), respond("GET", globalURL, problem500)},
			WantCode: 1,
			WantErr:  "loading plans: listAreaBundles.global: GET " + globalURL + ": 500 Internal Server Error: Catalogue unavailable\n",
		},
		{
			Name:     "status without a body",
			Args:     []string{"plans", "--global"},
			Opts:     []clitest.Option{clitest.Guest(), respond("GET", globalURL, httpmock.NewStringResponder(502, ""))},
			WantCode: 1,
			WantErr:  "loading plans: the server answered with status 502\n",
		},
		{
			Name:     "unreachable server: hint at --server and ESIM_SERVER",
			Args:     []string{"plans", "--global"},
			Opts:     []clitest.Option{clitest.Guest(), respond("GET", globalURL, httpmock.NewErrorResponder(refused))},
			WantCode: 1,
			WantErr: "loading plans: could not reach https://api.provider.test: connection refused\n" +
				"Is the server running (esim sandbox)? Point esim at another one with --server or ESIM_SERVER (now https://api.provider.test).\n",
		},
		{
			Name: "no answer in time: hint at --timeout",
			Args: []string{"plans", "--global"},
			Opts: []clitest.Option{clitest.Guest(), func(e *clitest.Env) { e.Config.Timeout = config.Duration(50 * time.Millisecond) },
				respond("GET", globalURL, func(r *http.Request) (*http.Response, error) {
					<-r.Context().Done()
					return nil, r.Context().Err()
				})},
			WantCode: 1,
			WantErr:  "loading plans: the server did not answer in time\nAllow more time with --timeout (or ESIM_TIMEOUT), e.g. --timeout 2m.\n",
		},
		{
			Name:     "mistyped subcommand: suggestion, exit 2",
			Args:     []string{"esims", "shwo"},
			WantCode: 2,
			WantErr:  "unknown command \"shwo\" for \"esim esims\"\n\nDid you mean this?\n    show\n" + usage,
		},
		{
			Name:     "unknown ICCID",
			Args:     []string{"esims", "show", "89961010025061000024"},
			Opts:     []clitest.Option{clitest.Customer(), respond("GET", "https://support.provider.test/esim-service/api/v1/esims/89961010025061000024/info", httpmock.NewStringResponder(404, `{"title":"Not Found","status":404,"detail":"eSIM not found"}`))},
			WantCode: 1,
			WantErr:  "unknown ICCID \"89961010025061000024\": no such eSIM\n",
		},
	})
	_ = errors.New
}
