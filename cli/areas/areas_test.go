package areas_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
)

func TestCountriesAndRegions(t *testing.T) {
	guest := clitest.Guest()
	countries := clitest.Fixtures("listCountries/success")
	regions := clitest.Fixtures("listRegions/success")
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "accent-insensitive filter on a terminal",
			Args:    []string{"countries", "COTE"},
			Opts:    []clitest.Option{clitest.TTY(100), guest, countries},
			WantOut: "CODE  FLAG  COUNTRY\n" + "CI    🇨🇮    Côte d'Ivoire\n",
		},
		{
			Name:    "trimmed filter matching anywhere, piped",
			Args:    []string{"countries", "  nited "},
			Opts:    []clitest.Option{guest, countries},
			WantOut: "AE\tUnited Arab Emirates\n" + "US\tUnited States\n" + "GB\tUnited Kingdom\n",
		},
		{
			Name:    "no session yet: a guest login first, kept for next time",
			Args:    []string{"regions", "oce"},
			Opts:    []clitest.Option{clitest.Fixtures("token.guest/success", "listRegions/success")},
			WantOut: "Oceania\n",
			Check: func(t *testing.T, e *clitest.Env) {
				want, _ := clitest.Tokens(t, "token.guest", "success")
				if s := e.Session(); s.Token != want || s.IsGuest != "true" {
					t.Errorf("session = %+v, want the guest token", s)
				}
			},
		},
		{
			Name:     "nothing matches",
			Args:     []string{"countries", "atlantis"},
			Opts:     []clitest.Option{guest, countries},
			WantCode: 1,
			WantErr:  "unknown country \"atlantis\": no country name contains it\n",
		},
		{
			Name: "every region",
			Args: []string{"regions"},
			Opts: []clitest.Option{clitest.TTY(100), guest, regions},
			WantOut: "Africa\n" + "Asia\n" + "Caribbean\n" + "Europe\n" + "Middle East\n" +
				"North America\n" + "Oceania\n" + "South America\n",
		},
		{
			Name:    "regions filtered",
			Args:    []string{"regions", "AM"},
			Opts:    []clitest.Option{guest, regions},
			WantOut: "North America\n" + "South America\n",
		},
		{
			Name:     "two filters",
			Args:     []string{"regions", "a", "b"},
			WantCode: 2,
			WantErr:  "too many arguments: want at most one FILTER\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
	})
}

func TestCountriesJSON(t *testing.T) {
	e := clitest.New(t, clitest.Guest(), clitest.Fixtures("listCountries/success"))
	if code := e.Run("countries", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := clitest.FixtureJSON(t, "listCountries", "success", 0, "data"); !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
	// A filter applies to --json too.
	e = clitest.New(t, clitest.Guest(), clitest.Fixtures("listCountries/success"))
	if code := e.Run("countries", "reunion", "--json"); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if want := "[\n  {\n    \"name\": \"Réunion\",\n    \"isoCode\": \"RE\"\n  }\n]\n"; e.Out.String() != want {
		t.Errorf("got %q, want %q", e.Out.String(), want)
	}
}
