package sdk

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/cedarsim/esim/contract"
)

// Default base URLs: the fixture hosts of contract/constants.json. Real deployments set Options.
const (
	DefaultAPIBase       = contract.FixtureAPIBase
	DefaultSupportBase   = contract.FixtureSupportBase
	DefaultESIMCheckBase = contract.FixtureESIMCheckBase
	DefaultLogPushURL    = contract.FixtureLogPushURL
	DefaultTimeout       = 30 * time.Second
	DefaultUserAgent     = "cedarsim-esim-go/1"
)

// Options configure a Client. Zero values take the defaults above; no secret has a default.
type Options struct {
	APIBase, SupportBase, ESIMCheckBase, LogPushURL string

	ClientID, ClientSecret       string // basic client credential
	GuestUsername, GuestPassword string // the built-in guest account

	HTTPClient *http.Client
	UserAgent  string
	Timeout    time.Duration // per call, including its re-authentication and retry

	Store TokenStore    // default NewMemoryStore()
	NewID func() string // idempotency ids; default random GUID v4

	// Retry says how idempotent calls are retried after a 502/503/504 or a dropped
	// connection; the zero value takes the defaults (3 tries, jittered backoff).
	Retry RetryPolicy
}

// Client talks to the provider's services. It is safe for concurrent use.
type Client struct {
	Auth      *AuthService
	Users     *UsersService
	Catalog   *CatalogService
	Orders    *OrdersService
	Support   *SupportService
	ESIMs     *ESIMsService
	ESIMCheck *ESIMCheckService
	Logs      *LogsService

	apiBase, supportBase, esimCheckBase, logPushURL *url.URL

	clientID, clientSecret       string
	guestUsername, guestPassword string

	hc        *http.Client
	userAgent string
	timeout   time.Duration
	store     TokenStore
	newID     func() string
	retry     RetryPolicy

	// reauth shares one re-authentication among all callers holding the same stale token.
	reauth singleflight.Group
}

type service struct{ client *Client }

// AuthService covers the connect/token grants.
type AuthService service

// UsersService covers users/*.
type UsersService service

// CatalogService covers catalog/*.
type CatalogService service

// OrdersService covers orderfulfillment/* and accounts/*/orderdetails.
type OrdersService service

// SupportService covers the support service's can-purchase and contact-us.
type SupportService service

// ESIMsService covers the support service's esims/* reads.
type ESIMsService service

// ESIMCheckService covers the external eSIM-check service.
type ESIMCheckService service

// LogsService covers the log push endpoint.
type LogsService service

// NewClient checks the options and builds a Client.
func NewClient(opts Options) (*Client, error) {
	c := &Client{
		clientID: opts.ClientID, clientSecret: opts.ClientSecret,
		guestUsername: opts.GuestUsername, guestPassword: opts.GuestPassword,
		hc: opts.HTTPClient, userAgent: opts.UserAgent, timeout: opts.Timeout,
		store: opts.Store, newID: opts.NewID, retry: opts.Retry.withDefaults(),
	}
	var err error
	if c.apiBase, err = parseBase("APIBase", opts.APIBase, DefaultAPIBase); err != nil {
		return nil, err
	}
	if c.supportBase, err = parseBase("SupportBase", opts.SupportBase, DefaultSupportBase); err != nil {
		return nil, err
	}
	if c.esimCheckBase, err = parseBase("ESIMCheckBase", opts.ESIMCheckBase, DefaultESIMCheckBase); err != nil {
		return nil, err
	}
	if c.logPushURL, err = parseAbsolute("LogPushURL", opts.LogPushURL, DefaultLogPushURL); err != nil {
		return nil, err
	}
	if c.hc == nil {
		c.hc = &http.Client{}
	}
	if c.userAgent == "" {
		c.userAgent = DefaultUserAgent
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.store == nil {
		c.store = NewMemoryStore()
	}
	if c.newID == nil {
		c.newID = newGUID
	}
	s := func() service { return service{client: c} }
	c.Auth, c.Users, c.Catalog = (*AuthService)(ptr(s())), (*UsersService)(ptr(s())), (*CatalogService)(ptr(s()))
	c.Orders, c.Support, c.ESIMs = (*OrdersService)(ptr(s())), (*SupportService)(ptr(s())), (*ESIMsService)(ptr(s()))
	c.ESIMCheck, c.Logs = (*ESIMCheckService)(ptr(s())), (*LogsService)(ptr(s()))
	return c, nil
}

func ptr[T any](v T) *T { return &v }

// Store returns the client's token store.
func (c *Client) Store() TokenStore { return c.store }

// parseAbsolute parses an absolute http(s) URL option.
func parseAbsolute(name, v, def string) (*url.URL, error) {
	if v == "" {
		v = def
	}
	u, err := url.Parse(v)
	if err != nil {
		return nil, fmt.Errorf("sdk: option %s: %w", name, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("sdk: option %s: %q is not an absolute http(s) URL", name, v)
	}
	if u.User != nil {
		return nil, fmt.Errorf("sdk: option %s: credentials in the URL are not allowed", name)
	}
	u.RawQuery, u.Fragment = "", ""
	return u, nil
}

// parseBase parses a base URL and makes it end with "/" so that paths join under it.
func parseBase(name, v, def string) (*url.URL, error) {
	u, err := parseAbsolute(name, v, def)
	if err != nil {
		return nil, err
	}
	if p := u.EscapedPath(); len(p) == 0 || p[len(p)-1] != '/' {
		u = u.JoinPath("/")
		if p := u.EscapedPath(); len(p) == 0 || p[len(p)-1] != '/' {
			u.Path += "/"
			u.RawPath = ""
		}
	}
	return u, nil
}
