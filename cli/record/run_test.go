package record

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
)

// syncBuffer is a bytes.Buffer the test reads while run writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A recording that ends with SIGINT (its ordinary end) while a file could not be written
// (a full disk) says so, naming the file, and fails: the error must not pass for the
// interruption, which exits 2 and prints nothing.
func TestRecordEndedByInterruptReportsFilesNotWritten(t *testing.T) {
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":[]}`))
	}))
	defer upstream.Close()
	out, errOut := &syncBuffer{}, &syncBuffer{}
	o := &Options{Out: out, ErrOut: errOut, Dir: t.TempDir(), Addr: "127.0.0.1:0", Upstream: upstream.URL,
		writeFile: func(string, []byte) error { return syscall.ENOSPC }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, o) }()

	origin := ""
	re := regexp.MustCompile(`through (http://\S+)`)
	for deadline := time.Now().Add(10 * time.Second); origin == ""; {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			origin = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("the recorder did not start: %s %s", out, errOut)
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
	resp, err := http.Get(origin + "/api/v1/catalog/countries")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(errOut.String(), "could not be written"); {
		if time.Now().After(deadline) {
			t.Fatalf("the write failure was not logged: %s", errOut)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel() // what SIGINT does to the command's context

	err = <-done
	if !errors.Is(err, cmdutil.ErrSilent) {
		t.Fatalf("run: %v, want the silent error (exit 1) after saying what failed", err)
	}
	tail := errOut.String()[strings.LastIndex(errOut.String(), "Recorded "):]
	for _, want := range []string{"Recorded 1 exchanges (0 on disk)", "1 file(s) could not be written", "api/listCountries/success.har.json", "no space left on device"} {
		if !strings.Contains(tail, want) {
			t.Errorf("the end of the run does not say %q:\n%s", want, tail)
		}
	}
}

// --pseudonymise keeps the shop's own accounts of esim's settings: the guest account every
// replaying client logs in with, and the support address.
func TestPseudonymiseKeepsTheConfiguredAccounts(t *testing.T) {
	io, _, _, _ := iostreams.Test()
	f := &factory.Factory{IOStreams: io, Config: func() (*config.Config, error) {
		return &config.Config{GuestUsername: "guest@shop.example", SupportEmail: "help@shop.example"}, nil
	}}
	var got *Options
	cmd := NewCmdRecord(f, func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"--out", t.TempDir(), "--upstream", "http://127.0.0.1:1", "--pseudonymise"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"guest@shop.example", "help@shop.example"}; strings.Join(got.Redact.Keep, ",") != strings.Join(want, ",") {
		t.Fatalf("kept %q, want %q", got.Redact.Keep, want)
	}
}
