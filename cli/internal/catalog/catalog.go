// Package catalog resolves the areas users type (--country, --region) against the
// provider's catalogue, and keeps the lists in a small cache file for shell completion.
package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/textmatch"
)

// TTL is how long the cached lists are used before they are fetched again.
const TTL = 24 * time.Hour

// Source is the part of the SDK the package reads (*sdk.CatalogService satisfies it).
type Source interface {
	Countries(ctx context.Context) ([]sdk.Country, error)
	Regions(ctx context.Context) ([]sdk.Region, error)
}

// Cache reads and writes the lists under Dir (the esim config directory's cache/).
type Cache struct {
	Dir string // "" disables the cache
	Now func() time.Time
}

type cached[T any] struct {
	Fetched time.Time `json:"fetched"`
	Items   []T       `json:"items"`
}

func (c Cache) path(name string) string { return filepath.Join(c.Dir, "cache", name+".json") }

func (c Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// read returns a cached list younger than TTL.
func read[T any](c Cache, name string) ([]T, bool) {
	v, ok := readFile[T](c, name)
	if !ok || c.now().Sub(v.Fetched) > TTL || len(v.Items) == 0 {
		return nil, false
	}
	return v.Items, true
}

// readFile reads a cache file, whatever its age.
func readFile[T any](c Cache, name string) (cached[T], bool) {
	var v cached[T]
	if c.Dir == "" {
		return v, false
	}
	b, err := os.ReadFile(c.path(name))
	if err != nil || json.Unmarshal(b, &v) != nil {
		return cached[T]{}, false
	}
	return v, true
}

// write stores a list; a failure only costs the next completion a request.
func write[T any](c Cache, name string, items []T) {
	if c.Dir == "" || len(items) == 0 {
		return
	}
	b, err := json.Marshal(cached[T]{Fetched: c.now().UTC(), Items: items})
	if err != nil {
		return
	}
	p := c.path(name)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}

// Countries returns the countries list, from the cache when fresh.
func (c Cache) Countries(ctx context.Context, src Source) ([]sdk.Country, error) {
	if v, ok := read[sdk.Country](c, "countries"); ok {
		return v, nil
	}
	v, err := src.Countries(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading countries: %w", err)
	}
	write(c, "countries", v)
	return v, nil
}

// Regions returns the regions list, from the cache when fresh.
func (c Cache) Regions(ctx context.Context, src Source) ([]sdk.Region, error) {
	if v, ok := read[sdk.Region](c, "regions"); ok {
		return v, nil
	}
	v, err := src.Regions(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading regions: %w", err)
	}
	write(c, "regions", v)
	return v, nil
}

// ResolveCountry finds what the user typed: an ISO code ("tr"), a name ignoring case,
// accents and spaces ("turkey", "cote d'ivoire"), or the start of one name ("turk").
// Anything else is a *cmdutil.NotFoundError.
func ResolveCountry(list []sdk.Country, s string) (sdk.Country, error) {
	q := strings.TrimSpace(s)
	for _, c := range list {
		if strings.EqualFold(c.ISOCode, q) {
			return c, nil
		}
	}
	n := textmatch.Normalize(q)
	var prefix []sdk.Country
	for _, c := range list {
		cn := textmatch.Normalize(c.Name)
		if cn == n {
			return c, nil
		}
		if n != "" && strings.HasPrefix(cn, n) {
			prefix = append(prefix, c)
		}
	}
	if len(prefix) == 1 {
		return prefix[0], nil
	}
	hint := "see 'esim countries'"
	if len(prefix) > 1 {
		names := make([]string, 0, 4)
		for i, c := range prefix {
			if i == 4 {
				names = append(names, "...")
				break
			}
			names = append(names, c.Name+" ("+c.ISOCode+")")
		}
		hint = "did you mean " + strings.Join(names, ", ") + "?"
	}
	return sdk.Country{}, &cmdutil.NotFoundError{What: "country", Value: s, Hint: hint}
}

// ResolveRegion finds a region by name ignoring case, accents and spaces.
func ResolveRegion(list []sdk.Region, s string) (sdk.Region, error) {
	n := textmatch.Normalize(strings.TrimSpace(s))
	for _, r := range list {
		if textmatch.Normalize(r.Name) == n {
			return r, nil
		}
	}
	return sdk.Region{}, &cmdutil.NotFoundError{What: "region", Value: s, Hint: "see 'esim regions'"}
}
