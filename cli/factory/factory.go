// Package factory builds the dependencies of commands lazily, as cli/cli's cmdutil.Factory:
// a command that never talks to the provider never reads the config or builds a client.
package factory

import (
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/cedarsim/esim/cli/browser"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/sdk"
)

// Factory hands dependencies to commands.
type Factory struct {
	AppVersion string
	IOStreams  *iostreams.IOStreams
	Browser    browser.Browser
	Getenv     func(string) string
	Now        func() time.Time

	// Overrides are filled by the root command's global flags before any command runs.
	Overrides config.Overrides

	// Config and Client are memoised; tests replace them.
	Config func() (*config.Config, error)
	Client func() (*sdk.Client, error)

	// HTTPClient is used by the SDK client; tests set an httpmock transport here.
	HTTPClient *http.Client
	// Store overrides the session store (tests use sdk.NewMemoryStore()).
	Store sdk.TokenStore
}

// New returns the production factory.
func New(version string) *Factory {
	f := &Factory{
		AppVersion: version,
		IOStreams:  iostreams.System(),
		Getenv:     os.Getenv,
		Now:        time.Now,
	}
	f.Browser = browser.System{Env: f.Getenv}
	f.Config = onceValues(func() (*config.Config, error) {
		c, err := config.Load(f.Overrides, f.Getenv)
		if err == nil {
			for _, w := range c.Warnings {
				fmt.Fprintln(f.IOStreams.ErrOut, "warning:", w)
			}
		}
		return c, err
	})
	f.Client = onceValues(func() (*sdk.Client, error) { return f.NewClient() })
	return f
}

// NewClient builds an SDK client from the configuration, with the session in a 0600 file
// in the config directory (unless Store is set).
func (f *Factory) NewClient() (*sdk.Client, error) {
	cfg, err := f.Config()
	if err != nil {
		return nil, err
	}
	store := f.Store
	if store == nil {
		if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
			return nil, fmt.Errorf("creating config directory: %w", err)
		}
		store = sdk.NewFileStore(cfg.SessionPath())
	}
	c, err := sdk.NewClient(sdk.Options{
		APIBase:       cfg.APIURL,
		SupportBase:   cfg.SupportURL,
		ESIMCheckBase: cfg.ESIMCheckURL,
		LogPushURL:    cfg.LogPushURL,
		ClientID:      cfg.ClientID,
		ClientSecret:  cfg.ClientSecret,
		GuestUsername: cfg.GuestUsername,
		GuestPassword: cfg.GuestPassword,
		HTTPClient:    f.HTTPClient,
		Timeout:       time.Duration(cfg.Timeout),
		UserAgent:     "esim-cli/" + f.AppVersion,
		Store:         store,
	})
	if err != nil {
		return nil, fmt.Errorf("building the API client: %w", err)
	}
	return c, nil
}

func onceValues[T any](fn func() (T, error)) func() (T, error) {
	return sync.OnceValues(fn)
}
