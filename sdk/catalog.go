package sdk

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/cedarsim/esim/sdk/numerals"
)

// get runs a GET on the API base and decodes the answer.
func get[T any](ctx context.Context, c *Client, call, path string, q url.Values, auth authMode, decode func([]byte) (T, error)) (T, error) {
	var zero T
	r, err := c.newRequest(call, http.MethodGet, c.apiBase, path, q, auth)
	if err != nil {
		return zero, err
	}
	return run(ctx, c, r, decode)
}

func run[T any](ctx context.Context, c *Client, r *request, decode func([]byte) (T, error)) (T, error) {
	var zero T
	body, err := c.do(ctx, r)
	if err != nil {
		return zero, err
	}
	v, err := decode(body)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", r.call, err)
	}
	return v, nil
}

// Countries lists the destination countries.
func (s *CatalogService) Countries(ctx context.Context) ([]Country, error) {
	return get(ctx, s.client, "listCountries", "catalog/countries", nil, authPublic, decodeCountries)
}

// Regions lists the destination regions.
func (s *CatalogService) Regions(ctx context.Context) ([]Region, error) {
	return get(ctx, s.client, "listRegions", "catalog/regions", nil, authPublic, decodeRegions)
}

// SpecialBundles lists the special bundles with their group and groupIconCode.
func (s *CatalogService) SpecialBundles(ctx context.Context) ([]Bundle, error) {
	return get(ctx, s.client, "listSpecialBundles", "catalog/bundles/special", nil, authPublic, decodeBundles)
}

// AreaBundles lists the bundles of one area: an ISO code, a region name or "global".
func (s *CatalogService) AreaBundles(ctx context.Context, area string) ([]Bundle, error) {
	if err := required("area", area); err != nil {
		return nil, err
	}
	call := "listAreaBundles"
	if strings.EqualFold(area, "global") {
		call = "listAreaBundles.global"
	}
	p, err := pathf("catalog/bundles/%s", area)
	if err != nil {
		return nil, err
	}
	return get(ctx, s.client, call, p, nil, authPublic, decodeBundles)
}

// TopupBundles lists the bundles that can top up an eSIM whose origin is the given area.
func (s *CatalogService) TopupBundles(ctx context.Context, origin, iccid string, provider int) ([]Bundle, error) {
	if err := required("origin", origin); err != nil {
		return nil, err
	}
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return nil, err
	}
	if err := validateProvider(provider); err != nil {
		return nil, err
	}
	p, err := pathf("catalog/bundles/%s", origin)
	if err != nil {
		return nil, err
	}
	q := url.Values{"iccid": {iccid}, "provider": {strconv.Itoa(provider)}}
	// The top-up list reads an eSIM: it needs the customer's session and carries its bearer
	// (docs/contract.md, authorization model), although its path is bearer-exempt.
	return get(ctx, s.client, "listAreaBundles.topup", p, q, authPrivate, decodeBundles)
}

// Search lists the bundles covering the given countries (two-letter ISO codes).
func (s *CatalogService) Search(ctx context.Context, codes []string) ([]Bundle, error) {
	codes, err := isoCodes("ISO codes", codes)
	if err != nil {
		return nil, err
	}
	// Codes are two letters each, so the comma-joined segment needs no escaping; the
	// commas stay literal as in the web shop.
	return get(ctx, s.client, "searchBundles", "catalog/search_bundles/"+strings.Join(codes, ","), nil, authPublic, decodeBundles)
}

// Bundle returns one bundle by its id (a GUID).
func (s *CatalogService) Bundle(ctx context.Context, id string) (*Bundle, error) {
	if err := validateGUID("bundle id", id); err != nil {
		return nil, err
	}
	p, err := pathf("catalog/bundle/%s", id)
	if err != nil {
		return nil, err
	}
	return get(ctx, s.client, "getBundle", p, nil, authPublic, decodeBundle)
}

// AreaList reads a caller-supplied area-list endpoint, a path relative to the API base
// such as "catalog/countries" (a query is allowed).
func (s *CatalogService) AreaList(ctx context.Context, endpoint string) ([]Area, error) {
	if err := required("endpoint", endpoint); err != nil {
		return nil, err
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || strings.HasPrefix(u.Path, "/") || u.Path == "" {
		return nil, &ValidationError{Field: "endpoint", Value: endpoint, Reason: "must be a path relative to the API base, such as catalog/countries"}
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if seg == "." || seg == ".." {
			return nil, &ValidationError{Field: "endpoint", Value: endpoint, Reason: "must not contain . or .. segments"}
		}
	}
	return get(ctx, s.client, "listCountries.areaList", u.EscapedPath(), u.Query(), authPublic, decodeAreas)
}

// TopupBundleSelected asks which bundle tops up the eSIM with the chosen plan; the
// answer's id is the cart's bundle id. A status other than 200 is an *APIError.
func (s *CatalogService) TopupBundleSelected(ctx context.Context, iccid, bundleName string, provider int) (*Bundle, error) {
	iccid = numerals.ASCII(iccid) // typed on an Arabic or Persian keyboard
	if err := validateICCID(iccid); err != nil {
		return nil, err
	}
	if err := required("bundle name", bundleName); err != nil {
		return nil, err
	}
	if err := validateProvider(provider); err != nil {
		return nil, err
	}
	p, err := pathf("catalog/topup_bundle_selected/%s/%s/%s", iccid, bundleName, strconv.Itoa(provider))
	if err != nil {
		return nil, err
	}
	c := s.client
	r, err := c.newRequest("topupBundleSelected", http.MethodGet, c.apiBase, p, nil, authPrivate)
	if err != nil {
		return nil, err
	}
	r.only200 = true
	return run(ctx, c, r, decodeTopupSelected)
}
