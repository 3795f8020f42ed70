package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cedarsim/esim/contract/har"
)

// StoreOptions configure a Store.
type StoreOptions struct {
	// Scenario names every exchange's scenario; "" derives it from the answer
	// (DeriveScenario).
	Scenario string
	// Creator and Description go into each file's log.
	Creator, Description string
	Logger               *slog.Logger
	// WriteFile replaces the atomic file write (tests simulate a full disk with it).
	WriteFile func(path string, data []byte) error
}

// Store writes recorded exchanges in the fixtures layout, DIR/<service>/<call>/<scenario>.har.json,
// each soon after it happens: a background writer rewrites every file that changed,
// atomically (temporary file, fsync, rename, fsync of the folder), so a kill leaves each
// file either as it was or with the new exchange. Exchanges of one call and scenario are
// entries of one file, in the order they happened. A file this run writes replaces the
// one of an earlier run. Safe for concurrent use.
type Store struct {
	dir string
	o   StoreOptions
	log *slog.Logger

	in   chan func() (har.Entry, bool)
	done chan struct{}

	qmu    sync.RWMutex // guards closed and sending on in
	closed bool

	mu      sync.Mutex
	files   map[string]*storedFile // by path relative to dir
	dirty   map[string]bool
	failed  map[string]error // files whose last write failed
	onDisk  map[string]int   // entries of each file on disk
	written int              // exchanges on disk
	added   int
}

// queueSize bounds the exchanges waiting for the writer; Add blocks beyond it.
const queueSize = 4096

// OpenStore checks that dir is (or can be made) a writable folder, so that an unwritable
// --out fails at start, and starts the writer.
func OpenStore(dir string, o StoreOptions) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("recording folder %s: %w", dir, err)
	}
	probe, err := os.CreateTemp(dir, ".esim-record-probe-*")
	if err != nil {
		return nil, fmt.Errorf("recording folder %s is not writable: %w", dir, err)
	}
	name := probe.Name()
	_, werr := probe.WriteString("probe")
	serr := probe.Sync()
	cerr := probe.Close()
	_ = os.Remove(name)
	if err := errors.Join(werr, serr, cerr); err != nil {
		return nil, fmt.Errorf("recording folder %s is not writable: %w", dir, err)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.WriteFile == nil {
		o.WriteFile = writeAtomic
	}
	if o.Creator == "" {
		o.Creator = "esim record"
	}
	s := &Store{dir: dir, o: o, log: o.Logger, in: make(chan func() (har.Entry, bool), queueSize), done: make(chan struct{}),
		files: map[string]*storedFile{}, dirty: map[string]bool{}, failed: map[string]error{}, onDisk: map[string]int{}}
	go s.run()
	return s, nil
}

// ErrClosed is returned by Add after Close.
var ErrClosed = errors.New("record: the store is closed")

// Add queues one exchange for writing.
func (s *Store) Add(e har.Entry) error {
	return s.AddFunc(func() (har.Entry, bool) { return e, true })
}

// AddFunc queues an exchange that build makes on the writer's goroutine (the proxy's
// redaction runs there, off the client's request); build's false drops it.
func (s *Store) AddFunc(build func() (har.Entry, bool)) error {
	// qmu, not mu: a full queue blocks here until the writer, which takes mu, drains it.
	s.qmu.RLock()
	defer s.qmu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	s.mu.Lock()
	s.added++
	s.mu.Unlock()
	s.in <- build
	return nil
}

// Close writes what is queued and stops the writer. It reports the files that could not
// be written (the disk is full, the folder went away); every file written before stays
// intact.
func (s *Store) Close() error {
	s.qmu.Lock()
	if s.closed {
		s.qmu.Unlock()
		<-s.done
		return s.err()
	}
	s.closed = true
	close(s.in)
	s.qmu.Unlock()
	<-s.done
	return s.err()
}

func (s *Store) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.failed) == 0 {
		return nil
	}
	paths := make([]string, 0, len(s.failed))
	for p := range s.failed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	errs := make([]error, 0, len(paths))
	for _, p := range paths {
		errs = append(errs, fmt.Errorf("%s: %w", p, s.failed[p]))
	}
	return fmt.Errorf("record: %d file(s) could not be written (the files written before are intact): %w", len(paths), errors.Join(errs...))
}

// Stats reports how many exchanges were added and how many are on disk.
func (s *Store) Stats() (added, written int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.added, s.written
}

// Files lists the files of this run, relative to the folder, sorted.
func (s *Store) Files() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.files))
	for p := range s.files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// flushGap is the least time between two writes of the recording: an exchange is on
// disk at most this long after it happens, and a busy session rewrites each file a few
// times a second, not once per exchange.
const flushGap = 100 * time.Millisecond

// run is the writer: it applies each exchange as it comes and rewrites the files that
// changed, at most every flushGap; what is left is written when the queue closes.
func (s *Store) run() {
	defer close(s.done)
	var (
		last  time.Time
		timer *time.Timer
		due   <-chan time.Time
	)
	for {
		select {
		case build, ok := <-s.in:
			if !ok {
				if timer != nil {
					timer.Stop()
				}
				s.flush()
				return
			}
			e, keep := build()
			if !keep {
				s.mu.Lock()
				s.added--
				s.mu.Unlock()
				continue
			}
			s.apply(e)
			if due != nil {
				continue // a write is already planned
			}
			if wait := flushGap - time.Since(last); wait > 0 {
				timer = time.NewTimer(wait)
				due = timer.C
				continue
			}
			s.flush()
			last = time.Now()
		case <-due:
			due, timer = nil, nil
			s.flush()
			last = time.Now()
		}
	}
}

// storedFile is one file of this run: its log and its entries already encoded, so a
// rewrite encodes only the new exchanges.
type storedFile struct {
	f       *har.File
	encoded [][]byte
}

func (s *Store) apply(e har.Entry) {
	scenario := s.o.Scenario
	if scenario == "" {
		scenario = DeriveScenario(e.Response.Status, e.Response.Content.MimeType, e.Response.Content.Text)
	}
	call, scenario := pathPart(e.Call), pathPart(scenario)
	rel := e.Service + "/" + call + "/" + scenario + ".har.json"
	s.mu.Lock()
	defer s.mu.Unlock()
	sf := s.files[rel]
	if sf == nil {
		sf = &storedFile{f: &har.File{Log: har.Log{Version: har.Version, Creator: har.Creator{Name: s.o.Creator, Version: "1"},
			Call: call, Scenario: scenario, Description: s.o.Description}, Path: rel}}
		s.files[rel] = sf
	}
	sf.f.Log.Entries = append(sf.f.Log.Entries, e)
	s.dirty[rel] = true
}

func (s *Store) flush() {
	s.mu.Lock()
	type job struct {
		rel     string
		data    []byte
		entries int
	}
	var jobs []job
	for rel := range s.dirty {
		sf := s.files[rel]
		b, err := encodeFile(sf)
		if err != nil {
			s.failed[rel] = err
			continue
		}
		jobs = append(jobs, job{rel, b, len(sf.f.Log.Entries)})
	}
	s.mu.Unlock()
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].rel < jobs[j].rel })
	for _, j := range jobs {
		err := s.o.WriteFile(filepath.Join(s.dir, filepath.FromSlash(j.rel)), j.data)
		s.mu.Lock()
		if err != nil {
			if s.failed[j.rel] == nil {
				s.log.Error("recording: a file could not be written; the files written before are intact", "file", j.rel, "err", err)
			}
			s.failed[j.rel] = err
		} else {
			s.written += j.entries - s.onDisk[j.rel]
			s.onDisk[j.rel] = j.entries
			delete(s.failed, j.rel)
			if len(s.files[j.rel].f.Log.Entries) == j.entries {
				delete(s.dirty, j.rel)
			}
		}
		s.mu.Unlock()
	}
}

// entriesField is how har.Marshal writes an empty entries list inside the log object.
const entriesField = `"entries": []`

// encodeFile writes the file as har.Marshal does (the test checks they agree), encoding
// only the entries added since the last time.
func encodeFile(sf *storedFile) ([]byte, error) {
	for i := len(sf.encoded); i < len(sf.f.Log.Entries); i++ {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("      ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&sf.f.Log.Entries[i]); err != nil {
			return nil, fmt.Errorf("encode an exchange of %s: %w", sf.f.Path, err)
		}
		sf.encoded = append(sf.encoded, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	shell := *sf.f
	shell.Log.Entries = []har.Entry{}
	head, err := har.Marshal(&shell)
	if err != nil {
		return nil, err
	}
	before, after, ok := bytes.Cut(head, []byte(entriesField))
	if !ok {
		return nil, errors.New("record: unexpected HAR layout")
	}
	var out bytes.Buffer
	out.Grow(len(head) + len(sf.encoded)*(4<<10))
	out.Write(before)
	out.WriteString(`"entries": [`)
	for i, e := range sf.encoded {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString("\n      ")
		out.Write(e)
	}
	out.WriteString("\n    ]")
	out.Write(after)
	return out.Bytes(), nil
}

// writeAtomic writes data to path through a temporary file in the same folder: written,
// synced, renamed over path, and the folder synced, so path is never half-written.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, 0o644)
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		_ = os.Remove(name)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // the rename itself on disk; not every file system can sync a folder
		_ = d.Close()
	}
	return nil
}

// pathPart makes a call or scenario name safe as one path segment.
func pathPart(s string) string {
	out := strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
			return c
		}
		return '-'
	}, s)
	out = strings.Trim(out, ".-")
	if out == "" {
		return "unnamed"
	}
	return out
}

// DeriveScenario names the scenario of an exchange from its answer: "success" for 2xx and
// 3xx, else the status and a slug of the problem's detail (or title, or the status text),
// e.g. "400-invalid-otp-please-try-again".
func DeriveScenario(status int, contentType, body string) string {
	if status >= 200 && status < 400 {
		return "success"
	}
	text := http.StatusText(status)
	if mt, _, _ := mime.ParseMediaType(contentType); mt == "application/problem+json" || mt == "application/json" {
		var p struct{ Title, Detail string }
		if json.Unmarshal([]byte(body), &p) == nil {
			text = firstNonEmpty(p.Detail, p.Title, text)
		}
	}
	return strconv.Itoa(status) + "-" + slug(text, 48)
}

// slug is s in lower-case words joined by '-', whole words only, at most maxLen long.
func slug(s string, maxLen int) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(c rune) bool {
		return (c < 'a' || c > 'z') && (c < '0' || c > '9')
	})
	out := ""
	for _, w := range words {
		next := w
		if out != "" {
			next = out + "-" + w
		}
		if len(next) > maxLen {
			break
		}
		out = next
	}
	if out == "" {
		return "error"
	}
	return out
}
