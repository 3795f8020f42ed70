package httpserve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/valyala/fasthttp"
)

// Fast serves an http.Handler from an event-driven HTTP/1.1 server (fasthttp) instead of
// net/http: `esim serve` answers a page about 1.9 times as often per second with it, and its
// largest script about 1.4 times (docs/performance.md, issue 21.13). The limits are the same
// as NewServer's: a read timeout for a request's header and another for its body, a write
// deadline moved forward as the answer goes out (conn.go), a bound on requests per
// connection, an idle timeout, a graceful drain.
//
// Each answer is buffered whole before it is sent, so Fast suits handlers whose answers are
// of bounded size (files from memory, JSON); a handler that needs to stream, flush or take
// over the connection belongs on NewServer. Hijack is not offered: a handler that gives up
// without answering panics with http.ErrAbortHandler, as it does on net/http, and the
// connection is closed without an answer.
type Fast struct {
	srv    *fasthttp.Server
	l      Limits
	h      http.Handler
	logger *slog.Logger
	// writers keeps answers' writers, each with its header map: the server would make both
	// per request otherwise.
	writers sync.Pool
	// noSendfile says once why large static bodies are copied rather than sent from a file.
	noSendfile sync.Once
	// ahead lends connections their read-ahead buffers (deadlineConn.Read).
	ahead sync.Pool
}

// NewFast returns a server for h with the limits l.
func NewFast(h http.Handler, l Limits, logger *slog.Logger) *Fast {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	f := &Fast{l: l, h: h, logger: logger,
		writers: sync.Pool{New: func() any { return &bufferedWriter{header: make(http.Header, 16)} }},
		ahead:   sync.Pool{New: func() any { return new([readAheadSize]byte) }},
	}
	f.srv = &fasthttp.Server{
		Handler: f.serveBuffered,
		// ReadTimeout bounds the header (counted from its first byte, or from the
		// connection's opening); HeaderReceived then gives the body its own time.
		ReadTimeout: l.ReadHeaderTimeout,
		HeaderReceived: func(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
			if h.ContentLength() == 0 {
				return fasthttp.RequestConfig{} // no body to wait for
			}
			return fasthttp.RequestConfig{ReadTimeout: l.ReadTimeout}
		},
		IdleTimeout:        l.IdleTimeout,
		MaxRequestsPerConn: int(l.MaxRequestsPerConn),
		// The read buffer is the largest header taken; idle connections give theirs back
		// to the pool (ReduceMemoryUsage), so many kept-alive clients hold little memory.
		ReadBufferSize:    l.MaxHeaderBytes,
		ReduceMemoryUsage: true,
		// A page and its header leave in one write; a larger static body is sent from a
		// file after its header (Blob, deadlineConn.ReadFrom).
		WriteBufferSize:    16 << 10,
		MaxRequestBodySize: l.MaxBodyBytes,
		// Write deadlines are moved per write by the listener's connections (deadlineConn).
		WriteTimeout:                  0,
		NoDefaultServerHeader:         true,
		NoDefaultContentType:          true,
		DisablePreParseMultipartForm:  true,
		SecureErrorLogMessage:         true, // a malformed request is logged without its contents
		CloseOnShutdown:               true,
		DisableHeaderNamesNormalizing: false,
		Logger:                        fastLogger{logger},
		ErrorHandler:                  readError,
	}
	return f
}

// Serve answers on ln until Shutdown or Close.
func (f *Fast) Serve(ln net.Listener) error {
	return f.srv.Serve(deadlineListener{Listener: ln, d: f.l.WriteTimeout, ahead: &f.ahead})
}

// Shutdown stops accepting, lets the requests in flight finish (their answers say
// Connection: close) and closes idle connections; it returns ctx's error when ctx ends first.
func (f *Fast) Shutdown(ctx context.Context) error { return f.srv.ShutdownWithContext(ctx) }

// Close stops accepting and closes the idle connections without waiting for the requests
// in flight (each ends with its connection).
func (f *Fast) Close() error {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.srv.ShutdownWithContext(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("close: %w", err)
	}
	return nil
}

// ServeFast is Serve on a Fast server.
func ServeFast(ctx context.Context, ln net.Listener, h http.Handler, l Limits, logger *slog.Logger) error {
	return serveUntil(ctx, ln, NewFast(h, l, logger), l, logger)
}

// readError answers a request that could not be read, as net/http would.
func readError(ctx *fasthttp.RequestCtx, err error) {
	var small *fasthttp.ErrSmallBuffer
	var ne net.Error
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		ctx.Error("Request body too large", http.StatusRequestEntityTooLarge)
	case errors.As(err, &small):
		ctx.Error("Request header too large", http.StatusRequestHeaderFieldsTooLarge)
	case errors.As(err, &ne) && ne.Timeout():
		ctx.Error("Request timeout", http.StatusRequestTimeout)
	default:
		ctx.Error("Bad Request", http.StatusBadRequest)
	}
}

type fastLogger struct{ l *slog.Logger }

func (f fastLogger) Printf(format string, args ...any) {
	f.l.Warn("http server", "detail", fmt.Sprintf(format, args...))
}

// serveBuffered runs h for the request in ctx with net/http's types, and sends its answer.
// The request's strings are copies: a handler may keep them (fasthttp reuses its buffers
// once the answer is sent).
func (f *Fast) serveBuffered(ctx *fasthttp.RequestCtx) {
	defer func() {
		if v := recover(); v != nil {
			if v != http.ErrAbortHandler { //nolint:errorlint // sentinel compared as net/http does
				f.logger.Error("handler panic", "method", string(ctx.Method()), "panic", fmt.Sprint(v))
			}
			// As net/http: no answer, the connection closes.
			ctx.Response.Reset()
			ctx.HijackSetNoResponse(true)
			ctx.Hijack(func(net.Conn) {})
		}
	}()
	r, err := newRequest(ctx)
	if err != nil {
		ctx.Error("Bad Request: malformed request target", http.StatusBadRequest)
		return
	}
	w := f.writers.Get().(*bufferedWriter) //nolint:forcetypeassert // the pool holds only these
	w.ctx, w.head, w.srv = ctx, r.Method == http.MethodHead, f
	f.h.ServeHTTP(w, r)
	w.finish()
	// The handler has returned (a writer may not be used after that, as on net/http): the
	// writer is the server's again. After a panic it is left to the collector instead.
	clear(w.header)
	*w = bufferedWriter{header: w.header}
	f.writers.Put(w)
}

// setStaticBody makes b the body of ctx's response: sent from its file after the header
// when it is large and the file can be made, else referred to without a copy.
func (f *Fast) setStaticBody(ctx *fasthttp.RequestCtx, b *Blob) {
	if b.Len() >= sendfileMin {
		file, err := b.sendable()
		if file != nil {
			// The header leaves first, alone, so the body can go out from the file whole.
			ctx.Response.ImmediateHeaderFlush = true
			ctx.Response.SetBodyStream(&blobStream{blob: b}, b.Len())
			return
		}
		f.noSendfile.Do(func() {
			f.logger.Warn("http server: large static files are copied to each client, not sent from memory with sendfile", "reason", err.Error())
		})
	}
	ctx.Response.SetBodyRaw(b.Bytes())
}

// newRequest makes the net/http request of ctx's, as net/http would read it from the wire.
func newRequest(ctx *fasthttp.RequestCtx) (*http.Request, error) {
	uri := string(ctx.RequestURI())
	var u *url.URL
	var err error
	if uri == "*" && ctx.IsOptions() {
		u = &url.URL{Path: "*"}
	} else if u, err = url.ParseRequestURI(uri); err != nil {
		return nil, fmt.Errorf("malformed request target: %w", err)
	}
	remote := ""
	if c, ok := ctx.Conn().(*deadlineConn); ok {
		remote = c.remote
	} else {
		remote = ctx.RemoteAddr().String()
	}
	// Made on the stack: WithContext below makes the request the handler gets.
	r := http.Request{
		Method:     method(ctx.Method()),
		URL:        u,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     make(http.Header, ctx.Request.Header.Len()),
		Host:       string(ctx.Host()),
		RemoteAddr: remote,
		RequestURI: uri,
	}
	http10 := !ctx.Request.Header.IsHTTP11()
	if http10 {
		// HTTP/1.0 closes unless the client asks to keep the connection.
		r.Proto, r.ProtoMinor = "HTTP/1.0", 0
		r.Close = !bytes.EqualFold(ctx.Request.Header.Peek("Connection"), []byte("keep-alive"))
	} else {
		r.Close = ctx.Request.Header.ConnectionClose()
	}
	for k, v := range ctx.Request.Header.All() {
		switch key := headerKey(k); key {
		case "Host":
			// net/http keeps it in Request.Host only.
		case "Transfer-Encoding":
			// fasthttp has read the body whole.
		case "Connection":
			// fasthttp notes "close" on an HTTP/1.0 request that did not say it.
			if !http10 || !bytes.EqualFold(v, []byte("close")) {
				r.Header[key] = append(r.Header[key], string(v))
			}
		default:
			r.Header[key] = append(r.Header[key], string(v))
		}
	}
	if body := ctx.PostBody(); len(body) > 0 {
		r.ContentLength = int64(len(body))
		r.Body = io.NopCloser(bytes.NewReader(bytes.Clone(body)))
	} else {
		r.Body = http.NoBody
	}
	if ctx.Request.Header.ContentLength() == -1 {
		// A chunked body: net/http gives no length, and says how it came.
		r.ContentLength, r.TransferEncoding = -1, []string{"chunked"}
	}
	return r.WithContext(ctx), nil
}

// method is m as a string, without making one for the usual methods.
func method(m []byte) string {
	switch string(m) { // compared without a copy
	case http.MethodGet:
		return http.MethodGet
	case http.MethodHead:
		return http.MethodHead
	case http.MethodPost:
		return http.MethodPost
	case http.MethodPut:
		return http.MethodPut
	case http.MethodDelete:
		return http.MethodDelete
	case http.MethodOptions:
		return http.MethodOptions
	}
	return string(m)
}

// commonKeys are the header names browsers send on every request, kept as strings so the
// request's header map is made without a string per name (as net/http's textproto does).
var commonKeys = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{"Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control",
		"Connection", "Content-Length", "Content-Type", "Cookie", "Host", "If-Modified-Since", "If-None-Match",
		"Origin", "Pragma", "Priority", "Referer", "Sec-Ch-Ua", "Sec-Ch-Ua-Mobile", "Sec-Ch-Ua-Platform",
		"Sec-Fetch-Dest", "Sec-Fetch-Mode", "Sec-Fetch-Site", "Sec-Fetch-User", "Upgrade-Insecure-Requests",
		"User-Agent", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-Ip", "X-Requested-With"} {
		m[k] = k
	}
	return m
}()

// headerKey is the canonical name of a header as fasthttp read it.
func headerKey(k []byte) string {
	if s, ok := commonKeys[string(k)]; ok { // the lookup makes no string
		return s
	}
	return http.CanonicalHeaderKey(string(k))
}

// bufferedWriter is the http.ResponseWriter of serveBuffered: the status and headers as
// net/http keeps them, the body in ctx's response, sent when the handler returns.
type bufferedWriter struct {
	ctx    *fasthttp.RequestCtx
	header http.Header
	status int
	head   bool
	srv    *Fast
	// static is the whole body so far when it is a Blob (WriteStatic), set as the response's
	// body by finish; nil when the body is in ctx's response.
	static *Blob
}

func (w *bufferedWriter) Header() http.Header { return w.header }

func (w *bufferedWriter) WriteHeader(code int) {
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if w.status != 0 || code < 200 {
		// As net/http: the first final status counts; 1xx informational answers are not sent.
		return
	}
	w.status = code
}

func (w *bufferedWriter) Write(b []byte) (int, error) { return w.write(b, nil) }

// StaticWriter is implemented by Fast's http.ResponseWriter, and by a wrapper that can
// pass it on: WriteStatic sends b's bytes without copying them into the answer (a large
// one with sendfile).
type StaticWriter interface {
	WriteStatic(b *Blob) (int, error)
}

// WriteStatic is Write of a Blob: an answer made of it alone is sent from it.
func (w *bufferedWriter) WriteStatic(b *Blob) (int, error) { return w.write(b.Bytes(), b) }

// write adds b to the body as net/http does: an implicit 200 first, refused by a status
// without a body, counted only for HEAD. A Blob (static, whose bytes are b) is kept as
// the body while it is the whole of it; anything written after it makes the body a copy.
func (w *bufferedWriter) write(b []byte, static *Blob) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.status == http.StatusNoContent || w.status == http.StatusNotModified {
		return 0, http.ErrBodyNotAllowed
	}
	if w.head {
		return len(b), nil
	}
	resp := &w.ctx.Response
	if static != nil && w.static == nil && len(resp.Body()) == 0 {
		w.static = static
		return len(b), nil
	}
	if w.static != nil {
		resp.AppendBody(w.static.Bytes())
		w.static = nil
	}
	resp.AppendBody(b)
	return len(b), nil
}

// finish moves the status and headers into ctx's response.
func (w *bufferedWriter) finish() {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	resp := &w.ctx.Response
	resp.SetStatusCode(w.status)
	length := -1
	for k, vv := range w.header {
		if len(vv) == 0 {
			continue
		}
		switch k {
		case "Content-Length":
			if n, err := strconv.Atoi(vv[0]); err == nil && n >= 0 {
				length = n
			}
			continue
		case "Connection":
			if strings.EqualFold(vv[0], "close") {
				w.ctx.SetConnectionClose()
			}
			continue
		case "Transfer-Encoding", "Date":
			continue
		}
		if len(vv) == 1 {
			// net/http's header keys are canonical: fasthttp need not normalise them again.
			resp.Header.SetCanonical(s2b(k), s2b(vv[0]))
			continue
		}
		for _, v := range vv {
			resp.Header.Add(k, v)
		}
	}
	body := resp.Body()
	if w.static != nil {
		body = w.static.Bytes()
	}
	if len(body) > 0 && w.header["Content-Type"] == nil {
		// As net/http: an answer without a type is given the sniffed one.
		resp.Header.SetContentType(http.DetectContentType(body[:min(len(body), 512)]))
	}
	if w.head && length >= 0 {
		// A HEAD answer says the length the GET answer has (fasthttp sends no body).
		resp.Header.SetContentLength(length)
	}
	if w.static != nil {
		w.srv.setStaticBody(w.ctx, w.static)
	}
}

// s2b is the bytes of s, without a copy, for fasthttp calls that only read them (they copy
// what they keep).
func s2b(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
