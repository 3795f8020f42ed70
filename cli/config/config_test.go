package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadPrecedence(t *testing.T) {
	tests := []struct {
		name    string
		file    string // config.yaml content, "" for none
		json    bool
		env     map[string]string
		o       Overrides
		check   func(t *testing.T, c *Config)
		wantErr string
	}{
		{
			name: "defaults point at the local sandbox",
			check: func(t *testing.T, c *Config) {
				want := Config{
					APIURL: "http://127.0.0.1:8080/api/v1/", SupportURL: "http://127.0.0.1:8080/esim-service/api/v1/",
					ESIMCheckURL: "http://127.0.0.1:8080/esim-check/api/v1/", LogPushURL: "http://127.0.0.1:8080/loki/api/v1/push",
					ClientID: SandboxClientID, ClientSecret: SandboxClientSecret,
					GuestUsername: SandboxGuestUsername, GuestPassword: SandboxGuestPassword,
					SupportPhone: DefaultSupportPhone, SupportEmail: DefaultSupportEmail, Dir: c.Dir,
				}
				if !reflect.DeepEqual(*c, want) {
					t.Errorf("got %+v\nwant %+v", *c, want)
				}
			},
		},
		{
			name: "file, then environment, then flags",
			file: "api_url: https://file.example/api/v1/\nsupport_url: https://file.example/s/\nclient_id: from-file\ncaptcha_token: file-token\n",
			env:  map[string]string{"ESIM_SUPPORT_URL": "https://env.example/s", "ESIM_CLIENT_ID": "from-env"},
			o:    Overrides{APIURL: "https://flag.example/api/v1/"},
			check: func(t *testing.T, c *Config) {
				if c.APIURL != "https://flag.example/api/v1/" || c.SupportURL != "https://env.example/s/" ||
					c.ClientID != "from-env" || c.CaptchaToken != "file-token" {
					t.Errorf("got %+v", *c)
				}
			},
		},
		{
			name: "JSON file",
			file: `{"api_url": "https://json.example/api/v1/", "support_phone": "+961 70 000 000"}`,
			json: true,
			check: func(t *testing.T, c *Config) {
				if c.APIURL != "https://json.example/api/v1/" || c.SupportPhone != "+961 70 000 000" {
					t.Errorf("got %+v", *c)
				}
			},
		},
		{
			name: "server sets every base; a specific setting wins",
			env:  map[string]string{"ESIM_SERVER": "http://10.0.0.5:9000/", "ESIM_ESIMCHECK_URL": "https://check.example/api/v1/"},
			check: func(t *testing.T, c *Config) {
				if c.APIURL != "http://10.0.0.5:9000/api/v1/" || c.LogPushURL != "http://10.0.0.5:9000/loki/api/v1/push" ||
					c.ESIMCheckURL != "https://check.example/api/v1/" {
					t.Errorf("got %+v", *c)
				}
			},
		},
		{
			name: "--server flag beats the environment's base",
			env:  map[string]string{"ESIM_API_URL": "https://env.example/api/v1/"},
			o:    Overrides{Server: "http://127.0.0.1:9999"},
			check: func(t *testing.T, c *Config) {
				if c.APIURL != "http://127.0.0.1:9999/api/v1/" {
					t.Errorf("got %q", c.APIURL)
				}
			},
		},
		{name: "bad URL", o: Overrides{APIURL: "ftp://x"}, wantErr: `invalid --api-url "ftp://x/"`},
		{name: "bad URL in the environment", env: map[string]string{"ESIM_SUPPORT_URL": "ftp://x"}, wantErr: `invalid ESIM_SUPPORT_URL "ftp://x/"`},
		{name: "bad server in the environment (issue 25.9)", env: map[string]string{"ESIM_SERVER": "ftp://x"}, wantErr: `invalid ESIM_SERVER "ftp://x": want an http or https address`},
		{name: "bad server flag", o: Overrides{Server: "ftp://x"}, wantErr: `invalid --server "ftp://x"`},
		{name: "bad server in the file", file: "server: ftp://x", wantErr: `invalid server in `},
		{name: "bad ESIM_TIMEOUT", env: map[string]string{"ESIM_TIMEOUT": "abc"}, wantErr: `invalid ESIM_TIMEOUT "abc": want a duration such as 30s or 2m`},
		{name: "bad file", file: "api_url: [", wantErr: "parsing config file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.file != "" {
				name := "config.yaml"
				if tt.json {
					name = "config.json"
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(tt.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			tt.o.ConfigDir = dir
			c, err := Load(tt.o, env(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Dir != dir || c.SessionPath() != filepath.Join(dir, "session.json") {
				t.Errorf("dir %q, session %q", c.Dir, c.SessionPath())
			}
			tt.check(t, c)
		})
	}
}

func TestDir(t *testing.T) {
	if d, _ := Dir("", env(map[string]string{"ESIM_CONFIG_DIR": "/x/esim"})); d != "/x/esim" {
		t.Errorf("ESIM_CONFIG_DIR ignored: %q", d)
	}
	if d, _ := Dir("/flag", env(map[string]string{"ESIM_CONFIG_DIR": "/x/esim"})); d != "/flag" {
		t.Errorf("flag ignored: %q", d)
	}
	d, err := Dir("", env(nil))
	if err == nil && filepath.Base(d) != "esim" {
		t.Errorf("default dir %q does not end in esim", d)
	}
}

func TestServerKeyTimeoutAndUnknownKeys(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("server: 127.0.0.1:18204\ntimeout: 45s\nsupport_url: https://support.example/s/\nservr: typo\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(Overrides{ConfigDir: dir}, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.APIURL != "http://127.0.0.1:18204/api/v1/" || c.SupportURL != "https://support.example/s/" || time.Duration(c.Timeout) != 45*time.Second {
		t.Errorf("got %+v", *c)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], `unknown key "servr"`) {
		t.Errorf("warnings = %q", c.Warnings)
	}
	c, err = Load(Overrides{ConfigDir: dir, Timeout: time.Minute, Debug: true}, env(map[string]string{"ESIM_TIMEOUT": "10"}))
	if err != nil || time.Duration(c.Timeout) != time.Minute || !c.Debug {
		t.Errorf("flag over env: %+v, %v", c, err)
	}
	c, err = Load(Overrides{ConfigDir: t.TempDir()}, env(map[string]string{"ESIM_TIMEOUT": "10", "ESIM_DEBUG": "1"}))
	if err != nil || time.Duration(c.Timeout) != 10*time.Second || !c.Debug {
		t.Errorf("env: %+v, %v", c, err)
	}
	if _, err := Load(Overrides{ConfigDir: t.TempDir()}, env(map[string]string{"ESIM_TIMEOUT": "soon"})); err == nil || !strings.Contains(err.Error(), "ESIM_TIMEOUT") {
		t.Errorf("bad ESIM_TIMEOUT: %v", err)
	}
}

func TestNormalizeServer(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"127.0.0.1:18204", "http://127.0.0.1:18204"},
		{"localhost:8080", "http://localhost:8080"},
		{"192.168.1.10", "http://192.168.1.10"},
		{"[::1]:8080", "http://[::1]:8080"},
		{"shop.example.com", "https://shop.example.com"},
		{"https://shop.example.com", "https://shop.example.com"},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080"},
	} {
		if got := NormalizeServer(tt.in); got != tt.want {
			t.Errorf("NormalizeServer(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	c, err := Load(Overrides{ConfigDir: t.TempDir(), Server: "127.0.0.1:18204"}, env(nil))
	if err != nil || c.APIURL != "http://127.0.0.1:18204/api/v1/" {
		t.Errorf("scheme-less --server: %+v, %v", c, err)
	}
}
