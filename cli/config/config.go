// Package config resolves the CLI's settings: command-line flags first, then ESIM_*
// environment variables, then a YAML (or JSON) file in the user's config directory, then
// defaults that point at a local sandbox.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk/messages"
	"go.yaml.in/yaml/v3"
)

// DefaultServer is the origin of a local `esim sandbox`.
const DefaultServer = "http://127.0.0.1:8080"

// Sandbox credentials (contract/constants.json). They only work against the sandbox;
// production values come from flags, the environment or the config file.
const (
	SandboxClientID      = contract.SandboxClientID
	SandboxClientSecret  = contract.SandboxClientSecret
	SandboxGuestUsername = contract.SandboxGuestUsername
	SandboxGuestPassword = contract.SandboxGuestPassword
	DefaultSupportPhone  = contract.DefaultSupportPhone
	DefaultSupportEmail  = contract.DefaultSupportEmail
)

// Config is the resolved configuration. The YAML/JSON keys are the file format.
type Config struct {
	APIURL         string `yaml:"api_url" json:"api_url"`
	SupportURL     string `yaml:"support_url" json:"support_url"`
	ESIMCheckURL   string `yaml:"esimcheck_url" json:"esimcheck_url"`
	LogPushURL     string `yaml:"log_push_url" json:"log_push_url"`
	ClientID       string `yaml:"client_id" json:"client_id"`
	ClientSecret   string `yaml:"client_secret" json:"client_secret"`
	GuestUsername  string `yaml:"guest_username" json:"guest_username"`
	GuestPassword  string `yaml:"guest_password" json:"guest_password"`
	CaptchaToken   string `yaml:"captcha_token" json:"captcha_token"`
	CaptchaSiteKey string `yaml:"captcha_site_key" json:"captcha_site_key"`
	SupportPhone   string `yaml:"support_phone" json:"support_phone"`
	SupportEmail   string `yaml:"support_email" json:"support_email"`

	// Dir is the directory holding the config file and the session; not read from the file.
	Dir string `yaml:"-" json:"-"`
}

// Overrides are the values given by global flags; empty means "not given".
type Overrides struct {
	Server       string // an origin serving all four bases the way `esim sandbox` does
	APIURL       string
	SupportURL   string
	ESIMCheckURL string
	ConfigDir    string
}

// Env lists the environment variables read, with the field each one sets.
var envVars = []struct {
	name string
	set  func(*Config) *string
}{
	{"ESIM_API_URL", func(c *Config) *string { return &c.APIURL }},
	{"ESIM_SUPPORT_URL", func(c *Config) *string { return &c.SupportURL }},
	{"ESIM_ESIMCHECK_URL", func(c *Config) *string { return &c.ESIMCheckURL }},
	{"ESIM_LOG_PUSH_URL", func(c *Config) *string { return &c.LogPushURL }},
	{"ESIM_CLIENT_ID", func(c *Config) *string { return &c.ClientID }},
	{"ESIM_CLIENT_SECRET", func(c *Config) *string { return &c.ClientSecret }},
	{"ESIM_GUEST_USERNAME", func(c *Config) *string { return &c.GuestUsername }},
	{"ESIM_GUEST_PASSWORD", func(c *Config) *string { return &c.GuestPassword }},
	{"ESIM_CAPTCHA_TOKEN", func(c *Config) *string { return &c.CaptchaToken }},
	{"ESIM_CAPTCHA_SITE_KEY", func(c *Config) *string { return &c.CaptchaSiteKey }},
	{"ESIM_SUPPORT_PHONE", func(c *Config) *string { return &c.SupportPhone }},
	{"ESIM_SUPPORT_EMAIL", func(c *Config) *string { return &c.SupportEmail }},
}

// EnvNames returns the names of the environment variables the CLI reads.
func EnvNames() []string {
	names := []string{"ESIM_SERVER", "ESIM_CONFIG_DIR"}
	for _, e := range envVars {
		names = append(names, e.name)
	}
	return names
}

// BasesFor returns the four service bases of a server laid out like the sandbox.
func BasesFor(origin string) (api, support, esimcheck, logs string) {
	o := strings.TrimRight(origin, "/")
	return o + contract.SandboxAPIPath, o + contract.SandboxSupportPath, o + contract.SandboxESIMCheckPath, o + contract.SandboxLogPushPath
}

// Dir returns the config directory: the override, ESIM_CONFIG_DIR, or UserConfigDir/esim.
func Dir(override string, getenv func(string) string) (string, error) {
	if override != "" {
		return override, nil
	}
	if d := getenv("ESIM_CONFIG_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the user config directory: %w", err)
	}
	return filepath.Join(d, "esim"), nil
}

// FileNames are tried in order in the config directory.
var fileNames = []string{"config.yaml", "config.yml", "config.json"}

// Load resolves the configuration. getenv is os.Getenv outside tests.
func Load(o Overrides, getenv func(string) string) (*Config, error) {
	dir, err := Dir(o.ConfigDir, getenv)
	if err != nil {
		return nil, err
	}
	c := &Config{}
	if err := readFile(dir, c); err != nil {
		return nil, err
	}
	c.Dir = dir

	// A server (flag or env) sets the four bases, below more specific settings of the same level.
	server := getenv("ESIM_SERVER")
	if server != "" {
		c.APIURL, c.SupportURL, c.ESIMCheckURL, c.LogPushURL = BasesFor(server)
	}
	for _, e := range envVars {
		if v := getenv(e.name); v != "" {
			*e.set(c) = v
		}
	}
	if o.Server != "" {
		c.APIURL, c.SupportURL, c.ESIMCheckURL, c.LogPushURL = BasesFor(o.Server)
	}
	for _, f := range []struct {
		v string
		p *string
	}{
		{o.APIURL, &c.APIURL}, {o.SupportURL, &c.SupportURL}, {o.ESIMCheckURL, &c.ESIMCheckURL},
	} {
		if f.v != "" {
			*f.p = f.v
		}
	}
	c.applyDefaults()
	if err := c.validate(); err != nil {
		return nil, err
	}
	return c, nil
}

func readFile(dir string, c *Config) error {
	for _, name := range fileNames {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("reading config file: %w", err)
		}
		// YAML is a superset of JSON, so one decoder reads both formats.
		if err := yaml.Unmarshal(b, c); err != nil {
			return fmt.Errorf("parsing config file %s: %w", p, err)
		}
		return nil
	}
	return nil
}

func (c *Config) applyDefaults() {
	api, support, check, logs := BasesFor(DefaultServer)
	def := func(p *string, v string) {
		if *p == "" {
			*p = v
		}
	}
	def(&c.APIURL, api)
	def(&c.SupportURL, support)
	def(&c.ESIMCheckURL, check)
	def(&c.LogPushURL, logs)
	def(&c.ClientID, SandboxClientID)
	def(&c.ClientSecret, SandboxClientSecret)
	def(&c.GuestUsername, SandboxGuestUsername)
	def(&c.GuestPassword, SandboxGuestPassword)
	def(&c.SupportPhone, DefaultSupportPhone)
	def(&c.SupportEmail, DefaultSupportEmail)
	for _, p := range []*string{&c.APIURL, &c.SupportURL, &c.ESIMCheckURL} {
		if !strings.HasSuffix(*p, "/") {
			*p += "/"
		}
	}
}

func (c *Config) validate() error {
	for _, f := range []struct{ name, v string }{
		{"api_url", c.APIURL}, {"support_url", c.SupportURL},
		{"esimcheck_url", c.ESIMCheckURL}, {"log_push_url", c.LogPushURL},
	} {
		u, err := url.Parse(f.v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("invalid %s %q: want an http or https URL", f.name, f.v)
		}
	}
	return nil
}

// SessionPath is the 0600 file holding the stored session.
func (c *Config) SessionPath() string { return filepath.Join(c.Dir, "session.json") }

// Support is the support contact put into the spec's messages.
func (c *Config) Support() messages.Support {
	return messages.Support{Phone: c.SupportPhone, Email: c.SupportEmail}
}
