package sandbox_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// tinyBuffers makes every accepted connection's send buffer as small as the kernel allows,
// so an answer the client does not read blocks the server's write at once.
type tinyBuffers struct{ net.Listener }

func (l tinyBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok && err == nil {
		_ = tc.SetWriteBuffer(1024)
	}
	return c, err
}

// writeWatch counts the answer writes to one connection that are under way and done.
type writeWatch struct {
	addr     atomic.Value // the slow client's address as the server sees it
	inWrite  atomic.Int64
	finished atomic.Int64
}

type watchedWriter struct {
	http.ResponseWriter
	w *writeWatch
}

func (ww watchedWriter) Write(p []byte) (int, error) {
	ww.w.inWrite.Add(1)
	defer func() { ww.w.inWrite.Add(-1); ww.w.finished.Add(1) }()
	return ww.ResponseWriter.Write(p)
}

// TestNonReadingClientBlocksNobody (issue 21.1): a customer with many eSIMs pipelines
// reads of their own eSIMs on one socket with a tiny receive buffer and never reads. While
// the server's write to that socket is blocked, other customers, the admin pages and
// /healthz still answer: no handler holds the state lock while it writes to a client.
func TestNonReadingClientBlocksNobody(t *testing.T) {
	ctx := context.Background()
	sb, err := sandbox.New(sandbox.Options{Clock: sandbox.NewFakeClock(t0), StatePath: filepath.Join(t.TempDir(), "state.db")})
	if err != nil {
		t.Fatal(err)
	}
	watch := &writeWatch{}
	watch.addr.Store("")
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.RemoteAddr == watch.addr.Load().(string) {
			w = watchedWriter{ResponseWriter: w, w: watch}
		}
		sb.ServeHTTP(w, r)
	}))
	srv.Listener = tinyBuffers{srv.Listener}
	srv.Start()
	e := &env{sb: sb, srv: srv}
	t.Cleanup(func() { e.close(t) })

	const hoarder = "many@example.com"
	tr, _ := sb.Catalogue().ByName("TR_1GB_7D")
	c := e.client(t)
	signup(t, ctx, e, c, hoarder)
	for range 30 {
		res, err := c.Checkout(ctx, sdk.CheckoutRequest{BundleID: tr.ID, Email: hoarder})
		if err != nil {
			t.Fatalf("checkout: %v", err)
		}
		e.pay(t, res.CheckoutURL, sandbox.CardPays)
	}
	other, _ := buy(t, e, "other@example.com", tr)

	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.(*net.TCPConn).SetReadBuffer(1024); err != nil {
		t.Fatal(err)
	}
	watch.addr.Store(conn.LocalAddr().String())
	req := fmt.Sprintf("GET %sesims/useremails/%s HTTP/1.1\r\nHost: %s\r\nAuthorization: %s\r\n\r\n",
		sandbox.SupportPath, hoarder, conn.RemoteAddr(), bearerOf(t, c))
	go func() { _, _ = io.WriteString(conn, strings.Repeat(req, 50)) }() // and never read

	// Wait until a write to the slow socket is under way (it stays blocked: nobody reads).
	deadline := time.Now().Add(30 * time.Second)
	for watch.inWrite.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no write to the non-reading client started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	finished := watch.finished.Load()

	// Everyone else answers, each within 1 s.
	quick := &http.Client{Timeout: time.Second}
	for _, tc := range []struct {
		name, path, auth string
	}{
		{"healthz", "/healthz", ""},
		{"another customer's eSIMs", sandbox.SupportPath + "esims/useremails/other@example.com", bearerOf(t, other)},
		{"the mailbox", "/sandbox/mailbox.json", ""},
		{"the audit page", "/sandbox/audit.json", ""},
		{"a token request", "", ""},
	} {
		var resp *http.Response
		var err error
		if tc.name == "a token request" {
			resp, err = quick.PostForm(srv.URL+sandbox.APIPath+"connect/token", map[string][]string{
				"grant_type": {"refresh_token"}, "refresh_token": {"x"},
				"client_id": {sandbox.DefaultClientID}, "client_secret": {sandbox.DefaultClientSecret}})
		} else {
			r, _ := http.NewRequest(http.MethodGet, srv.URL+tc.path, nil)
			if tc.auth != "" {
				r.Header.Set("Authorization", tc.auth)
			}
			resp, err = quick.Do(r)
		}
		if err != nil {
			t.Fatalf("%s while a client does not read: %v", tc.name, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
	}
	if watch.inWrite.Load() == 0 || watch.finished.Load() != finished {
		t.Fatal("the write to the non-reading client was not blocked throughout; the test proved nothing")
	}
}
