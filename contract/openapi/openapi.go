// Package openapi validates recorded exchanges against the provider's OpenAPI 3.1
// description (contract/openapi.yaml): the one validator, used by the fixture tests and
// the sandbox's answer tests.
package openapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/cedarsim/esim/contract"
)

// Validator checks requests and answers against the document.
type Validator struct {
	doc    *openapi3.T
	router routers.Router
}

// New loads and validates the embedded document.
func New(ctx context.Context) (*Validator, error) {
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromData(contract.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("load openapi.yaml: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi.yaml is not valid: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route openapi.yaml: %w", err)
	}
	return &Validator{doc: doc, router: router}, nil
}

// Doc is the loaded document (read-only).
func (v *Validator) Doc() *openapi3.T { return v.doc }

// Exchange is one request and its answer.
type Exchange struct {
	Request      *http.Request // URL absolute (fixture hosts) or a path on the sandbox origin
	RequestBody  []byte
	Status       int
	Header       http.Header // answer headers
	ResponseBody []byte
}

// Validate checks the request (path, parameters, security, body) and the answer (status
// declared for the operation, content type, body schema).
func (v *Validator) Validate(ctx context.Context, x Exchange) error {
	req := x.Request.Clone(ctx)
	req.Body = io.NopCloser(bytes.NewReader(x.RequestBody))
	req.ContentLength = int64(len(x.RequestBody))
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("%s %s: no operation: %w", req.Method, req.URL, err)
	}
	opts := &openapi3filter.Options{
		AuthenticationFunc:                checkCredential,
		IncludeResponseStatus:             true,
		MultiError:                        true,
		RejectWhenRequestBodyNotSpecified: true,
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	var errs []error
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
		errs = append(errs, fmt.Errorf("request: %w", err))
	}
	// An operation without security must not receive a credential: the client sends none.
	if route.Operation.Security != nil && len(*route.Operation.Security) == 0 && req.Header.Get("Authorization") != "" {
		errs = append(errs, errors.New("request: operation has no security but an Authorization header was sent"))
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: x.Status, Header: x.Header, Options: opts}
	out.SetBodyBytes(x.ResponseBody)
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		errs = append(errs, fmt.Errorf("response %d: %w", x.Status, err))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s %s (%s): %w", req.Method, req.URL.Path, route.Operation.OperationID, errors.Join(errs...))
	}
	return nil
}

// checkCredential checks the form of the credential a security scheme asks for. It does
// not verify tokens: the fixtures carry expired tokens on purpose.
func checkCredential(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	h := in.RequestValidationInput.Request.Header.Get("Authorization")
	switch in.SecuritySchemeName {
	case "bearer":
		tok, ok := strings.CutPrefix(h, "Bearer ")
		if !ok || strings.Count(tok, ".") != 2 {
			return fmt.Errorf("want Authorization: Bearer <JWT>, got %q", redact(h))
		}
		return nil
	case "basic":
		enc, ok := strings.CutPrefix(h, "Basic ")
		if !ok {
			return fmt.Errorf("want Authorization: Basic, got %q", redact(h))
		}
		raw, err := base64.StdEncoding.DecodeString(enc)
		if err != nil {
			return fmt.Errorf("basic credential is not base64: %w", err)
		}
		id, secret, ok := strings.Cut(string(raw), ":")
		if !ok || id == "" || secret == "" {
			return errors.New("basic credential is not id:secret")
		}
		return nil
	}
	return fmt.Errorf("unknown security scheme %q", in.SecuritySchemeName)
}

// redact keeps only the scheme of an Authorization value for error messages.
func redact(h string) string {
	if scheme, _, ok := strings.Cut(h, " "); ok {
		return scheme + " <redacted>"
	}
	if h == "" {
		return ""
	}
	return "<redacted>"
}

// OperationID names the operation a request goes to.
func (v *Validator) OperationID(r *http.Request) (string, error) {
	route, _, err := v.router.FindRoute(r)
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", r.Method, r.URL, err)
	}
	return route.Operation.OperationID, nil
}

// OperationIDs lists every operation of the document.
func (v *Validator) OperationIDs() []string {
	var ids []string
	for _, path := range v.doc.Paths.InMatchingOrder() {
		for _, op := range v.doc.Paths.Value(path).Operations() {
			ids = append(ids, op.OperationID)
		}
	}
	sort.Strings(ids)
	return ids
}
