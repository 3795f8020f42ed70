package vectors

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestRaw(t *testing.T) {
	b, err := Raw("format")
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatal("format vector is not JSON")
	}
	for _, bad := range []string{"", "nope", "../constants", "vectors/format"} {
		if _, err := Raw(bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("Raw(%q) err = %v, want ErrNotFound", bad, err)
		}
	}
}
