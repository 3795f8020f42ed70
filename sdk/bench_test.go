package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The SDK's overhead over a hand-written net/http call: the same GET of one area's
// bundles against the same local server, the same JSON decode.
//
//	go test ./sdk -run '^$' -bench 'AreaBundles' -benchmem -count 5
func benchServer(b *testing.B) *httptest.Server {
	b.Helper()
	body := `{"data":[` + strings.TrimSuffix(strings.Repeat(bundleJSON+",", 20), ",") + `]}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok" && !strings.Contains(r.URL.Path, "catalog/bundle") {
			w.WriteHeader(401)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	b.Cleanup(srv.Close)
	return srv
}

func BenchmarkAreaBundlesSDK(b *testing.B) {
	srv := benchServer(b)
	o := testOptions(srv.URL)
	o.HTTPClient = srv.Client()
	c, err := NewClient(o)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	_ = c.store.Save(ctx, Session{Token: "tok", IsGuest: "true"})
	b.ReportAllocs()
	for b.Loop() {
		l, err := c.Catalog.AreaBundles(ctx, "TR")
		if err != nil || len(l) != 20 {
			b.Fatal(len(l), err)
		}
	}
}

func BenchmarkAreaBundlesRaw(b *testing.B) {
	srv := benchServer(b)
	hc := srv.Client()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v1/catalog/bundles/TR", nil)
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Accept", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 {
			b.Fatal(resp.StatusCode, err)
		}
		var a struct {
			Data []Bundle `json:"data"`
		}
		if err := json.Unmarshal(data, &a); err != nil || len(a.Data) != 20 {
			b.Fatal(fmt.Sprint(len(a.Data)), err)
		}
	}
}
