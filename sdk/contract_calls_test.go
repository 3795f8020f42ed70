// The contract tests' tables: the SDK call each fixture call is made with, and what each
// scenario's answer must decode to.

package sdk

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// contractCalls exercises every fixture call through the SDK, with inputs read from the
// fixture. The coverage test checks this table against fixtures.All().
func contractCalls() map[string]func(ctx context.Context, c *Client, x fx) (any, error) {
	return map[string]func(ctx context.Context, c *Client, x fx) (any, error){
		"token.guest": func(ctx context.Context, c *Client, x fx) (any, error) { return c.Auth.GuestLogin(ctx) },
		"token.refresh": func(ctx context.Context, c *Client, x fx) (any, error) {
			return c.Auth.Refresh(ctx, x.form().Get("refresh_token"))
		},
		"token.otp": func(ctx context.Context, c *Client, x fx) (any, error) {
			return c.Auth.ExchangeOTP(ctx, x.form().Get("username"), x.form().Get("password"))
		},
		"getCurrentUser": func(ctx context.Context, c *Client, x fx) (any, error) { return c.Users.CurrentUser(ctx) },
		"sendOtp": func(ctx context.Context, c *Client, x fx) (any, error) {
			if x.seg(-1) == "true" {
				return c.Users.SendLoginCode(ctx, x.seg(-2))
			}
			var f SignupForm
			x.json(&f)
			return c.Users.SendSignupCode(ctx, f)
		},
		"verifyOtp": func(ctx context.Context, c *Client, x fx) (any, error) {
			var b struct{ OTP, CaptchaToken string }
			x.json(&b)
			return c.Users.VerifyCode(ctx, x.seg(-1), b.OTP, b.CaptchaToken)
		},
		"listCountries":          func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.Countries(ctx) },
		"listRegions":            func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.Regions(ctx) },
		"listSpecialBundles":     func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.SpecialBundles(ctx) },
		"listAreaBundles":        func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.AreaBundles(ctx, x.seg(-1)) },
		"listAreaBundles.global": func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.AreaBundles(ctx, x.seg(-1)) },
		"listAreaBundles.topup": func(ctx context.Context, c *Client, x fx) (any, error) {
			p, _ := strconv.Atoi(x.query("provider"))
			return c.Catalog.TopupBundles(ctx, x.seg(-1), x.query("iccid"), p)
		},
		"searchBundles": func(ctx context.Context, c *Client, x fx) (any, error) {
			return c.Catalog.Search(ctx, strings.Split(x.seg(-1), ","))
		},
		"getBundle": func(ctx context.Context, c *Client, x fx) (any, error) { return c.Catalog.Bundle(ctx, x.seg(-1)) },
		"listCountries.areaList": func(ctx context.Context, c *Client, x fx) (any, error) {
			return c.Catalog.AreaList(ctx, strings.Join(x.segs(), "/"))
		},
		"topupBundleSelected": func(ctx context.Context, c *Client, x fx) (any, error) {
			p, _ := strconv.Atoi(x.seg(-1))
			return c.Catalog.TopupBundleSelected(ctx, x.seg(-3), x.seg(-2), p)
		},
		"createOrder": func(ctx context.Context, c *Client, x fx) (any, error) { return c.Orders.Create(ctx) },
		"deleteOrder": func(ctx context.Context, c *Client, x fx) (any, error) { return nil, c.Orders.Delete(ctx, x.seg(-1)) },
		"addOrderDetails": func(ctx context.Context, c *Client, x fx) (any, error) {
			var b struct {
				Order []struct {
					ServiceItemID string `json:"ServiceItemId"`
				}
			}
			x.json(&b)
			if len(b.Order) == 0 {
				x.t.Fatal("no order line in the fixture")
			}
			return c.Orders.AddDetails(ctx, x.seg(-3), x.seg(-2), b.Order[0].ServiceItemID)
		},
		"checkEsim": func(ctx context.Context, c *Client, x fx) (any, error) {
			return c.ESIMCheck.Check(ctx, x.seg(-2), x.seg(-1))
		},
		"canPurchase": func(ctx context.Context, c *Client, x fx) (any, error) {
			var b struct{ BundleID, UserEmail string }
			x.json(&b)
			return c.Support.CanPurchase(ctx, b.BundleID, b.UserEmail)
		},
		"contactUs": func(ctx context.Context, c *Client, x fx) (any, error) {
			var f ContactForm
			x.json(&f)
			return nil, c.Support.ContactUs(ctx, f)
		},
		"getQrCode":        func(ctx context.Context, c *Client, x fx) (any, error) { return c.ESIMs.QRCode(ctx, x.seg(-2)) },
		"getEsimInfo":      func(ctx context.Context, c *Client, x fx) (any, error) { return c.ESIMs.Info(ctx, x.seg(-2)) },
		"listEsimsByEmail": func(ctx context.Context, c *Client, x fx) (any, error) { return c.ESIMs.ByEmail(ctx, x.seg(-1)) },
		"pushLogs": func(ctx context.Context, c *Client, x fx) (any, error) {
			var b struct {
				Streams []struct {
					Stream struct{ Container, Job, Level string }
					Values [][2]string
				}
			}
			x.json(&b)
			if len(b.Streams) == 0 || len(b.Streams[0].Values) == 0 {
				x.t.Fatal("no log line in the fixture")
			}
			s := b.Streams[0]
			ns, err := strconv.ParseInt(s.Values[0][0], 10, 64)
			if err != nil {
				x.t.Fatal(err)
			}
			return nil, c.Logs.Push(ctx, LogLine{Container: s.Stream.Container, Job: s.Stream.Job, Level: s.Stream.Level,
				Message: s.Values[0][1], Time: time.Unix(0, ns)})
		},
	}
}

// contractExpect says what each scenario means for the caller (the default: no error).
func contractExpect() map[string]func(t *testing.T, c *Client, v any, err error) {
	noErr := func(check func(t *testing.T, v any)) func(t *testing.T, c *Client, v any, err error) {
		return func(t *testing.T, c *Client, v any, err error) {
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if check != nil {
				check(t, v)
			}
		}
	}
	is := func(pred func(error) bool) func(t *testing.T, c *Client, v any, err error) {
		return func(t *testing.T, c *Client, v any, err error) {
			if err == nil || !pred(err) {
				t.Fatalf("err = %v", err)
			}
		}
	}
	return map[string]func(t *testing.T, c *Client, v any, err error){
		"token.guest/success": noErr(func(t *testing.T, v any) {
			if tok := v.(*Token); !tok.Claims.IsGuest || tok.RefreshToken == "" {
				t.Errorf("guest token claims = %+v", tok.Claims)
			}
		}),
		"token.refresh/rejected": is(func(err error) bool { return IsBadRequest(err) }),
		"token.otp/success": noErr(func(t *testing.T, v any) {
			if c := v.(*Token).Claims; c.IsGuest || c.Email == "" || c.FirstName == "" || c.Exp.IsZero() {
				t.Errorf("claims = %+v", c)
			}
		}),
		"getCurrentUser/success": noErr(func(t *testing.T, v any) {
			if u := v.(*CurrentUser); u.Email == "" || u.FirstName == "" {
				t.Errorf("user = %+v", u)
			}
		}),
		"getCurrentUser/refresh-rejected": func(t *testing.T, c *Client, v any, err error) {
			if !errors.Is(err, ErrSessionExpired) {
				t.Fatalf("err = %v", err)
			}
			if s, _ := c.store.Load(context.Background()); s != (Session{}) {
				t.Errorf("session not cleared: %+v", s)
			}
		},
		"sendOtp/validation-error":    is(func(err error) bool { return IsStatus(err, 400) }),
		"sendOtp/server-error":        is(func(err error) bool { e, ok := asAPIError(err); return ok && e.Status >= 500 && e.Detail != "" }),
		"sendOtp/login-unknown-email": is(IsNotFound),
		"verifyOtp/conflict":          is(IsConflict),
		"verifyOtp/invalid-captcha":   is(IsInvalidCaptcha),
		"verifyOtp/invalid-otp":       is(IsInvalidOTP),
		"verifyOtp/account-locked":    is(IsAccountLocked),
		"verifyOtp/bad-request": is(func(err error) bool {
			return IsBadRequest(err) && !IsInvalidOTP(err) && !IsInvalidCaptcha(err) && !IsAccountLocked(err)
		}),
		"verifyOtp/server-error":      is(func(err error) bool { return IsStatus(err, 500) }),
		"verifyOtp/too-many-requests": is(func(err error) bool { return IsStatus(err, 429) }),
		"sendOtp/too-many-requests":   is(func(err error) bool { return IsStatus(err, 429) }),
		"verifyOtp/success": noErr(func(t *testing.T, v any) {
			if o := v.(*OTPVerification); o.Username == "" || o.OneTimeLoginPassword == "" {
				t.Errorf("%+v", o)
			}
		}),
		"topupBundleSelected/refused":               is(IsNotFound),
		"topupBundleSelected/forbidden":             is(IsForbidden),
		"listAreaBundles.topup/forbidden":           is(IsForbidden),
		"listEsimsByEmail/forbidden-guest":          is(IsForbidden),
		"listEsimsByEmail/forbidden-other-customer": is(IsForbidden),
		"getQrCode/forbidden":                       is(IsForbidden),
		"getEsimInfo/forbidden":                     is(IsForbidden),
		"checkEsim/forbidden":                       is(IsForbidden),
		"deleteOrder/forbidden":                     is(IsForbidden),
		"addOrderDetails/forbidden":                 is(IsForbidden),
		"canPurchase/forbidden":                     is(IsForbidden),
		"topupBundleSelected/success": noErr(func(t *testing.T, v any) {
			if validateGUID("id", v.(*Bundle).ID) != nil {
				t.Errorf("bundle id %q", v.(*Bundle).ID)
			}
		}),
		"getBundle/success": noErr(func(t *testing.T, v any) {
			if b := v.(*Bundle); b.BusinessTitle == "" || b.Price <= 0 {
				t.Errorf("%+v", b)
			}
		}),
		"createOrder/existing":      noErr(func(t *testing.T, v any) { wantTrue(t, !v.(*Order).NewlyCreated) }),
		"createOrder/newly-created": noErr(func(t *testing.T, v any) { wantTrue(t, v.(*Order).NewlyCreated) }),
		"addOrderDetails/success": noErr(func(t *testing.T, v any) {
			wantTrue(t, strings.HasPrefix(v.(*OrderDetails).CheckoutURL, "https://"))
		}),
		"checkEsim/can-continue":    noErr(func(t *testing.T, v any) { wantTrue(t, v == true) }),
		"checkEsim/cannot-continue": noErr(func(t *testing.T, v any) { wantTrue(t, v == false) }),
		"canPurchase/allowed":       noErr(func(t *testing.T, v any) { wantTrue(t, v.(*PurchaseCheck).CanContinue) }),
		"canPurchase/refused": noErr(func(t *testing.T, v any) {
			p := v.(*PurchaseCheck)
			wantTrue(t, !p.CanContinue && p.Reason != "")
		}),
		"listEsimsByEmail/empty": noErr(func(t *testing.T, v any) { wantTrue(t, v.([]ESIM) != nil && len(v.([]ESIM)) == 0) }),
		"listEsimsByEmail/success": noErr(func(t *testing.T, v any) {
			l := v.([]ESIM)
			wantTrue(t, len(l) > 0 && validateICCID(l[0].ICCID) == nil && !l[0].ActionDate.IsZero() && len(l[0].Bundles) > 0)
		}),
		"getEsimInfo/success": noErr(func(t *testing.T, v any) {
			l := v.([]ESIMBundle)
			wantTrue(t, len(l) > 0 && l[0].DisplayName() != "" && l[0].BundleState != "" && !l[0].AssignmentDatetime.IsZero())
		}),
		"getQrCode/success": noErr(func(t *testing.T, v any) { wantTrue(t, bytes.HasPrefix(v.([]byte), []byte(pngSignature))) }),
		"listCountries/success": noErr(func(t *testing.T, v any) {
			l := v.([]Country)
			wantTrue(t, len(l) > 0 && len(l[0].ISOCode) == 2 && l[0].Name != "")
		}),
		"listAreaBundles/success": noErr(func(t *testing.T, v any) {
			l := v.([]Bundle)
			wantTrue(t, len(l) > 0 && l[0].ID != "" && l[0].Name != "" && l[0].DurationInDays > 0 && len(l[0].FlagsCodes) > 0)
		}),
		"listSpecialBundles/success": noErr(func(t *testing.T, v any) {
			l := v.([]Bundle)
			wantTrue(t, len(l) > 0 && l[0].Group != "" && l[0].GroupIconCode != "")
		}),
	}
}

func wantTrue(t *testing.T, ok bool) {
	t.Helper()
	if !ok {
		t.Error("decoded answer does not match the scenario")
	}
}
