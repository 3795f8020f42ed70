package sandbox

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
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
	out := runCmd(t, []string{"--addr", addr, "--replay", "../../fixtures"}, "http://"+addr+"/sandbox/replay.json", func(t *testing.T) {
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
	// The banner names only the pages a strict replay has.
	for _, want := range []string{"/api/v1/", "/sandbox/mailbox", "/sandbox/replay.json", "strict"} {
		if !strings.Contains(out, want) {
			t.Errorf("banner lacks %s:\n%s", want, out)
		}
	}
	for _, absent := range []string{"/sandbox/audit", "/sandbox/faults"} {
		if strings.Contains(out, absent) {
			t.Errorf("strict replay banner advertises %s:\n%s", absent, out)
		}
	}
}

func TestReplayRefusesBadInput(t *testing.T) {
	damaged := t.TempDir()
	if err := os.MkdirAll(filepath.Join(damaged, "api", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(damaged, "api", "x", "s.har.json"), []byte(`{"log":{"version":"1.2"`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"empty folder", []string{"--replay", t.TempDir()}, "no *.har.json"},
		{"damaged file named", []string{"--replay", damaged}, filepath.Join("api", "x", "s.har.json")},
		{"bad mode", []string{"--replay", damaged, "--replay-mode", "loose"}, "strict, lenient or spy"},
		{"spy without upstream", []string{"--replay", "../../fixtures", "--replay-mode", "spy"}, "needs --upstream"},
		{"mode without replay", []string{"--replay-mode", "lenient"}, "need --replay"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			f := &factory.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
			cmd := NewCmdSandbox(f)
			cmd.SetArgs(append([]string{"--addr", "127.0.0.1:0"}, tc.args...))
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			err := cmd.Execute()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want containing %q", err, tc.want)
			}
		})
	}
}

func TestReplayLenientFallsThroughToTheEmulator(t *testing.T) {
	addr := freeAddr(t)
	out := runCmd(t, []string{"--addr", addr, "--replay", "../../fixtures", "--replay-mode", "lenient"}, "http://"+addr+"/sandbox/replay.json", func(t *testing.T) {
		// Recorded: the fixtures' Europe plans.
		resp, err := http.Get("http://" + addr + "/api/v1/catalog/bundles/Europe")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte("EU_10GB_30D")) {
			t.Fatalf("recorded Europe: %d %.200s", resp.StatusCode, b)
		}
		// Not recorded: the emulator answers.
		resp, err = http.Get("http://" + addr + "/api/v1/catalog/bundles/FR")
		if err != nil {
			t.Fatal(err)
		}
		b, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte("FR_")) {
			t.Fatalf("emulated France: %d %.200s", resp.StatusCode, b)
		}
	})
	for _, want := range []string{"lenient", "/sandbox/audit", "/sandbox/faults", "/sandbox/replay.json"} {
		if !strings.Contains(out, want) {
			t.Errorf("lenient banner lacks %s:\n%s", want, out)
		}
	}
}
