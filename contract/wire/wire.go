// Package wire holds the provider's request and answer types, generated from
// contract/openapi.yaml by oapi-codegen (types only; oapi-codegen.yaml) through
// contract/internal/wiregen, which keeps the document's property order as the JSON key
// order. The SDK decodes answers and encodes requests with them, the sandbox answers with
// them and the fixture generator writes the fixtures with them. Regenerate with
// `go tool task gen`; a test fails when wire.gen.go is stale.
package wire

//go:generate go run ../internal/wiregen/cmd -config oapi-codegen.yaml ../openapi.yaml
