package sandbox_test

import (
	"io"
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/sandbox"
)

// TestPagesMeetTheShopsAccessibilityBar checks the HTML pages a traveller or a developer
// sees (the hosted checkout, the mailbox, the logs, the index): a main landmark, a
// language, a mobile viewport (no sideways scroll at 320 px) and a visible focus ring.
// The browser checks (reflow, ring contrast, keyboard) are in webapp/e2e/a11y.e2e.ts.
func TestPagesMeetTheShopsAccessibilityBar(t *testing.T) {
	e := newEnv(t, sandbox.Options{})
	tests := []struct {
		name, path string
		want       []string
	}{
		{"index", "/sandbox/", nil},
		{"mailbox", "/sandbox/mailbox", nil},
		{"logs", "/sandbox/logs", []string{`<div class="scroll"><table>`}},
		{"audit", "/sandbox/audit", []string{`<div class="scroll"><table>`}},
		{"checkout error", "/sandbox/checkout/unknown", []string{`role="alert" id="checkout-error"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := e.srv.Client().Get(e.srv.URL + tt.path)
			if err != nil {
				t.Fatalf("GET %s: %v", tt.path, err)
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatalf("read %s: %v", tt.path, err)
			}
			page := string(b)
			for _, want := range append([]string{
				`<html lang="en">`,
				`<meta name="viewport" content="width=device-width, initial-scale=1">`,
				`<body><main>`, `</main></body>`,
				`:focus-visible{outline:3px solid #c2410c`,
			}, tt.want...) {
				if !strings.Contains(page, want) {
					t.Errorf("GET %s lacks %q:\n%s", tt.path, want, page)
				}
			}
		})
	}
}
