package httpserve

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
)

// bigBlob is a Blob over sendfileMin of random bytes (a corrupted or shifted byte shows).
func bigBlob(t *testing.T, n int) *Blob {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return NewBlob(b)
}

func staticHandler(t *testing.T, blobs map[string]*Blob) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := blobs[r.URL.Path]
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
		if r.Method == http.MethodHead {
			return
		}
		sw, ok := w.(StaticWriter)
		if !ok {
			_, _ = w.Write(b.Bytes())
			return
		}
		_, _ = sw.WriteStatic(b)
	})
}

// Many clients at once, each over one kept-alive connection, get whole and exact bodies of
// several large Blobs: each answer sends from its own offset, whoever else is reading.
func TestStaticBodiesAreSentWholeToManyClients(t *testing.T) {
	blobs := map[string]*Blob{"/a": bigBlob(t, 300<<10), "/b": bigBlob(t, sendfileMin), "/c": bigBlob(t, 1<<20+7)}
	addr := start(t, kinds[1], staticHandler(t, blobs), DefaultLimits())
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
			defer client.CloseIdleConnections()
			for j := range 12 {
				path := []string{"/a", "/b", "/c"}[(i+j)%3]
				resp, err := client.Get("http://" + addr + path)
				if err != nil {
					errs <- err
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(body, blobs[path].Bytes()) {
					errs <- fmt.Errorf("%s: got %d bytes, not the blob's %d", path, len(body), blobs[path].Len())
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if runtime.GOOS == "linux" {
		for path, b := range blobs {
			if f, err := b.sendable(); f == nil {
				t.Errorf("%s was copied, not sent from a file: %v", path, err)
			}
		}
	}
}

// A HEAD answer says the length and sends nothing; a small Blob is never given a file.
func TestStaticBodiesHeadAndSmall(t *testing.T) {
	small := NewBlob([]byte("a small file"))
	blobs := map[string]*Blob{"/big": bigBlob(t, 64<<10), "/small": small}
	addr := start(t, kinds[1], staticHandler(t, blobs), DefaultLimits())
	resp, body := exchange(t, addr, "HEAD /big HTTP/1.1\r\nHost: x\r\n\r\n", "HEAD")
	if resp == nil || resp.ContentLength != 64<<10 || len(body) != 0 {
		t.Fatalf("HEAD: %v, %d bytes of body", resp, len(body))
	}
	resp, body = exchange(t, addr, "GET /small HTTP/1.1\r\nHost: x\r\n\r\n", "GET")
	if resp == nil || string(body) != "a small file" {
		t.Fatalf("GET /small: %v %q", resp, body)
	}
	if small.file != nil {
		t.Error("a small Blob was given a file")
	}
}

// A large Blob followed by more of the body: the answer is both, in order.
func TestStaticBodyFollowedByMore(t *testing.T) {
	big := bigBlob(t, 100<<10)
	addr := start(t, kinds[1], http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.(StaticWriter).WriteStatic(big)
		_, _ = io.WriteString(w, "tail")
	}), DefaultLimits())
	_, body := exchange(t, addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", "GET")
	if want := append(bytes.Clone(big.Bytes()), "tail"...); !bytes.Equal(body, want) {
		t.Fatalf("got %d bytes, want the blob and its tail (%d)", len(body), len(want))
	}
}

// A client that stops reading a large Blob loses the connection after WriteTimeout, and
// one that reads slowly gets it whole: the deadline holds for sendfile as for writes.
func TestStaticBodyWriteDeadline(t *testing.T) {
	l := DefaultLimits()
	l.WriteTimeout = 300 * time.Millisecond
	// 32 MiB: far more than the socket buffers hold (tcp_wmem's and tcp_rmem's largest).
	big := bigBlob(t, 32<<20)
	addr := start(t, kinds[1], staticHandler(t, map[string]*Blob{"/big": big}), l)

	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := fmt.Fprintf(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	// Not reading for a while: the server gives up and closes the connection, so what the
	// client then reads is what the buffers held, and the stream ends before the body does.
	time.Sleep(5 * l.WriteTimeout)
	_ = c.SetReadDeadline(time.Now().Add(hangGuard))
	n, err := io.Copy(io.Discard, c)
	if err != nil && !isReset(err) {
		t.Fatalf("read %d bytes, then %v; want the connection closed", n, err)
	}
	if n >= int64(big.Len()) {
		t.Fatalf("a client that did not read got all %d bytes", n)
	}

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if _, err := fmt.Fprintf(slow, "GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	_ = slow.SetReadDeadline(time.Now().Add(hangGuard))
	got, buf := 0, make([]byte, 2<<20)
	for {
		m, err := io.ReadFull(slow, buf)
		got += m
		if err != nil {
			break
		}
		time.Sleep(l.WriteTimeout / 3)
	}
	// The header comes before the body.
	if got < big.Len() {
		t.Fatalf("a slow reader got %d bytes of %d", got, big.Len())
	}
}
