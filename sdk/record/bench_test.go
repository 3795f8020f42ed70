package record_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/record"
	"github.com/cedarsim/esim/sdk/sandbox"
)

// BenchmarkProxyHop times one `plans --country TR` request (catalog/search_bundles/TR on
// the sandbox) directly and through the recording proxy, in turn: the proxy's own cost
// (forwarding, redaction, recording) without the CLI's process start. ratio is the median
// through the proxy over the median direct.
func BenchmarkProxyHop(b *testing.B) {
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	up := httptest.NewServer(sb)
	defer up.Close()
	store, err := record.OpenStore(b.TempDir(), record.StoreOptions{})
	if err != nil {
		b.Fatal(err)
	}
	p, err := record.NewProxy(record.ProxyOptions{Upstream: up.URL, Store: store, Fixture: fixtureBases, Local: localBases})
	if err != nil {
		b.Fatal(err)
	}
	proxy := httptest.NewServer(p)
	defer proxy.Close()
	get := func(origin string) time.Duration {
		start := time.Now()
		resp, err := http.Get(origin + "/api/v1/catalog/search_bundles/TR")
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "TR_5GB_30D") {
			b.Fatalf("%d %.100s", resp.StatusCode, body)
		}
		return time.Since(start)
	}
	get(up.URL)
	get(proxy.URL)
	var direct, proxied []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		direct = append(direct, get(up.URL))
		proxied = append(proxied, get(proxy.URL))
	}
	b.StopTimer()
	if err := store.Close(); err != nil {
		b.Fatal(err)
	}
	median := func(d []time.Duration) float64 {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return float64(d[len(d)/2].Microseconds()) / 1000
	}
	dm, pm := median(direct), median(proxied)
	b.ReportMetric(dm, "direct-ms")
	b.ReportMetric(pm, "proxied-ms")
	b.ReportMetric(pm/dm, "ratio")
}
