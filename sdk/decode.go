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
)

// Response decoders, one per answer shape of docs/contract.md. They take the raw body
// and never panic; FuzzDecode runs them on arbitrary bytes.

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

type listAnswer[T any] struct {
	Data []T `json:"data"`
}

// decodeList reads {"data":[...]}; a missing or null list is an empty one.
func decodeList[T any](data []byte) ([]T, error) {
	var a listAnswer[T]
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data == nil {
		a.Data = []T{}
	}
	return a.Data, nil
}

func decodeCountries(data []byte) ([]Country, error) { return decodeList[Country](data) }
func decodeRegions(data []byte) ([]Region, error)    { return decodeList[Region](data) }
func decodeAreas(data []byte) ([]Area, error)        { return decodeList[Area](data) }
func decodeBundles(data []byte) ([]Bundle, error)    { return decodeList[Bundle](data) }

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
	var a struct {
		Data struct {
			Data []Bundle `json:"data"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if len(a.Data.Data) == 0 || a.Data.Data[0].ID == "" {
		return nil, fmt.Errorf("no bundle id in data.data[0]: %w", ErrNoData)
	}
	return &a.Data.Data[0], nil
}

type tokenAnswer struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	ExpiresIn    int64  `json:"expires_in"`
}

// decodeToken reads a connect/token answer. Claims are decoded best effort: an opaque
// (non-JWT) access token is valid OAuth and leaves Claims zero.
func decodeToken(data []byte) (*Token, error) {
	var a tokenAnswer
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.AccessToken == "" {
		return nil, fmt.Errorf("no access_token: %w", ErrNoData)
	}
	t := &Token{AccessToken: a.AccessToken, RefreshToken: a.RefreshToken, ExpiresIn: a.ExpiresIn}
	t.Claims, _ = ParseClaims(a.AccessToken)
	return t, nil
}

func decodeCurrentUser(data []byte) (*CurrentUser, error) {
	var a struct {
		Data struct {
			Data *CurrentUser `json:"data"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.Data == nil {
		return nil, fmt.Errorf("no user in data.data: %w", ErrNoData)
	}
	return a.Data.Data, nil
}

func decodeOTPSent(data []byte) (*OTPSent, error) {
	var a struct {
		Status int `json:"status"`
		Data   struct {
			UserID string `json:"userId"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.UserID == "" {
		return nil, fmt.Errorf("no data.userId: %w", ErrNoData)
	}
	return &OTPSent{Status: a.Status, UserID: a.Data.UserID}, nil
}

func decodeOTPVerification(data []byte) (*OTPVerification, error) {
	var a struct {
		Data struct {
			Username             string `json:"username"`
			OneTimeLoginPassword string `json:"oneTimeLoginPassword"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.Username == "" || a.Data.OneTimeLoginPassword == "" {
		return nil, fmt.Errorf("no data.username or data.oneTimeLoginPassword: %w", ErrNoData)
	}
	return &OTPVerification{Username: a.Data.Username, OneTimeLoginPassword: a.Data.OneTimeLoginPassword}, nil
}

func decodePurchaseCheck(data []byte) (*PurchaseCheck, error) {
	var a struct {
		Data *struct {
			CanContinue *bool  `json:"canContinue"`
			Reason      string `json:"reason"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data == nil || a.Data.CanContinue == nil {
		return nil, fmt.Errorf("no data.canContinue: %w", ErrNoData)
	}
	return &PurchaseCheck{CanContinue: *a.Data.CanContinue, Reason: a.Data.Reason}, nil
}

// decodeESIMCheck reads data.data.canContinue of the external eSIM check.
func decodeESIMCheck(data []byte) (bool, error) {
	var a struct {
		Data struct {
			Data struct {
				CanContinue *bool `json:"canContinue"`
			} `json:"data"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return false, err
	}
	if a.Data.Data.CanContinue == nil {
		return false, fmt.Errorf("no data.data.canContinue: %w", ErrNoData)
	}
	return *a.Data.Data.CanContinue, nil
}

func decodeOrder(data []byte) (*Order, error) {
	var a struct {
		Data struct {
			OrderID      string `json:"orderId"`
			NewlyCreated bool   `json:"newlyCreated"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.OrderID == "" {
		return nil, fmt.Errorf("no data.orderId: %w", ErrNoData)
	}
	return &Order{OrderID: a.Data.OrderID, NewlyCreated: a.Data.NewlyCreated}, nil
}

// decodeOrderDetails reads data.checkoutURL and insists on an absolute http(s) URL: the
// customer is sent there.
func decodeOrderDetails(data []byte) (*OrderDetails, error) {
	var a struct {
		Data struct {
			CheckoutURL string `json:"checkoutURL"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.CheckoutURL == "" {
		return nil, fmt.Errorf("no data.checkoutURL: %w", ErrNoData)
	}
	u, err := url.Parse(a.Data.CheckoutURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("data.checkoutURL is not an absolute http(s) URL")
	}
	return &OrderDetails{CheckoutURL: a.Data.CheckoutURL}, nil
}

// decodeQRCode reads data.base64QRCodeImage and returns the PNG bytes.
func decodeQRCode(data []byte) ([]byte, error) {
	var a struct {
		Data struct {
			Image string `json:"base64QRCodeImage"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.Image == "" {
		return nil, fmt.Errorf("no data.base64QRCodeImage: %w", ErrNoData)
	}
	return DecodePNG(a.Data.Image)
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
	var a struct {
		Data struct {
			Bundles []ESIMBundle `json:"bundles"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.Bundles == nil {
		a.Data.Bundles = []ESIMBundle{}
	}
	return a.Data.Bundles, nil
}

func decodeESIMs(data []byte) ([]ESIM, error) {
	var a struct {
		Data struct {
			ESIMs []ESIM `json:"esims"`
		} `json:"data"`
	}
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if a.Data.ESIMs == nil {
		a.Data.ESIMs = []ESIM{}
	}
	return a.Data.ESIMs, nil
}

// jsonTime reads the provider's dates: RFC 3339, or without a zone (taken as UTC); null
// and "" are the zero time. It writes the zero time as null.
type jsonTime time.Time

func (t *jsonTime) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = jsonTime{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("date is not a string: %s", preview(b))
	}
	if s == "" {
		*t = jsonTime{}
		return nil
	}
	for _, l := range [...]string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"} {
		if v, err := time.Parse(l, s); err == nil {
			*t = jsonTime(v)
			return nil
		}
	}
	return fmt.Errorf("unrecognised date %q", preview([]byte(s)))
}

func (t jsonTime) MarshalJSON() ([]byte, error) {
	if time.Time(t).IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(time.Time(t))
}

// UnmarshalJSON reads an eSIM with the tolerant date rules of jsonTime.
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

// UnmarshalJSON reads a bundle on an eSIM with the tolerant date rules of jsonTime.
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
