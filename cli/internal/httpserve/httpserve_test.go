package httpserve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// hangGuard bounds a wait that only a bug makes long; it is not a speed requirement.
const hangGuard = 20 * time.Second

// kind is one of the two servers; every limit must hold on both.
type kind struct {
	name  string
	new   func(h http.Handler, l Limits) testServer
	serve func(ctx context.Context, ln net.Listener, h http.Handler, l Limits, logger *slog.Logger) error
}

type testServer interface {
	Serve(net.Listener) error
	Close() error
}

var kinds = []kind{
	{"net/http", func(h http.Handler, l Limits) testServer { return NewServer(h, l, nil) }, Serve},
	{"fast", func(h http.Handler, l Limits) testServer { return NewFast(h, l, nil) }, ServeFast},
}

// eachKind runs f as a subtest per server.
func eachKind(t *testing.T, f func(t *testing.T, k kind)) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) { f(t, k) })
	}
}

func start(t *testing.T, k kind, h http.Handler, l Limits) string {
	t.Helper()
	return startOn(t, k, nil, h, l)
}

// startOn serves h on a new listener, wrapped by wrap when given.
func startOn(t *testing.T, k kind, wrap func(net.Listener) net.Listener, h http.Handler, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if wrap != nil {
		ln = wrap(ln)
	}
	srv := k.new(h, l)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close(); _ = ln.Close() })
	return addr
}

// nonReader connects with the smallest receive buffer and never reads.
func nonReader(t *testing.T, addr string) *net.TCPConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	tc := c.(*net.TCPConn)
	if err := tc.SetReadBuffer(1); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tc.Close() })
	return tc
}

// writeWatch records the first write error of the server's connections.
type writeWatch struct {
	net.Listener
	errc chan error
}

func (w *writeWatch) Accept() (net.Conn, error) {
	c, err := w.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &watchedConn{Conn: c, errc: w.errc}, nil
}

type watchedConn struct {
	net.Conn
	errc chan error
}

func (c *watchedConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err != nil {
		select {
		case c.errc <- err:
		default:
		}
	}
	return n, err
}

func TestWriteDeadlineDropsAClientThatDoesNotRead(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		l := DefaultLimits()
		l.WriteTimeout = 200 * time.Millisecond
		writeErr := make(chan error, 1)
		chunk := []byte(strings.Repeat("x", 32<<10))
		addr := startOn(t, k, func(ln net.Listener) net.Listener { return &writeWatch{Listener: ln, errc: writeErr} },
			http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				// 32 MiB: far more than any socket buffers hold, so the writes block.
				for i := 0; i < 1024; i++ {
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
			}), l)
		c := nonReader(t, addr)
		if _, err := fmt.Fprintf(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-writeErr:
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				t.Fatalf("write ended with %v, want a timeout", err)
			}
		case <-time.After(hangGuard):
			t.Fatal("the server is still writing to a client that reads nothing")
		}
	})
}

func TestSlowReaderIsServedInFull(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		l := DefaultLimits()
		l.WriteTimeout = 2 * time.Second
		// 16 MiB read in 16 steps, one every eighth of WriteTimeout: the whole read takes twice
		// WriteTimeout, each pause leaves a loaded machine room, and the socket buffers (the
		// client's fixed at 64 KiB, the server's at most tcp_wmem's 4 MiB) hold far less than the
		// answer, so the server's last writes wait on the reader. Only a deadline that moves with
		// each write serves it whole.
		const chunks = 512
		chunk := strings.Repeat("y", 32<<10)
		addr := start(t, k, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for i := 0; i < chunks; i++ {
				if _, err := io.WriteString(w, chunk); err != nil {
					return
				}
			}
		}), l)
		client := &http.Client{Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, a string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, a)
				if err != nil {
					return nil, err
				}
				if err := c.(*net.TCPConn).SetReadBuffer(64 << 10); err != nil {
					_ = c.Close()
					return nil, err
				}
				return c, nil
			},
		}}
		resp, err := client.Get("http://" + addr + "/")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		buf := make([]byte, chunks*len(chunk)/16)
		total := 0
		for {
			n, err := io.ReadFull(resp.Body, buf)
			total += n
			if err != nil {
				break
			}
			time.Sleep(l.WriteTimeout / 8)
		}
		if total != chunks*len(chunk) {
			t.Fatalf("read %d bytes, want %d", total, chunks*len(chunk))
		}
	})
}

func TestPipelinedRequestsPerConnectionAreBounded(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		l := DefaultLimits()
		l.MaxRequestsPerConn = 10
		addr := start(t, k, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.WriteString(w, "ok")
		}), l)
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(hangGuard))
		go func() {
			var b strings.Builder
			for i := 0; i < 50; i++ {
				b.WriteString("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
			}
			_, _ = io.WriteString(c, b.String())
		}()
		br := bufio.NewReader(c)
		answered := 0
		for {
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) && !isReset(err) {
					t.Fatalf("after %d answers: %v", answered, err)
				}
				break
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			answered++
			if answered == 10 && !resp.Close {
				t.Fatal("the 10th answer does not say Connection: close")
			}
		}
		if answered != 10 {
			t.Fatalf("%d of 50 pipelined requests answered on one connection, want 10", answered)
		}
	})
}

func isReset(err error) bool {
	return strings.Contains(err.Error(), "connection reset")
}

func TestServeDrainsRequestsInFlight(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		entered, release := make(chan struct{}), make(chan struct{})
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			close(entered)
			<-release
			_, _ = io.WriteString(w, "finished")
		})
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- k.serve(ctx, ln, h, DefaultLimits(), nil) }()

		got := make(chan string, 1)
		go func() {
			resp, err := http.Get("http://" + addr + "/slow")
			if err != nil {
				got <- err.Error()
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			got <- string(b)
		}()
		<-entered
		cancel()
		// The listener closes at once: a proxy sends new requests elsewhere.
		deadline := time.Now().Add(hangGuard)
		for {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				break
			}
			c.Close()
			if time.Now().After(deadline) {
				t.Fatal("still accepting connections after shutdown began")
			}
			time.Sleep(10 * time.Millisecond)
		}
		close(release)
		if b := <-got; b != "finished" {
			t.Fatalf("the request in flight got %q", b)
		}
		if err := <-served; err != nil {
			t.Fatalf("Serve: %v", err)
		}
	})
}

// A request still in flight when the drain ends is cut off, and Serve says so: not as a
// call that timed out (the CLI words a deadline as "the server did not answer in time" and
// suggests --timeout, which has nothing to do with it).
func TestServeSaysWhenTheDrainCutsRequestsOff(t *testing.T) {
	eachKind(t, func(t *testing.T, k kind) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		entered, release := make(chan struct{}), make(chan struct{})
		defer close(release)
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			close(entered)
			<-release
		})
		l := DefaultLimits()
		l.ShutdownTimeout = 50 * time.Millisecond
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- k.serve(ctx, ln, h, l, nil) }()
		go func() {
			if resp, err := http.Get("http://" + ln.Addr().String() + "/slow"); err == nil {
				resp.Body.Close()
			}
		}()
		<-entered
		cancel()
		err = <-served
		if err == nil || errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "still in flight after 50ms were cut off") {
			t.Fatalf("Serve: %v", err)
		}
	})
}
