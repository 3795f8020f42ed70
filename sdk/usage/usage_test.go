package usage

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract/vectors"
	"github.com/cedarsim/esim/sdk"
)

func TestVectors(t *testing.T) {
	vectors.Run(t, "usage", map[string]vectors.Runner{
		"notice": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name   string          `json:"name"`
				Bundle json.RawMessage `json:"bundle"`
				Now    time.Time       `json:"now"`
				Want   struct {
					LowData     bool `json:"lowData"`
					ExpiresSoon bool `json:"expiresSoon"`
				} `json:"want"`
			}
			vectors.DecodeCase(t, raw, &c)
			// Decoded as the SDK decodes the server's answer (dates without an offset are UTC).
			var b sdk.ESIMBundle
			if err := json.Unmarshal(c.Bundle, &b); err != nil {
				t.Fatalf("%s: bundle: %v", c.Name, err)
			}
			got := NoticeFor(b, c.Now)
			if got.LowData != c.Want.LowData || got.ExpiresSoon != c.Want.ExpiresSoon {
				t.Errorf("%s: NoticeFor = %+v, want %+v", c.Name, got, c.Want)
			}
			if got.Any() != (c.Want.LowData || c.Want.ExpiresSoon) {
				t.Errorf("%s: Any() = %v", c.Name, got.Any())
			}
		},
	})
}
