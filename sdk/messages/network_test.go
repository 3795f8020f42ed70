package messages

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"
)

func TestNetwork(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	_, inUse := net.Listen("tcp", busy.Addr().String())
	if inUse == nil {
		t.Fatal("listening twice on one address succeeded")
	}
	refused := fmt.Errorf("listCountries: GET http://127.0.0.1:1/api/v1/catalog/countries: %w",
		&net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)})
	tests := []struct {
		name           string
		err            error
		ok             bool
		text, wantHint string
	}{
		{"refused", refused, true, "could not reach http://127.0.0.1:1: connection refused", UnreachableHint},
		{"unknown host", fmt.Errorf("GET https://shop.invalid/x: %w", &net.DNSError{Name: "shop.invalid", Err: "no such host"}), true,
			"could not reach https://shop.invalid: unknown host shop.invalid", UnreachableHint},
		{"timeout", fmt.Errorf("GET https://x/y: %w", context.DeadlineExceeded), true, TimeoutText, TimeoutHint},
		{"a server's answer is not a network failure", errors.New("400 Bad Request"), false, "", ""},
		// esim sandbox, serve and record on a busy port: no server is out of reach.
		{"an address this machine cannot listen on", fmt.Errorf("listen on %s: %w", busy.Addr(), inUse), false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := Network(tt.err)
			if ok != tt.ok || (ok && (f.Text() != tt.text || f.Hint() != tt.wantHint)) {
				t.Fatalf("Network = %+v, %v: %q / %q", f, ok, f.Text(), f.Hint())
			}
		})
	}
}
