package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/sdk/record"
)

func entry(call string, status int, detail string) har.Entry {
	ct, text := "application/json", `{"data":{}}`
	if status >= 400 {
		ct, text = "application/problem+json", `{"title":"Bad Request","status":400,"detail":"`+detail+`"}`
	}
	return har.Entry{Call: call, Service: har.ServiceAPI,
		Request:  har.Request{Method: "GET", URL: contract.FixtureAPIBase + "catalog/countries", HTTPVersion: "HTTP/1.1", Headers: []har.NV{}, QueryString: []har.NV{}},
		Response: har.Response{Status: status, HTTPVersion: "HTTP/1.1", Headers: []har.NV{}, Content: har.Content{MimeType: ct, Text: text}}}
}

func readHAR(t *testing.T, path string) *har.File {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := har.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

func TestStoreWritesTheFixturesLayout(t *testing.T) {
	dir := t.TempDir()
	// A file of an earlier run is replaced; one this run does not write stays.
	stale := filepath.Join(dir, "api", "listCountries", "success.har.json")
	other := filepath.Join(dir, "api", "listRegions", "success.har.json")
	for _, p := range []string{stale, other} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := record.OpenStore(dir, record.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []har.Entry{entry("listCountries", 200, ""), entry("verifyOtp", 400, "Invalid OTP please try again"),
		entry("listCountries", 200, ""), entry("a/b", 200, "")} {
		if err := s.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(entry("x", 200, "")); !errors.Is(err, record.ErrClosed) {
		t.Fatalf("Add after Close: %v", err)
	}
	if f := readHAR(t, stale); len(f.Log.Entries) != 2 || f.Log.Call != "listCountries" || f.Log.Scenario != "success" {
		t.Fatalf("listCountries: %+v", f.Log)
	}
	if f := readHAR(t, filepath.Join(dir, "api", "verifyOtp", "400-invalid-otp-please-try-again.har.json")); f.Log.Entries[0].Response.Status != 400 {
		t.Fatal("derived scenario file")
	}
	if _, err := os.Stat(filepath.Join(dir, "api", "a-b", "success.har.json")); err != nil {
		t.Fatalf("a call name with a slash is one path segment: %v", err)
	}
	if b, _ := os.ReadFile(other); string(b) != "old" {
		t.Fatal("a file this run did not write was changed")
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "*", "*", ".*"))
	if len(leftovers) > 0 {
		t.Fatalf("temporary files left: %v", leftovers)
	}
	if added, written := s.Stats(); added != 4 || written != 4 {
		t.Fatalf("stats %d %d", added, written)
	}
}

func TestStoreNamedScenario(t *testing.T) {
	dir := t.TempDir()
	s, err := record.OpenStore(dir, record.StoreOptions{Scenario: "readme"})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Add(entry("verifyOtp", 400, "x"))
	_ = s.Add(entry("verifyOtp", 200, ""))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	f := readHAR(t, filepath.Join(dir, "api", "verifyOtp", "readme.har.json"))
	if len(f.Log.Entries) != 2 || f.Log.Entries[0].Response.Status != 400 || f.Log.Entries[1].Response.Status != 200 {
		t.Fatalf("entries in recorded order: %+v", f.Log.Entries)
	}
}

func TestStoreFullDiskKeepsEarlierFiles(t *testing.T) {
	dir := t.TempDir()
	var full atomic.Bool
	s, err := record.OpenStore(dir, record.StoreOptions{WriteFile: func(path string, data []byte) error {
		if full.Load() {
			return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, data, 0o644)
	}})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Add(entry("listCountries", 200, ""))
	// Wait until the first exchange is on disk, then fill the disk.
	for {
		if _, written := s.Stats(); written == 1 {
			break
		}
		runtime.Gosched()
	}
	full.Store(true)
	_ = s.Add(entry("listCountries", 200, ""))
	_ = s.Add(entry("listRegions", 200, ""))
	err = s.Close()
	if err == nil || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "2 file(s) could not be written") {
		t.Fatalf("Close = %v, want the full disk", err)
	}
	if f := readHAR(t, filepath.Join(dir, "api", "listCountries", "success.har.json")); len(f.Log.Entries) != 1 {
		t.Fatalf("the file written before the disk filled: %d entries", len(f.Log.Entries))
	}
}

func TestStoreUnwritableFolderFailsAtStart(t *testing.T) {
	// A path under a regular file is unwritable for everyone, root included.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := record.OpenStore(filepath.Join(file, "rec"), record.StoreOptions{}); err == nil {
		t.Fatal("a folder under a file was accepted")
	}
}

func TestDeriveScenario(t *testing.T) {
	for _, tc := range []struct {
		status   int
		ct, body string
		want     string
	}{
		{200, "application/json", `{}`, "success"},
		{303, "", "", "success"},
		{400, "application/problem+json", `{"title":"Bad Request","detail":"Invalid OTP please try again"}`, "400-invalid-otp-please-try-again"},
		{409, "application/problem+json; charset=utf-8", `{"title":"Conflict"}`, "409-conflict"},
		{500, "text/plain", "boom", "500-internal-server-error"},
		{429, "application/problem+json", `{"detail":"Too many codes were sent to this address. Try again in 10 minutes, please, really"}`, "429-too-many-codes-were-sent-to-this-address-try"},
	} {
		if got := record.DeriveScenario(tc.status, tc.ct, tc.body); got != tc.want {
			t.Errorf("DeriveScenario(%d, %q) = %q, want %q", tc.status, tc.body, got, tc.want)
		}
	}
}
