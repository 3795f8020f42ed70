package serve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
)

// A build with the compressed copies precompress.ts makes: their bytes are marked so a
// test can tell the build's copy from one made by the server.
var (
	entryJS   = []byte(strings.Repeat("export const cedar = 'sim';\n", 100))
	entryBr   = []byte("build's brotli copy")
	entryGz   = []byte("build's gzip copy")
	logoSmall = []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)
)

func precompressedBuild() fstest.MapFS {
	fsys := webapp()
	fsys["assets/entry-1a2b.js"] = &fstest.MapFile{Data: entryJS}
	fsys["assets/entry-1a2b.js.br"] = &fstest.MapFile{Data: entryBr}
	fsys["assets/entry-1a2b.js.gz"] = &fstest.MapFile{Data: entryGz}
	fsys["assets/logo-9f.svg"] = &fstest.MapFile{Data: logoSmall}
	fsys[".vite/manifest.json"] = &fstest.MapFile{Data: []byte(`{}`)}
	return fsys
}

func staticServer(t *testing.T, fsys fstest.MapFS) *httptest.Server {
	t.Helper()
	h, err := NewHandler(HandlerOptions{Webapp: fsys, Config: sandboxConfig(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestPrecompressedAssets(t *testing.T) {
	srv := staticServer(t, precompressedBuild())
	tests := []struct {
		name, path, acceptEncoding string
		status                     int
		encoding                   string
		body                       []byte
	}{
		{"brotli preferred", "/assets/entry-1a2b.js", "gzip, deflate, br", 200, "br", entryBr},
		{"gzip when brotli is refused", "/assets/entry-1a2b.js", "br;q=0, gzip", 200, "gzip", entryGz},
		{"gzip only", "/assets/entry-1a2b.js", "gzip", 200, "gzip", entryGz},
		{"any coding", "/assets/entry-1a2b.js", "*", 200, "br", entryBr},
		{"identity only", "/assets/entry-1a2b.js", "identity", 200, "", entryJS},
		{"no Accept-Encoding", "/assets/entry-1a2b.js", "", 200, "", entryJS},
		{"every coding refused", "/assets/entry-1a2b.js", "br;q=0, gzip;q=0.0", 200, "", entryJS},
		{"a small file is sent as it is", "/assets/logo-9f.svg", "br, gzip", 200, "", logoSmall},
		{"a compressed copy is not a file of its own", "/assets/entry-1a2b.js.br", "br", 404, "", nil},
		{"the build manifest is not served", "/.vite/manifest.json", "", 404, "", nil},
		{"MSW's worker is not served when the build has none", "/mockServiceWorker.js", "", 404, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.status != 200 {
				return
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if !bytes.Equal(body, tt.body) {
				t.Errorf("body %q, want %q", body[:min(len(body), 40)], tt.body[:min(len(tt.body), 40)])
			}
			if tt.path == "/assets/entry-1a2b.js" && resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q, want Accept-Encoding", resp.Header.Get("Vary"))
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") && !strings.HasPrefix(ct, "image/svg+xml") {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

// Each representation has its own strong ETag; a client that holds the one it would get
// receives 304 and no body, whichever way it spells the tag.
func TestETagsAndRevalidation(t *testing.T) {
	srv := staticServer(t, precompressedBuild())
	tags := map[string]string{}
	for _, ae := range []string{"br", "gzip", ""} {
		resp, _ := fetch(t, srv, "/assets/entry-1a2b.js", map[string]string{"Accept-Encoding": ae})
		etag := resp.Header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 10 {
			t.Fatalf("%q: ETag %q is not a strong tag", ae, etag)
		}
		for other, tag := range tags {
			if tag == etag {
				t.Fatalf("encodings %q and %q share ETag %s", ae, other, etag)
			}
		}
		tags[ae] = etag
	}
	tests := []struct {
		name, acceptEncoding, ifNoneMatch string
		status                            int
	}{
		{"same tag", "br", tags["br"], 304},
		{"weak form of the tag", "br", "W/" + tags["br"], 304},
		{"in a list", "gzip", `"other", ` + tags["gzip"], 304},
		{"any", "", "*", 304},
		{"the brotli tag for a gzip answer", "gzip", tags["br"], 200},
		{"a stale tag", "br", `"stale"`, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, "/assets/entry-1a2b.js", map[string]string{"Accept-Encoding": tt.acceptEncoding, "If-None-Match": tt.ifNoneMatch})
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.status == 304 {
				if len(body) != 0 {
					t.Errorf("304 with a body of %d bytes", len(body))
				}
				if resp.Header.Get("ETag") == "" || resp.Header.Get("Cache-Control") == "" {
					t.Errorf("304 lacks ETag or Cache-Control: %v", resp.Header)
				}
			}
		})
	}
}

func TestDocumentRevalidation(t *testing.T) {
	srv := staticServer(t, precompressedBuild())
	for _, path := range []string{"/", "/plans", "/index.html"} {
		t.Run(path, func(t *testing.T) {
			resp, _ := fetch(t, srv, path, map[string]string{"Accept-Encoding": "br"})
			etag := resp.Header.Get("ETag")
			if resp.StatusCode != 200 || etag == "" || resp.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("status %d ETag %q Cache-Control %q", resp.StatusCode, etag, resp.Header.Get("Cache-Control"))
			}
			resp, body := fetch(t, srv, path, map[string]string{"Accept-Encoding": "br", "If-None-Match": etag})
			if resp.StatusCode != 304 || len(body) != 0 {
				t.Fatalf("revalidation: status %d, %d bytes", resp.StatusCode, len(body))
			}
		})
	}
}

// A page the build has no compressed copy of is compressed by the server, and the copy
// decodes to the page.
func TestDocumentCompressedAtRunTime(t *testing.T) {
	fsys := precompressedBuild()
	page := strings.Replace(indexHTML, "<body>", "<body>"+strings.Repeat("<p>Stay connected in 200+ destinations</p>", 60), 1)
	fsys["index.html"] = &fstest.MapFile{Data: []byte(page)}
	srv := staticServer(t, fsys)
	resp, body := fetch(t, srv, "/", map[string]string{"Accept-Encoding": "br"})
	if resp.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
	if err != nil || !strings.Contains(string(plain), "Stay connected in 200+ destinations") || len(body) >= len(plain) {
		t.Fatalf("brotli copy: err %v, %d bytes for %d", err, len(body), len(plain))
	}
}

func TestRangeAndHead(t *testing.T) {
	srv := staticServer(t, precompressedBuild())
	resp, body := fetch(t, srv, "/assets/entry-1a2b.js", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-5"})
	if resp.StatusCode != http.StatusPartialContent || string(body) != string(entryJS[:6]) || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("range: status %d body %q encoding %q", resp.StatusCode, body, resp.Header.Get("Content-Encoding"))
	}
	req, _ := http.NewRequest(http.MethodHead, srv.URL+"/assets/entry-1a2b.js", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	head, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer head.Body.Close()
	if head.StatusCode != 200 || head.ContentLength != int64(len(entryGz)) || head.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("HEAD: status %d length %d encoding %q", head.StatusCode, head.ContentLength, head.Header.Get("Content-Encoding"))
	}
}

func TestAcceptedEncodings(t *testing.T) {
	tests := []struct {
		header string
		br, gz bool
	}{
		{"", false, false},
		{"gzip, deflate, br, zstd", true, true},
		{"BR", true, false},
		{"x-gzip", false, true},
		{"br;q=0", false, false},
		{"br;q=0.5, gzip;q=0", true, false},
		{"*", true, true},
		{"*;q=0, gzip", false, true},
		{"identity", false, false},
		{"br; q=0.000", false, false},
	}
	for _, tt := range tests {
		br, gz := acceptedEncodings(tt.header)
		if br != tt.br || gz != tt.gz {
			t.Errorf("%q: br %v gzip %v, want %v %v", tt.header, br, gz, tt.br, tt.gz)
		}
	}
}

// A binary built without the shop still starts: the sandbox, /config.json and /healthz
// work, and every page says how to build the shop.
func TestPlaceholderWithoutShop(t *testing.T) {
	h, err := NewHandler(HandlerOptions{Config: sandboxConfig(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, path := range []string{"/", "/plans"} {
		resp, body := fetch(t, srv, path, nil)
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "go tool task build") {
			t.Fatalf("%s: status %d body %q", path, resp.StatusCode, body)
		}
	}
	for _, path := range []string{"/healthz", "/config.json"} {
		if resp, _ := fetch(t, srv, path, nil); resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
	}
}

func TestWebappFlagNeedsABuild(t *testing.T) {
	o := &Options{WebappDir: t.TempDir()}
	if _, _, err := o.webapp(); err == nil || !strings.Contains(err.Error(), "no index.html") {
		t.Fatalf("err %v, want a missing index.html", err)
	}
}
