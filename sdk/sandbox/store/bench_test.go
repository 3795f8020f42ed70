package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// BenchmarkSmallWrite is one small change (one order record, one transaction, synced) in a
// store that already holds 10 or 10,000 orders: the cost must not grow with the data.
// Compare the two medians: go test -run '^$' -bench SmallWrite -count 6 ./sdk/sandbox/store/
func BenchmarkSmallWrite(b *testing.B) {
	for _, n := range []int{10, 10_000} {
		b.Run(fmt.Sprintf("orders=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s, err := store.Open(ctx, filepath.Join(b.TempDir(), "state.db"), []string{"orders"})
			if err != nil {
				b.Fatal(err)
			}
			defer func() { _ = s.Close() }()
			value := []byte(`{"id":"x","client":"cedarsim-shop","status":"paid","bundleId":"` + strings.Repeat("b", 36) + `"}`)
			seed := make([]store.Record, 0, 1000)
			for i := 0; i < n; i++ {
				seed = append(seed, store.Record{Kind: "orders", ID: fmt.Sprintf("seed-%08d", i), Value: value})
				if len(seed) == cap(seed) || i == n-1 {
					if err := s.Apply(ctx, seed); err != nil {
						b.Fatal(err)
					}
					seed = seed[:0]
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := s.Apply(ctx, []store.Record{{Kind: "orders", ID: fmt.Sprintf("new-%08d", i), Value: value}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
