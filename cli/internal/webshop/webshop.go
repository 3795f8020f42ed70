// Package webshop holds the web shop's build (webapp/dist), embedded in the esim binary so
// `esim serve` serves the shop from anywhere. `go tool task build` copies the build into
// build/ before compiling; a fresh clone has only build/.gitkeep there, and the binary
// then carries a page that says how to build the shop instead.
package webshop

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
)

//go:embed all:build
var embedded embed.FS

//go:embed placeholder.html
var placeholder []byte

// Placeholder is the page a binary built without the shop serves in its place.
func Placeholder() []byte { return placeholder }

// Build returns the embedded build, or ok false when the binary was compiled without it.
func Build() (build fs.FS, ok bool, err error) {
	sub, err := fs.Sub(embedded, "build")
	if err != nil {
		return nil, false, fmt.Errorf("webshop: open the embedded build: %w", err)
	}
	return fromFS(sub)
}

// fromFS returns fsys when it holds a shop build, i.e. an index.html at its root.
func fromFS(fsys fs.FS) (fs.FS, bool, error) {
	st, err := fs.Stat(fsys, "index.html")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("webshop: read the embedded build: %w", err)
	case st.IsDir():
		return nil, false, nil
	}
	return fsys, true, nil
}
