package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/cedarsim/esim/sdk"
)

// A stand-in for the provider: guest login and the countries list.
func exampleServer() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/connect/token"):
			io.WriteString(w, `{"access_token":"guest-token","refresh_token":"r","token_type":"Bearer","expires_in":3600}`)
		case r.URL.Path == "/api/v1/catalog/countries" && r.Header.Get("Authorization") == "Bearer guest-token":
			io.WriteString(w, `{"data":[{"name":"Lebanon","isoCode":"LB"},{"name":"Turkey","isoCode":"TR"}]}`)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
}

func ExampleCatalogService_Countries() {
	srv := exampleServer()
	defer srv.Close()
	c, err := sdk.NewClient(sdk.Options{
		APIBase:  srv.URL + "/api/v1/",
		ClientID: "shop", ClientSecret: "secret",
		GuestUsername: "guest@shop.example", GuestPassword: "guest-password",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	// No session yet: the client logs in as guest first, as the web shop does.
	countries, err := c.Catalog.Countries(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, country := range countries {
		fmt.Println(country.ISOCode, country.Name)
	}
	s, _ := c.Store().Load(ctx)
	fmt.Println("guest session:", s.IsGuest)
	// Output:
	// LB Lebanon
	// TR Turkey
	// guest session: true
}

func ExampleValidationError() {
	c, _ := sdk.NewClient(sdk.Options{})
	_, err := c.Catalog.Search(context.Background(), []string{"TR", "Turkey"})
	var ve *sdk.ValidationError
	fmt.Println(errors.As(err, &ve), err)
	// Output:
	// true invalid ISO codes "Turkey": is not a two-letter ISO country code
}
