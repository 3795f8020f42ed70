// Package httpserve runs the HTTP server of `esim serve` and `esim sandbox` with the limits
// that keep one client from holding it: timeouts for reading a request's header and body, a
// write deadline on every response (moved forward while the client keeps reading), a bound
// on the requests one connection may send, an idle timeout, and a graceful shutdown that
// lets the requests in flight finish.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// Limits bound what one client connection may take of the server.
type Limits struct {
	// ReadHeaderTimeout and ReadTimeout bound reading a request's header, and its whole
	// body, so a client that sends slowly cannot hold a connection.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	// WriteTimeout is how long one write of a response may wait for the client to take it.
	// It is set for each response and moved forward at each write, so a slow reader on a
	// poor network is served in full, while a client that stops reading loses the
	// connection after WriteTimeout.
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection with no request.
	IdleTimeout    time.Duration
	MaxHeaderBytes int
	// MaxBodyBytes is the largest request body Fast reads (larger: 413); NewServer leaves
	// bodies to the handlers.
	MaxBodyBytes int
	// MaxRequestsPerConn is how many requests one connection may send: the answer to the
	// last one says "Connection: close", and whatever the client pipelined behind it is
	// never read. One connection thus queues a bounded amount of work (nginx's
	// keepalive_requests does the same).
	MaxRequestsPerConn int64
	// ShutdownTimeout is how long a graceful shutdown waits for the requests in flight.
	ShutdownTimeout time.Duration
}

// DefaultLimits are the limits of `esim serve` and `esim sandbox` (docs/deploy.md).
func DefaultLimits() Limits {
	return Limits{
		ReadHeaderTimeout:  10 * time.Second,
		ReadTimeout:        30 * time.Second,
		WriteTimeout:       30 * time.Second,
		IdleTimeout:        60 * time.Second,
		MaxHeaderBytes:     64 << 10,
		MaxBodyBytes:       4 << 20,
		MaxRequestsPerConn: 100,
		ShutdownTimeout:    10 * time.Second,
	}
}

type connRequestsKey struct{}

// NewServer returns an http.Server for h with the limits l.
func NewServer(h http.Handler, l Limits, logger *slog.Logger) *http.Server {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &http.Server{
		Handler:           Guard(h, l),
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		// Each connection counts its requests (Guard).
		ConnContext: func(ctx context.Context, _ net.Conn) context.Context {
			return context.WithValue(ctx, connRequestsKey{}, new(atomic.Int64))
		},
	}
}

// Guard applies the per-response limits of l to h: the write deadline and, on a server
// made by NewServer, the bound on requests per connection.
func Guard(h http.Handler, l Limits) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n, ok := r.Context().Value(connRequestsKey{}).(*atomic.Int64); ok && l.MaxRequestsPerConn > 0 &&
			r.ProtoMajor == 1 && n.Add(1) >= l.MaxRequestsPerConn {
			// The server closes the connection after this answer.
			w.Header().Set("Connection", "close")
		}
		if l.WriteTimeout > 0 {
			dw := &deadlineWriter{ResponseWriter: w, rc: http.NewResponseController(w), d: l.WriteTimeout}
			dw.extend()
			w = dw
		}
		h.ServeHTTP(w, r)
	})
}

// deadlineWriter moves the connection's write deadline forward before each write.
type deadlineWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
}

func (w *deadlineWriter) extend() {
	// An error means the writer cannot take deadlines (a test recorder); nothing to bound.
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.d))
}

func (w *deadlineWriter) Write(b []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(b)
}

// Flush keeps the writer a http.Flusher for handlers that test for one.
func (w *deadlineWriter) Flush() {
	w.extend()
	_ = w.rc.Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Serve answers on ln with h until ctx ends or SIGINT/SIGTERM arrives, then shuts down
// gracefully: the listener closes at once (a proxy in front sends new requests to another
// replica), the requests in flight get l.ShutdownTimeout to finish, idle connections close.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, l Limits, logger *slog.Logger) error {
	return serveUntil(ctx, ln, NewServer(h, l, logger), l, logger)
}

// server is what serveUntil runs: *http.Server or *Fast.
type server interface {
	Serve(net.Listener) error
	Shutdown(context.Context) error
}

func serveUntil(ctx context.Context, ln net.Listener, srv server, l Limits, logger *slog.Logger) error {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if err == nil {
			err = errors.New("the listener closed")
		}
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down", "drain", l.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), l.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			// Not wrapped: a deadline reads as a call that timed out ("allow more time with
			// --timeout"), and nothing here was a call.
			return fmt.Errorf("shutdown: requests still in flight after %s were cut off", l.ShutdownTimeout)
		}
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("stopped")
	return nil
}
