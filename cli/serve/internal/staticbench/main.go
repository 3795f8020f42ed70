// Command staticbench measures how fast `esim serve` serves the built shop against nginx
// serving the same dist, side by side in one run (issue 21 item 13): requests per second for
// the home page (index.html: the page prerendered in English) and for the entry script,
// compressed (brotli and gzip), over 50 keep-alive connections, with wrk as the client.
//
//	go run ./cli/serve/internal/staticbench -bin .bin/esim -dist webapp/dist
//
// Both servers get the same machine, the same files and the same client; their runs
// alternate (nginx, esim, nginx, esim, ...) so a change in the machine's load falls on both.
// The figure is the median of the rounds; the target is esim >= 0.8x nginx. nginx runs as
// operators run it for static files: sendfile, gzip_static and brotli_static (Debian's
// libnginx-mod-http-brotli-static), an access log; esim serve with its request log. Both
// end a kept-alive connection after the same number of requests: esim serve's own bound
// (httpserve.DefaultLimits, 100) unless -keepalive-requests says otherwise (nginx's default
// is 1000); with nginx keeping connections longer, the comparison would time wrk's
// reconnections on one side only.
//
// A third server, the net/http floor, answers each request with the bytes and headers esim
// serve sent for it (fetched once), from a bare handler in this process, under the same
// bound: what net/http itself allows, without the shop's handler, request log, security
// headers and deadlines. It stays beside the two as the reason esim serve left net/http
// (httpserve.Fast): no handler on net/http could pass that floor, which was below 0.8x
// nginx on every row.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/internal/httpserve"
)

func main() {
	bin := flag.String("bin", ".bin/esim", "the esim binary")
	dist := flag.String("dist", "webapp/dist", "the built shop (go tool task web:build)")
	duration := flag.Duration("duration", 5*time.Second, "length of one wrk run")
	rounds := flag.Int("rounds", 3, "runs per server, alternating")
	conns := flag.Int("connections", 50, "concurrent keep-alive connections")
	threads := flag.Int("threads", 2, "wrk threads")
	keepalive := flag.Int64("keepalive-requests", httpserve.DefaultLimits().MaxRequestsPerConn, "nginx's keepalive_requests (the default: the bound esim serve applies)")
	flag.Parse()
	if err := run(*bin, *dist, *duration, *rounds, *conns, *threads, *keepalive); err != nil {
		fmt.Fprintln(os.Stderr, "staticbench:", err)
		os.Exit(1)
	}
}

// brotliModule is Debian's nginx module that serves name.br files.
const brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"

type target struct {
	name, path, encoding string
}

func run(bin, dist string, duration time.Duration, rounds, conns, threads int, keepalive int64) error {
	for _, tool := range []string{"wrk", "nginx"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s is not installed (Debian: apt-get install wrk nginx libnginx-mod-http-brotli-static; `go tool task bench:static` does it)", tool)
		}
	}
	dist, err := filepath.Abs(dist)
	if err != nil {
		return fmt.Errorf("dist: %w", err)
	}
	entry, err := entryScript(filepath.Join(dist, "index.html"))
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "staticbench")
	if err != nil {
		return fmt.Errorf("temp dir: %w", err)
	}
	defer func() { _ = os.RemoveAll(dir) }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	brotli := fileExists(brotliModule)
	nginxURL, stopNginx, err := startNginx(ctx, dir, dist, brotli, keepalive)
	if err != nil {
		return err
	}
	defer stopNginx()
	esimURL, stopEsim, err := startEsim(ctx, dir, bin, dist)
	if err != nil {
		return err
	}
	defer stopEsim()

	var targets []target
	for _, enc := range []string{"br", "gzip"} {
		if enc == "br" && !brotli {
			fmt.Println("nginx has no brotli_static module: brotli is not compared (apt-get install libnginx-mod-http-brotli-static)")
			continue
		}
		targets = append(targets, target{"index.html (/)", "/", enc}, target{"entry JS", entry, enc})
	}
	floorURL, stopFloor, err := startFloor(esimURL, targets)
	if err != nil {
		return err
	}
	defer stopFloor()
	servers := []struct{ name, url string }{{"nginx", nginxURL}, {"esim serve", esimURL}, {"floor", floorURL}}
	// All must answer the same thing before they are timed.
	for _, t := range targets {
		for _, s := range servers {
			if err := check(s.url+t.path, t.encoding); err != nil {
				return fmt.Errorf("%s %s: %w", s.name, t.path, err)
			}
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("wrk -t%d -c%d -d%s, %d rounds alternating; nginx keepalive_requests %d (esim serve %d); load average %s\n",
		threads, conns, duration, rounds, keepalive, httpserve.DefaultLimits().MaxRequestsPerConn, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Printf("%-16s %-6s %12s %12s %7s %13s %7s\n", "request", "coding", "nginx req/s", "esim req/s", "ratio", "floor req/s", "ratio")
	for _, t := range targets {
		rps := map[string][]float64{}
		for r := 0; r < rounds; r++ {
			for _, s := range servers {
				v, err := wrk(ctx, s.url+t.path, t.encoding, duration, conns, threads)
				if err != nil {
					return fmt.Errorf("%s %s: %w", s.name, t.path, err)
				}
				rps[s.name] = append(rps[s.name], v)
			}
		}
		n, e, f := median(rps["nginx"]), median(rps["esim serve"]), median(rps["floor"])
		fmt.Printf("%-16s %-6s %12.0f %12.0f %6.2fx %13.0f %6.2fx   (runs: nginx %s; esim %s; floor %s)\n",
			t.name, t.encoding, n, e, e/n, f, f/n, list(rps["nginx"]), list(rps["esim serve"]), list(rps["floor"]))
	}
	return nil
}

var entryRe = regexp.MustCompile(`<script[^>]+type="module"[^>]+src="([^"]+)"`)

func entryScript(index string) (string, error) {
	b, err := os.ReadFile(index)
	if err != nil {
		return "", fmt.Errorf("read the build (go tool task web:build): %w", err)
	}
	// The app's entry is the last module script (rolldown's runtime may come first).
	all := entryRe.FindAllSubmatch(b, -1)
	if len(all) == 0 {
		return "", fmt.Errorf("%s has no module script", index)
	}
	return string(all[len(all)-1][1]), nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("find a port: %w", err)
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().String(), nil
}

// nginxConf serves dist as a static site: / is the English home page as prerendered (what
// esim serve sends a visitor without a language preference), the build's .br/.gz copies
// are sent as they are, hashed assets cached for a year.
const nginxConf = `%s
worker_processes auto;
pid %s/nginx.pid;
error_log %s/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  types { application/manifest+json webmanifest; }
  access_log %s/access.log;
  client_body_temp_path %s/body; proxy_temp_path %s/proxy; fastcgi_temp_path %s/fastcgi;
  uwsgi_temp_path %s/uwsgi; scgi_temp_path %s/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests %d;
  gzip_static on;
  %s
  server {
    listen %s;
    root %s;
    location = / { try_files /prerender/en/index.html =404; }
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`

func startNginx(ctx context.Context, dir, dist string, brotli bool, keepalive int64) (string, func(), error) {
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	load, brotliOn := "", ""
	if brotli {
		load, brotliOn = "load_module "+brotliModule+";", "brotli_static on;"
	}
	conf := fmt.Sprintf(nginxConf, load, dir, dir, dir, dir, dir, dir, dir, dir, keepalive, brotliOn, addr, dist)
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		return "", nil, fmt.Errorf("nginx config: %w", err)
	}
	cmd := exec.CommandContext(ctx, "nginx", "-p", dir, "-c", path, "-g", "daemon off;")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start nginx: %w", err)
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}
	url := "http://" + addr
	if err := waitUp(url + "/favicon.svg"); err != nil {
		stop()
		return "", nil, fmt.Errorf("nginx: %w", err)
	}
	return url, stop, nil
}

func startEsim(ctx context.Context, dir, bin, dist string) (string, func(), error) {
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	logs, err := os.Create(filepath.Join(dir, "esim.log"))
	if err != nil {
		return "", nil, fmt.Errorf("esim log: %w", err)
	}
	cmd := exec.CommandContext(ctx, bin, "serve", "--webapp", dist, "--addr", addr)
	// Its request log goes to a file, as nginx's access log does.
	cmd.Stdout, cmd.Stderr = io.Discard, logs
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	if err := cmd.Start(); err != nil {
		_ = logs.Close()
		return "", nil, fmt.Errorf("start esim serve: %w", err)
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		_ = logs.Close()
	}
	url := "http://" + addr
	if err := waitUp(url + "/healthz"); err != nil {
		stop()
		return "", nil, fmt.Errorf("esim serve: %w", err)
	}
	return url, stop, nil
}

// startFloor serves, from a bare net/http handler, what esim serve answered for each target
// (status 200, its headers and body), ending a connection after the same number of requests.
func startFloor(esimURL string, targets []target) (string, func(), error) {
	type answer struct {
		header http.Header
		body   []byte
	}
	answers := map[string]answer{}
	for _, t := range targets {
		req, err := http.NewRequest(http.MethodGet, esimURL+t.path, nil)
		if err != nil {
			return "", nil, fmt.Errorf("floor: %w", err)
		}
		req.Header.Set("Accept-Encoding", t.encoding)
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			return "", nil, fmt.Errorf("floor: fetch %s: %w", t.path, err)
		}
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			return "", nil, fmt.Errorf("floor: read %s: %w", t.path, err)
		}
		h := resp.Header.Clone()
		h.Del("Date")
		answers[t.path+" "+t.encoding] = answer{h, body}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("floor: %w", err)
	}
	// esim serve's own connection bound (httpserve's Guard), and none of its timeouts.
	srv := httpserve.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := answers[r.URL.Path+" "+r.Header.Get("Accept-Encoding")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		for k, v := range a.header {
			w.Header()[k] = v
		}
		_, _ = w.Write(a.body)
	}), httpserve.Limits{MaxRequestsPerConn: httpserve.DefaultLimits().MaxRequestsPerConn}, nil)
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

func waitUp(url string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("not up in 20 s")
}

// check fetches url as wrk will and makes sure it is a compressed 200.
func check(url, encoding string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("request: %w", err)
	}
	req.Header.Set("Accept-Encoding", encoding)
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	n, _ := io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != encoding {
		return fmt.Errorf("status %d, Content-Encoding %q (%d bytes), want 200 %s", resp.StatusCode, resp.Header.Get("Content-Encoding"), n, encoding)
	}
	return nil
}

var rpsRe = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

func wrk(ctx context.Context, url, encoding string, d time.Duration, conns, threads int) (float64, error) {
	cmd := exec.CommandContext(ctx, "wrk", "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(d.Seconds()))+"s",
		"-H", "Accept-Encoding: "+encoding, url)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("wrk: %w: %s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if strings.Contains(sc.Text(), "Non-2xx") {
			return 0, fmt.Errorf("wrk saw errors: %s", out)
		}
	}
	m := rpsRe.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("wrk output without Requests/sec: %s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func list(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strings.Join(parts, " ")
}
