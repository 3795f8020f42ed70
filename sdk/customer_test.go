package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/cedarsim/esim/contract/vectors"
)

type identityUser struct{ Email, FirstName, LastName string }

func TestCustomerVectors(t *testing.T) {
	vectors.Run(t, "identity", map[string]vectors.Runner{
		"customer": func(t *testing.T, raw json.RawMessage) {
			var c struct {
				Name        string
				Claims      *identityUser
				CurrentUser *identityUser
				Want        *struct {
					Email, FirstName, LastName string
					LookedUp                   bool
				}
			}
			vectors.DecodeCase(t, raw, &c)
			var claims Claims
			claimsErr := errors.New("unreadable token")
			if c.Claims != nil {
				claims, claimsErr = Claims{Email: c.Claims.Email, FirstName: c.Claims.FirstName, LastName: c.Claims.LastName}, nil
			}
			lookedUp := false
			got, err := customerFrom(claims, claimsErr, func() (*CurrentUser, error) {
				lookedUp = true
				if c.CurrentUser == nil {
					return nil, errors.New("current user failed")
				}
				return &CurrentUser{Email: c.CurrentUser.Email, FirstName: c.CurrentUser.FirstName, LastName: c.CurrentUser.LastName}, nil
			})
			if c.Want == nil {
				if err == nil {
					t.Errorf("%s: customer %+v, want an error", c.Name, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			want := CurrentUser{Email: c.Want.Email, FirstName: c.Want.FirstName, LastName: c.Want.LastName}
			if got != want || lookedUp != c.Want.LookedUp {
				t.Errorf("%s: customer %+v (looked up %v), want %+v (looked up %v)", c.Name, got, lookedUp, want, c.Want.LookedUp)
			}
		},
	})
}

func TestCustomerNeedsARegisteredSession(t *testing.T) {
	c, err := NewClient(Options{ClientID: "id", ClientSecret: "secret", GuestUsername: "g", GuestPassword: "p"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Customer(context.Background()); !errors.Is(err, ErrNotLoggedIn) {
		t.Fatalf("err = %v, want ErrNotLoggedIn", err)
	}
}
