package sdk

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
)

// Response decoders, one per answer of contract/openapi.yaml: each reads the body into its
// generated wire type (contract/wire) and maps it onto the SDK's public type. They take
// the raw body and never panic; FuzzDecode runs them on arbitrary bytes.

// unmarshal decodes a JSON body, with a clearer error for the empty and non-JSON cases.
func unmarshal(data []byte, v any) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return fmt.Errorf("empty answer: %w", ErrNoData)
	}
	if t[0] != '{' && t[0] != '[' {
		return fmt.Errorf("answer is not a JSON object (starts with %q)", preview(t))
	}
	if err := json.Unmarshal(t, v); err != nil {
		return fmt.Errorf("malformed JSON answer: %w", err)
	}
	return nil
}

func preview(b []byte) string {
	if len(b) > 16 {
		b = b[:16]
	}
	return string(b)
}

// decodeAs reads a body into the generated wire type W (contract/wire) and maps it onto
// the SDK's own type with conv, which also says what a usable answer must hold.
func decodeAs[W, T any](data []byte, conv func(W) (T, error)) (T, error) {
	var w W
	if err := unmarshal(data, &w); err != nil {
		var zero T
		return zero, err
	}
	return conv(w)
}

// each maps a list, a missing or null list being an empty one.
func each[W, T any](ws []W, f func(W) T) []T {
	out := make([]T, len(ws))
	for i, w := range ws {
		out[i] = f(w)
	}
	return out
}

func countryOf(w wire.Country) Country { return Country{Name: w.Name, ISOCode: w.IsoCode} }

func countriesOf(ws []wire.Country) []Country { return each(ws, countryOf) }

func bundleOf(w wire.Bundle) Bundle {
	return Bundle{
		ID: w.ID, Name: w.Name, BusinessTitle: w.BusinessTitle, ListingDisplayTitle: w.ListingDisplayTitle,
		QuotaInMB: w.QuotaInMB, DurationInDays: w.DurationInDays, Price: w.Price,
		FlagsCodes: w.FlagsCodes, RoamingCountries: countriesOf(w.RoamingCountries), IsSpecial: w.IsSpecial,
		BundleUsageLevel: string(w.BundleUsageLevel), CanTopup: w.CanTopup, ThirdPartyProvider: w.ThirdPartyProvider,
		FupMsg: w.FupMsg, Group: w.Group, GroupIconCode: w.GroupIconCode,
	}
}

func decodeCountries(data []byte) ([]Country, error) {
	return decodeAs(data, func(w wire.CountryList) ([]Country, error) { return countriesOf(w.Data), nil })
}

func decodeRegions(data []byte) ([]Region, error) {
	return decodeAs(data, func(w wire.RegionList) ([]Region, error) {
		return each(w.Data, func(r wire.Region) Region { return Region{Name: r.Name} }), nil
	})
}

// decodeAreas reads an area-list endpoint: the countries' shape, regions without isoCode.
func decodeAreas(data []byte) ([]Area, error) {
	return decodeAs(data, func(w wire.CountryList) ([]Area, error) {
		return each(w.Data, func(c wire.Country) Area { return Area{Name: c.Name, ISOCode: c.IsoCode} }), nil
	})
}

func decodeBundles(data []byte) ([]Bundle, error) {
	return decodeAs(data, func(w wire.BundleList) ([]Bundle, error) { return each(w.Data, bundleOf), nil })
}

// decodeBundle reads data[0] of the bundle-by-id answer.
func decodeBundle(data []byte) (*Bundle, error) {
	l, err := decodeBundles(data)
	if err != nil {
		return nil, err
	}
	if len(l) == 0 {
		return nil, fmt.Errorf("empty bundle list: %w", ErrNoData)
	}
	return &l[0], nil
}

// decodeTopupSelected reads data.data[0] of topup_bundle_selected.
func decodeTopupSelected(data []byte) (*Bundle, error) {
	return decodeAs(data, func(w wire.TopupSelectedAnswer) (*Bundle, error) {
		if len(w.Data.Data) == 0 || w.Data.Data[0].ID == "" {
			return nil, fmt.Errorf("no bundle id in data.data[0]: %w", ErrNoData)
		}
		b := bundleOf(w.Data.Data[0])
		return &b, nil
	})
}

// decodeToken reads a connect/token answer. Claims are decoded best effort: an opaque
// (non-JWT) access token is valid OAuth and leaves Claims zero.
func decodeToken(data []byte) (*Token, error) {
	return decodeAs(data, func(w wire.TokenAnswer) (*Token, error) {
		if w.AccessToken == "" {
			return nil, fmt.Errorf("no access_token: %w", ErrNoData)
		}
		t := &Token{AccessToken: w.AccessToken, RefreshToken: w.RefreshToken, ExpiresIn: int64(w.ExpiresIn)}
		t.Claims, _ = ParseClaims(w.AccessToken)
		return t, nil
	})
}

func decodeCurrentUser(data []byte) (*CurrentUser, error) {
	return decodeAs(data, func(w wire.CurrentUserAnswer) (*CurrentUser, error) {
		u := w.Data.Data
		if u == nil {
			return nil, fmt.Errorf("no user in data.data: %w", ErrNoData)
		}
		return &CurrentUser{Email: u.Email, FirstName: u.FirstName, LastName: u.LastName}, nil
	})
}

func decodeOTPSent(data []byte) (*OTPSent, error) {
	return decodeAs(data, func(w wire.OtpSentAnswer) (*OTPSent, error) {
		if w.Data.UserID == "" {
			return nil, fmt.Errorf("no data.userId: %w", ErrNoData)
		}
		return &OTPSent{Status: w.Status, UserID: w.Data.UserID}, nil
	})
}

func decodeOTPVerification(data []byte) (*OTPVerification, error) {
	return decodeAs(data, func(w wire.OtpVerifyAnswer) (*OTPVerification, error) {
		if w.Data.Username == "" || w.Data.OneTimeLoginPassword == "" {
			return nil, fmt.Errorf("no data.username or data.oneTimeLoginPassword: %w", ErrNoData)
		}
		return &OTPVerification{Username: w.Data.Username, OneTimeLoginPassword: w.Data.OneTimeLoginPassword}, nil
	})
}

func decodePurchaseCheck(data []byte) (*PurchaseCheck, error) {
	return decodeAs(data, func(w wire.PurchaseCheckAnswer) (*PurchaseCheck, error) {
		if w.Data.CanContinue == nil {
			return nil, fmt.Errorf("no data.canContinue: %w", ErrNoData)
		}
		return &PurchaseCheck{CanContinue: *w.Data.CanContinue, Reason: w.Data.Reason}, nil
	})
}

// decodeESIMCheck reads data.data.canContinue of the external eSIM check.
func decodeESIMCheck(data []byte) (bool, error) {
	return decodeAs(data, func(w wire.EsimCheckAnswer) (bool, error) {
		if w.Data.Data.CanContinue == nil {
			return false, fmt.Errorf("no data.data.canContinue: %w", ErrNoData)
		}
		return *w.Data.Data.CanContinue, nil
	})
}

func decodeOrder(data []byte) (*Order, error) {
	return decodeAs(data, func(w wire.OrderAnswer) (*Order, error) {
		if w.Data.OrderID == "" {
			return nil, fmt.Errorf("no data.orderId: %w", ErrNoData)
		}
		return &Order{OrderID: w.Data.OrderID, NewlyCreated: w.Data.NewlyCreated}, nil
	})
}

// decodeOrderDetails reads data.checkoutURL and insists on an absolute http(s) URL: the
// customer is sent there.
func decodeOrderDetails(data []byte) (*OrderDetails, error) {
	return decodeAs(data, func(w wire.CheckoutAnswer) (*OrderDetails, error) {
		link := w.Data.CheckoutURL
		if link == "" {
			return nil, fmt.Errorf("no data.checkoutURL: %w", ErrNoData)
		}
		u, err := url.Parse(link)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, errors.New("data.checkoutURL is not an absolute http(s) URL")
		}
		return &OrderDetails{CheckoutURL: link}, nil
	})
}

// decodeQRCode reads data.base64QRCodeImage and returns the PNG bytes.
func decodeQRCode(data []byte) ([]byte, error) {
	return decodeAs(data, func(w wire.QrCodeAnswer) ([]byte, error) {
		if w.Data.Base64QRCodeImage == "" {
			return nil, fmt.Errorf("no data.base64QRCodeImage: %w", ErrNoData)
		}
		return DecodePNG(w.Data.Base64QRCodeImage)
	})
}

const pngSignature = "\x89PNG\r\n\x1a\n"

// DecodePNG decodes a base64 PNG as the provider sends it (also accepting a data: URL
// prefix) and checks the PNG signature.
func DecodePNG(b64 string) ([]byte, error) {
	s := strings.TrimSpace(b64)
	if i := strings.Index(s, ";base64,"); strings.HasPrefix(s, "data:") && i >= 0 {
		s = s[i+len(";base64,"):]
	}
	img, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		if img, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return nil, fmt.Errorf("QR image is not base64: %w", err)
		}
	}
	if !bytes.HasPrefix(img, []byte(pngSignature)) {
		return nil, errors.New("QR image is not a PNG")
	}
	return img, nil
}

func decodeESIMInfo(data []byte) ([]ESIMBundle, error) {
	return decodeAs(data, func(w wire.EsimInfoAnswer) ([]ESIMBundle, error) { return eachErr(w.Data.Bundles, esimBundleOf) })
}

func decodeESIMs(data []byte) ([]ESIM, error) {
	return decodeAs(data, func(w wire.EsimListAnswer) ([]ESIM, error) { return eachErr(w.Data.Esims, esimOf) })
}

// eachErr maps a list with a mapping that may fail (a date it cannot read).
func eachErr[W, T any](ws []W, f func(W) (T, error)) ([]T, error) {
	out := make([]T, len(ws))
	for i, w := range ws {
		v, err := f(w)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func esimOf(w wire.Esim) (ESIM, error) {
	at, err := parseDate(&w.ActionDate)
	if err != nil {
		return ESIM{}, err
	}
	bundles, err := eachErr(w.Bundles, esimBundleOf)
	if err != nil {
		return ESIM{}, err
	}
	return ESIM{
		ICCID: w.ICCID, AccountID: w.AccountID, Base64QRCodeImage: w.Base64QRCodeImage,
		LinkOnIphone: w.LinkOnIphone, ActionDate: at, Bundles: bundles,
	}, nil
}

func esimBundleOf(w wire.EsimBundle) (ESIMBundle, error) {
	var dates [3]time.Time
	for i, d := range []*string{&w.AssignmentDatetime, w.StartTime, w.EndTime} {
		t, err := parseDate(d)
		if err != nil {
			return ESIMBundle{}, err
		}
		dates[i] = t
	}
	return ESIMBundle{
		BundleID: w.BundleID, BundleDisplayName: w.BundleDisplayName, Description: w.Description,
		AssignmentDatetime: dates[0], StartTime: dates[1], EndTime: dates[2], BundleState: w.BundleState,
		InitialQuantity: w.InitialQuantity, RemainingQuantity: w.RemainingQuantity, Unlimited: w.Unlimited,
		Countries: countriesOf(w.Countries), RoamingCountries: countriesOf(w.RoamingCountries),
		CanTopup: w.CanTopup, ThirdPartyProvider: w.ThirdPartyProvider, Name: w.Name,
	}, nil
}

// parseDate reads the provider's dates: RFC 3339, or without a zone (taken as UTC). Absent,
// null and "" are the zero time.
func parseDate(s *string) (time.Time, error) {
	if s == nil || *s == "" {
		return time.Time{}, nil
	}
	for _, l := range [...]string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"} {
		if v, err := time.Parse(l, *s); err == nil {
			return v, nil
		}
	}
	return time.Time{}, fmt.Errorf("unrecognised date %q", preview([]byte(*s)))
}

// jsonTime is a date of the SDK's own JSON (ESIM and ESIMBundle, as the CLI writes them):
// read with parseDate's rules, the zero time written as null.
type jsonTime time.Time

func (t *jsonTime) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("date is not a string: %s", preview(b))
	}
	v, err := parseDate(s)
	*t = jsonTime(v)
	return err
}

func (t jsonTime) MarshalJSON() ([]byte, error) {
	if time.Time(t).IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(time.Time(t))
}

// UnmarshalJSON reads an eSIM with the tolerant date rules of parseDate.
func (e *ESIM) UnmarshalJSON(b []byte) error {
	type plain ESIM
	a := struct {
		*plain
		ActionDate jsonTime `json:"actionDate"`
	}{plain: (*plain)(e)}
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	e.ActionDate = time.Time(a.ActionDate)
	return nil
}

// MarshalJSON writes a zero ActionDate as null, as the provider does.
func (e ESIM) MarshalJSON() ([]byte, error) {
	type plain ESIM
	return json.Marshal(struct {
		plain
		ActionDate jsonTime `json:"actionDate"`
	}{plain(e), jsonTime(e.ActionDate)})
}

// UnmarshalJSON reads a bundle on an eSIM with the tolerant date rules of parseDate.
func (b *ESIMBundle) UnmarshalJSON(data []byte) error {
	type plain ESIMBundle
	a := struct {
		*plain
		AssignmentDatetime jsonTime `json:"assignmentDatetime"`
		StartTime          jsonTime `json:"startTime"`
		EndTime            jsonTime `json:"endTime"`
	}{plain: (*plain)(b)}
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	b.AssignmentDatetime, b.StartTime, b.EndTime = time.Time(a.AssignmentDatetime), time.Time(a.StartTime), time.Time(a.EndTime)
	return nil
}

// MarshalJSON writes zero dates as null, as the provider does.
func (b ESIMBundle) MarshalJSON() ([]byte, error) {
	type plain ESIMBundle
	return json.Marshal(struct {
		plain
		AssignmentDatetime jsonTime `json:"assignmentDatetime"`
		StartTime          jsonTime `json:"startTime"`
		EndTime            jsonTime `json:"endTime"`
	}{plain(b), jsonTime(b.AssignmentDatetime), jsonTime(b.StartTime), jsonTime(b.EndTime)})
}
