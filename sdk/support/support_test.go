package support

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
)

func TestVectors(t *testing.T) {
	vectors.Run(t, "support", map[string]vectors.Runner{
		"whatsAppNumber": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name string  `json:"name"`
				In   string  `json:"in"`
				Want *string `json:"want"`
			}
			vectors.DecodeCase(t, raw, &c)
			got, err := WhatsAppNumber(c.In)
			if c.Want == nil {
				if !errors.Is(err, ErrWhatsAppNumber) {
					t.Errorf("%s: WhatsAppNumber(%q) = %q, %v; want ErrWhatsAppNumber", c.Name, c.In, got, err)
				}
				return
			}
			if err != nil || got != *c.Want {
				t.Errorf("%s: WhatsAppNumber(%q) = %q, %v; want %q", c.Name, c.In, got, err, *c.Want)
			}
		},
		"whatsAppLink": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name  string `json:"name"`
				Phone string `json:"phone"`
				Text  string `json:"text"`
				Want  string `json:"want"`
			}
			vectors.DecodeCase(t, raw, &c)
			if got := WhatsAppLink(c.Phone, c.Text); got != c.Want {
				t.Errorf("%s: WhatsAppLink = %q, want %q", c.Name, got, c.Want)
			}
		},
	})
}
