package sandbox

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
)

// freeAddr finds a loopback port for a command that listens by address.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// runCmd starts `esim sandbox args...`, waits until url answers, calls check, then stops it.
func runCmd(t *testing.T, args []string, url string, check func(t *testing.T)) string {
	t.Helper()
	ios, _, out, _ := iostreams.Test()
	f := &factory.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
	cmd := NewCmdSandbox(f)
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("server did not start: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	check(t)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("command: %v", err)
	}
	return out.String()
}

func TestSandboxCommand(t *testing.T) {
	addr := freeAddr(t)
	out := runCmd(t, []string{"--addr", addr}, "http://"+addr+"/sandbox/", func(t *testing.T) {
		resp, err := http.Get("http://" + addr + "/api/v1/catalog/bundles/TR")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte("TR_1GB_7D")) {
			t.Fatalf("%d %s", resp.StatusCode, b[:min(200, len(b))])
		}
	})
	for _, want := range []string{"/api/v1/", "/esim-service/api/v1/", "/esim-check/api/v1/", "/loki/api/v1/push", "/sandbox/mailbox"} {
		if !strings.Contains(out, "http://"+addr+want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestReplayCommand(t *testing.T) {
	addr := freeAddr(t)
	runCmd(t, []string{"--addr", addr, "--replay", "../../fixtures"}, "http://"+addr+"/", func(t *testing.T) {
		resp, err := http.Get("http://" + addr + "/api/v1/catalog/countries")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte(`"isoCode"`)) {
			t.Fatalf("replayed countries: %d %s", resp.StatusCode, b)
		}
	})
	if _, err := ReplayHandler(t.TempDir()); err == nil {
		t.Fatal("an empty fixture directory was accepted")
	}
}
