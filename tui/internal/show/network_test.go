package show

import (
	"context"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/cedarsim/esim/sdk/messages"
)

// TestNetworkFailureNamesTheServer: a server that cannot be reached is named, with the
// flag that points esim elsewhere, as the CLI says it (issue 25.12).
func TestNetworkFailureNamesTheServer(t *testing.T) {
	refused := fmt.Errorf("listCountries: GET http://127.0.0.1:1/api/v1/catalog/countries: %w",
		&net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)})
	slow := fmt.Errorf("GET https://x/y: %w", context.DeadlineExceeded)
	want := "Could not reach http://127.0.0.1:1: connection refused. " + messages.UnreachableHint
	if got := LoadError(refused); got != want {
		t.Errorf("LoadError = %q, want %q", got, want)
	}
	if got := Message(messages.OTPSendLogin, refused, messages.Support{}).Text; got != want {
		t.Errorf("Message = %q, want %q", got, want)
	}
	if got := LoadError(slow); got != "The server did not answer in time. "+messages.TimeoutHint {
		t.Errorf("LoadError(timeout) = %q", got)
	}
}
