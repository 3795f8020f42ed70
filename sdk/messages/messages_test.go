package messages

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cedarsim/esim/contract/vectors"
	"github.com/cedarsim/esim/sdk"
)

type vectorError struct {
	Kind   string `json:"kind"`
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	URL    string `json:"url"`
	Reason string `json:"reason"`
	Field  string `json:"field"`
	// RetryAfter is the answer's Retry-After in seconds (api errors; 0 when absent).
	RetryAfter int `json:"retryAfter"`
}

type vectorCase struct {
	Name    string       `json:"name"`
	Context string       `json:"context"`
	Error   *vectorError `json:"error"`
	Support struct {
		Phone string `json:"phone"`
		Email string `json:"email"`
	} `json:"support"`
	Want Message `json:"want"`
}

type vectorFile struct {
	Description string            `json:"description"`
	Texts       map[string]string `json:"texts"`
	ErrorKinds  map[string]string `json:"errorKinds"`
	Rules       map[string]string `json:"rules"`
	Cases       []vectorCase      `json:"cases"`
}

func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	raw, err := vectors.Raw("messages")
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var v vectorFile
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode vectors: %v", err)
	}
	return v
}

// build turns a vector error into the error the SDK would return, wrapped as callers
// receive it, so that For has to look through wrapping.
func build(t *testing.T, e *vectorError) error {
	t.Helper()
	if e == nil {
		return nil
	}
	var err error
	switch e.Kind {
	case "api":
		err = &sdk.APIError{Method: "POST", URL: e.URL, Status: e.Status, Title: e.Title, Detail: e.Detail,
			RetryAfter: time.Duration(e.RetryAfter) * time.Second}
	case "network":
		err = &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	case "timeout":
		err = context.DeadlineExceeded
	case "refused":
		err = &sdk.PurchaseRefusedError{Reason: e.Reason}
	case "invalidPlan":
		err = sdk.ErrInvalidPlan
	case "validation":
		err = &sdk.ValidationError{Field: e.Field, Reason: "is not valid"}
	default:
		t.Fatalf("error kind %q has no Go implementation branch", e.Kind)
	}
	return fmt.Errorf("call: %w", err)
}

// parseContext reads a context name of the shared vector file.
func parseContext(s string) (Context, error) {
	for _, c := range Contexts() {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown message context %q", s)
}

func TestVectors(t *testing.T) {
	v := loadVectors(t)
	seen := map[Context]int{}
	kinds := map[string]bool{}
	for _, c := range v.Cases {
		ctx, err := parseContext(c.Context)
		if err != nil {
			t.Errorf("%s: %v (no Go implementation branch)", c.Name, err)
			continue
		}
		seen[ctx]++
		if c.Error != nil {
			kinds[c.Error.Kind] = true
		}
		got := For(ctx, build(t, c.Error), Support{Phone: c.Support.Phone, Email: c.Support.Email})
		if got.Text != c.Want.Text || !slices.Equal(got.Hints, c.Want.Hints) || got.Link != c.Want.Link {
			t.Errorf("%s: For(%s) = %+v, want %+v", c.Name, ctx, got, c.Want)
		}
	}
	for _, ctx := range Contexts() {
		if seen[ctx] == 0 {
			t.Errorf("context %s has no vector case", ctx)
		}
		if v.Rules[ctx.String()] == "" {
			t.Errorf("context %s has no rule text in the vector file", ctx)
		}
	}
	for k := range v.ErrorKinds {
		if !kinds[k] {
			t.Errorf("error kind %q has no vector case", k)
		}
	}
}

func TestTextsMatchVectors(t *testing.T) {
	v := loadVectors(t)
	got := Texts()
	if !maps.Equal(got, v.Texts) {
		for k, want := range v.Texts {
			if got[k] != want {
				t.Errorf("text %q: Go %q, vector %q", k, got[k], want)
			}
		}
		for k := range got {
			if _, ok := v.Texts[k]; !ok {
				t.Errorf("Go text %q is missing from the vector file", k)
			}
		}
	}
}

func TestTextsAreCopies(t *testing.T) {
	m := Texts()
	m["conflict"] = "changed"
	if Texts()["conflict"] != Conflict {
		t.Fatal("Texts returned shared state")
	}
}

func TestContextNames(t *testing.T) {
	for _, c := range Contexts() {
		back, err := parseContext(c.String())
		if err != nil || back != c {
			t.Errorf("parseContext(%q) = %v, %v; want %v", c.String(), back, err, c)
		}
	}
	if _, err := parseContext("nope"); err == nil {
		t.Error("parseContext accepted an unknown name")
	}
	if s := Context(99).String(); s != "Context(99)" {
		t.Errorf("unknown context String = %q", s)
	}
	if m := For(Context(99), errors.New("x"), Support{}); m.Text != Unexpected {
		t.Errorf("unknown context message = %q, want %q", m.Text, Unexpected)
	}
}

func TestClean(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"invalid UTF-8 replaced", "bad \xff byte", "bad \uFFFD byte"},
		{"C1 control removed", "a\u0085b\u009bc", "abc"},
		{"left-to-right mark removed", "a\u200eb", "ab"},
		{"only controls", "\x00\x01\u202e", ""},
		{"exactly the limit is kept", strings.Repeat("é", MaxServerText), strings.Repeat("é", MaxServerText)},
		{"one past the limit is cut", strings.Repeat("é", MaxServerText+1), strings.Repeat("é", MaxServerText) + "…"},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("%s: Clean = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "Invalid OTP", "\x1b[31m\u202e", strings.Repeat("x", 600), "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Clean(%q) = %q is not valid UTF-8", s, out)
		}
		if n := utf8.RuneCountInString(out); n > MaxServerText+1 {
			t.Fatalf("Clean(%q) has %d characters", s, n)
		}
		for _, r := range out {
			if r < 0x20 || (r >= 0x7f && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) {
				t.Fatalf("Clean(%q) = %q keeps control %U", s, out, r)
			}
		}
	})
}
