// Package wire holds the provider's answer and request types, generated from
// contract/openapi.yaml by oapi-codegen (types only; oapi-codegen.yaml). The sandbox and
// the fixture generator use them; the SDK keeps its own public types and a test maps every
// field of these onto them. Regenerate with `go tool task gen`; a test fails when
// wire.gen.go is stale.
package wire

//go:generate go tool oapi-codegen -config oapi-codegen.yaml ../openapi.yaml
