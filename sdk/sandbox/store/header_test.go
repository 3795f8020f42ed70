package store_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox/store"
)

// filled makes a store of many pages, written in several transactions.
func filled(t *testing.T, path string) {
	t.Helper()
	s, err := store.Open(context.Background(), path, kinds, nil)
	if err != nil {
		t.Fatal(err)
	}
	for tx := range 4 {
		var recs []store.Record
		for i := range 100 {
			recs = append(recs, store.Record{Kind: "orders", ID: fmt.Sprintf("o%d-%03d", tx, i), Value: bytes.Repeat([]byte("x"), 1000)})
		}
		if err := s.Apply(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestTruncatedStoreIsRefused (issue 21.9): a store cut short is refused with a message
// that says so; bbolt is never let to fault on reading past the end of the file.
func TestTruncatedStoreIsRefused(t *testing.T) {
	for _, tt := range []struct {
		name string
		cut  func(b []byte) int
	}{
		{"half", func(b []byte) int { return len(b) / 2 }},
		{"one page short of its header", func(b []byte) int {
			pages := max(binary.LittleEndian.Uint64(b[16+40:]), binary.LittleEndian.Uint64(b[4096+16+40:]))
			return int(pages-1) * 4096
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.db")
			filled(t, path)
			b, _ := os.ReadFile(path)
			write(t, path, b[:tt.cut(b)])
			_, err := store.Open(context.Background(), path, kinds, nil)
			if err == nil || !strings.Contains(err.Error(), "is truncated") || !strings.Contains(err.Error(), path) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

// TestDamagedNewestHeaderIsLogged (issue 21.9): bbolt opens a store whose newest header
// page is damaged on the other one, a transaction back; the store says so in the log.
func TestDamagedNewestHeaderIsLogged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	filled(t, path)
	b, _ := os.ReadFile(path)
	txid := func(page int) uint64 { return binary.LittleEndian.Uint64(b[page*4096+16+48:]) }
	newest := 0
	if txid(1) > txid(0) {
		newest = 1
	}
	b[newest*4096+16+45] ^= 0x01 // one bit of the page count
	write(t, path, b)
	var logged bytes.Buffer
	s, err := store.Open(context.Background(), path, kinds, slog.New(slog.NewTextHandler(&logged, nil)))
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	if !strings.Contains(logged.String(), "header page is damaged") || !strings.Contains(logged.String(), fmt.Sprintf("damaged_page=%d", newest)) {
		t.Fatalf("log: %q", logged.String())
	}
}

// TestProbeFailsWhenTheFileCannotGrow: with a file size limit just above the store's size
// (as on a full disk), Probe fails; without it, it passes and leaves the file as it was.
func TestProbeFailsWhenTheFileCannotGrow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	s := open(t, path)
	before, _ := os.ReadFile(path)
	if err := s.Probe(); err != nil {
		t.Fatalf("probe: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("the probe changed the file")
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	limit := old
	limit.Cur = uint64(len(before)) + 4096
	// Writes past the limit fail with EFBIG (the Go runtime ignores SIGXFSZ).
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Skip(err)
	}
	err := s.Probe()
	_ = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if err == nil || !strings.Contains(err.Error(), "cannot grow") {
		t.Fatalf("probe under a file size limit: %v", err)
	}
}

// TestDamagedPagesAreRefusedNotFatal (issue 21.9): a flipped byte anywhere in the page
// headers and first elements of a store's pages, header pages included, is refused with a
// message, or (where it changes nothing bbolt reads) opened; it never kills the process.
// bbolt trusts its pages: a damaged element count or offset made it read outside the file
// (a segmentation fault) or panic on its own goroutine while it listed the free pages, a
// cycle loop for ever, and a header page's own page header (outside its checksum) failed
// an assertion on the goroutine of its check.
func TestDamagedPagesAreRefusedNotFatal(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s, err := store.Open(context.Background(), good, kinds, nil)
	if err != nil {
		t.Fatal(err)
	}
	for tx := range 3 { // a branch page, leaves, and free pages from the older transactions
		var recs []store.Record
		for i := range 40 {
			recs = append(recs, store.Record{Kind: kinds[i%2], ID: fmt.Sprintf("r%d-%02d", tx, i), Value: bytes.Repeat([]byte{'a' + byte(tx)}, 90)})
		}
		if err := s.Apply(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	refused := 0
	path := filepath.Join(dir, "damaged.db")
	for p := 0; p < len(b)/page; p++ {
		for off := range 48 {
			for _, mask := range []byte{0xff, 0x01} {
				damaged := bytes.Clone(b)
				damaged[p*page+off] ^= mask
				write(t, path, damaged)
				s, err := store.Open(context.Background(), path, kinds, nil)
				if err != nil {
					if !strings.Contains(err.Error(), path) {
						t.Fatalf("page %d byte %d: the error does not name the file: %v", p, off, err)
					}
					refused++
					continue
				}
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if refused == 0 {
		t.Fatal("no damaged store was refused: the test proved nothing")
	}
}
