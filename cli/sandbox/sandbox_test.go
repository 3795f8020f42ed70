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
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

func TestParseFault(t *testing.T) {
	tests := []struct {
		spec    string
		want    sb.Fault
		wantErr string
	}{
		{spec: "path=catalog/countries,status=500,count=2", want: sb.Fault{Path: "catalog/countries", Status: 500, Count: 2}},
		{spec: "path=connect/token,latency=1.5s", want: sb.Fault{Path: "connect/token", LatencyMs: 1500}},
		{spec: "path=orders,drop,method=post", want: sb.Fault{Path: "orders", Drop: true, Method: "POST"}},
		{spec: "path=x,status=503,detail=Down for maintenance", want: sb.Fault{Path: "x", Status: 503, Detail: "Down for maintenance"}},
		{spec: "status=500", wantErr: "path is required"},
		{spec: "path=x", wantErr: "give a status"},
		{spec: "path=x,status=abc", wantErr: "status"},
		{spec: "path=x,colour=red", wantErr: "unknown key"},
		{spec: "path=x,latency=soon", wantErr: "latency"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := ParseFault(tt.spec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v %v, want %+v", got, err, tt.want)
			}
		})
	}
}

func TestFlagsOptions(t *testing.T) {
	f := Flags{Accelerate: 0.5}
	if _, err := f.Options(nil); err == nil {
		t.Fatal("accelerate < 1 accepted")
	}
	f = Flags{Accelerate: 1, Faults: []string{"path=x"}}
	if _, err := f.Options(nil); err == nil {
		t.Fatal("bad fault accepted")
	}
	f = Flags{Accelerate: 60, RejectCaptcha: true, Faults: []string{"path=x,status=500"}}
	o, err := f.Options(nil)
	if err != nil || len(o.Faults) != 1 || o.CaptchaValid("anything") {
		t.Fatalf("%+v %v", o, err)
	}
}

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
