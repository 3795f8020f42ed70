package sandbox

import (
	"log/slog"
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/sdk/forwarded"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// Sandbox defaults of contract/constants.json. They are sandbox-only credentials:
// production values never live in code.
const (
	DefaultGuestUsername = contract.SandboxGuestUsername
	DefaultGuestPassword = contract.SandboxGuestPassword
	DefaultClientID      = contract.SandboxClientID
	DefaultClientSecret  = contract.SandboxClientSecret
	// DefaultAgentEmail is the support agent every sandbox seeds (contract constants). It
	// signs in with the ordinary e-mail-code login; its tokens carry role "agent".
	DefaultAgentEmail = contract.SandboxAgentEmail
)

// Roles of the token's "role" claim (docs/contract.md, authorization model).
const (
	RoleGuest    = contract.RoleGuest
	RoleCustomer = contract.RoleCustomer
	RoleAgent    = contract.RoleAgent
)

// The same-origin bases of the four services (contract/constants.json).
const (
	APIPath       = contract.SandboxAPIPath
	SupportPath   = contract.SandboxSupportPath
	ESIMCheckPath = contract.SandboxESIMCheckPath
	LogPushPath   = contract.SandboxLogPushPath
	// MailboxPath is where the e-mail codes appear.
	MailboxPath = "/sandbox/mailbox"
)

// Options configure a Server. The zero value is usable: every field has a default.
type Options struct {
	Clock  Clock        // default SystemClock
	Logger *slog.Logger // default: discard

	GuestUsername, GuestPassword string // the built-in guest account
	ClientID, ClientSecret       string // the basic client credential

	Brand        string // shown in mails and on the checkout page; default "CedarSIM"
	SMDPHost     string // SM-DP+ host of the LPA strings; default "smdp.sandbox.cedarsim.example"
	PublicURL    string // origin used in checkout links; default: taken from each request
	ShopURL      string // origin of the shop's /actionresult; default: same origin
	SigningKey   []byte // HS256 key; default: random, kept in the state file
	StatePath    string // keep the state in this bbolt file (docs/contract.md "Sandbox state"); reloaded on start
	MaxBodyBytes int64  // default 1 MiB
	MaxQuery     int    // longest raw query string accepted; default 4096

	AccessTokenLifetime  time.Duration // default 15 minutes (short, so refresh is exercised)
	RefreshTokenLifetime time.Duration // default 30 days
	CodeLifetime         time.Duration // e-mail code validity; default 10 minutes
	MaxFailedAttempts    int           // wrong codes before the lock; default 5
	LockDuration         time.Duration // default 15 minutes
	ActivationDelay      time.Duration // Processing time after purchase; default 2 minutes
	DailyUsageMB         int           // data an active bundle uses per sandbox day; default 1000
	MaxUnpaidOrders      int           // can-purchase refuses at this many open orders; default 3
	DisabledBundles      []string      // bundle ids or names refused by can-purchase

	// CodeSendLimit code e-mails per address and client, and CodeSendClientLimit per client
	// address (across addresses), within CodeSendWindow (default 5 and 100 per 15 minutes);
	// VerifyFailLimit wrong codes per client address within VerifyFailWindow (default 20
	// per 15 minutes). Past them: 429 with Retry-After.
	CodeSendLimit       int
	CodeSendClientLimit int
	CodeSendWindow      time.Duration
	VerifyFailLimit     int
	VerifyFailWindow    time.Duration

	// AdminToken, when set, is required on every /sandbox/* admin request (header
	// X-Sandbox-Admin-Token or a cookie set by ?admin_token=); unset, the admin surface
	// answers loopback clients only.
	AdminToken string
	// Proxies are the reverse proxies whose forwarding headers (X-Forwarded-For/-Proto/-Host,
	// X-Real-IP) are believed, for the client address and the origin of checkout links and
	// admin requests; the zero value believes none (package forwarded has the rules).
	Proxies forwarded.Proxies
	// AllowedHosts are the host names the admin surface answers under; the zero value:
	// localhost, the loopback addresses and PublicURL's host.
	AllowedHosts forwarded.Hosts

	// Agents are the e-mail addresses of support agents seeded at start, besides
	// DefaultAgentEmail (always seeded). An existing customer with such an address becomes
	// an agent.
	Agents []string

	// RefreshGrace is how long a used refresh token still answers the same new pair
	// (concurrent refreshes of one session); default 30 seconds.
	RefreshGrace time.Duration
	// UnverifiedTTL is how long an account whose address was never verified is kept;
	// default 24 hours.
	UnverifiedTTL time.Duration
	// AuditRetention is how long an audit entry is kept for certain; default 90 days.
	AuditRetention time.Duration

	// CaptchaValid decides whether a captcha token passes; default: any non-empty token.
	CaptchaValid func(token string) bool
	// Faults are active from the start (the same rules /sandbox/faults accepts).
	Faults []Fault

	// limits replaces the state's table and list sizes (tests); nil: stateLimits' defaults.
	limits *state.Limits
}

// stateLimits bounds what the sandbox keeps, so a flood of requests cannot grow memory
// without end (docs/contract.md, "Bounded input").
func (o Options) stateLimits() state.Limits {
	if o.limits != nil {
		return *o.limits
	}
	return state.Limits{
		Users: 50_000, Orders: 50_000, Grants: 20_000,
		Mails: 1000, MailBytes: 8 << 20, Contacts: 500, ContactBytes: 4 << 20, Logs: 2000, LogBytes: 4 << 20,
		Audit: 50_000, AuditRetention: o.AuditRetention, UnverifiedTTL: o.UnverifiedTTL,
	}
}

func (o Options) withDefaults() Options {
	if o.Clock == nil {
		o.Clock = SystemClock()
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.AllowedHosts.Empty() {
		o.AllowedHosts = forwarded.DefaultHosts(nil, o.PublicURL)
	}
	def := func(p *string, v string) {
		if *p == "" {
			*p = v
		}
	}
	def(&o.GuestUsername, DefaultGuestUsername)
	def(&o.GuestPassword, DefaultGuestPassword)
	def(&o.ClientID, DefaultClientID)
	def(&o.ClientSecret, DefaultClientSecret)
	def(&o.Brand, "CedarSIM")
	def(&o.SMDPHost, "smdp.sandbox.cedarsim.example")
	defD := func(p *time.Duration, v time.Duration) {
		if *p <= 0 {
			*p = v
		}
	}
	defD(&o.AccessTokenLifetime, 15*time.Minute)
	defD(&o.RefreshTokenLifetime, 30*24*time.Hour)
	defD(&o.CodeLifetime, 10*time.Minute)
	defD(&o.LockDuration, 15*time.Minute)
	defD(&o.ActivationDelay, 2*time.Minute)
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 1 << 20
	}
	if o.MaxQuery <= 0 {
		o.MaxQuery = 4096
	}
	if o.MaxFailedAttempts <= 0 {
		o.MaxFailedAttempts = 5
	}
	if o.DailyUsageMB <= 0 {
		o.DailyUsageMB = 1000
	}
	if o.MaxUnpaidOrders <= 0 {
		o.MaxUnpaidOrders = 3
	}
	if o.CodeSendLimit <= 0 {
		o.CodeSendLimit = 5
	}
	if o.CodeSendClientLimit <= 0 {
		o.CodeSendClientLimit = 100
	}
	defD(&o.CodeSendWindow, 15*time.Minute)
	defD(&o.RefreshGrace, 30*time.Second)
	defD(&o.UnverifiedTTL, 24*time.Hour)
	defD(&o.AuditRetention, 90*24*time.Hour)
	if o.VerifyFailLimit <= 0 {
		o.VerifyFailLimit = 20
	}
	defD(&o.VerifyFailWindow, 15*time.Minute)
	if o.CaptchaValid == nil {
		o.CaptchaValid = func(t string) bool { return t != "" }
	}
	return o
}
