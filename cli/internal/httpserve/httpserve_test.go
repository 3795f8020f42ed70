package httpserve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// hangGuard bounds a wait that only a bug makes long; it is not a speed requirement.
const hangGuard = 20 * time.Second

func start(t *testing.T, h http.Handler, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(h, l, nil)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
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

func TestWriteDeadlineDropsAClientThatDoesNotRead(t *testing.T) {
	l := DefaultLimits()
	l.WriteTimeout = 200 * time.Millisecond
	writeErr := make(chan error, 1)
	chunk := []byte(strings.Repeat("x", 32<<10))
	addr := start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// 256 MiB: far more than any socket buffers hold, so the writes block.
		for i := 0; i < 8192; i++ {
			if _, err := w.Write(chunk); err != nil {
				writeErr <- err
				return
			}
		}
		writeErr <- nil
	}), l)
	c := nonReader(t, addr)
	if _, err := fmt.Fprintf(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-writeErr:
		var ne net.Error
		if err == nil || !errors.As(err, &ne) || !ne.Timeout() {
			t.Fatalf("write ended with %v, want a timeout", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("the server is still writing to a client that reads nothing")
	}
}

func TestSlowReaderIsServedInFull(t *testing.T) {
	l := DefaultLimits()
	l.WriteTimeout = 2 * time.Second
	// 16 MiB read in 16 steps, one every eighth of WriteTimeout: the whole read takes twice
	// WriteTimeout, each pause leaves a loaded machine room, and the socket buffers (the
	// client's fixed at 64 KiB, the server's at most tcp_wmem's 4 MiB) hold far less than the
	// answer, so the server's last writes wait on the reader. Only a deadline that moves with
	// each write serves it whole.
	const chunks = 512
	chunk := strings.Repeat("y", 32<<10)
	addr := start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
}

func TestPipelinedRequestsPerConnectionAreBounded(t *testing.T) {
	l := DefaultLimits()
	l.MaxRequestsPerConn = 10
	addr := start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
}

func isReset(err error) bool {
	return strings.Contains(err.Error(), "connection reset")
}

func TestServeDrainsRequestsInFlight(t *testing.T) {
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
	go func() { served <- Serve(ctx, ln, h, DefaultLimits(), nil) }()

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
}

// A request still in flight when the drain ends is cut off, and Serve says so: not as a
// call that timed out (the CLI words a deadline as "the server did not answer in time" and
// suggests --timeout, which has nothing to do with it).
func TestServeSaysWhenTheDrainCutsRequestsOff(t *testing.T) {
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
	go func() { served <- Serve(ctx, ln, h, l, nil) }()
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
}
