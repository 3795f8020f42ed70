package version

import "testing"

func TestClean(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "dev"},
		{"(devel)", "dev"},
		{"v1.2.3", "1.2.3"},
		{"v1.2.3-4-gabc1234", "1.2.3-4-gabc1234"},
		{"v0.0.0-20261122154000-22ff3fcde7fa", "dev (commit 22ff3fcde7fa)"},
		{"v0.0.0-20261122154000-22ff3fcde7fa+dirty", "dev (commit 22ff3fcde7fa dirty)"},
		{"v1.2.4-0.20261122154000-22ff3fcde7fa", "dev (commit 22ff3fcde7fa)"},
		{"22ff3fc", "dev (commit 22ff3fc)"},
		{"22ff3fc-dirty", "dev (commit 22ff3fc dirty)"},
	} {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
