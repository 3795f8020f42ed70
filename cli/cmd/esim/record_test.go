package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// server is an esim subcommand that listens (record, sandbox --replay) run as a process.
type server struct {
	cmd    *exec.Cmd
	origin string
	out    *bytes.Buffer
	done   chan error
}

var originRE = regexp.MustCompile(`(?:through|on) (http://127\.0\.0\.1:\d+)`)

// startServer runs esim args and waits for the origin it prints.
func startServer(t testing.TB, bin string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "ESIM_CONFIG_DIR="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, out: &bytes.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = s.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := originRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		s.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	})
	select {
	case s.origin = <-found:
	case <-time.After(20 * time.Second):
		t.Fatalf("esim %s did not start: %s", strings.Join(args, " "), s.out)
	}
	return s
}

// stop sends SIGINT and waits for a clean exit.
func (s *server) stop(t testing.TB) {
	t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatalf("%s: %v\n%s", s.cmd.Args[1], err, s.out)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not stop", s.cmd.Args[1])
	}
}

// session runs the CLI against one server with its own config folder.
type session struct {
	t      *testing.T
	bin    string
	server string
	dir    string
}

func (s session) run(args ...string) string {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bin, args...)
	cmd.Env = append(os.Environ(), "ESIM_SERVER="+s.server, "ESIM_CONFIG_DIR="+s.dir, "NO_COLOR=1", "BROWSER=true")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		s.t.Fatalf("esim %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return out.String()
}

// pay submits the hosted checkout page (recorded and replayed with the session).
func (s session) pay(checkoutURL string) {
	s.t.Helper()
	u, err := url.Parse(checkoutURL)
	if err != nil {
		s.t.Fatal(err)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(s.server+u.Path, url.Values{"cardNumber": {"4242 4242 4242 4242"}})
	if err != nil {
		s.t.Fatal(err)
	}
	resp.Body.Close()
	if loc, _ := url.Parse(resp.Header.Get("Location")); resp.StatusCode != http.StatusSeeOther || loc == nil || loc.Query().Get("success") != "true" {
		s.t.Fatalf("payment: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// readmeSession is the README's CLI session: sign up and log in in two steps, find a
// Turkey plan, buy and pay it, list the eSIMs, show the QR code, list the top-ups. It
// returns every --json output, in order, and the codes it typed.
func readmeSession(s session, code func(email string) string) (outputs []string, codes []string) {
	const email = "rana.readme@example.com"
	j := func(args ...string) string {
		out := s.run(append(args, "--json")...)
		outputs = append(outputs, out)
		return out
	}
	j("signup", "--first-name", "Rana", "--last-name", "Haddad", "--phone", "70123456", "--email", email, "--send-only")
	codes = append(codes, code(email))
	j("login", "--email", email, "--code", codes[0], "--captcha-token", "dev-captcha")
	s.run("logout")
	j("login", "--email", email, "--send-only")
	codes = append(codes, code(email))
	j("login", "--email", email, "--code", codes[1], "--captcha-token", "dev-captcha")
	var plans []struct {
		ID       string `json:"id"`
		CanTopup bool   `json:"canTopup"`
	}
	if err := json.Unmarshal([]byte(j("plans", "--country", "TR")), &plans); err != nil || len(plans) == 0 {
		s.t.Fatalf("plans: %v", err)
	}
	var buy struct {
		CheckoutURL string `json:"checkoutUrl"`
	}
	if err := json.Unmarshal([]byte(j("buy", plans[0].ID)), &buy); err != nil {
		s.t.Fatal(err)
	}
	s.pay(buy.CheckoutURL)
	var esims []struct {
		ICCID string `json:"iccid"`
	}
	if err := json.Unmarshal([]byte(j("esims", "list")), &esims); err != nil || len(esims) != 1 {
		s.t.Fatalf("esims list: %v %d", err, len(esims))
	}
	j("esims", "qr", esims[0].ICCID)
	j("topup", "list", esims[0].ICCID)
	return outputs, codes
}

// freePort returns a loopback address free now, for a server that must listen on the same
// address twice (the recording's links carry its origin, and the replay serves them).
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestREADMESessionRecordsAndReplays records the README's CLI session through `esim
// record` in front of the sandbox, then replays it with the sandbox stopped, in strict
// mode: every --json output is the same, and no recorded file holds a token, a code or a
// client secret.
func TestREADMESessionRecordsAndReplays(t *testing.T) {
	bin := binary(t)
	sb, err := sandbox.New(sandbox.Options{ActivationDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	upstream := httptest.NewServer(sb)
	rec := t.TempDir()
	addr := freePort(t)

	recorder := startServer(t, bin, "record", "--out", rec, "--upstream", upstream.URL, "--addr", addr)
	live := session{t: t, bin: bin, server: recorder.origin, dir: t.TempDir()}
	last := ""
	liveOut, codes := readmeSession(live, func(email string) string {
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if c := sb.LatestCode(email); c != "" && c != last {
				last = c
				return c
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatal("no new code mailed")
		return ""
	})
	recorder.stop(t)
	if !strings.Contains(recorder.out.String(), "on disk") {
		t.Errorf("record summary: %s", recorder.out)
	}
	upstream.Close()

	// No recorded file holds a token, a one-time code or the client credential.
	sessionFile, err := os.ReadFile(filepath.Join(live.dir, "session.json"))
	if err != nil {
		t.Fatal(err)
	}
	var stored sdk.Session
	if err := json.Unmarshal(sessionFile, &stored); err != nil {
		t.Fatal(err)
	}
	access, refresh := stored.Token, stored.RefreshToken
	if refresh == "" || strings.Count(access, ".") != 2 {
		t.Fatalf("session file without tokens: %s", sessionFile)
	}
	secrets := []string{access, access[strings.LastIndexByte(access, '.')+1:], refresh, sandbox.DefaultClientSecret, sandbox.DefaultGuestPassword,
		base64.StdEncoding.EncodeToString([]byte(sandbox.DefaultClientID + ":" + sandbox.DefaultClientSecret)), "dev-captcha"}
	for _, c := range codes {
		secrets = append(secrets, `"`+c+`"`, "="+c, `\"`+c+`\"`)
	}
	files := 0
	_ = filepath.WalkDir(rec, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, rerr := os.ReadFile(p)
		if rerr != nil {
			t.Fatal(rerr)
		}
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds a secret %q", p, s)
			}
		}
		return nil
	})
	if files < 10 {
		t.Fatalf("%d files recorded", files)
	}
	// The redacted recording still satisfies the contract.
	if out := live.run("fixtures", "check", rec); !strings.Contains(out, " 0 failed") {
		t.Errorf("fixtures check: %s", out)
	}

	// Replay with the sandbox stopped, strict, on the recorder's address.
	replay := startServer(t, bin, "sandbox", "--replay", rec, "--addr", addr)
	again := session{t: t, bin: bin, server: replay.origin, dir: t.TempDir()}
	replayOut, _ := readmeSession(again, func(email string) string {
		resp, err := http.Get(replay.origin + "/sandbox/mailbox.json?to=" + url.QueryEscape(email))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var mb struct{ Messages []struct{ Code string } }
		if err := json.NewDecoder(resp.Body).Decode(&mb); err != nil || len(mb.Messages) == 0 {
			t.Fatalf("replay mailbox: %v", err)
		}
		return mb.Messages[0].Code
	})
	resp, err := http.Get(replay.origin + "/sandbox/replay.json")
	if err != nil {
		t.Fatal(err)
	}
	report, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	replay.stop(t)
	if !bytes.Contains(report, []byte(`"misses": []`)) {
		t.Errorf("replay missed:\n%s", report)
	}
	if len(liveOut) != 9 {
		t.Fatalf("%d --json outputs, want the session's 9", len(liveOut))
	}
	if len(replayOut) != len(liveOut) {
		t.Fatalf("%d outputs replayed, %d live", len(replayOut), len(liveOut))
	}
	for i := range liveOut {
		if replayOut[i] != liveOut[i] {
			t.Errorf("output %d differs:\nlive:   %s\nreplay: %s", i, liveOut[i], replayOut[i])
		}
	}
}

// BenchmarkPlansThroughRecorder times `esim plans --country TR --json` against the sandbox
// directly and through `esim record` in front of it, in turn, in one run (issue 20: at most
// 1.2x). Each figure is the median wall time of the whole process; ratio is the median of
// the pairs' recorded/direct (a pair runs back to back, so a drift of the machine's speed
// touches both).
func BenchmarkPlansThroughRecorder(b *testing.B) {
	bin := binary(b)
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	upstream := httptest.NewServer(sb)
	defer upstream.Close()
	recorder := startServer(b, bin, "record", "--out", b.TempDir(), "--upstream", upstream.URL, "--addr", "127.0.0.1:0")
	defer recorder.stop(b)
	run := func(server, dir string) time.Duration {
		cmd := exec.Command(bin, "plans", "--country", "TR", "--json")
		cmd.Env = append(os.Environ(), "ESIM_SERVER="+server, "ESIM_CONFIG_DIR="+dir, "NO_COLOR=1")
		start := time.Now()
		if out, err := cmd.Output(); err != nil || !bytes.Contains(out, []byte("TR_")) {
			b.Fatalf("plans via %s: %v %s", server, err, out)
		}
		return time.Since(start)
	}
	directDir, recordedDir := b.TempDir(), b.TempDir()
	run(upstream.URL, directDir) // warm-up: the guest login of each config folder
	run(recorder.origin, recordedDir)
	var direct, recorded []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		direct = append(direct, run(upstream.URL, directDir))
		recorded = append(recorded, run(recorder.origin, recordedDir))
	}
	b.StopTimer()
	median := func(v []float64) float64 {
		s := append([]float64(nil), v...)
		sort.Float64s(s)
		return s[len(s)/2]
	}
	ms := func(d []time.Duration) []float64 {
		out := make([]float64, len(d))
		for i, x := range d {
			out[i] = float64(x.Microseconds()) / 1000
		}
		return out
	}
	ratios := make([]float64, len(direct))
	for i := range direct {
		ratios[i] = float64(recorded[i]) / float64(direct[i])
	}
	b.ReportMetric(median(ms(direct)), "direct-ms")
	b.ReportMetric(median(ms(recorded)), "recorded-ms")
	b.ReportMetric(median(ratios), "ratio")
}

// TestREADMECommandsReplayOnCommittedFixtures runs the README's commands against
// `esim sandbox --replay fixtures/` (strict): plans --country TR and --region Europe, the
// two-step login, esims list, esims qr and the top-up list all answer, and nothing misses.
func TestREADMECommandsReplayOnCommittedFixtures(t *testing.T) {
	bin := binary(t)
	replay := startServer(t, bin, "sandbox", "--replay", filepath.Join("..", "..", "..", "fixtures"), "--addr", "127.0.0.1:0")
	s := session{t: t, bin: bin, server: replay.origin, dir: t.TempDir()}
	const email = "rana.haddad@example.com"
	const iccid = "89961010025061000016" // the customer's active Turkey eSIM in the fixtures
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plans", "--country", "TR"}, "TR_5GB_30D"},
		{[]string{"plans", "--region", "Europe"}, "EU_10GB_30D"},
		{[]string{"login", "--email", email, "--send-only"}, ""},
		{[]string{"login", "--email", email, "--code", "000000", "--captcha-token", "dev-captcha"}, ""},
		{[]string{"whoami"}, email},
		{[]string{"esims", "list"}, iccid},
		{[]string{"esims", "qr", iccid, "--json"}, `"lpa": "LPA:1$`},
		{[]string{"topup", "list", iccid}, "TR_10GB_30D"},
	} {
		if out := s.run(tc.args...); !strings.Contains(out, tc.want) {
			t.Errorf("esim %s: %q lacks %q", strings.Join(tc.args, " "), out, tc.want)
		}
	}
	resp, err := http.Get(replay.origin + "/sandbox/replay.json")
	if err != nil {
		t.Fatal(err)
	}
	report, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	replay.stop(t)
	if !bytes.Contains(report, []byte(`"misses": []`)) {
		t.Fatalf("misses:\n%s", report)
	}
}
