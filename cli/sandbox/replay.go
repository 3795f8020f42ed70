package sandbox

import (
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/fixtures"
	sb "github.com/cedarsim/esim/sdk/sandbox"
)

// LoadHARDir reads every *.har.json under dir, sorted by path (the order fixtures.All uses).
func LoadHARDir(dir string) ([]*har.File, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".har.json") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read fixtures in %s: %w", dir, err)
	}
	sort.Strings(paths)
	files := make([]*har.File, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read fixture: %w", err)
		}
		f, err := har.Parse(b)
		if err != nil {
			return nil, fmt.Errorf("fixture %s: %w", p, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.har.json files under %s", dir)
	}
	return files, nil
}

// ReplayHandler serves the fixtures of dir at the same-origin bases (/api/v1/ ...), with
// the matching rules of the Go tests and the MSW handlers (fixtures.NewReplayHandler).
func ReplayHandler(dir string) (http.Handler, error) {
	files, err := LoadHARDir(dir)
	if err != nil {
		return nil, err
	}
	b := fixtures.Bases{API: sb.APIPath, Support: sb.SupportPath, ESIMCheck: sb.ESIMCheckPath, Logs: sb.LogPushPath}
	return fixtures.NewReplayHandler(b, files...), nil
}
