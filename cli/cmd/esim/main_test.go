package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// buildOnce builds the esim binary into a temporary directory shared by the tests and
// benchmarks of this package.
var buildOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "esim-bin")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "esim")
	// Built like `task build` (static, stripped), so the cold-start figures are the shipped binary's.
	cmd := exec.Command("go", "build", "-ldflags", "-s -w", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", &buildError{string(out), err}
	}
	return bin, nil
})

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

func binary(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

func TestBinaryVersionAndHelp(t *testing.T) {
	bin := binary(t)
	tests := []struct {
		args     []string
		wantCode int
		contains string
	}{
		{[]string{"--version"}, 0, "esim version "},
		{[]string{"--help"}, 0, "Shop commands:"},
		{[]string{"nope"}, 2, `unknown command "nope"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			cmd.Env = append(os.Environ(), "ESIM_CONFIG_DIR="+t.TempDir())
			out, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.wantCode {
				t.Errorf("exit code %d, want %d", code, tt.wantCode)
			}
			if !strings.Contains(string(out), tt.contains) {
				t.Errorf("output %q lacks %q", out, tt.contains)
			}
		})
	}
}

// benchmarkColdStart runs the built binary as a new process per iteration, the way a
// user's shell does, and reports the median wall time (target: under 20 ms).
func benchmarkColdStart(b *testing.B, args ...string) {
	bin := binary(b)
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}

func BenchmarkColdStartVersion(b *testing.B) { benchmarkColdStart(b, "--version") }

// BenchmarkColdStartVersusGh runs `esim --version` and `gh --version` (Debian's gh
// package) in turn, each a new process, and reports both medians and the median of the
// pairwise ratio esim/gh (target: under 0.5). Pairs cancel the drift of a shared machine.
func BenchmarkColdStartVersusGh(b *testing.B) {
	gh, err := exec.LookPath("gh")
	if err != nil {
		b.Skip("gh is not installed (apt-get install gh)")
	}
	bin := binary(b)
	run := func(name string) time.Duration {
		start := time.Now()
		if out, err := exec.Command(name, "--version").CombinedOutput(); err != nil {
			b.Fatalf("%s --version: %v: %s", name, err, out)
		}
		return time.Since(start)
	}
	run(bin) // warm the page cache for both
	run(gh)
	var esim, ghs []time.Duration
	var ratios []float64
	for b.Loop() {
		e, g := run(bin), run(gh)
		esim, ghs = append(esim, e), append(ghs, g)
		ratios = append(ratios, float64(e)/float64(g))
	}
	slices.Sort(esim)
	slices.Sort(ghs)
	slices.Sort(ratios)
	b.ReportMetric(float64(esim[len(esim)/2].Microseconds())/1000, "esim-ms-median")
	b.ReportMetric(float64(ghs[len(ghs)/2].Microseconds())/1000, "gh-ms-median")
	b.ReportMetric(ratios[len(ratios)/2], "esim/gh-median")
}
func BenchmarkColdStartHelp(b *testing.B) { benchmarkColdStart(b, "--help") }

// TestInterruptAtAPrompt: Ctrl-C while login waits for the code ends the process with
// exit code 2 instead of leaving it stuck on stdin.
func TestInterruptAtAPrompt(t *testing.T) {
	e := newE2E(t)
	const email = "sami.nader@example.com"
	e.register(email)
	cmd := exec.Command(e.bin, "login", "--email", email, "--code", "-", "--captcha-token", "dev-captcha")
	cmd.Env = e.env
	stdin, err := cmd.StdinPipe() // never written: the command waits for the code
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	old := e.sb.LatestCode(email)
	deadline := time.Now().Add(20 * time.Second)
	for e.sb.LatestCode(email) == old && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond) // the code is sent: login now reads stdin
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		if code := cmd.ProcessState.ExitCode(); code != 2 {
			t.Errorf("exit code %d, want 2", code)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("esim login did not stop on SIGINT")
	}
}
