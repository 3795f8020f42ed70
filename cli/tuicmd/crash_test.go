package tuicmd

import (
	"errors"
	"strings"
	"testing"

	"github.com/cedarsim/esim/tui"
)

func TestReportCrash(t *testing.T) {
	tests := []struct {
		name string
		err  *tui.CrashError
		want string
	}{
		{"written", &tui.CrashError{Value: "index out of range [5] with length 5", Path: "/home/u/.config/esim/crash/tui-1.txt"},
			"esim tui stopped on an internal error: index out of range [5] with length 5\n" +
				"The crash report is in /home/u/.config/esim/crash/tui-1.txt; please send it to support (support@cedarsim.example).\n"},
		{"not written", &tui.CrashError{Value: "boom", WriteErr: errors.New("read-only file system")},
			"esim tui stopped on an internal error: boom\nThe crash report could not be written: read-only file system\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			reportCrash(&b, tt.err, "support@cedarsim.example")
			if b.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
			}
		})
	}
}
