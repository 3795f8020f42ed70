package qrcode

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/sdk/qrcode/qrcodetest"
)

func TestTerminal(t *testing.T) {
	tests := []struct {
		name, text, wantErr string
	}{
		{"activation code", "LPA:1$smdp.sandbox.cedarsim.example$K2-1ABC-DEF0", ""},
		{"empty", "", "text is empty"},
		{"too long", strings.Repeat("A", 600), "limit 512"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Terminal(tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(got, "\n") {
				t.Error("trailing newline")
			}
			if back, err := qrcodetest.Scan(got); err != nil || back != tt.text {
				t.Errorf("scanned %q, %v; want %q\n%s", back, err, tt.text, got)
			}
		})
	}
}
