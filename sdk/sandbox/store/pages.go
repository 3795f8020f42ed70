package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// bbolt trusts the pages of its file: a damaged count, offset or page id sends it reading
// outside the file (a segmentation fault, which no recover catches), round a cycle of pages
// for ever, or into a panic on a goroutine of its own (its free-page scan at open). Any of
// them killed the process with a long runtime trace instead of a clear refusal. So, before
// bbolt opens the file, checkPages walks every page reachable from the newest header as
// bbolt's own check does, with bounds checked: each page inside the file and referenced
// once, a branch or leaf, its elements inside it, keys in order, buckets (inline ones
// too) likewise, and a synced free list inside the file.

// Page layout (go.etcd.io/bbolt/internal/common): a header of id (8 bytes), flags (2),
// count (2) and overflow (4), then count elements of 16 bytes. A branch element holds the
// key's offset from the element, its size and the child page; a leaf element flags, the
// offset, the key's and the value's sizes. A bucket's value starts with its root page and
// sequence (16 bytes); root 0 is an inline bucket, whose leaf page follows in the value.
const (
	branchPageFlag   = 0x01
	leafPageFlag     = 0x02
	metaPageFlag     = 0x04
	freelistPageFlag = 0x10
	bucketLeafFlag   = 0x01
	elementSize      = 16
	bucketHeaderSize = 16
	noFreelist       = math.MaxUint64
)

// pageWalk checks the pages of one file.
type pageWalk struct {
	f     io.ReaderAt
	meta  boltMeta
	seen  map[uint64]bool
	pages uint64 // high-water mark: valid page ids are below it
}

// checkPages refuses a file whose page structure would make bbolt fault, loop or panic.
func checkPages(f io.ReaderAt, meta boltMeta) error {
	w := &pageWalk{f: f, meta: meta, seen: map[uint64]bool{}, pages: meta.pages}
	if _, err := w.tree(meta.root, nil, nil); err != nil {
		return err
	}
	return w.freelist()
}

// read returns page id with its overflow pages, after checking its header.
func (w *pageWalk) read(id uint64) ([]byte, error) {
	if id < 2 || id >= w.pages {
		return nil, fmt.Errorf("page %d is outside the file's %d pages", id, w.pages)
	}
	ps := uint64(w.meta.pageSize)
	head := make([]byte, pageHeaderSize)
	if _, err := w.f.ReadAt(head, int64(id*ps)); err != nil {
		return nil, fmt.Errorf("read page %d: %w", id, err)
	}
	le := binary.LittleEndian
	if got := le.Uint64(head); got != id {
		return nil, fmt.Errorf("page %d says it is page %d", id, got)
	}
	overflow := uint64(le.Uint32(head[12:]))
	if overflow >= w.pages-id {
		return nil, fmt.Errorf("page %d runs past the file's %d pages", id, w.pages)
	}
	for i := id; i <= id+overflow; i++ {
		if w.seen[i] {
			return nil, fmt.Errorf("page %d is referenced twice", i)
		}
		w.seen[i] = true
	}
	b := make([]byte, (overflow+1)*ps)
	if _, err := w.f.ReadAt(b, int64(id*ps)); err != nil {
		return nil, fmt.Errorf("read page %d: %w", id, err)
	}
	return b, nil
}

// tree checks the branch or leaf page id and what it leads to: its keys are at least lo
// and below hi (nil: unbounded), as bbolt's check requires. It returns the largest key of
// the subtree.
func (w *pageWalk) tree(id uint64, lo, hi []byte) ([]byte, error) {
	p, err := w.read(id)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	flags := le.Uint16(p[8:])
	switch flags {
	case branchPageFlag:
		n, err := elements(p, id)
		if err != nil {
			return nil, err
		}
		keys := make([][]byte, n)
		for i := range n {
			if keys[i], _, err = branchElement(p, i); err != nil {
				return nil, fmt.Errorf("page %d: %w", id, err)
			}
		}
		running, last := lo, []byte(nil)
		for i := range n {
			if err := keyOrder(id, i, keys[i], running, hi); err != nil {
				return nil, err
			}
			next := hi
			if i+1 < n {
				next = keys[i+1]
			}
			_, child, _ := branchElement(p, i)
			if last, err = w.tree(child, keys[i], next); err != nil {
				return nil, err
			}
			running = last
		}
		return last, nil
	case leafPageFlag:
		return w.leaf(p, id, lo, hi)
	}
	return nil, fmt.Errorf("page %d is neither a branch nor a leaf (flags %#x)", id, flags)
}

// leaf checks a leaf page (or an inline bucket's page) and the buckets it holds.
func (w *pageWalk) leaf(p []byte, id uint64, lo, hi []byte) ([]byte, error) {
	n, err := elements(p, id)
	if err != nil {
		return nil, err
	}
	running := lo
	for i := range n {
		flags, key, value, err := leafElement(p, i)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", id, err)
		}
		if err := keyOrder(id, i, key, running, hi); err != nil {
			return nil, err
		}
		running = key
		if flags&bucketLeafFlag == 0 {
			continue
		}
		if len(value) < bucketHeaderSize {
			return nil, fmt.Errorf("page %d: bucket %q has a %d-byte header", id, key, len(value))
		}
		if root := binary.LittleEndian.Uint64(value); root != 0 {
			if _, err := w.tree(root, nil, nil); err != nil {
				return nil, err
			}
			continue
		}
		inline := value[bucketHeaderSize:]
		if len(inline) < pageHeaderSize || binary.LittleEndian.Uint16(inline[8:]) != leafPageFlag {
			return nil, fmt.Errorf("page %d: inline bucket %q is not a leaf page", id, key)
		}
		if _, err := w.leaf(inline, id, nil, nil); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return nil, nil
	}
	_, key, _, _ := leafElement(p, n-1)
	return key, nil
}

// elements is the page's element count, checked against its size.
func elements(p []byte, id uint64) (int, error) {
	n := int(binary.LittleEndian.Uint16(p[10:]))
	if pageHeaderSize+n*elementSize > len(p) {
		return 0, fmt.Errorf("page %d: %d elements do not fit in its %d bytes", id, n, len(p))
	}
	return n, nil
}

// span is p[from:from+size], or an error when it is not inside p.
func span(p []byte, from, size uint64) ([]byte, error) {
	if from > uint64(len(p)) || size > uint64(len(p))-from {
		return nil, fmt.Errorf("an element points past the end of its page (%d+%d of %d bytes)", from, size, len(p))
	}
	return p[from : from+size], nil
}

func branchElement(p []byte, i int) (key []byte, child uint64, err error) {
	e := pageHeaderSize + i*elementSize
	le := binary.LittleEndian
	key, err = span(p, uint64(e)+uint64(le.Uint32(p[e:])), uint64(le.Uint32(p[e+4:])))
	return key, le.Uint64(p[e+8:]), err
}

func leafElement(p []byte, i int) (flags uint32, key, value []byte, err error) {
	e := pageHeaderSize + i*elementSize
	le := binary.LittleEndian
	flags, pos, ksize, vsize := le.Uint32(p[e:]), uint64(le.Uint32(p[e+4:])), uint64(le.Uint32(p[e+8:])), uint64(le.Uint32(p[e+12:]))
	if key, err = span(p, uint64(e)+pos, ksize); err != nil {
		return 0, nil, nil, err
	}
	value, err = span(p, uint64(e)+pos+ksize, vsize)
	return flags, key, value, err
}

// keyOrder is bbolt's rule: element i's key is above the previous one (at least the
// bound from the parent for the first) and below the parent's next key.
func keyOrder(id uint64, i int, key, prev, hi []byte) error {
	switch {
	case i == 0 && prev != nil && bytes.Compare(prev, key) > 0,
		i > 0 && bytes.Compare(prev, key) >= 0,
		hi != nil && bytes.Compare(key, hi) >= 0:
		return fmt.Errorf("page %d: key %d is out of order", id, i)
	}
	return nil
}

// freelist checks a synced free-list page: inside the file, of its kind, its ids fitting
// in it and naming pages of the file.
func (w *pageWalk) freelist() error {
	id := w.meta.freelist
	if id == noFreelist {
		return nil
	}
	if id < 2 || id >= w.pages {
		return fmt.Errorf("free list page %d is outside the file's %d pages", id, w.pages)
	}
	p, err := w.read(id)
	if err != nil {
		return err
	}
	le := binary.LittleEndian
	if flags := le.Uint16(p[8:]); flags != freelistPageFlag {
		return fmt.Errorf("page %d is not a free list (flags %#x)", id, flags)
	}
	n, from := uint64(le.Uint16(p[10:])), uint64(pageHeaderSize)
	if n == 0xFFFF { // the count is in the first id's place
		if len(p) < pageHeaderSize+8 {
			return fmt.Errorf("free list page %d is too short for its count", id)
		}
		n, from = le.Uint64(p[pageHeaderSize:]), pageHeaderSize+8
	}
	ids, err := span(p, from, n*8)
	if n > uint64(len(p))/8 || err != nil {
		return fmt.Errorf("free list page %d: %d ids do not fit in its %d bytes", id, n, len(p))
	}
	for i := uint64(0); i < n; i++ {
		if free := le.Uint64(ids[i*8:]); free < 2 || free >= w.pages {
			return fmt.Errorf("free list page %d names page %d, outside the file's %d pages", id, free, w.pages)
		}
	}
	return nil
}
