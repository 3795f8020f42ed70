package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/cedarsim/esim/contract"
)

// TestOperationsUpToDate fails when contract/operations.json does not match openapi.yaml.
func TestOperationsUpToDate(t *testing.T) {
	want, err := generate(contract.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../operations.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("contract/operations.json is stale: run `go tool task gen` (or `go generate ./contract`)")
	}
}

// TestOperations pins a route of each service and that every operationId is there.
func TestOperations(t *testing.T) {
	b, err := generate(contract.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Operations map[string]Route }
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]Route{
		"searchBundles": {"GET", "catalog/search_bundles/{isoCodes}", "api"},
		"token":         {"POST", "connect/token", "api"},
		"contactUs":     {"POST", "support/contact-us", "support"},
		"checkEsim":     {"GET", "esims/check/{bundleName}/{iccId}", "esimcheck"},
		"pushLogs":      {"POST", "", "logs"},
		"deleteOrder":   {"DELETE", "orderfulfillment/orders/{orderId}", "api"},
	} {
		if got.Operations[id] != want {
			t.Errorf("%s: %+v, want %+v", id, got.Operations[id], want)
		}
	}
	if ids := slices.Sorted(maps.Keys(got.Operations)); !slices.Equal(ids, slices.Sorted(slices.Values(contract.OperationIDs()))) {
		t.Errorf("operations %v, document %v", ids, contract.OperationIDs())
	}
}

func TestLocateRefusesAnUnknownServer(t *testing.T) {
	if _, _, err := locate("https://elsewhere.test/v1", "/x"); err == nil {
		t.Fatal("an unknown server was accepted")
	}
}
