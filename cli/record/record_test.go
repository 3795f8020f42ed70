package record_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
)

func TestRecordRefusesBadInputAtStart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no folder", []string{"record", "--upstream", "http://127.0.0.1:1"}, 2, "--out DIR is required"},
		{"no upstream", []string{"record", "--out", t.TempDir()}, 2, "give --upstream ORIGIN"},
		{"both", []string{"record", "--out", t.TempDir(), "--upstream", "http://x", "--api-url", "https://a/api/v1/"}, 2, "not both"},
		{"a provider needs three URLs", []string{"record", "--out", t.TempDir(), "--api-url", "https://a/api/v1/"}, 2, "--support-url and --esimcheck-url"},
		{"a scenario is one word", []string{"record", "--out", t.TempDir(), "--upstream", "http://x", "--scenario", "a/b"}, 2, "one word"},
		{"an upstream that is no origin", []string{"record", "--out", t.TempDir(), "--upstream", "ftp://x", "--addr", "127.0.0.1:0"}, 2, "http(s) origin"},
		{"an unwritable folder", []string{"record", "--out", filepath.Join(file, "rec"), "--upstream", "http://127.0.0.1:1", "--addr", "127.0.0.1:0"}, 1, "recording folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := clitest.New(t)
			if code := e.Run(tc.args...); code != tc.wantCode || !strings.Contains(e.ErrOut.String(), tc.wantErr) {
				t.Fatalf("exit %d %q, want %d containing %q", code, e.ErrOut, tc.wantCode, tc.wantErr)
			}
		})
	}
}
