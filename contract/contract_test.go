package contract

import (
	"bytes"
	"testing"
)

func TestProblemType(t *testing.T) {
	for _, c := range []struct {
		status int
		want   string
	}{
		{400, "https://www.rfc-editor.org/rfc/rfc9110#status.400"},
		{403, "https://www.rfc-editor.org/rfc/rfc9110#status.403"},
		{429, "https://www.rfc-editor.org/rfc/rfc9110#status.429"},
		{500, "https://www.rfc-editor.org/rfc/rfc9110#status.500"},
	} {
		if got := ProblemType(c.status); got != c.want {
			t.Errorf("ProblemType(%d) = %q, want %q", c.status, got, c.want)
		}
	}
}

func TestOpenAPIIsACopy(t *testing.T) {
	a := OpenAPI()
	if !bytes.HasPrefix(a, []byte("openapi: 3.1")) {
		t.Fatalf("OpenAPI() starts %q", a[:20])
	}
	a[0] = 'X'
	if OpenAPI()[0] != 'o' {
		t.Fatal("OpenAPI() shares its bytes")
	}
}
