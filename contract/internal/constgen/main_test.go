package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestConstantsUpToDate fails when contract/constants.go does not match constants.json.
func TestConstantsUpToDate(t *testing.T) {
	src, err := os.ReadFile("../../constants.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../constants.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("contract/constants.go is stale: run `go tool task gen` (or `go generate ./contract`)")
	}
}

func TestGoName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"apiBase", "APIBase"}, {"esimCheckBase", "ESIMCheckBase"}, {"logPushUrl", "LogPushURL"},
		{"clientId", "ClientID"}, {"default", "Default"}, {"typeBase", "TypeBase"},
	} {
		if got := goName(c.in); got != c.want {
			t.Errorf("goName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestGenerateRejectsOtherValues(t *testing.T) {
	for _, src := range []string{`{"g":{"a":1.5}}`, `{"g":{"a":true}}`, `{"g":{"a":null}}`, `{"g":{"a":[1]}}`, `{"g":"x"}`, `nope`} {
		if _, err := generate([]byte(src)); err == nil {
			t.Errorf("generate(%s): want an error", src)
		}
	}
}

func TestGenerateIntegers(t *testing.T) {
	out, err := generate([]byte(`{"limit":{"emailMax":254,"name":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"LimitEmailMax = 254\n", `LimitName     = "x"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
