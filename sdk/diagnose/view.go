// Package diagnose holds the support agent's console logic shared by the CLI (`esim
// customer show`, `esim esims diagnose`) and the TUI's agent tab: a customer's eSIMs seen
// at a glance (View), a checklist verdict for "my eSIM doesn't work" (Diagnose) with the
// setup guide's and FAQ's advice, and a ready-to-send reply (Reply). It does no I/O: the
// caller fetches from the provider and hands the answers in, so both clients show the same
// thing for the same answers.
package diagnose

import (
	"encoding/base64"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/profile"
	"github.com/cedarsim/esim/sdk/qrcode"
)

// Install is what a customer needs to install an eSIM: the activation code, its two
// parts for a manual install, and the one-tap links of iOS and Android.
type Install struct {
	LPA            string `json:"lpa"`
	SMDPAddress    string `json:"smdpAddress"`
	ActivationCode string `json:"activationCode"`
	IOSLink        string `json:"iosLink"`
	AndroidLink    string `json:"androidLink"`
}

// InstallFor builds the install details of an activation code.
func InstallFor(c lpa.Code) Install {
	return Install{
		LPA: c.String(), SMDPAddress: c.SMDP, ActivationCode: c.MatchingID,
		IOSLink: lpa.IPhoneLink(c), AndroidLink: lpa.AndroidLink(c),
	}
}

// Known reports whether the install details hold an activation code.
func (i Install) Known() bool { return i.LPA != "" }

// CodeOf finds an eSIM's activation code without a request: from its iPhone link, else by
// decoding its base64 QR image. ok is false when neither gives one (then the caller may
// fetch the QR image with ESIMs.QRCode and use CodeFromPNG).
func CodeOf(e sdk.ESIM) (lpa.Code, bool) {
	if e.LinkOnIphone != "" {
		if c, err := lpa.FromIPhoneLink(e.LinkOnIphone); err == nil {
			return c, true
		}
	}
	if png := DecodeImage(e.Base64QRCodeImage); png != nil {
		if c, err := CodeFromPNG(png); err == nil {
			return c, true
		}
	}
	return lpa.Code{}, false
}

// CodeFromPNG reads the activation code from a QR image.
func CodeFromPNG(png []byte) (lpa.Code, error) {
	text, err := qrcode.DecodePNG(png)
	if err != nil {
		return lpa.Code{}, err
	}
	return lpa.Parse(strings.TrimSpace(text))
}

// DecodeImage decodes a base64 QR image (a data: URL prefix is tolerated); nil when empty
// or malformed.
func DecodeImage(s string) []byte {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, ","); strings.HasPrefix(s, "data:") && i > 0 {
		s = s[i+1:]
	}
	if s == "" {
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil
	}
	return b
}

// Usage is a bundle's consumption in bytes, with the display text.
type Usage struct {
	InitialBytes   int64   `json:"initialBytes"`
	RemainingBytes int64   `json:"remainingBytes"`
	UsedBytes      int64   `json:"usedBytes"`
	Percent        float64 `json:"percent"`
	Unlimited      bool    `json:"unlimited"`
	Text           string  `json:"text"` // "3 MB of 1.00 GB (0.3%)" or "Unlimited"
}

// UsageOf computes a bundle's usage.
func UsageOf(b sdk.ESIMBundle) Usage {
	u := Usage{InitialBytes: b.InitialQuantity, RemainingBytes: b.RemainingQuantity, Unlimited: b.Unlimited,
		Text: format.Usage(b.InitialQuantity, b.RemainingQuantity, b.Unlimited)}
	if !b.Unlimited {
		u.UsedBytes = format.Used(b.InitialQuantity, b.RemainingQuantity)
		u.Percent = format.ConsumptionPercent(b.InitialQuantity, b.RemainingQuantity)
	}
	return u
}

// TopupAllowed is the top-up eligibility shown for a bundle: the provider's canTopup, but
// never for a Revoked bundle (a revoked plan cannot be continued, whatever the flag says).
func TopupAllowed(b sdk.ESIMBundle) bool {
	return b.CanTopup && b.BundleState != wire.BundleStateRevoked
}

// Bundle is one bundle of a customer's eSIM as the agent sees it. Times are in Beirut time
// (their JSON keeps the +02:00/+03:00 offset); the *Text fields are the display forms.
type Bundle struct {
	Name          string        `json:"name"`       // display name (bundleDisplayName, else description)
	BundleName    string        `json:"bundleName"` // identifier, e.g. TR_5GB_30D
	BundleID      string        `json:"bundleId"`
	State         string        `json:"state"`
	Tab           profile.Tab   `json:"tab"` // active, expired or hidden
	Purchased     time.Time     `json:"purchased"`
	Start         time.Time     `json:"start"`
	End           time.Time     `json:"end"`
	PurchasedText string        `json:"purchasedText"`
	StartText     string        `json:"startText"`
	EndText       string        `json:"endText"`
	Usage         Usage         `json:"usage"`
	Origin        *sdk.Country  `json:"origin"`
	Coverage      []sdk.Country `json:"coverage"`
	Topup         bool          `json:"topup"`
	Provider      int           `json:"thirdPartyProvider"`
}

// BundleOf converts an eSIM bundle.
func BundleOf(b sdk.ESIMBundle) Bundle {
	v := Bundle{
		Name: b.DisplayName(), BundleName: b.Name, BundleID: b.BundleID, State: string(b.BundleState),
		Tab:       profile.TabFor(b.BundleState),
		Purchased: format.InBeirut(b.AssignmentDatetime), Start: format.InBeirut(b.StartTime), End: format.InBeirut(b.EndTime),
		PurchasedText: format.DateZone(b.AssignmentDatetime), StartText: format.DateZone(b.StartTime), EndText: format.DateZone(b.EndTime),
		Usage:    UsageOf(b),
		Coverage: profile.Coverage(b.RoamingCountries, func(c sdk.Country) string { return c.Name }),
		Topup:    TopupAllowed(b),
		Provider: b.ThirdPartyProvider,
	}
	if len(b.Countries) > 0 {
		o := b.Countries[0]
		v.Origin = &o
	}
	return v
}

// ESIM is one of the customer's eSIMs as the agent sees it.
type ESIM struct {
	ICCID      string    `json:"iccid"`
	AccountID  string    `json:"accountId"`
	Action     time.Time `json:"actionDate"`
	ActionText string    `json:"actionDateText"`
	Install    Install   `json:"install"`
	Bundles    []Bundle  `json:"bundles"`
}

// ESIMOf converts an eSIM; the install details come from its link or image when they
// carry a code.
func ESIMOf(e sdk.ESIM) ESIM {
	v := ESIM{ICCID: e.ICCID, AccountID: e.AccountID, Action: format.InBeirut(e.ActionDate),
		ActionText: format.DateZone(e.ActionDate), Bundles: []Bundle{}}
	if c, ok := CodeOf(e); ok {
		v.Install = InstallFor(c)
	}
	for _, b := range e.Bundles {
		v.Bundles = append(v.Bundles, BundleOf(b))
	}
	return v
}

// Customer is the single view of a customer: every eSIM with its bundles.
type Customer struct {
	Email string `json:"email"`
	ESIMs []ESIM `json:"esims"`
	// Counts of bundles per profile tab, for a summary line.
	Active  int `json:"active"`
	Expired int `json:"expired"`
}

// View builds the customer view from the answer of ESIMs.ByEmail.
func View(email string, esims []sdk.ESIM) Customer {
	c := Customer{Email: email, ESIMs: make([]ESIM, 0, len(esims))}
	for _, e := range esims {
		v := ESIMOf(e)
		for _, b := range v.Bundles {
			switch b.Tab {
			case profile.TabActive:
				c.Active++
			case profile.TabExpired:
				c.Expired++
			}
		}
		c.ESIMs = append(c.ESIMs, v)
	}
	return c
}
