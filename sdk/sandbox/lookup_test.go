package sandbox_test

import (
	"encoding/json"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestCustomerLookup: an agent learns whether an address is a customer's (with eSIMs or
// without) or nobody's, audited; a customer, a guest and no token are refused; the admin
// guard does not stand in the agent's way (issue 25.3).
func TestCustomerLookup(t *testing.T) {
	w := newAuthzWorld(t)
	tests := []struct {
		who, auth, email string
		want             int
		exists           bool
		name             string
	}{
		{"agent", w.ag, "a@example.com", 200, true, ""},
		{"agent", w.ag, "B@Example.com", 200, true, ""}, // a customer without eSIMs, any case
		{"agent", w.ag, "nobody@example.com", 200, false, ""},
		{"customer", w.a, "b@example.com", 403, false, ""},
		{"guest", w.guest, "a@example.com", 403, false, ""},
		{"no token", "", "a@example.com", 401, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.who+" "+tt.email, func(t *testing.T) {
			hdr := map[string]string{}
			if tt.auth != "" {
				hdr["Authorization"] = tt.auth
			}
			st, _, body := raw(t, w.e, "GET", sandbox.LookupPath+tt.email, "", "", hdr)
			if st != tt.want {
				t.Fatalf("status %d, want %d: %s", st, tt.want, body)
			}
			if st != 200 {
				return
			}
			var got struct {
				Data struct {
					Email  string `json:"email"`
					Exists bool   `json:"exists"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(body), &got); err != nil || got.Data.Exists != tt.exists || got.Data.Email != tt.email {
				t.Fatalf("answer %s (%v), want exists=%v", body, err, tt.exists)
			}
			audit := w.e.sb.Audit()
			if len(audit) == 0 || audit[len(audit)-1].Call != "lookupCustomer" || audit[len(audit)-1].AgentEmail != sandbox.DefaultAgentEmail {
				t.Fatalf("the look-up was not audited: %+v", audit)
			}
		})
	}
}
