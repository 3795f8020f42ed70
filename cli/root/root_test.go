package root

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/sdk"
)

func testFactory() (*factory.Factory, *iostreams.IOStreams) {
	ios, _, _, _ := iostreams.Test()
	f := &factory.Factory{AppVersion: "1.2.3", IOStreams: ios, Getenv: func(string) string { return "" }}
	return f, ios
}

func TestMainExitCodes(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantOut    string
		wantErrOut string
	}{
		{"version flag", []string{"--version"}, 0, "esim version 1.2.3\n", ""},
		{"version command", []string{"version"}, 0, "esim version 1.2.3\n", ""},
		{"unknown command", []string{"nope"}, 2, "", "unknown command \"nope\" for \"esim\"\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"unknown flag", []string{"version", "--nope"}, 2, "", "unknown flag: --nope\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"extra argument", []string{"version", "x"}, 2, "", "unexpected argument \"x\"\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"a misspelt flag is named (issue 25.9)", []string{"plans", "--contry", "TR"}, 2, "", "unknown flag: --contry (did you mean --country?)\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"a misspelt global flag", []string{"plans", "--timout", "3s"}, 2, "", "unknown flag: --timout (did you mean --timeout?)\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"an unknown help topic exits 1", []string{"help", "nonexist"}, 1, "", "unknown help topic \"nonexist\"\n\nRun 'esim --help' for the commands and topics.\n"},
		{"a misspelt help topic", []string{"help", "plna"}, 1, "", "unknown help topic \"plna\"\n\nDid you mean this?\n  plans\n\nRun 'esim --help' for the commands and topics.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := testFactory()
			ios, _, out, errOut := iostreams.Test()
			f.IOStreams = ios
			code := Main(context.Background(), f, tt.args)
			if code != tt.wantCode {
				t.Errorf("exit code = %d, want %d", code, tt.wantCode)
			}
			if out.String() != tt.wantOut {
				t.Errorf("stdout = %q, want %q", out.String(), tt.wantOut)
			}
			if errOut.String() != tt.wantErrOut {
				t.Errorf("stderr = %q, want %q", errOut.String(), tt.wantErrOut)
			}
		})
	}
}

// TestSettingsAreUsageErrors: a bad setting exits 2 and is named where it was given,
// whether a flag, an environment variable or the file (issue 25.9).
func TestSettingsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
	}{
		{"timeout flag", []string{"--timeout", "abc", "plans", "--global"}, nil,
			"invalid argument \"abc\" for \"--timeout\" flag: time: invalid duration \"abc\"\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"ESIM_TIMEOUT", []string{"plans", "--global"}, map[string]string{"ESIM_TIMEOUT": "abc"},
			"invalid ESIM_TIMEOUT \"abc\": want a duration such as 30s or 2m\nSee 'esim help config' for the settings.\n"},
		{"ESIM_SERVER", []string{"plans", "--global"}, map[string]string{"ESIM_SERVER": "ftp://x"},
			"invalid ESIM_SERVER \"ftp://x\": want an http or https address such as https://shop.example.com or 127.0.0.1:8080\nSee 'esim help config' for the settings.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := factory.New("1.2.3")
			ios, _, _, errOut := iostreams.Test()
			f.IOStreams = ios
			env := map[string]string{"ESIM_CONFIG_DIR": t.TempDir()}
			for k, v := range tt.env {
				env[k] = v
			}
			f.Getenv = func(k string) string { return env[k] }
			if code := Main(context.Background(), f, tt.args); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if errOut.String() != tt.wantErr {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.wantErr)
			}
		})
	}
}

func TestHandleError(t *testing.T) {
	tests := []struct {
		name        string
		err         error
		interrupted bool
		want        int
		wantMsg     string
	}{
		{"nil", nil, false, 0, ""},
		{"plain", errors.New("boom"), false, 1, "boom\n"},
		{"server text with escapes", errors.New("GET x: 500: \x1b]0;pwned\x07bad\nsecond\tline"), false, 1, "500: ]0;pwnedbad\nsecond line\n"},
		{"silent", fmt.Errorf("x: %w", cmdutil.ErrSilent), false, 1, ""},
		{"session expired", fmt.Errorf("listing: %w", sdk.ErrSessionExpired), false, 4, SessionExpiredMessage + "\n"},
		{"auth", &cmdutil.AuthError{Err: errors.New("not logged in")}, false, 4, SessionExpiredMessage + "\n"},
		{"bad argument caught by the SDK", fmt.Errorf("loading plan x: %w", &sdk.ValidationError{Field: "bundle id", Value: "x", Reason: "is not a GUID"}), false, 2,
			"loading plan x: invalid bundle id \"x\": is not a GUID\nRun 'esim --help' (or add --help to the command) for usage.\n"},
		{"cancel", context.Canceled, false, 2, "\n"},
		{"interrupted", errors.New("whatever"), true, 2, "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, errOut := iostreams.Test()
			if got := HandleError(errOut, nil, tt.err, tt.interrupted, false, ""); got != tt.want {
				t.Errorf("code = %d, want %d", got, tt.want)
			}
			if errOut.String() != tt.wantMsg {
				t.Errorf("message = %q, want %q", errOut.String(), tt.wantMsg)
			}
		})
	}
}

// TestNoDependencyBuiltForHelp: version and help never read the configuration nor build
// the API client (the factory is lazy).
func TestNoDependencyBuiltForHelp(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"--help"}, {"plans", "--help"}, {"esims", "qr", "--help"}, {"completion", "bash"}} {
		f, _ := testFactory()
		ios, _, out, _ := iostreams.Test()
		f.IOStreams = ios
		built := 0
		f.Config = func() (*config.Config, error) { built++; return nil, errors.New("config read") }
		f.Client = func() (*sdk.Client, error) { built++; return nil, errors.New("client built") }
		if code := Main(context.Background(), f, args); code != 0 || built != 0 || out.Len() == 0 {
			t.Errorf("%v: exit %d, %d dependencies built, %d bytes out", args, code, built, out.Len())
		}
	}
}
