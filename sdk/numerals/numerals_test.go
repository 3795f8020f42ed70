package numerals

import (
	"encoding/json"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
)

func TestVectors(t *testing.T) {
	vectors.Run(t, "digits", map[string]vectors.Runner{
		"ascii": func(t *testing.T, raw json.RawMessage) {
			var c struct{ Name, Input, Want string }
			vectors.DecodeCase(t, raw, &c)
			if got := ASCII(c.Input); got != c.Want {
				t.Errorf("%s: ASCII(%q) = %q, want %q", c.Name, c.Input, got, c.Want)
			}
		},
	})
}
