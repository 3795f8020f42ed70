// Package nav holds the messages the TUI's screens send to the root model to move between
// screens. Screens never import each other: they emit these and the root decides.
package nav

import "github.com/cedarsim/esim/sdk"

// BackMsg asks the root to return to the previous screen.
type BackMsg struct{}

// OpenBundleMsg asks for the bundle detail screen.
type OpenBundleMsg struct{ Bundle sdk.Bundle }

// BuyMsg asks for the checkout of a catalogue bundle. The root sends the customer through
// login first when the session is not a registered customer's.
type BuyMsg struct{ Bundle sdk.Bundle }

// LoginMsg asks for the login screen. Expired says the stored session could not be
// renewed (the SDK has cleared it): the root forgets the customer and replaces the
// current screen.
type LoginMsg struct{ Expired bool }

// LoggedInMsg reports a successful login; the session is already stored by the SDK.
type LoggedInMsg struct{ Token *sdk.Token }

// ProfileMsg asks for the My eSIMs screen.
type ProfileMsg struct{}

// PlansMsg asks for the plans browser.
type PlansMsg struct{}

// ShowQRMsg asks for the QR view of an eSIM.
type ShowQRMsg struct{ ESIM sdk.ESIM }

// TopupMsg asks for the top-up bundle list of an eSIM: Origin is the ISO code of the
// bundle's first country (its name when it has no code), as the web's /topup-plans route
// carries it.
type TopupMsg struct {
	ESIM     sdk.ESIM
	Origin   string
	Provider int
}

// TopupCheckoutMsg asks for the checkout of a top-up: BundleID is the one the server chose.
type TopupCheckoutMsg struct {
	Bundle         sdk.Bundle
	BundleID       string
	TopupAccountID string
}

// SignupMsg asks for the sign-up screen, with the e-mail typed so far.
type SignupMsg struct{ Email string }

// PurchasedMsg reports that a paid bundle showed up on the customer's eSIM with ICCID:
// the root shows the refreshed My eSIMs.
type PurchasedMsg struct{ ICCID string }
