//go:build linux

package sandbox_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// The tests here run the sandbox as a child process (this test binary, re-executed into
// TestSandboxChildProcess) on a state file, so it can be killed with SIGKILL or given a
// file size limit that makes every write past it fail, as a full disk does.

const (
	childStateEnv = "SANDBOX_CHILD_STATE"
	childFsizeEnv = "SANDBOX_CHILD_FSIZE"
)

// TestSandboxChildProcess is the child: it serves a sandbox on the state file until killed.
func TestSandboxChildProcess(t *testing.T) {
	state := os.Getenv(childStateEnv)
	if state == "" {
		t.Skip("helper process of the crash and full-disk tests")
	}
	if lim := os.Getenv(childFsizeEnv); lim != "" {
		n, err := strconv.ParseUint(lim, 10, 64)
		if err != nil {
			fmt.Println("ERROR", err)
			os.Exit(3)
		}
		var rl syscall.Rlimit
		_ = syscall.Getrlimit(syscall.RLIMIT_FSIZE, &rl)
		rl.Cur = n
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &rl); err != nil {
			fmt.Println("ERROR setrlimit:", err)
			os.Exit(3)
		}
	}
	sb, err := sandbox.New(sandbox.Options{
		StatePath: state, MaxUnpaidOrders: 1 << 20,
		AccessTokenLifetime: time.Hour, RefreshTokenLifetime: 24 * time.Hour,
	})
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(3)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(3)
	}
	fmt.Printf("LISTEN %s\n", ln.Addr())
	_ = http.Serve(ln, sb)
}

type child struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

func startChild(t *testing.T, state string, fsize int64) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSandboxChildProcess$")
	cmd.Env = append(os.Environ(), childStateEnv+"="+state)
	if fsize > 0 {
		cmd.Env = append(cmd.Env, childFsizeEnv+"="+strconv.FormatInt(fsize, 10))
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, done: make(chan struct{})}
	t.Cleanup(func() { c.kill() })
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		line := lines.Text()
		if addr, ok := strings.CutPrefix(line, "LISTEN "); ok {
			c.base = "http://" + addr
			break
		}
		if strings.HasPrefix(line, "ERROR") {
			t.Fatalf("sandbox child: %s", line)
		}
	}
	if c.base == "" {
		t.Fatalf("sandbox child did not start: %v", lines.Err())
	}
	go func() {
		_, _ = io.Copy(io.Discard, out)
		_ = cmd.Wait()
		close(c.done)
	}()
	return c
}

// kill ends the child with SIGKILL (no chance to flush anything) and waits for it.
func (c *child) kill() {
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

func (c *child) client(t *testing.T, st sdk.TokenStore) *sdk.Client {
	t.Helper()
	cl, err := sdk.NewClient(sdk.Options{
		APIBase: c.base + sandbox.APIPath, SupportBase: c.base + sandbox.SupportPath,
		ESIMCheckBase: c.base + sandbox.ESIMCheckPath, LogPushURL: c.base + sandbox.LogPushPath,
		ClientID: sandbox.DefaultClientID, ClientSecret: sandbox.DefaultClientSecret,
		GuestUsername: sandbox.DefaultGuestUsername, GuestPassword: sandbox.DefaultGuestPassword,
		HTTPClient: &http.Client{Timeout: 20 * time.Second}, Store: st,
	})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// signupRemote registers email, reading the code from the child's mailbox.
func (c *child) signup(ctx context.Context, cl *sdk.Client, email string) error {
	if _, err := cl.Auth.GuestLogin(ctx); err != nil {
		return fmt.Errorf("guest login: %w", err)
	}
	sent, err := cl.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Kill", LastName: "Nine", CountryCode: "961", Phone: "70123456", Email: email})
	if err != nil {
		return fmt.Errorf("send code: %w", err)
	}
	resp, err := http.Get(c.base + "/sandbox/mailbox.json?to=" + url.QueryEscape(email))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var box struct {
		Messages []sandbox.Mail `json:"messages"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&box); err != nil || len(box.Messages) == 0 {
		return fmt.Errorf("mailbox: %v (%d messages)", err, len(box.Messages))
	}
	if _, err := cl.Login(ctx, sent.UserID, box.Messages[0].Code, "captcha-token"); err != nil {
		return fmt.Errorf("login: %w", err)
	}
	return nil
}

// errNotAcknowledged: the purchase got an answer other than a successful payment.
var errNotAcknowledged = errors.New("purchase not acknowledged")

// answer is the status and body of a refused purchase step.
type answer struct {
	status int
	body   []byte
}

// purchase buys bundleID and pays; nil only when the checkout answered its 303 to a
// successful /actionresult, i.e. the sandbox acknowledged the payment.
func (c *child) purchase(ctx context.Context, cl *sdk.Client, bundleID, email string) (answer, error) {
	res, err := cl.Checkout(ctx, sdk.CheckoutRequest{BundleID: bundleID, Email: email})
	if err != nil {
		var ae *sdk.APIError
		if errors.As(err, &ae) {
			return answer{ae.Status, ae.Body}, err
		}
		return answer{}, err
	}
	u, err := url.Parse(res.CheckoutURL)
	if err != nil {
		return answer{}, err
	}
	hc := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(c.base+u.Path, url.Values{"cardNumber": {sandbox.CardPays}})
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	a := answer{resp.StatusCode, b}
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || loc == nil || loc.Query().Get("success") != "true" {
		return a, fmt.Errorf("%w: status %d", errNotAcknowledged, resp.StatusCode)
	}
	return a, nil
}

func countESIMs(ctx context.Context, t *testing.T, cl *sdk.Client, email string) int {
	t.Helper()
	list, err := cl.ESIMs.ByEmail(ctx, email)
	if err != nil {
		t.Fatalf("eSIMs of %s: %v", email, err)
	}
	return len(list)
}

// TestKillNineLosesNothingAcknowledged kills the sandbox with SIGKILL in the middle of
// bursts of concurrent purchases, restarts it on the same file and checks that every
// purchase it acknowledged (and every session it issued) is still there.
func TestKillNineLosesNothingAcknowledged(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the sandbox as a child process")
	}
	const customers = 4
	rounds := 5
	if n, err := strconv.Atoi(os.Getenv("SANDBOX_KILL_ROUNDS")); err == nil && n > 0 {
		rounds = n // a longer run: SANDBOX_KILL_ROUNDS=20 go test -run KillNine -v ./sdk/sandbox/
	}
	ctx := context.Background()
	dir := t.TempDir()
	state := filepath.Join(dir, "state.db")
	c := startChild(t, state, 0)

	stores := make([]sdk.TokenStore, customers)
	emails := make([]string, customers)
	acked := make([]int, customers)
	for i := range customers {
		stores[i] = sdk.NewMemoryStore()
		emails[i] = fmt.Sprintf("kill9-%d@example.com", i)
		if err := c.signup(ctx, c.client(t, stores[i]), emails[i]); err != nil {
			t.Fatalf("signup %d: %v", i, err)
		}
	}
	bundles, err := c.client(t, sdk.NewMemoryStore()).Catalog.AreaBundles(ctx, "TR")
	if err != nil || len(bundles) == 0 {
		t.Fatalf("bundles: %v", err)
	}
	bundleID := bundles[0].ID

	totalAcked, totalLost := 0, 0
	for round := range rounds {
		var mu sync.Mutex
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for i := range customers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cl := c.client(t, stores[i])
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := c.purchase(ctx, cl, bundleID, emails[i]); err == nil {
						mu.Lock()
						acked[i]++
						mu.Unlock()
					} else if !errors.Is(err, errNotAcknowledged) && isConnErr(err) {
						return // the child is gone
					}
				}
			}()
		}
		// Kill at a random moment of the burst, while purchases are in flight.
		time.Sleep(time.Duration(300+rand.IntN(700)) * time.Millisecond)
		c.kill()
		close(stop)
		wg.Wait()

		c = startChild(t, state, 0)
		roundAcked, roundLost := 0, 0
		for i := range customers {
			// The customer's session (a refresh token issued before the kill) still works.
			got := countESIMs(ctx, t, c.client(t, stores[i]), emails[i])
			roundAcked += acked[i]
			if got < acked[i] {
				roundLost += acked[i] - got
				t.Errorf("round %d: %s has %d eSIMs after the restart; %d purchases were acknowledged", round, emails[i], got, acked[i])
			}
		}
		totalAcked, totalLost = roundAcked, totalLost+roundLost
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("round %d: files beside the state: %v", round, entries)
		}
	}
	t.Logf("kill -9: %d rounds, %d acknowledged purchases, %d lost", rounds, totalAcked, totalLost)
	if totalAcked == 0 {
		t.Fatal("no purchase was acknowledged: the test proved nothing")
	}
}

func isConnErr(err error) bool {
	var ne net.Error
	var oe *net.OpError
	return errors.As(err, &oe) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || strings.Contains(err.Error(), "connection")
}

// TestFullDiskAnswers503AndLosesNothing gives the child a file size limit, so its store
// cannot grow past it (writes fail with EFBIG, as on a full disk), and buys until the
// sandbox refuses: every refused change answers 503 problem+json, /healthz says
// "degraded", nothing a client was told succeeded is lost, and nothing refused is visible.
func TestFullDiskAnswers503AndLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the sandbox as a child process")
	}
	ctx := context.Background()
	dir := t.TempDir()
	state := filepath.Join(dir, "state.db")
	c := startChild(t, state, 256<<10)
	st := sdk.NewMemoryStore()
	cl := c.client(t, st)
	const email = "fulldisk@example.com"
	if err := c.signup(ctx, cl, email); err != nil {
		t.Fatalf("signup: %v", err)
	}
	bundles, err := cl.Catalog.AreaBundles(ctx, "TR")
	if err != nil || len(bundles) == 0 {
		t.Fatalf("bundles: %v", err)
	}
	acked, refused := 0, 0
	for i := 0; i < 400 && refused < 5; i++ {
		a, err := c.purchase(ctx, cl, bundles[0].ID, email)
		switch {
		case err == nil:
			acked++
		case a.status == http.StatusServiceUnavailable:
			refused++
			// The 503 is problem+json with the RFC 9110 type.
			var p struct {
				Type, Title, Detail string
				Status              int
			}
			if err := json.Unmarshal(a.body, &p); err != nil || p.Type != contract.ProblemType(http.StatusServiceUnavailable) ||
				p.Status != 503 || p.Title != "Service Unavailable" || p.Detail == "" {
				t.Fatalf("503 answer %s (%v)", a.body, err)
			}
		default:
			t.Fatalf("purchase %d: status %d: %v", i, a.status, err)
		}
	}
	if refused == 0 {
		t.Fatalf("%d purchases and no write failed: the limit is too high for the test", acked)
	}
	t.Logf("full disk: %d purchases acknowledged, then %d refused with 503", acked, refused)

	health := func() (int, string) {
		resp, err := http.Get(c.base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := health(); code != http.StatusServiceUnavailable || !strings.Contains(body, `"degraded"`) {
		t.Fatalf("/healthz during write failures: %d %s", code, body)
	}
	// Memory is not ahead of the disk: only the acknowledged purchases are visible.
	if got := countESIMs(ctx, t, cl, email); got != acked {
		t.Fatalf("during write failures %d eSIMs are visible; %d purchases were acknowledged", got, acked)
	}

	// A restart on the still-full disk says so at once (issue 21.9), before any change.
	c.kill()
	c = startChild(t, state, 256<<10)
	if code, body := health(); code != http.StatusServiceUnavailable || !strings.Contains(body, `"degraded"`) {
		t.Fatalf("/healthz after a restart on the full disk: %d %s", code, body)
	}
	// A small change still fits in the file's free pages; the disk is as full as before, so
	// /healthz stays degraded (one guest login made it say "ok").
	guestOK := false
	for range 20 {
		if _, err := c.client(t, sdk.NewMemoryStore()).Auth.GuestLogin(ctx); err == nil {
			guestOK = true
			break
		}
	}
	if !guestOK {
		t.Fatal("no change fitted in the full store's free pages: the check below proves nothing")
	}
	if code, body := health(); code != http.StatusServiceUnavailable || !strings.Contains(body, `"degraded"`) {
		t.Fatalf("/healthz after a change that fitted, on the still-full disk: %d %s", code, body)
	}
	c.kill()
	c = startChild(t, state, 0)
	if code, body := health(); code != http.StatusOK || !strings.Contains(body, `"ok"`) {
		t.Fatalf("/healthz after restart: %d %s", code, body)
	}
	if got := countESIMs(ctx, t, c.client(t, st), email); got != acked {
		t.Fatalf("after restart %d eSIMs; %d purchases were acknowledged", got, acked)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files beside the state: %v", entries)
	}
}
