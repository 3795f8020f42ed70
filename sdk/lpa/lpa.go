// Package lpa reads and writes eSIM activation codes (GSMA SGP.22 "LPA:1$<SM-DP+>$<matching
// id>") and Apple's universal link that installs one on an iPhone.
package lpa

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Code is one activation code.
type Code struct {
	SMDP       string // SM-DP+ address: a host name, optionally with :port
	MatchingID string
}

// ErrInvalid wraps every parse failure so callers can test for it with errors.Is.
var ErrInvalid = errors.New("invalid LPA activation code")

const (
	prefix = "LPA:"
	// Apple's universal link; carddata holds the URL-encoded activation code.
	appleHost = "esimsetup.apple.com"
	applePath = "/esim_qrcode_provisioning"
)

// Parse reads "LPA:1$smdp$matchingId". The prefix is case-insensitive; optional SGP.22
// fields after the matching id (OID, confirmation flag) are refused because Code cannot
// carry them and dropping them silently would change the code.
func Parse(s string) (Code, error) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return Code{}, fmt.Errorf("%w: %q must start with %q", ErrInvalid, s, prefix)
	}
	parts := strings.Split(s[len(prefix):], "$")
	if parts[0] != "1" {
		return Code{}, fmt.Errorf("%w: unsupported format version %q (want 1)", ErrInvalid, parts[0])
	}
	switch {
	case len(parts) < 3:
		return Code{}, fmt.Errorf("%w: %q needs three $-separated fields: 1, SM-DP+ address, matching id", ErrInvalid, s)
	case len(parts) > 3:
		return Code{}, fmt.Errorf("%w: %q has %d fields; optional OID and confirmation fields are not supported", ErrInvalid, s, len(parts))
	}
	c := Code{SMDP: parts[1], MatchingID: parts[2]}
	if err := c.Validate(); err != nil {
		return Code{}, err
	}
	return c, nil
}

// Validate checks both fields.
func (c Code) Validate() error {
	if c.SMDP == "" {
		return fmt.Errorf("%w: SM-DP+ address is empty", ErrInvalid)
	}
	host := c.SMDP
	if h, port, ok := strings.Cut(host, ":"); ok {
		if port == "" || strings.Trim(port, "0123456789") != "" {
			return fmt.Errorf("%w: SM-DP+ address %q has a bad port", ErrInvalid, c.SMDP)
		}
		host = h
	}
	if host == "" || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") || strings.Contains(host, "..") {
		return fmt.Errorf("%w: SM-DP+ address %q is not a host name", ErrInvalid, c.SMDP)
	}
	for _, r := range host {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			return fmt.Errorf("%w: SM-DP+ address %q has the character %q", ErrInvalid, c.SMDP, r)
		}
	}
	if c.MatchingID == "" {
		return fmt.Errorf("%w: matching id is empty", ErrInvalid)
	}
	for _, r := range c.MatchingID {
		// SGP.22 matching ids are upper-case alphanumerics and '-'; lower case is accepted
		// because some issuers use it, anything else would break the QR or the link.
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("%w: matching id %q has the character %q", ErrInvalid, c.MatchingID, r)
		}
	}
	return nil
}

// String returns "LPA:1$smdp$matchingId".
func (c Code) String() string {
	return prefix + "1$" + c.SMDP + "$" + c.MatchingID
}

// IPhoneLink returns https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<URL-encoded LPA>.
func IPhoneLink(c Code) string {
	return "https://" + appleHost + applePath + "?carddata=" + url.QueryEscape(c.String())
}

// FromIPhoneLink reads the activation code back from Apple's universal link.
func FromIPhoneLink(link string) (Code, error) {
	u, err := url.Parse(link)
	if err != nil {
		return Code{}, fmt.Errorf("%w: iPhone link: %w", ErrInvalid, err)
	}
	if u.Scheme != "https" || !strings.EqualFold(u.Host, appleHost) || u.Path != applePath {
		return Code{}, fmt.Errorf("%w: %q is not an https://%s%s link", ErrInvalid, link, appleHost, applePath)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return Code{}, fmt.Errorf("%w: iPhone link query: %w", ErrInvalid, err)
	}
	data := q["carddata"]
	if len(data) != 1 {
		return Code{}, fmt.Errorf("%w: iPhone link needs exactly one carddata parameter, has %d", ErrInvalid, len(data))
	}
	c, err := Parse(data[0])
	if err != nil {
		return Code{}, fmt.Errorf("iPhone link carddata: %w", err)
	}
	return c, nil
}

// androidLink is Android's one-tap install link; carddata holds the URL-encoded code.
const androidLink = "https://esimsetup.android.com/esim_qrcode_provisioning?carddata="

// AndroidLink returns https://esimsetup.android.com/esim_qrcode_provisioning?carddata=<URL-encoded LPA>,
// the one-tap install link of Android devices that support it.
func AndroidLink(c Code) string {
	return androidLink + url.QueryEscape(c.String())
}
