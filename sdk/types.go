package sdk

import (
	"time"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
)

// Entity types of the provider API (spec section 3, shapes fixed in docs/contract.md).
// Go field names are the JSON names in Go case. Times are zero when the server sends null.

// Country is an entry of the countries list, and of a bundle's coverage lists.
type Country struct {
	Name    string `json:"name"`
	ISOCode string `json:"isoCode"`
}

// Region is an entry of the regions list.
type Region struct {
	Name string `json:"name"`
}

// Area is an entry of a caller-supplied area-list endpoint: a country (with an ISO code)
// or a region (name only).
type Area struct {
	Name    string `json:"name"`
	ISOCode string `json:"isoCode,omitempty"`
}

// Bundle is a catalogue data plan.
type Bundle struct {
	ID                  string    `json:"id"`   // lowercase GUID: the cart's bundle id
	Name                string    `json:"name"` // bundle identifier, e.g. TR_5GB_30D
	BusinessTitle       string    `json:"businessTitle"`
	ListingDisplayTitle string    `json:"listingDisplayTitle"`
	QuotaInMB           int64     `json:"quotaInMB"` // negative means unlimited
	DurationInDays      int64     `json:"durationInDays"`
	Price               float64   `json:"price"` // USD
	FlagsCodes          []string  `json:"flagsCodes"`
	RoamingCountries    []Country `json:"roamingCountries"`
	IsSpecial           bool      `json:"isSpecial"`
	BundleUsageLevel    string    `json:"bundleUsageLevel"` // country | region | global
	CanTopup            bool      `json:"canTopup"`
	ThirdPartyProvider  int       `json:"thirdPartyProvider"`
	FupMsg              string    `json:"fupMsg,omitempty"`
	Group               string    `json:"group,omitempty"`         // special bundles only
	GroupIconCode       string    `json:"groupIconCode,omitempty"` // special bundles only
}

// ESIM is one of the customer's eSIMs (user-emails call).
type ESIM struct {
	ICCID             string       `json:"iccid"`
	AccountID         string       `json:"accountId"`
	Base64QRCodeImage string       `json:"base64QRCodeImage"` // may be empty: fetch ESIMs.QRCode
	LinkOnIphone      string       `json:"linkOnIphone"`
	ActionDate        time.Time    `json:"actionDate"`
	Bundles           []ESIMBundle `json:"bundles"`
}

// ESIMBundle is a bundle installed on an eSIM (user-emails and info calls).
type ESIMBundle struct {
	BundleID           string      `json:"bundleId"`
	BundleDisplayName  string      `json:"bundleDisplayName"` // may be empty: use DisplayName()
	Description        string      `json:"description"`
	AssignmentDatetime time.Time   `json:"assignmentDatetime"` // purchase date
	StartTime          time.Time   `json:"startTime"`
	EndTime            time.Time   `json:"endTime"`
	BundleState        BundleState `json:"bundleState"`
	InitialQuantity    int64       `json:"initialQuantity"`   // bytes
	RemainingQuantity  int64       `json:"remainingQuantity"` // bytes
	Unlimited          bool        `json:"unlimited"`
	Countries          []Country   `json:"countries"` // first entry is the origin
	RoamingCountries   []Country   `json:"roamingCountries"`
	CanTopup           bool        `json:"canTopup"`
	ThirdPartyProvider int         `json:"thirdPartyProvider"`
	Name               string      `json:"name"` // bundle identifier, for the top-up check
}

// BundleState is a bundle's state as the server sends it: one of the contract's enum
// (wire.BundleStateProcessing ... wire.BundleStateRevoked), or another text, which the
// spec says is not shown (profile.TabFor).
type BundleState = wire.BundleState

// DisplayName is bundleDisplayName, falling back to description as the spec says.
func (b ESIMBundle) DisplayName() string {
	if b.BundleDisplayName != "" {
		return b.BundleDisplayName
	}
	return b.Description
}

// CurrentUser is data.data of the current-user call.
type CurrentUser struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

// Token is the answer of a connect/token grant, with the access token's claims decoded
// (unverified; zero when the access token is not a JWT).
type Token struct {
	AccessToken  string
	RefreshToken string
	ExpiresIn    int64 // seconds, 0 when not sent
	Claims       Claims
}

// Claims are the claims of an access token that the shop reads.
type Claims struct {
	Sub       string
	Email     string
	FirstName string
	LastName  string
	Exp       time.Time
	IsGuest   bool
	// Role is the token's "role" claim: RoleGuest, RoleCustomer or RoleAgent (docs/contract.md).
	// Tokens without the claim get RoleGuest when is_guest is true, else RoleCustomer.
	Role string
}

// Roles of the "role" claim.
const (
	RoleGuest    = contract.RoleGuest
	RoleCustomer = contract.RoleCustomer
	RoleAgent    = contract.RoleAgent
)

// IsAgent reports a support agent's token (the server decides what it may read; this is
// for display only, like every unverified claim).
func (c Claims) IsAgent() bool { return c.Role == RoleAgent }

// Session is what a TokenStore keeps (the web shop's local storage keys).
type Session struct {
	Token            string `json:"token"`
	RefreshToken     string `json:"refreshToken"`
	IsGuest          string `json:"isGuest"` // "true", "false" or "" (no session)
	PrimaryProfileID string `json:"primaryProfileId"`
}

// Registered reports a logged-in customer session (the flag is the text "false").
func (s Session) Registered() bool { return s.Token != "" && s.IsGuest == "false" }

// SignupForm is the body of the signup code request.
type SignupForm struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	CountryCode string `json:"countryCode"` // dial code, default 961
	Phone       string `json:"phone"`
	Email       string `json:"email"`
}

// OTPSent is the answer of users/otp/send_email.
type OTPSent struct {
	Status int
	UserID string
}

// OTPVerification is the answer of users/otp/email: credentials for the token exchange.
type OTPVerification struct {
	Username             string
	OneTimeLoginPassword string
}

// Order is the answer of orders create.
type Order struct {
	OrderID      string
	NewlyCreated bool
}

// OrderDetails is the answer of orderdetails.
type OrderDetails struct {
	CheckoutURL string
}

// CheckoutRequest starts a purchase. TopupAccountID is the eSIM's accountId when topping
// up, empty otherwise.
type CheckoutRequest struct {
	BundleID       string
	Email          string
	TopupAccountID string
}

// CheckoutResult is where to send the customer: CheckoutURL already carries
// currency=usd&quantity=1.
type CheckoutResult struct {
	OrderID     string
	CheckoutURL string
}

// PurchaseCheck is the answer of the purchase pre-check.
type PurchaseCheck struct {
	CanContinue bool
	Reason      string
}

// ContactForm is the support contact-us form. Department is one of the topics
// Customer Service, Sales, Support.
type ContactForm struct {
	FullName   string
	Email      string
	Message    string
	Department string
}

// LogLine is one line pushed to the log aggregation endpoint.
type LogLine struct {
	Container string
	Job       string
	Level     string
	Message   string
	Time      time.Time // zero means now
}
