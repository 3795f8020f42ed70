package sandbox_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// BenchmarkCatalogueConcurrent loads the catalogue endpoints the plans page calls from
// parallel clients over keep-alive connections and reports requests per second and the
// 99th-percentile latency. The loop is bounded by b.N (use -benchtime to size it).
func BenchmarkCatalogueConcurrent(b *testing.B) {
	sbx, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(sbx)
	defer srv.Close()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	token := bearerForBench(b, srv.URL, hc)
	tr := sbx.Catalogue().Area("TR")
	paths := []string{
		sandbox.APIPath + "catalog/countries",
		sandbox.APIPath + "catalog/regions",
		sandbox.APIPath + "catalog/bundles/special",
		sandbox.APIPath + "catalog/bundles/TR",
		sandbox.APIPath + "catalog/bundles/Europe",
		sandbox.APIPath + "catalog/bundles/global",
		sandbox.APIPath + "catalog/search_bundles/TR,LB,FR",
		sandbox.APIPath + "catalog/bundle/" + tr[0].ID,
	}
	var mu sync.Mutex
	var all []time.Duration
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		lat := make([]time.Duration, 0, 1024)
		i := 0
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+paths[i%len(paths)], nil)
			req.Header.Set("Authorization", token)
			t0 := time.Now()
			resp, err := hc.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			lat = append(lat, time.Since(t0))
			if resp.StatusCode != http.StatusOK {
				b.Errorf("%s: %d", paths[i%len(paths)], resp.StatusCode)
				return
			}
			i++
		}
		mu.Lock()
		all = append(all, lat...)
		mu.Unlock()
	})
	elapsed := time.Since(start)
	b.StopTimer()
	if len(all) == 0 {
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
}

func bearerForBench(b *testing.B, base string, hc *http.Client) string {
	b.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+sandbox.APIPath+"connect/token", strings.NewReader("grant_type=password&username="+sandbox.DefaultGuestUsername+"&password="+sandbox.DefaultGuestPassword))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(sandbox.DefaultClientID, sandbox.DefaultClientSecret)
	resp, err := hc.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		b.Fatalf("token: %v", err)
	}
	return "Bearer " + tok.AccessToken
}
