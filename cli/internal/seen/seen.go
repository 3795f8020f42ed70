// Package seen remembers the ICCIDs this session's commands have shown, for shell
// completion of ICCID arguments. The file (cache/iccids.json in the config directory,
// mode 0600) holds ICCIDs only, newest first, at most Max.
package seen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
)

// Max bounds the list.
const Max = 200

func path(dir string) string { return filepath.Join(dir, "cache", "iccids.json") }

// List returns the remembered ICCIDs, newest first; nil when there are none.
func List(dir string) []string {
	if dir == "" {
		return nil
	}
	b, err := os.ReadFile(path(dir))
	if err != nil {
		return nil
	}
	var ids []string
	if json.Unmarshal(b, &ids) != nil {
		return nil
	}
	return ids
}

// Add puts ids in front of the list. Failing to write only costs completion.
func Add(dir string, ids ...string) {
	if dir == "" || len(ids) == 0 {
		return
	}
	list := slices.Clone(ids)
	for _, id := range List(dir) {
		if !slices.Contains(list, id) {
			list = append(list, id)
		}
	}
	list = slices.Compact(list)
	if len(list) > Max {
		list = list[:Max]
	}
	b, err := json.Marshal(list)
	if err != nil {
		return
	}
	p := path(dir)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}
