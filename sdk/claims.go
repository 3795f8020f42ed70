package sdk

import (
	"fmt"
	"strconv"

	"github.com/golang-jwt/jwt/v5"
)

// ParseClaims decodes an access token's claims WITHOUT verifying its signature: the
// client only reads them for display (who is logged in, until when). Never use them for
// an authorisation decision.
func ParseClaims(accessToken string) (Claims, error) {
	m := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(accessToken, m); err != nil {
		return Claims{}, fmt.Errorf("parse access token claims: %w", err)
	}
	c := Claims{
		Sub:       str(m["sub"]),
		Email:     str(m["email"]),
		FirstName: str(m["first_name"]),
		LastName:  str(m["last_name"]),
	}
	if exp, err := m.GetExpirationTime(); err == nil && exp != nil {
		c.Exp = exp.UTC()
	}
	switch v := m["is_guest"].(type) {
	case bool:
		c.IsGuest = v
	case string:
		c.IsGuest, _ = strconv.ParseBool(v)
	}
	switch c.Role = str(m["role"]); {
	case c.Role != "":
	case c.IsGuest:
		c.Role = RoleGuest
	default:
		c.Role = RoleCustomer
	}
	return c, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
