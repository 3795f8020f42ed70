package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/cedarsim/esim/cli/internal/httpserve"
	"github.com/klauspost/compress/gzip"
)

// The build's files are read once at start-up and served from memory, each with a strong
// ETag and, for text formats, a brotli and a gzip copy. The build makes those copies at the
// highest levels (webapp/scripts/precompress.ts: name.br, name.gz beside each file); a file
// without them (a build made otherwise, an HTML page filled at start-up) is compressed on
// its first request, once, at a quick level.

// compressible are the extensions of text formats worth compressing (as precompress.ts).
var compressible = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".webmanifest": true,
	".txt": true, ".xml": true, ".ico": true, ".map": true,
}

// minCompressSize: below it a compressed copy saves less than its headers cost.
const minCompressSize = 1024

// runtimeBrotliLevel compresses what the build did not: 2 ms for a 40 KB page where the
// highest level (11) takes about 100 times longer for a copy 8% smaller.
const runtimeBrotliLevel = 5

// variant is one representation of a resource: its bytes and their strong ETag.
type variant struct {
	blob *httpserve.Blob // the bytes, in the form a server can send without a copy
	etag string
	// The response headers' values, made once: a request sets them without allocating
	// (header(): each slice has no room to grow, so nothing can append into it).
	etagHdr, lengthHdr []string
}

func newVariant(data []byte) variant {
	sum := sha256.Sum256(data)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	return variant{blob: httpserve.NewBlob(data), etag: etag, etagHdr: header(etag), lengthHdr: header(strconv.Itoa(len(data)))}
}

// header is a header value to assign to a response's header map: a slice of one, full.
func header(v string) []string { return []string{v}[:1:1] }

// encoded is a compressed representation, given by the build or made on first use; ok is
// false when compressing does not make it smaller.
type encoded struct {
	once sync.Once
	make func() []byte
	v    variant
	ok   bool
}

func (e *encoded) get() (variant, bool) {
	e.once.Do(func() {
		b := e.make()
		e.make = nil
		if b != nil {
			e.v, e.ok = newVariant(b), true
		}
	})
	return e.v, e.ok
}

func given(data []byte) *encoded {
	e := &encoded{v: newVariant(data), ok: true}
	e.once.Do(func() {})
	return e
}

// resource is a file (or a filled page) as served.
type resource struct {
	identity variant
	// br and gz are nil for formats not worth compressing.
	br, gz *encoded
	// The headers every answer carries (header()); varyHdr is nil when nothing varies.
	typeHdr, cacheHdr, varyHdr []string
}

// setVary records the request headers besides Accept-Encoding that chose this resource
// (", Accept-Language, Cookie").
func (res *resource) setVary(others string) {
	switch {
	case res.br != nil || res.gz != nil:
		res.varyHdr = header("Accept-Encoding" + others)
	case others != "":
		res.varyHdr = header(strings.TrimPrefix(others, ", "))
	}
}

// The encodings' header values (header()).
var (
	brHdr   = header("br")
	gzipHdr = header("gzip")
)

// newResource describes data served as name. br and gz are the build's compressed copies
// (nil: made on first use when the format is worth it).
func newResource(name string, data, br, gz []byte, cacheControl string) *resource {
	r := &resource{typeHdr: header(contentTypeOf(name)), cacheHdr: header(cacheControl), identity: newVariant(data)}
	if !compressible[strings.ToLower(path.Ext(name))] || len(data) < minCompressSize {
		return r
	}
	defer r.setVary("")
	if br != nil {
		r.br = given(br)
	} else {
		r.br = &encoded{make: func() []byte { return smaller(data, brotliBytes(data)) }}
	}
	if gz != nil {
		r.gz = given(gz)
	} else {
		r.gz = &encoded{make: func() []byte { return smaller(data, gzipBytes(data)) }}
	}
	return r
}

func smaller(plain, packed []byte) []byte {
	if packed == nil || len(packed) >= len(plain) {
		return nil
	}
	return packed
}

func brotliBytes(b []byte) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, runtimeBrotliLevel)
	if _, err := w.Write(b); err != nil {
		return nil
	}
	if err := w.Close(); err != nil {
		return nil
	}
	return buf.Bytes()
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil
	}
	if _, err := w.Write(b); err != nil {
		return nil
	}
	if err := w.Close(); err != nil {
		return nil
	}
	return buf.Bytes()
}

func contentTypeOf(name string) string {
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".webmanifest":
		// Not in every system's MIME table; browsers want this type (W3C appmanifest).
		return "application/manifest+json"
	case ".html":
		return "text/html; charset=utf-8"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
		return "application/octet-stream"
	}
}

// acceptedEncodings reads Accept-Encoding: whether brotli and gzip may be sent. A coding
// with q=0 is refused; "*" stands for any coding not named.
func acceptedEncodings(value string) (br, gz bool) {
	if value == "" {
		return false, false
	}
	star, brSeen, gzSeen := false, false, false
	for rest := value; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		ok := qualityNonZero(params)
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "br":
			br, brSeen = ok, true
		case "gzip", "x-gzip":
			gz, gzSeen = ok, true
		case "*":
			star = ok
		}
	}
	if !brSeen {
		br = star
	}
	if !gzSeen {
		gz = star
	}
	return br, gz
}

// qualityNonZero reads the q parameter of one Accept-Encoding entry (default 1).
func qualityNonZero(params string) bool {
	for rest := params; rest != ""; {
		var p string
		p, rest, _ = strings.Cut(rest, ";")
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err != nil || q > 0
	}
	return true
}

// pick chooses the representation for the request: brotli, then gzip, then the file.
func (res *resource) pick(r *http.Request) (variant, []string) {
	if res.br == nil && res.gz == nil {
		return res.identity, nil
	}
	br, gz := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	if br {
		if v, ok := res.br.get(); ok {
			return v, brHdr
		}
	}
	if gz {
		if v, ok := res.gz.get(); ok {
			return v, gzipHdr
		}
	}
	return res.identity, nil
}

// etagMatches implements If-None-Match's weak comparison (RFC 9110 13.1.2).
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// serve answers GET or HEAD with the resource: the negotiated encoding, its ETag, 304 when
// the client holds it already, ranges of the uncompressed file.
//
// The headers are assigned by their canonical names, with values made once (header()).
func (res *resource) serve(w http.ResponseWriter, r *http.Request, status int) {
	h := w.Header()
	h["Content-Type"] = res.typeHdr
	h["Cache-Control"] = res.cacheHdr
	if res.varyHdr != nil {
		h["Vary"] = res.varyHdr
	}
	if status == http.StatusOK && r.Header.Get("Range") != "" {
		// Ranges are of the file itself; ServeContent answers them (and If-Range) by the ETag.
		h.Set("Etag", res.identity.etag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(res.identity.blob.Bytes()))
		return
	}
	v, enc := res.pick(r)
	h["Etag"] = v.etagHdr
	if enc != nil {
		h["Content-Encoding"] = enc
	}
	if status == http.StatusOK {
		if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatches(inm, v.etag) {
			delete(h, "Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h["Content-Length"] = v.lengthHdr
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		// The bytes never change: a server that can send them without a copy does.
		if sw, ok := w.(httpserve.StaticWriter); ok {
			_, _ = sw.WriteStatic(v.blob)
		} else {
			_, _ = w.Write(v.blob.Bytes())
		}
	}
}

// staticFiles are the build's files by name (no leading slash), each ready to serve. HTML
// documents are not among them: they are filled per site (documents).
type staticFiles map[string]*resource

// revalidated are the build's files without a content hash that must never be served from
// a stale HTTP cache: the service worker (vite-plugin-pwa's sw.js) and the web manifest.
var revalidated = map[string]bool{"sw.js": true, "manifest.webmanifest": true}

// cacheControlOf is the caching of a file of the build.
func cacheControlOf(name string) string {
	switch {
	case strings.HasPrefix(name, "assets/"):
		// Vite puts a content hash in every file name under assets/.
		return "public, max-age=31536000, immutable"
	case revalidated[name]:
		// The service worker and the manifest name no hash: the browser asks every time, so
		// a new version is found on the next visit (docs/offline.md).
		return "no-cache"
	default:
		return "public, max-age=300"
	}
}

// isDocument reports the build's HTML documents, served filled (documents.go), never as files.
func isDocument(name string) bool {
	return name == "index.html" || strings.HasPrefix(name, prerenderDir+"/")
}

// loadStatic reads every file of the build except its documents; name.br and name.gz
// beside a file are its compressed copies, not files of their own.
func loadStatic(fsys fs.FS) (staticFiles, error) {
	files := staticFiles{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// Vite's own bookkeeping (the build manifest) is not part of the site.
			if name == ".vite" {
				return fs.SkipDir
			}
			return nil
		}
		if isDocument(name) || strings.HasPrefix(path.Base(name), ".") {
			return nil
		}
		if base, ok := strings.CutSuffix(name, ".br"); ok && exists(fsys, base) {
			return nil
		}
		if base, ok := strings.CutSuffix(name, ".gz"); ok && exists(fsys, base) {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		files[name] = newResource(name, data, readIfExists(fsys, name+".br"), readIfExists(fsys, name+".gz"), cacheControlOf(name))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("serve: read the web app: %w", err)
	}
	return files, nil
}

func exists(fsys fs.FS, name string) bool {
	st, err := fs.Stat(fsys, name)
	return err == nil && !st.IsDir()
}

func readIfExists(fsys fs.FS, name string) []byte {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil
	}
	return b
}
