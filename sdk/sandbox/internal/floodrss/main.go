// Command floodrss measures the resident memory of a running `esim sandbox` before and after
// 1,000 contact messages of the maximum size (every character a 4-byte rune), the figure of
// issue 10's bounded input. It starts the binary itself, on a free loopback port:
//
//	go run ./sdk/sandbox/internal/floodrss -bin .bin/esim [-state]
//
// With -state the sandbox persists to a temporary state file, whose size is printed too.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
)

func main() {
	bin := flag.String("bin", ".bin/esim", "the esim binary")
	withState := flag.Bool("state", false, "persist to a temporary --state file")
	n := flag.Int("n", 1000, "contact messages to send")
	flag.Parse()
	if err := run(*bin, *withState, *n); err != nil {
		fmt.Fprintln(os.Stderr, "floodrss:", err)
		os.Exit(1)
	}
}

func run(bin string, withState bool, n int) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("find a port: %w", err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	dir, err := os.MkdirTemp("", "floodrss")
	if err != nil {
		return fmt.Errorf("temp dir: %w", err)
	}
	defer func() { _ = os.RemoveAll(dir) }()
	args := []string{"sandbox", "--addr", addr}
	state := filepath.Join(dir, "state.json")
	if withState {
		args = append(args, "--state", state)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", bin, err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	base := "http://" + addr
	if err := waitUp(base); err != nil {
		return err
	}
	token, err := guestToken(base)
	if err != nil {
		return err
	}
	before, err := rssKiB(cmd.Process.Pid)
	if err != nil {
		return err
	}
	emoji := func(k int) string { return strings.Repeat("😀", k) }
	body, _ := json.Marshal(map[string]string{
		"FullName": emoji(contract.LimitFullNameMax), "Email": "flood@example.com", "Message": emoji(contract.LimitMessageMax),
		"Department": emoji(contract.LimitDepartmentMax),
	})
	start := time.Now()
	for i := range n {
		req, _ := http.NewRequest(http.MethodPost, base+contract.SandboxSupportPath+"support/contact-us", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return fmt.Errorf("message %d: %w", i, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("message %d: status %d", i, resp.StatusCode)
		}
	}
	took := time.Since(start)
	after, err := rssKiB(cmd.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Printf("%d contact messages of %d bytes in %s: RSS %d KiB -> %d KiB\n", n, len(body), took.Round(time.Millisecond), before, after)
	if withState {
		if st, err := os.Stat(state); err == nil {
			fmt.Printf("state file: %d KiB\n", st.Size()>>10)
		}
	}
	return nil
}

func waitUp(base string) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + contract.SandboxAPIPath + "catalog/bundles/special"); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("the sandbox did not start within 10 s")
}

func guestToken(base string) (string, error) {
	form := "grant_type=password&username=" + contract.SandboxGuestUsername + "&password=" + contract.SandboxGuestPassword + "&scope=openid"
	req, _ := http.NewRequest(http.MethodPost, base+contract.SandboxAPIPath+"connect/token", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(contract.SandboxClientID, contract.SandboxClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("guest token: %w", err)
	}
	defer resp.Body.Close()
	var tok wire.TokenAnswer
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("guest token: status %d: %v", resp.StatusCode, err)
	}
	return tok.AccessToken, nil
}

// rssKiB reads VmRSS of a process (Linux).
func rssKiB(pid int) (int, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, fmt.Errorf("read RSS: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
	return 0, errors.New("no VmRSS line")
}
