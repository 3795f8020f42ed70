package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/cedarsim/esim/sdk"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// hangGuard bounds a wait that only a bug makes long (a frozen server); it is not a speed
// requirement: speed is measured by BenchmarkOthersWhileOneClientDoesNotRead.
const hangGuard = 10 * time.Second

// stack is `esim serve` on the sandbox as run() assembles it (handler, hardened server),
// on a listener that lets a test see each connection's writes from the server side.
type stack struct {
	url   string
	emu   *sb.Server
	conns *connWatch
}

func newStack(t testing.TB, l httpserve.Limits) *stack {
	t.Helper()
	emu, err := sb.New(sb.Options{ActivationDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(HandlerOptions{Webapp: webapp(), Config: sandboxConfig(t), Sandbox: emu, Health: emu.Health})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cw := &connWatch{Listener: ln, byPeer: map[string]*watchedConn{}}
	srv := httpserve.NewFast(h, l, nil) // the server run() uses
	go func() { _ = srv.Serve(cw) }()
	t.Cleanup(func() {
		_ = srv.Close()
		_ = emu.Close()
	})
	return &stack{url: "http://" + ln.Addr().String(), emu: emu, conns: cw}
}

// connWatch records, per client address, what the server has written to it and whether a
// write is under way.
type connWatch struct {
	net.Listener
	mu     sync.Mutex
	byPeer map[string]*watchedConn
}

func (cw *connWatch) Accept() (net.Conn, error) {
	c, err := cw.Listener.Accept()
	if err != nil {
		return nil, err
	}
	w := &watchedConn{Conn: c}
	cw.mu.Lock()
	cw.byPeer[c.RemoteAddr().String()] = w
	cw.mu.Unlock()
	return w, nil
}

func (cw *connWatch) peer(addr string) *watchedConn {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	return cw.byPeer[addr]
}

type watchedConn struct {
	net.Conn
	written atomic.Int64
	writing atomic.Bool
}

func (c *watchedConn) Write(b []byte) (int, error) {
	c.writing.Store(true)
	n, err := c.Conn.Write(b)
	c.written.Add(int64(n))
	c.writing.Store(false)
	return n, err
}

func (s *stack) client(t testing.TB) *sdk.Client {
	t.Helper()
	c, err := sdk.NewClient(sdk.Options{
		APIBase: s.url + sb.APIPath, SupportBase: s.url + sb.SupportPath, ESIMCheckBase: s.url + sb.ESIMCheckPath,
		LogPushURL: s.url + sb.LogPushPath, ClientID: sb.DefaultClientID, ClientSecret: sb.DefaultClientSecret,
		GuestUsername: sb.DefaultGuestUsername, GuestPassword: sb.DefaultGuestPassword,
		HTTPClient: &http.Client{Timeout: hangGuard},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// customer signs email up and buys n eSIMs; it returns the customer's access token.
func (s *stack) customer(t testing.TB, email string, n int) string {
	t.Helper()
	ctx := context.Background()
	c := s.client(t)
	if _, err := c.Auth.GuestLogin(ctx); err != nil {
		t.Fatal(err)
	}
	sent, err := c.Users.SendSignupCode(ctx, sdk.SignupForm{FirstName: "Rima", LastName: "Haddad", CountryCode: "961", Phone: "70123456", Email: email})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := c.Login(ctx, sent.UserID, s.emu.LatestCode(email), "captcha-token")
	if err != nil {
		t.Fatal(err)
	}
	bundles, err := c.Catalog.AreaBundles(ctx, "TR")
	if err != nil || len(bundles) == 0 {
		t.Fatalf("bundles: %d %v", len(bundles), err)
	}
	noRedirect := &http.Client{Timeout: hangGuard, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for i := 0; i < n; i++ {
		res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: bundles[0].ID, Email: email})
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(res.CheckoutURL)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := noRedirect.PostForm(s.url+u.Path, url.Values{"cardNumber": {"4242 4242 4242 4242"}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), "success=true") {
			t.Fatalf("payment %d: %d %s", i, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	if n > 0 {
		if list, err := c.ESIMs.ByEmail(ctx, email); err != nil || len(list) != n {
			t.Fatalf("%s has %d eSIMs (%v), want %d", email, len(list), err, n)
		}
	}
	return tok.AccessToken
}

// esimsRequest is the raw request for a customer's own eSIM list.
func esimsRequest(email, token string) string {
	return fmt.Sprintf("GET %sesims/useremails/%s HTTP/1.1\r\nHost: shop.test\r\nAuthorization: Bearer %s\r\n\r\n", sb.SupportPath, url.PathEscape(email), token)
}

// holdWithoutReading opens a connection with the smallest receive buffer, pipelines count
// requests for email's eSIMs on it, never reads, and waits until the server's write to it
// is stuck: a write under way and nothing moving. It returns the server's side of it.
func (s *stack) holdWithoutReading(t testing.TB, email, token string, count int) *watchedConn {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
		if err != nil {
			return err
		}
		return serr
	}}
	c, err := d.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	go func() {
		// May block for good once the server stops reading: the test never waits for it.
		_, _ = io.WriteString(c, strings.Repeat(esimsRequest(email, token), count))
	}()
	var server *watchedConn
	deadline := time.Now().Add(hangGuard)
	last := int64(-1)
	for time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		if server == nil {
			server = s.conns.peer(c.LocalAddr().String())
			continue
		}
		n := server.written.Load()
		if server.writing.Load() && n == last {
			return server
		}
		last = n
	}
	t.Fatalf("the server never blocked writing to the non-reading client (%d bytes written): its answers fit in the socket buffers", last)
	return nil
}

// TestNonReadingClientHoldsNobody: a customer who pipelines requests for their own eSIMs
// on one connection and never reads holds only that connection. While the server's write
// to it is stuck, other customers, /healthz and the shop answer. (With 3 eSIMs the
// bound on requests per connection already ends the connection before the socket buffers
// fill; with 80 the first answers fill them.)
func TestNonReadingClientHoldsNobody(t *testing.T) {
	s := newStack(t, httpserve.DefaultLimits())
	slowToken := s.customer(t, "slow@example.com", 80)
	otherToken := s.customer(t, "other@example.com", 1)
	held := s.holdWithoutReading(t, "slow@example.com", slowToken, 300)
	stuckAt := held.written.Load()

	hc := &http.Client{Timeout: hangGuard}
	for _, tc := range []struct {
		name, path, token string
	}{
		{"another customer's eSIMs", sb.SupportPath + "esims/useremails/other%40example.com", otherToken},
		{"health", "/healthz", ""},
		{"the shop", "/plans", ""},
		{"the catalogue", sb.APIPath + "catalog/countries", ""},
	} {
		req, _ := http.NewRequest(http.MethodGet, s.url+tc.path, nil)
		if tc.token != "" {
			req.Header.Set("Authorization", "Bearer "+tc.token)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("%s while a client does not read: %v", tc.name, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && !(tc.token == "" && resp.StatusCode == http.StatusUnauthorized) {
			t.Fatalf("%s: status %d", tc.name, resp.StatusCode)
		}
	}
	if !held.writing.Load() || held.written.Load() != stuckAt {
		t.Fatal("the non-reading client's connection moved during the test: the answers above do not prove anything")
	}
}

// BenchmarkOthersWhileOneClientDoesNotRead measures what other clients see (another
// customer's eSIM list, then /healthz) with no slow client, and while a customer with 80
// eSIMs holds a connection with 300 pipelined requests and reads nothing. It reports the
// p50 and p99 latency of those requests (go tool task bench:serve).
func BenchmarkOthersWhileOneClientDoesNotRead(b *testing.B) {
	for _, held := range []bool{false, true} {
		name := "idle"
		if held {
			name = "held"
		}
		b.Run(name, func(b *testing.B) {
			s := newStack(b, httpserve.DefaultLimits())
			otherToken := s.customer(b, "other@example.com", 1)
			if held {
				slowToken := s.customer(b, "slow@example.com", 80)
				s.holdWithoutReading(b, "slow@example.com", slowToken, 300)
			}
			hc := &http.Client{Timeout: hangGuard}
			get := func(path, token string) time.Duration {
				req, _ := http.NewRequest(http.MethodGet, s.url+path, nil)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				start := time.Now()
				resp, err := hc.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("%s: %d", path, resp.StatusCode)
				}
				return time.Since(start)
			}
			lat := make([]time.Duration, 0, 2*b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				lat = append(lat, get(sb.SupportPath+"esims/useremails/other%40example.com", otherToken), get("/healthz", ""))
			}
			b.StopTimer()
			slices.Sort(lat)
			q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
			b.ReportMetric(q(0.50), "p50-ms")
			b.ReportMetric(q(0.99), "p99-ms")
			b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
		})
	}
}

// The sandbox's dropped-connection fault on esim serve's server, which offers no Hijack:
// the handler gives up (http.ErrAbortHandler), the client gets no answer, the server goes on.
func TestDroppedConnectionFaultOnServe(t *testing.T) {
	s := newStack(t, httpserve.DefaultLimits())
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: hangGuard}
	resp, err := client.Post(s.url+"/sandbox/faults", "application/json", strings.NewReader(`{"path":"catalog/regions","drop":true,"count":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("add the fault: %d", resp.StatusCode)
	}
	regions := s.url + sb.APIPath + "catalog/regions"
	if resp, err := client.Get(regions); err == nil {
		resp.Body.Close()
		t.Fatalf("the dropped connection answered %d", resp.StatusCode)
	}
	resp, err = client.Get(regions)
	if err != nil {
		t.Fatalf("after the drop: %v", err)
	}
	resp.Body.Close()
}
