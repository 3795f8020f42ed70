package serve

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
)

// benchHandler is the shop's handler over the real build when there is one (webapp/dist),
// else over the test build, with request logs written (and thrown away) as esim serve does.
func benchHandler(b *testing.B) http.Handler {
	b.Helper()
	fsys := prerenderedBuild()
	if _, err := os.Stat("../../webapp/dist/prerender/manifest.json"); err == nil {
		fsys = nil
	}
	o := HandlerOptions{Config: sandboxConfigB(b), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if fsys != nil {
		o.Webapp = fsys
	} else {
		o.Webapp = os.DirFS("../../webapp/dist")
	}
	h, err := NewHandler(o)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func sandboxConfigB(b *testing.B) RuntimeConfig {
	o := &Options{Getenv: func(string) string { return "" }}
	if err := o.resolve(); err != nil {
		b.Fatal(err)
	}
	return o.Config
}

// nullWriter is a ResponseWriter that keeps nothing: the handler's own cost.
type nullWriter struct{ h http.Header }

func (w *nullWriter) Header() http.Header         { return w.h }
func (w *nullWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *nullWriter) WriteHeader(int)             {}

func benchmarkPath(b *testing.B, path string) {
	h := benchHandler(b)
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	req.Header.Set("Accept-Language", "en-US,en;q=0.9")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w := &nullWriter{h: http.Header{}}
		h.ServeHTTP(w, req)
	}
}

// BenchmarkServeDocument is the home page (prerendered, compressed, from memory).
func BenchmarkServeDocument(b *testing.B) { benchmarkPath(b, "/") }

// BenchmarkServeAsset is a hashed asset (the build's compressed copy).
func BenchmarkServeAsset(b *testing.B) { benchmarkPath(b, "/favicon.svg") }
