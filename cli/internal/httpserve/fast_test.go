package httpserve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// exchange sends raw on a new connection and reads one answer (nil: the server closed the
// connection without one).
func exchange(t *testing.T, addr, raw, method string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(hangGuard))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || isReset(err) {
			return nil, nil
		}
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// The handler sees the request net/http would give it, and the client gets the answer
// net/http would send: the same status, body and headers (Date aside).
func TestFastAnswersAsNetHTTPDoes(t *testing.T) {
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		keys := make([]string, 0, len(r.Header))
		for k := range r.Header {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var hdr strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&hdr, "%s=%q;", k, r.Header[k])
		}
		fmt.Fprintf(w, "method=%s uri=%s path=%s query=%s host=%s proto=%s close=%v len=%d body=%s remote=%v headers=%s",
			r.Method, r.RequestURI, r.URL.Path, r.URL.RawQuery, r.Host, r.Proto, r.Close, r.ContentLength, body,
			strings.HasPrefix(r.RemoteAddr, "127.0.0.1:"), hdr.String())
	})
	answers := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		switch r.URL.Path {
		case "/typed":
			h.Set("Content-Type", "application/json")
			h.Add("Vary", "Accept-Encoding")
			h.Add("Vary", "Cookie")
			http.SetCookie(w, &http.Cookie{Name: "lang", Value: "ar", Path: "/", SameSite: http.SameSiteLaxMode})
			http.SetCookie(w, &http.Cookie{Name: "admin", Value: "t0k", Path: "/sandbox/", HttpOnly: true, Secure: true, MaxAge: 600})
			_, _ = io.WriteString(w, `{"ok":true}`)
		case "/sniffed":
			_, _ = io.WriteString(w, "<!doctype html><p>hello")
		case "/length":
			h.Set("Content-Type", "text/plain")
			h.Set("Content-Length", "11")
			h.Set("Etag", `"abc"`)
			_, _ = io.WriteString(w, "hello world")
		case "/not-modified":
			h.Set("Etag", `"abc"`)
			w.WriteHeader(http.StatusNotModified)
			_, _ = io.WriteString(w, "never sent")
		case "/created":
			h.Set("Location", "/things/1")
			w.WriteHeader(http.StatusCreated)
			w.WriteHeader(http.StatusTeapot) // ignored, as net/http does
			_, _ = io.WriteString(w, "made")
		case "/close":
			h.Set("Connection", "close")
			_, _ = io.WriteString(w, "bye")
		case "/error":
			http.Error(w, "no such thing", http.StatusNotFound)
		default:
			echo.ServeHTTP(w, r)
		}
	})
	requests := []struct{ name, method, raw string }{
		{"get with query", "GET", "GET /echo/a%20b?x=1&y=%C3%A9 HTTP/1.1\r\nHost: shop.example:8080\r\nAccept-Encoding: br\r\nX-Forwarded-For: 1.2.3.4\r\nX-Forwarded-For: 5.6.7.8\r\nCookie: a=1; b=2\r\n\r\n"},
		{"post with body", "POST", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"a\":\"b\"}"},
		{"chunked body", "POST", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\r\n"},
		{"http/1.0", "GET", "GET /echo HTTP/1.0\r\nHost: x\r\n\r\n"},
		{"connection close", "GET", "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
		{"typed with cookies", "GET", "GET /typed HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"sniffed type", "GET", "GET /sniffed HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"head keeps the length", "HEAD", "HEAD /length HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"get with a length", "GET", "GET /length HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"not modified", "GET", "GET /not-modified HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"first status counts", "POST", "POST /created HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"},
		{"handler closes", "GET", "GET /close HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"error", "GET", "GET /error HTTP/1.1\r\nHost: x\r\n\r\n"},
	}
	std := start(t, kinds[0], answers, DefaultLimits())
	fast := start(t, kinds[1], answers, DefaultLimits())
	for _, rq := range requests {
		t.Run(rq.name, func(t *testing.T) {
			want, wantBody := exchange(t, std, rq.raw, rq.method)
			got, gotBody := exchange(t, fast, rq.raw, rq.method)
			if want == nil || got == nil {
				t.Fatalf("no answer: net/http %v, fast %v", want != nil, got != nil)
			}
			if got.StatusCode != want.StatusCode || !bytes.Equal(gotBody, wantBody) {
				t.Fatalf("fast: %d %q\nnet/http: %d %q", got.StatusCode, gotBody, want.StatusCode, wantBody)
			}
			for _, k := range []string{"Content-Type", "Content-Length", "Etag", "Location", "Vary", "X-Content-Type-Options"} {
				if g, w := got.Header.Values(k), want.Header.Values(k); !slices.Equal(g, w) {
					t.Errorf("%s: fast %q, net/http %q", k, g, w)
				}
			}
			if got.Close != want.Close {
				t.Errorf("closes the connection: fast %v, net/http %v", got.Close, want.Close)
			}
			if g, w := cookies(got), cookies(want); g != w {
				t.Errorf("cookies: fast %s\nnet/http %s", g, w)
			}
		})
	}
}

// cookies is what a browser would read from the answer's Set-Cookie headers.
func cookies(r *http.Response) string {
	var b strings.Builder
	for _, c := range r.Cookies() {
		fmt.Fprintf(&b, "%s=%s path=%s maxage=%d httponly=%v secure=%v samesite=%v; ", c.Name, c.Value, c.Path, c.MaxAge, c.HttpOnly, c.Secure, c.SameSite)
	}
	return b.String()
}

// A handler that gives up (http.ErrAbortHandler) or panics gets no answer sent and its
// connection closed, as on net/http; the panic is logged and the server goes on.
func TestFastClosesTheConnectionOfAHandlerThatGivesUp(t *testing.T) {
	var logs syncBuffer
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Half", "done")
		_, _ = io.WriteString(w, "partial")
		switch r.URL.Path {
		case "/abort":
			panic(http.ErrAbortHandler)
		case "/boom":
			panic("boom")
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewFast(h, DefaultLimits(), slog.New(slog.NewTextHandler(&logs, nil)))
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	addr := ln.Addr().String()
	for _, p := range []string{"/abort", "/boom"} {
		if resp, body := exchange(t, addr, "GET "+p+" HTTP/1.1\r\nHost: x\r\n\r\n", "GET"); resp != nil {
			t.Fatalf("%s answered %d %q, want the connection closed", p, resp.StatusCode, body)
		}
	}
	if resp, body := exchange(t, addr, "GET /fine HTTP/1.1\r\nHost: x\r\n\r\n", "GET"); resp == nil || string(body) != "partial" {
		t.Fatalf("the server stopped answering after a handler's panic: %v %q", resp, body)
	}
	if got := logs.String(); !strings.Contains(got, "handler panic") || !strings.Contains(got, "boom") || strings.Count(got, "handler panic") != 1 {
		t.Fatalf("log: %s (want the panic once, the abort not at all)", got)
	}
}

// fasthttp reuses its buffers once an answer is sent; a handler that keeps a request's
// strings (the sandbox keeps paths, headers and bodies in its state) must keep what it read.
func TestFastRequestStringsOutliveTheRequest(t *testing.T) {
	var mu sync.Mutex
	var kept [][4]string // the request's own strings, not copies made here
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		kept = append(kept, [4]string{r.URL.Path, r.Header.Get("X-Id"), r.Host, r.Method})
		mu.Unlock()
	})
	addr := start(t, kinds[1], h, DefaultLimits())
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(hangGuard))
	br := bufio.NewReader(c)
	var want [][4]string
	for i := 0; i < 20; i++ {
		id := strings.Repeat(fmt.Sprint(i%10), 8)
		body := strings.Repeat(string(rune('a'+i)), 16)
		fmt.Fprintf(c, "POST /item/%s HTTP/1.1\r\nHost: h%s\r\nX-Id: %s\r\nContent-Length: %d\r\n\r\n%s", id, id, id, len(body), body)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		want = append(want, [4]string{"/item/" + id, id, "h" + id, "POST"})
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(kept, want) {
		t.Fatalf("kept strings changed after their requests:\n got %q\nwant %q", kept, want)
	}
}

// A body over Limits.MaxBodyBytes is refused before the handler runs.
func TestFastRefusesAnOversizedBody(t *testing.T) {
	l := DefaultLimits()
	l.MaxBodyBytes = 1 << 10
	called := false
	addr := start(t, kinds[1], http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called = true }), l)
	resp, _ := exchange(t, addr, fmt.Sprintf("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", 2<<10, strings.Repeat("z", 2<<10)), "POST")
	if resp == nil || resp.StatusCode != http.StatusRequestEntityTooLarge || called {
		t.Fatalf("answer %v, handler called %v: want 413 without the handler", resp, called)
	}
}

// A body written in pieces keeps every piece, whether they came without a copy
// (WriteStatic) or not, in any order.
func TestFastKeepsEveryPieceOfABody(t *testing.T) {
	first, last := []byte("first|"), []byte("|last")
	addr := start(t, kinds[1], http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw, ok := w.(StaticWriter)
		if !ok {
			t.Error("Fast's writer is not a StaticWriter")
			return
		}
		_, _ = sw.WriteStatic(NewBlob(first))
		_, _ = io.WriteString(w, "middle")
		_, _ = sw.WriteStatic(NewBlob(last))
	}), DefaultLimits())
	resp, body := exchange(t, addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", "GET")
	if resp == nil || string(body) != "first|middle|last" {
		t.Fatalf("body %q, want every piece", body)
	}
	if string(first) != "first|" || string(last) != "|last" {
		t.Fatal("the handler's bytes were changed")
	}
}

// syncBuffer is a bytes.Buffer the server's goroutines may write while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Requests are read whole however they arrive: a byte at a time, or several in one packet
// with bodies larger than what one read takes ahead (deadlineConn.Read).
func TestRequestsAreReadHoweverTheyArrive(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		addr := start(t, k, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			fmt.Fprintf(w, "%s %s %d", r.Method, r.URL.Path, len(body))
		}), DefaultLimits())
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(hangGuard))
		for _, b := range []byte("GET /one HTTP/1.1\r\nHost: x\r\n\r\n") {
			if _, err := c.Write([]byte{b}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Millisecond)
		}
		big := strings.Repeat("b", 3*readAheadSize+5)
		pipelined := "GET /two HTTP/1.1\r\nHost: x\r\n\r\n" +
			fmt.Sprintf("POST /three HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(big), big) +
			"GET /four HTTP/1.1\r\nHost: x\r\n\r\n"
		if _, err := io.WriteString(c, pipelined); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(c)
		for _, want := range []string{"GET /one 0", "GET /two 0", fmt.Sprintf("POST /three %d", len(big)), "GET /four 0"} {
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("before %q: %v", want, err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(body) != want {
				t.Fatalf("answer %q, want %q", body, want)
			}
		}
	})
}

// A client that stops halfway loses the connection after the timeout for that part: the
// header (ReadHeaderTimeout), the body (ReadTimeout), the wait for a next request on a
// kept-alive connection (IdleTimeout). Fast gives a read deadline to the socket only when a
// read reaches it (deadlineConn); each must still hold.
func TestStalledClientsAreCutOff(t *testing.T) {
	l := DefaultLimits()
	l.ReadHeaderTimeout, l.ReadTimeout, l.IdleTimeout = 300*time.Millisecond, 600*time.Millisecond, 900*time.Millisecond
	tests := []struct {
		name, sent string
		after      time.Duration // the connection is still open before this
	}{
		{"half a header", "GET / HTTP/1.1\r\nHost: x\r\nAccept: te", l.ReadHeaderTimeout},
		{"first byte only", "G", l.ReadHeaderTimeout},
		{"half a body", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf", l.ReadTimeout},
		{"idle after an answer", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", l.IdleTimeout},
	}
	eachKind(t, func(t *testing.T, k kind) {
		addr := start(t, k, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			_, _ = io.WriteString(w, "ok")
		}), l)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				if _, err := io.WriteString(c, tt.sent); err != nil {
					t.Fatal(err)
				}
				began := time.Now()
				_ = c.SetReadDeadline(began.Add(hangGuard))
				_, err = io.Copy(io.Discard, c) // until the server closes the connection
				took := time.Since(began)
				if err != nil && !isReset(err) {
					t.Fatalf("after %v: %v, want the connection closed by the server", took, err)
				}
				if took < tt.after*3/4 {
					t.Fatalf("closed after %v, before its timeout %v", took, tt.after)
				}
			})
		}
	})
}

// A read deadline set while a read waits on the socket reaches that read.
func TestReadDeadlineReachesAWaitingRead(t *testing.T) {
	server, client := net.Pipe()
	defer client.Close()
	c := &deadlineConn{Conn: server, pool: &sync.Pool{New: func() any { return new([readAheadSize]byte) }}}
	done := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 1))
		done <- err
	}()
	time.Sleep(50 * time.Millisecond) // the read is waiting
	if err := c.SetReadDeadline(time.Now().Add(50 * time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Fatalf("the read ended with %v, want a timeout", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("the waiting read never saw its deadline")
	}
}
