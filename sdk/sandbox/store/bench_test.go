package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

func seeded(b *testing.B, n int) *store.Store {
	b.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(b.TempDir(), "state.db"), []string{"orders"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = s.Close() })
	seed := make([]store.Record, 0, 1000)
	for i := 0; i < n; i++ {
		seed = append(seed, store.Record{Kind: "orders", ID: fmt.Sprintf("seed-%08d", i), Value: orderValue})
		if len(seed) == cap(seed) || i == n-1 {
			if err := s.Apply(ctx, seed); err != nil {
				b.Fatal(err)
			}
			seed = seed[:0]
		}
	}
	return s
}

var orderValue = []byte(`{"id":"x","client":"cedarsim-shop","status":"paid","bundleId":"` + strings.Repeat("b", 36) + `","email":"someone@example.com","created":"2026-01-01T00:00:00Z"}`)

// BenchmarkSmallWrite is one small change (one order record, one synced transaction) in a
// store holding 10 orders and in one holding 10,000, alternating so both see the same disk;
// it reports each median and their ratio (must stay <= 1.5):
//
//	go test -run '^$' -bench SmallWrite -benchtime 200x ./sdk/sandbox/store/
func BenchmarkSmallWrite(b *testing.B) {
	ctx := context.Background()
	small, large := seeded(b, 10), seeded(b, 10_000)
	write := func(s *store.Store, i int) time.Duration {
		t0 := time.Now()
		if err := s.Apply(ctx, []store.Record{{Kind: "orders", ID: fmt.Sprintf("new-%08d", i), Value: orderValue}}); err != nil {
			b.Fatal(err)
		}
		return time.Since(t0)
	}
	var ts, tl []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			ts, tl = append(ts, write(small, i)), append(tl, write(large, i))
		} else {
			tl, ts = append(tl, write(large, i)), append(ts, write(small, i))
		}
	}
	b.StopTimer()
	ms, ml := median(ts), median(tl)
	b.ReportMetric(float64(ms.Microseconds())/1000, "ms/write@10")
	b.ReportMetric(float64(ml.Microseconds())/1000, "ms/write@10000")
	b.ReportMetric(float64(ml)/float64(ms), "ratio")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
