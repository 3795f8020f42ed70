// The values of single settings: durations and server addresses, and the error for a
// value esim cannot use.

package config

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract"
	"go.yaml.in/yaml/v3"
)

// Duration is a time.Duration written as "30s" in the config file.
type Duration time.Duration

// UnmarshalYAML reads "30s", "2m" or a number of seconds.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseDuration(n.Value)
	if err != nil {
		return &SettingError{Setting: "timeout", Value: n.Value, Reason: durationReason}
	}
	*d = Duration(v)
	return nil
}

// durationReason is what a duration setting must be.
const durationReason = "want a duration such as 30s or 2m"

// ParseDuration reads "30s", "2m" or a plain number of seconds; it must not be negative.
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		s = strconv.Itoa(n) + "s"
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid duration %q: want e.g. 30s or 2m", s)
	}
	return d, nil
}

// SettingError is a setting with a value esim cannot use: a usage error (exit 2) wherever
// it was given, flag, environment variable or config file.
type SettingError struct {
	Setting string // where it was given: "--timeout", "ESIM_SERVER", "server in /path/config.yaml"
	Value   string
	Reason  string
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("invalid %s %q: %s", e.Setting, e.Value, e.Reason)
}

// serverReason is what a server address must be.
const serverReason = "want an http or https address such as https://shop.example.com or 127.0.0.1:8080"

// checkServer refuses a server address that is not http(s) with a host; setting names
// where it was given.
func checkServer(setting, s string) error {
	u, err := url.Parse(NormalizeServer(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return &SettingError{Setting: setting, Value: s, Reason: serverReason}
	}
	return nil
}

// NormalizeServer accepts a server given without a scheme ("127.0.0.1:8080",
// "localhost:18204", "shop.example.com"): loopback and private addresses get http://,
// anything else https://.
func NormalizeServer(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.Contains(s, "://") {
		return s
	}
	host := s
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return "http://" + s
	}
	if ip := net.ParseIP(host); ip != nil && (ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified()) {
		return "http://" + s
	}
	return "https://" + s
}

// BasesFor returns the four service bases of a server laid out like the sandbox.
func BasesFor(origin string) (api, support, esimcheck, logs string) {
	o := strings.TrimRight(NormalizeServer(origin), "/")
	return o + contract.SandboxAPIPath, o + contract.SandboxSupportPath, o + contract.SandboxESIMCheckPath, o + contract.SandboxLogPushPath
}
