package catalog

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk"
)

var countries = []sdk.Country{
	{Name: "Turkey", ISOCode: "TR"}, {Name: "Lebanon", ISOCode: "LB"}, {Name: "Côte d'Ivoire", ISOCode: "CI"},
	{Name: "United Arab Emirates", ISOCode: "AE"}, {Name: "United Kingdom", ISOCode: "GB"},
}

func TestResolveCountry(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{"TR", "TR", ""},
		{"tr", "TR", ""},
		{" turkey ", "TR", ""},
		{"cote d'ivoire", "CI", ""},
		{"turk", "TR", ""},
		{"united", "", `unknown country "united": did you mean United Arab Emirates (AE), United Kingdom (GB)?`},
		{"XX", "", `unknown country "XX": see 'esim countries'`},
		{"", "", `unknown country "": see 'esim countries'`},
	}
	for _, tt := range tests {
		got, err := ResolveCountry(countries, tt.in)
		var nf *cmdutil.NotFoundError
		switch {
		case tt.wantErr != "":
			if !errors.As(err, &nf) || err.Error() != tt.wantErr {
				t.Errorf("%q: err = %v, want %q", tt.in, err, tt.wantErr)
			}
		case err != nil || got.ISOCode != tt.want:
			t.Errorf("%q = %+v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

type fakeSource struct{ calls int }

func (f *fakeSource) Countries(context.Context) ([]sdk.Country, error) {
	f.calls++
	return countries, nil
}
func (f *fakeSource) Regions(context.Context) ([]sdk.Region, error) { return nil, errors.New("down") }

func TestCacheExpires(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := Cache{Dir: t.TempDir(), Now: func() time.Time { return now }}
	src := &fakeSource{}
	for range 2 {
		if _, err := c.Countries(context.Background(), src); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(TTL + time.Minute)
	if _, err := c.Countries(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if src.calls != 2 {
		t.Errorf("fetched %d times, want 2 (cached, then expired)", src.calls)
	}
	if _, err := c.Regions(context.Background(), src); err == nil {
		t.Error("a failed fetch gave no error")
	}
}
