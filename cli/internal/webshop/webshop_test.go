package webshop

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestFromFS(t *testing.T) {
	tests := []struct {
		name   string
		fsys   fstest.MapFS
		wantOK bool
	}{
		{"a fresh clone: only the keep file", fstest.MapFS{".gitkeep": {}}, false},
		{"an index.html folder is no build", fstest.MapFS{"index.html/x": {}}, false},
		{"a build", fstest.MapFS{".gitkeep": {}, "index.html": {Data: []byte("<!doctype html>")}, "assets/index-1.js": {}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := fromFS(tt.fsys)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.wantOK || (got != nil) != tt.wantOK {
				t.Fatalf("ok %v (fs %v), want %v", ok, got != nil, tt.wantOK)
			}
		})
	}
}

// Whatever this checkout holds, the embedded folder opens: the placeholder build when the
// shop was not copied in, the shop otherwise.
func TestBuildOpens(t *testing.T) {
	if _, _, err := Build(); err != nil {
		t.Fatal(err)
	}
}

func TestPlaceholderSaysHowToBuild(t *testing.T) {
	page := string(Placeholder())
	for _, want := range []string{"go tool task build", "--webapp webapp/dist"} {
		if !strings.Contains(page, want) {
			t.Errorf("placeholder lacks %q", want)
		}
	}
}
