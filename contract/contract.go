// Package contract is the provider contract in one place: the OpenAPI description
// (openapi.yaml), the contract constants (constants.json, as the generated constants of
// this package), the shared test vectors (vectors/), the HAR format and key rule (har/) and
// the one OpenAPI validator (openapi/). TypeScript imports the same JSON files. See
// docs/contract.md for the layout and how generation works.
package contract

//go:generate go run ./internal/constgen constants.json constants.go
//go:generate go run ./internal/opsgen openapi.yaml operations.json

import (
	"bytes"
	_ "embed"
	"regexp"
	"strconv"
)

//go:embed openapi.yaml
var openAPI []byte

// OpenAPI returns the raw OpenAPI 3.1 document (a copy).
func OpenAPI() []byte { return bytes.Clone(openAPI) }

// ProblemType is the `type` of a problem+json answer with the given status: the RFC 9110
// link of the status (ProblemTypeBase + status), everywhere (fixtures, sandbox, replay).
func ProblemType(status int) string { return ProblemTypeBase + strconv.Itoa(status) }

var operationIDLine = regexp.MustCompile(`(?m)^\s+operationId:\s*([A-Za-z][A-Za-z0-9]*)\s*$`)

// OperationIDs lists the operationIds of openapi.yaml in document order: the call names of
// the project (docs/contract.md "Call names"). It reads the lines of the embedded document,
// so a binary gets the names without a YAML parser; contract/openapi's tests check them
// against the parsed document.
func OperationIDs() []string {
	var ids []string
	for _, m := range operationIDLine.FindAllSubmatch(openAPI, -1) {
		ids = append(ids, string(m[1]))
	}
	return ids
}
