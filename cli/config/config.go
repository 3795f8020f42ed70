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
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

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

// Config is the resolved configuration. The YAML/JSON keys are the file format (documented
// in docs/cli/config.md; a test keeps that page in step with these fields).
type Config struct {
	// Server is an origin laid out like the sandbox; it sets the four service URLs below
	// unless they are given at the same level. A scheme-less value is accepted (see NormalizeServer).
	Server         string `yaml:"server" json:"server"`
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
	// CaptchaPort is the 127.0.0.1 port of the captcha page ("" or 0: a free one); a fixed
	// one can be forwarded over SSH.
	CaptchaPort  string `yaml:"captcha_port" json:"captcha_port"`
	SupportPhone string `yaml:"support_phone" json:"support_phone"`
	SupportEmail string `yaml:"support_email" json:"support_email"`
	// Keys read by `esim serve` only: the shop's runtime configuration (GET /config.json).
	Brand         string `yaml:"brand" json:"brand"`
	LiveChatURL   string `yaml:"live_chat_url" json:"live_chat_url"`
	TagManagerID  string `yaml:"tag_manager_id" json:"tag_manager_id"`
	FlagBaseURL   string `yaml:"flag_base_url" json:"flag_base_url"`
	CheckoutHosts string `yaml:"checkout_hosts" json:"checkout_hosts"` // comma-separated
	// Timeout bounds each call to the provider ("30s", "2m"); 0 keeps the SDK's default.
	Timeout Duration `yaml:"timeout" json:"timeout"`
	// Debug shows errors in full: the call name, method and URL (ESIM_DEBUG=1, --debug).
	Debug bool `yaml:"debug" json:"debug"`
	// Warnings are problems of the config file that do not stop esim (unknown keys).
	Warnings []string `yaml:"-" json:"-"`
	// Given holds the keys given by the file, the environment or a flag (not defaults).
	Given map[string]bool `yaml:"-" json:"-"`
	// from names where each given key came from ("--api-url", "ESIM_API_URL", "api_url in
	// /path/config.yaml"), so that an invalid value is reported where the user set it.
	from map[string]string

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
	Timeout      time.Duration
	Debug        bool
}

// envVars lists the environment variables read, with the field each one sets.
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
	{"ESIM_CAPTCHA_PORT", func(c *Config) *string { return &c.CaptchaPort }},
	{"ESIM_SUPPORT_PHONE", func(c *Config) *string { return &c.SupportPhone }},
	{"ESIM_SUPPORT_EMAIL", func(c *Config) *string { return &c.SupportEmail }},
	{"ESIM_BRAND", func(c *Config) *string { return &c.Brand }},
	{"ESIM_LIVE_CHAT_URL", func(c *Config) *string { return &c.LiveChatURL }},
	{"ESIM_TAG_MANAGER_ID", func(c *Config) *string { return &c.TagManagerID }},
	{"ESIM_FLAG_BASE_URL", func(c *Config) *string { return &c.FlagBaseURL }},
	{"ESIM_CHECKOUT_HOSTS", func(c *Config) *string { return &c.CheckoutHosts }},
}

// EnvNames returns the names of the environment variables the CLI reads.
func EnvNames() []string {
	names := []string{"ESIM_SERVER", "ESIM_CONFIG_DIR", "ESIM_TIMEOUT", "ESIM_DEBUG"}
	for _, e := range envVars {
		names = append(names, e.name)
	}
	return names
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

// fileNames are tried in order in the config directory.
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
	// A server sets the four bases, below more specific settings of the same level.
	if c.Server != "" {
		if err := checkServer(c.source("server"), c.Server); err != nil {
			return nil, err
		}
		file := *c
		c.APIURL, c.SupportURL, c.ESIMCheckURL, c.LogPushURL = BasesFor(c.Server)
		for _, f := range []struct{ from, to *string }{
			{&file.APIURL, &c.APIURL}, {&file.SupportURL, &c.SupportURL},
			{&file.ESIMCheckURL, &c.ESIMCheckURL}, {&file.LogPushURL, &c.LogPushURL},
		} {
			if *f.from != "" {
				*f.to = *f.from
			}
		}
	}
	if server := getenv("ESIM_SERVER"); server != "" {
		if err := checkServer("ESIM_SERVER", server); err != nil {
			return nil, err
		}
		c.Server = server
		c.givenBy("server", "ESIM_SERVER")
		c.APIURL, c.SupportURL, c.ESIMCheckURL, c.LogPushURL = BasesFor(server)
		c.baseFrom("ESIM_SERVER")
	}
	for _, e := range envVars {
		if v := getenv(e.name); v != "" {
			*e.set(c) = v
			c.givenBy(envKey(e.name), e.name)
		}
	}
	if v := getenv("ESIM_TIMEOUT"); v != "" {
		d, err := ParseDuration(v)
		if err != nil {
			return nil, &SettingError{Setting: "ESIM_TIMEOUT", Value: v, Reason: durationReason}
		}
		c.Timeout = Duration(d)
	}
	if v := getenv("ESIM_DEBUG"); v != "" && v != "0" && !strings.EqualFold(v, "false") {
		c.Debug = true
	}
	if o.Server != "" {
		if err := checkServer("--server", o.Server); err != nil {
			return nil, err
		}
		c.Server = o.Server
		c.givenBy("server", "--server")
		c.APIURL, c.SupportURL, c.ESIMCheckURL, c.LogPushURL = BasesFor(o.Server)
		c.baseFrom("--server")
	}
	if o.Timeout > 0 {
		c.Timeout = Duration(o.Timeout)
	}
	c.Debug = c.Debug || o.Debug
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
	for key, v := range map[string]string{"api_url": o.APIURL, "support_url": o.SupportURL, "esimcheck_url": o.ESIMCheckURL} {
		if v != "" {
			c.givenBy(key, "--"+strings.ReplaceAll(key, "_", "-"))
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
		var keys map[string]any
		if yaml.Unmarshal(b, &keys) == nil {
			known := Keys()
			var unknown []string
			for k := range keys {
				c.givenBy(k, k+" in "+p)
				if !slices.Contains(known, k) {
					unknown = append(unknown, k)
				}
			}
			sort.Strings(unknown)
			for _, k := range unknown {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s: unknown key %q ignored (see 'esim help config' for the keys)", p, k))
			}
		}
		return nil
	}
	return nil
}

// givenBy records that key was given, and where.
func (c *Config) givenBy(key, where string) {
	if c.Given == nil {
		c.Given, c.from = map[string]bool{}, map[string]string{}
	}
	c.Given[key], c.from[key] = true, where
}

// baseFrom records that the four service bases came from a server setting.
func (c *Config) baseFrom(where string) {
	for _, k := range []string{"api_url", "support_url", "esimcheck_url", "log_push_url"} {
		c.givenBy(k, where)
		c.Given[k] = false // set by the server, not given as such: Getenv leaves it out
	}
}

// source is where key was given; the key itself for a default.
func (c *Config) source(key string) string {
	if w := c.from[key]; w != "" {
		return w
	}
	return key
}

// envKey is the config key of an ESIM_* variable ("ESIM_API_URL" is "api_url").
func envKey(name string) string { return strings.ToLower(strings.TrimPrefix(name, "ESIM_")) }

// Getenv answers like os.Getenv for the ESIM_* names of the config keys, with the value
// resolved from flags, environment and file, and "" for a key nobody gave (defaults stay
// out): `esim serve` reads its settings through it, so it resolves them like every command.
func (c *Config) Getenv(name string) string {
	key := envKey(name)
	if !c.Given[key] {
		return ""
	}
	v := reflect.ValueOf(c).Elem()
	t := v.Type()
	for i := range t.NumField() {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k == key && t.Field(i).Type.Kind() == reflect.String {
			return v.Field(i).String()
		}
	}
	return ""
}

// Keys lists the keys of the config file.
func Keys() []string {
	t := reflect.TypeOf(Config{})
	var out []string
	for i := range t.NumField() {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
			out = append(out, k)
		}
	}
	return out
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

// CaptchaPortNumber is the port of the captcha page, checked by Load (0: a free one).
func (c *Config) CaptchaPortNumber() int {
	n, _ := strconv.Atoi(strings.TrimSpace(c.CaptchaPort))
	return n
}

func (c *Config) validate() error {
	if p := strings.TrimSpace(c.CaptchaPort); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 0 || n > 65535 {
			return &SettingError{Setting: c.source("captcha_port"), Value: c.CaptchaPort, Reason: "want a port number from 1 to 65535 (0: any free port)"}
		}
	}
	for _, f := range []struct{ name, v string }{
		{"api_url", c.APIURL}, {"support_url", c.SupportURL},
		{"esimcheck_url", c.ESIMCheckURL}, {"log_push_url", c.LogPushURL},
	} {
		u, err := url.Parse(f.v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return &SettingError{Setting: c.source(f.name), Value: f.v, Reason: "want an http or https URL such as https://api.example.com/api/v1/"}
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
