package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"os"
)

// bbolt keeps two header (meta) pages at the start of the file and writes them in turn, one
// per transaction, each with a checksum; it opens on the valid one of the newer
// transaction. Kinds of damage it does not report well are checked here, before bbolt
// maps the file:
//   - a file shorter than the pages its header names (truncated): bbolt would fault
//     reading past its end, killing the process with a long runtime trace;
//   - one damaged header page: bbolt quietly opens on the other, i.e. one transaction
//     back, so the last change may be lost without a word. The sandbox logs it;
//   - a damaged page below the header (pages.go).

// Layout of a bbolt meta page (go.etcd.io/bbolt/internal/common): a 16-byte page header,
// then magic, version, pageSize, flags (uint32 each), root bucket (16), freelist, pgid
// (the page count, high-water mark), txid, and the FNV-64a checksum of what precedes it.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	pageHeaderSize = 16
	metaSize       = 64
	metaSumOffset  = 56
)

type boltMeta struct {
	pageSize uint32
	root     uint64 // the root bucket's page
	freelist uint64 // the synced free list's page, or noFreelist
	pages    uint64 // pgid: pages in use, the file must hold at least this many
	txid     uint64
}

// parseMeta decodes the meta at the start of b (the bytes after the page header).
func parseMeta(b []byte) (boltMeta, bool) {
	if len(b) < metaSize {
		return boltMeta{}, false
	}
	le := binary.LittleEndian
	h := fnv.New64a()
	_, _ = h.Write(b[:metaSumOffset])
	if le.Uint32(b[0:]) != boltMagic || le.Uint32(b[4:]) != boltVersion || le.Uint64(b[metaSumOffset:]) != h.Sum64() {
		return boltMeta{}, false
	}
	return boltMeta{pageSize: le.Uint32(b[8:]), root: le.Uint64(b[16:]), freelist: le.Uint64(b[32:]),
		pages: le.Uint64(b[40:]), txid: le.Uint64(b[48:])}, true
}

// checkHeader refuses a file whose header pages are both damaged or that is shorter than
// its header says, and logs a single damaged header page.
func checkHeader(path string, size int64, log *slog.Logger) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open sandbox store %s: %w", path, err)
	}
	defer func() { _ = f.Close() }()
	readMeta := func(pageOffset int64) (boltMeta, bool) {
		b := make([]byte, metaSize)
		if _, err := f.ReadAt(b, pageOffset+pageHeaderSize); err != nil && !errors.Is(err, io.EOF) {
			return boltMeta{}, false
		}
		return parseMeta(b)
	}
	m0, ok0 := readMeta(0)
	var m1 boltMeta
	ok1 := false
	if ok0 {
		m1, ok1 = readMeta(int64(m0.pageSize))
	} else {
		// Page 0 is damaged: page 1 is one page further, at a size bbolt also tries.
		for ps := int64(1024); ps <= 64<<10 && !ok1; ps *= 2 {
			m1, ok1 = readMeta(ps)
		}
	}
	if !ok0 && !ok1 {
		return fmt.Errorf("sandbox store %s is damaged or not a sandbox state (%d bytes, no valid header page); it was not opened, nothing was changed", path, size)
	}
	newest, other := m0, 1
	if !ok0 || (ok1 && m1.txid > m0.txid) {
		newest, other = m1, 0
	}
	if need := int64(newest.pages) * int64(newest.pageSize); size < need {
		return fmt.Errorf("sandbox store %s is truncated: it holds %d bytes, its header names %d; it was not opened, nothing was changed (restore it from a copy, or move it away to start afresh)", path, size, need)
	}
	if newest.pageSize < pageHeaderSize+metaSize || newest.pageSize > 1<<20 {
		return fmt.Errorf("sandbox store %s is damaged: its header names %d-byte pages; it was not opened, nothing was changed", path, newest.pageSize)
	}
	// The page headers of the header pages are outside their checksums, yet bbolt's check
	// asserts them (a panic on its own goroutine): each must name itself, as a meta page.
	for id := range uint64(2) {
		head := make([]byte, pageHeaderSize)
		if _, err := f.ReadAt(head, int64(id)*int64(newest.pageSize)); err != nil {
			return fmt.Errorf("read sandbox store %s: %w", path, err)
		}
		if binary.LittleEndian.Uint64(head) != id || binary.LittleEndian.Uint16(head[8:]) != metaPageFlag {
			return fmt.Errorf("sandbox store %s is damaged (header page %d does not say it is one); it was not opened, nothing was changed (restore it from a copy, or move it away to start afresh)", path, id)
		}
	}
	if err := checkPages(f, newest); err != nil {
		return fmt.Errorf("sandbox store %s is damaged (%w); it was not opened, nothing was changed (restore it from a copy, or move it away to start afresh)", path, err)
	}
	if !ok0 || !ok1 {
		log.Warn("sandbox store header page is damaged; opened on the other header page, so the last change before the damage may be lost",
			"path", path, "damaged_page", other, "transaction", newest.txid)
	}
	return nil
}

// Probe checks that the state file can still grow: it writes 1 MiB past the file's end
// and takes it back. A full disk (or a file size limit) fails it, so a sandbox restarted
// on one reports it at once rather than at its first change.
func (s *Store) Probe() error {
	const headroom = 1 << 20
	f, err := os.OpenFile(s.path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("probe sandbox store %s: %w", s.path, err)
	}
	defer func() { _ = f.Close() }()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("probe sandbox store %s: %w", s.path, err)
	}
	size := info.Size()
	_, werr := f.WriteAt(make([]byte, headroom), size)
	terr := f.Truncate(size) // bbolt only reads pages below its high-water mark: nothing of its is touched
	if werr != nil {
		return fmt.Errorf("sandbox store %s cannot grow: %w", s.path, werr)
	}
	if terr != nil {
		return fmt.Errorf("probe sandbox store %s: %w", s.path, terr)
	}
	return nil
}
