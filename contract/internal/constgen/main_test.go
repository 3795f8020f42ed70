package main

import (
	"bytes"
	"os"
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

func TestGenerateRejectsNonStrings(t *testing.T) {
	for _, src := range []string{`{"g":{"a":1}}`, `{"g":"x"}`, `nope`} {
		if _, err := generate([]byte(src)); err == nil {
			t.Errorf("generate(%s): want an error", src)
		}
	}
}
