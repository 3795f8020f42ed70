package tuicmd_test

import (
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/cedarsim/esim/cli/tuicmd"
)

func TestNeedsATerminal(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{{
		Name:     "piped",
		Args:     []string{"tui"},
		WantCode: 2,
		WantErr:  "esim tui needs a terminal\nRun 'esim --help' (or add --help to the command) for usage.\n",
	}})
}

func TestFlags(t *testing.T) {
	tests := []struct {
		args      []string
		wantNoAlt bool
	}{
		{nil, false},
		{[]string{"--no-alt-screen"}, true},
	}
	for _, tt := range tests {
		e := clitest.New(t, clitest.TTY(80))
		var got *tuicmd.Options
		cmd := tuicmd.NewCmdTUI(e.Factory, func(o *tuicmd.Options) error { got = o; return nil })
		cmd.SetArgs(tt.args)
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		if got == nil || got.NoAlt != tt.wantNoAlt {
			t.Errorf("%v: options %+v, want NoAlt %v", tt.args, got, tt.wantNoAlt)
		}
	}
}
