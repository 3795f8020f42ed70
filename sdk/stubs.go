package sdk

import (
	"context"
	"errors"
	"time"
)

// TokenStore keeps the session between calls (and, for the file store, between runs).
type TokenStore interface {
	Load(ctx context.Context) (Session, error)
	Save(ctx context.Context, s Session) error
	Clear(ctx context.Context) error
}

func NewMemoryStore() TokenStore                     { return nil }
func NewFileStore(path string) TokenStore            { return nil }
func newGUID() string                                { return "" }
func ParseClaims(accessToken string) (Claims, error) { return Claims{}, errNotImplemented }

func (s *AuthService) GuestLogin(ctx context.Context) (*Token, error) { return nil, errNotImplemented }
func (s *AuthService) Refresh(ctx context.Context, refreshToken string) (*Token, error) {
	return nil, errNotImplemented
}
func (s *AuthService) ExchangeOTP(ctx context.Context, username, oneTimePassword string) (*Token, error) {
	return nil, errNotImplemented
}
func (s *AuthService) Logout(ctx context.Context) error { return errNotImplemented }
func (c *Client) Login(ctx context.Context, userID, otp, captchaToken string) (*Token, error) {
	return nil, errNotImplemented
}

func (s *UsersService) CurrentUser(ctx context.Context) (*CurrentUser, error) {
	return nil, errNotImplemented
}
func (s *UsersService) SendSignupCode(ctx context.Context, f SignupForm) (*OTPSent, error) {
	return nil, errNotImplemented
}
func (s *UsersService) SendLoginCode(ctx context.Context, email string) (*OTPSent, error) {
	return nil, errNotImplemented
}
func (s *UsersService) VerifyCode(ctx context.Context, userID, otp, captchaToken string) (*OTPVerification, error) {
	return nil, errNotImplemented
}

func (s *CatalogService) Countries(ctx context.Context) ([]Country, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) Regions(ctx context.Context) ([]Region, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) SpecialBundles(ctx context.Context) ([]Bundle, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) AreaBundles(ctx context.Context, area string) ([]Bundle, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) TopupBundles(ctx context.Context, origin, iccid string, provider int) ([]Bundle, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) Search(ctx context.Context, isoCodes []string) ([]Bundle, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) Bundle(ctx context.Context, id string) (*Bundle, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) AreaList(ctx context.Context, endpoint string) ([]Area, error) {
	return nil, errNotImplemented
}
func (s *CatalogService) TopupBundleSelected(ctx context.Context, iccid, bundleName string, provider int) (*Bundle, error) {
	return nil, errNotImplemented
}

func (s *OrdersService) Create(ctx context.Context) (*Order, error)       { return nil, errNotImplemented }
func (s *OrdersService) Delete(ctx context.Context, orderID string) error { return errNotImplemented }
func (s *OrdersService) AddDetails(ctx context.Context, accountID, orderID, bundleID string) (*OrderDetails, error) {
	return nil, errNotImplemented
}
func (c *Client) Checkout(ctx context.Context, r CheckoutRequest) (*CheckoutResult, error) {
	return nil, errNotImplemented
}
func (c *Client) TopupSelect(ctx context.Context, iccid, bundleName string, provider int) (string, error) {
	return "", errNotImplemented
}

func (s *SupportService) CanPurchase(ctx context.Context, bundleID, email string) (*PurchaseCheck, error) {
	return nil, errNotImplemented
}
func (s *SupportService) ContactUs(ctx context.Context, f ContactForm) error {
	return errNotImplemented
}
func (s *ESIMsService) ByEmail(ctx context.Context, email string) ([]ESIM, error) {
	return nil, errNotImplemented
}
func (s *ESIMsService) Info(ctx context.Context, iccid string) ([]ESIMBundle, error) {
	return nil, errNotImplemented
}
func (s *ESIMsService) QRCode(ctx context.Context, iccid string) ([]byte, error) {
	return nil, errNotImplemented
}
func (s *ESIMCheckService) Check(ctx context.Context, bundleName, iccid string) (bool, error) {
	return false, errNotImplemented
}
func (s *LogsService) Push(ctx context.Context, l LogLine) error { return errNotImplemented }

// ValidationError is returned before any request when an input has the wrong form.
type ValidationError struct{ Field, Value, Reason string }

func (e *ValidationError) Error() string { return "invalid " + e.Field + ": " + e.Reason }

// PurchaseRefusedError is the purchase pre-check's refusal, with the server's reason.
type PurchaseRefusedError struct{ Reason string }

func (e *PurchaseRefusedError) Error() string { return "purchase refused: " + e.Reason }

var _ = time.Now

// ErrInvalidPlan is the eSIM check's answer that the plan cannot continue (top-up).
var ErrInvalidPlan = errors.New("invalid plan: the eSIM check says the plan cannot continue")
