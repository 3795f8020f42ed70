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
	refused := fmt.Errorf("catalog.countries: GET http://127.0.0.1:1/api/v1/catalog/countries: %w",
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
