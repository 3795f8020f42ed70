// How esim serve reads its settings: flags, the config file, the environment, and what it
// refuses.

package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/sandboxhost"
	"github.com/cedarsim/esim/cli/iostreams"
)

func sandboxCreds() (f sandboxhost.Flags) {
	f.ClientID, f.ClientSecret, f.GuestUsername, f.GuestPassword = "prod-client", "s3cret", "guest@p.example", "pw"
	return f
}

// parseServe runs `esim serve --webapp dist ARGS` under env up to the point where the server
// would start, and returns the options it resolved.
func parseServe(env map[string]string, args ...string) (*Options, error) {
	ios, _, _, _ := iostreams.Test()
	f := &factory.Factory{IOStreams: ios, Getenv: func(k string) string { return env[k] }}
	var got *Options
	cmd := NewCmdServe(f, func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs(append([]string{"--webapp", "dist"}, args...))
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	return got, cmd.Execute()
}

func TestCommandFlags(t *testing.T) {
	got, err := parseServe(nil, "--addr", "127.0.0.1:0", "--brand", "X", "--checkout-hosts", "pay.example.com, pay2.example.com", "--accelerate", "60")
	if err != nil {
		t.Fatal(err)
	}
	if got.WebappDir != "dist" || got.Config.Brand != "X" || len(got.Config.CheckoutHosts) != 2 || got.Sandbox.Accelerate != 60 || !got.Config.Sandbox {
		t.Fatalf("%+v", got)
	}
}

// TestConfigFileReachesServe: serve resolves its settings like every command, so the
// config file's keys apply (below the environment and flags), and unset keys keep the
// serve defaults (the same-origin sandbox).
func TestConfigFileReachesServe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("brand: FileBrand\nsupport_phone: \"+961 70 000 000\"\ncheckout_hosts: pay.file.example\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ios, _, _, _ := iostreams.Test()
	env := map[string]string{"ESIM_CONFIG_DIR": dir, "ESIM_SUPPORT_PHONE": "+961 1 111 111"}
	f := &factory.Factory{IOStreams: ios, Getenv: func(k string) string { return env[k] }}
	f.Config = func() (*config.Config, error) { return config.Load(f.Overrides, f.Getenv) }
	var got *Options
	cmd := NewCmdServe(f, func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"--webapp", "dist"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	c := got.Config
	if c.Brand != "FileBrand" || c.SupportPhone != "+961 1 111 111" || len(c.CheckoutHosts) != 1 || c.CheckoutHosts[0] != "pay.file.example" || !c.Sandbox || c.SupportEmail != DefaultSupportEmail {
		t.Fatalf("%+v", c)
	}
}

func TestFrontFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		proxies string
		wantErr string
	}{
		{name: "flag", args: []string{"--trust-proxy", "10.0.0.0/8, 127.0.0.1"}, proxies: "10.0.0.0/8,127.0.0.1/32"},
		{name: "environment", env: map[string]string{"ESIM_TRUST_PROXY": "192.0.2.0/24"}, proxies: "192.0.2.0/24"},
		{name: "the old boolean form", args: []string{"--trust-proxy", "true"}, wantErr: "--trust-proxy"},
		{name: "admin token file and flag", args: []string{"--sandbox-admin-token", "a", "--sandbox-admin-token-file", "/dev/null"}, wantErr: "not both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseServe(tt.env, tt.args...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			p, err := got.Sandbox.Front.Proxies()
			if err != nil || p.String() != tt.proxies {
				t.Fatalf("proxies %q %v, want %q", p, err, tt.proxies)
			}
		})
	}
}

// TestEnvironmentReachesServe: every ESIM_* setting esim serve documents is read from the
// environment as the real command resolves it (through the config, whose Getenv knows only
// the config file's keys). The admin token, the trusted proxies, the allowed hosts, the
// site's head, WhatsApp and the log push have no config key: they were dropped, so the
// container of docs/deploy.md (ESIM_TRUST_PROXY, ESIM_SITE_URL) ran without them.
func TestEnvironmentReachesServe(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	env := map[string]string{
		"ESIM_CONFIG_DIR":          t.TempDir(),
		"ESIM_SANDBOX_ADMIN_TOKEN": "env-admin-token",
		"ESIM_TRUST_PROXY":         "172.17.0.1/32",
		"ESIM_ALLOWED_HOSTS":       "shop.example.com",
		"ESIM_SITE_URL":            "https://shop.example.com",
		"ESIM_SITE_TITLE":          "Env title",
		"ESIM_WHATSAPP":            "+961 71 555 010",
		"ESIM_LOG_PUSH":            "false",
		"ESIM_BRAND":               "EnvBrand", // a config key: resolved by the config
	}
	f := &factory.Factory{IOStreams: ios, Getenv: func(k string) string { return env[k] }}
	f.Config = func() (*config.Config, error) { return config.Load(f.Overrides, f.Getenv) }
	var got *Options
	cmd := NewCmdServe(f, func(_ context.Context, o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"--webapp", "dist"})
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, got, want string }{
		{"ESIM_SANDBOX_ADMIN_TOKEN", got.Sandbox.AdminToken, "env-admin-token"},
		{"ESIM_TRUST_PROXY", got.Sandbox.Front.TrustProxy, "172.17.0.1/32"},
		{"ESIM_ALLOWED_HOSTS", got.Sandbox.Front.AllowedHosts, "shop.example.com"},
		{"ESIM_SITE_URL", got.Config.Site.URL, "https://shop.example.com"},
		{"ESIM_SITE_TITLE", got.Config.Site.Title, "Env title"},
		{"ESIM_WHATSAPP", got.Config.WhatsApp, "96171555010"},
		{"ESIM_BRAND", got.Config.Brand, "EnvBrand"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
	if got.Config.LogPushEnabled {
		t.Error("ESIM_LOG_PUSH=false: the log push is still on")
	}
}

// TestServeRefusesServer (issue 21.10): --server sets the CLI's service URLs; esim serve
// ignored it and ran its own sandbox, so a shop meant for a provider took test cards.
func TestServeRefusesServer(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	f := &factory.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
	f.Overrides.Server = "https://provider.example.com"
	cmd := NewCmdServe(f, func(context.Context, *Options) error { return nil })
	cmd.SetArgs([]string{"--webapp", "dist"})
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "does not take --server") {
		t.Fatalf("err = %v, want a refusal of --server", err)
	}
}
