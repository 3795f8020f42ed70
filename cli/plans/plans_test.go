package plans_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
	"github.com/charmbracelet/lipgloss"
)

const usage = "Run 'esim --help' (or add --help to the command) for usage.\n"

func TestPlans(t *testing.T) {
	tty := clitest.TTY(200)
	guest := clitest.Guest()
	clitest.RunCases(t, []clitest.Case{
		{
			Name: "country search on a terminal",
			Args: []string{"plans", "--country", "tr, LB"},
			Opts: []clitest.Option{tty, guest, clitest.Fixtures("listCountries/success", "searchBundles/success")},
			WantOut: "" +
				"ID                                    NAME         FLAG  PLAN                     DATA       VALIDITY  PRICE      COVERAGE\n" +
				"cfb611b1-c74c-526f-86d3-dd85f74a320d  TR_1GB_7D    🇹🇷    Turkey 1GB 7 Days        1 GB       7 Days    4.50 USD   -\n" +
				"5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6  TR_5GB_30D   🇹🇷    Turkey 5GB 30 Days       5 GB       30 Days   13.00 USD  -\n" +
				"eab605a0-3a19-57d1-93b6-da4bed388ccf  TR_10GB_30D  🇹🇷    Turkey 10GB 30 Days      10 GB      30 Days   21.99 USD  -\n" +
				"7bfcfe5f-29c6-5446-adea-e7034bb6c57d  TR_UNL_7D    🇹🇷    Turkey Unlimited 7 Days  Unlimited  7 Days    29.00 USD  -\n" +
				"246d9777-6414-5d4a-bf6a-42562759deed  LB_500MB_1D  🇱🇧    Lebanon 500MB 1 Day      500 MB     1 Day     2.00 USD   -\n" +
				"14f59074-7c8f-50a7-baa2-80889dffbecb  LB_3GB_30D   🇱🇧    Lebanon 3GB 30 Days      3 GB       30 Days   12.50 USD  -\n",
		},
		{
			Name: "country search piped",
			Args: []string{"plans", "-c", "TR,LB"},
			Opts: []clitest.Option{guest, clitest.Fixtures("listCountries/success", "searchBundles/success")},
			WantOut: "" +
				"cfb611b1-c74c-526f-86d3-dd85f74a320d\tTR_1GB_7D\tTR\tTurkey 1GB 7 Days\t1 GB\t7 Days\t4.50 USD\t-\n" +
				"5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6\tTR_5GB_30D\tTR\tTurkey 5GB 30 Days\t5 GB\t30 Days\t13.00 USD\t-\n" +
				"eab605a0-3a19-57d1-93b6-da4bed388ccf\tTR_10GB_30D\tTR\tTurkey 10GB 30 Days\t10 GB\t30 Days\t21.99 USD\t-\n" +
				"7bfcfe5f-29c6-5446-adea-e7034bb6c57d\tTR_UNL_7D\tTR\tTurkey Unlimited 7 Days\tUnlimited\t7 Days\t29.00 USD\t-\n" +
				"246d9777-6414-5d4a-bf6a-42562759deed\tLB_500MB_1D\tLB\tLebanon 500MB 1 Day\t500 MB\t1 Day\t2.00 USD\t-\n" +
				"14f59074-7c8f-50a7-baa2-80889dffbecb\tLB_3GB_30D\tLB\tLebanon 3GB 30 Days\t3 GB\t30 Days\t12.50 USD\t-\n",
		},
		{
			Name: "special offers grouped",
			Args: []string{"plans", "--special"},
			Opts: []clitest.Option{tty, guest, clitest.Fixtures("listSpecialBundles/success")},
			WantOut: "" +
				"ID                                    NAME               FLAG            PLAN                        DATA   VALIDITY  PRICE      COVERAGE   GROUP\n" +
				"66cbb2d8-2206-5cfc-a49c-e2b8ba1ce861  HAJJ_5GB_15D       haj             Hajj & Umrah 5GB 15 Days    5 GB   15 Days   15.00 USD  1 country  Hajj & Umrah\n" +
				"0e7f703b-b36b-561f-a0fa-92d414b988b6  HAJJ_20GB_30D      haj             Hajj & Umrah 20GB 30 Days   20 GB  30 Days   39.00 USD  1 country  Hajj & Umrah\n" +
				"5bfe7b0e-962f-58a3-8c4f-b53370af3227  PARIS2024_5GB_15D  paris-olympics  Paris Olympics 5GB 15 Days  5 GB   15 Days   12.00 USD  1 country  Paris Olympics\n",
		},
		{
			Name:     "unknown region",
			Args:     []string{"plans", "--region", " TR "},
			Opts:     []clitest.Option{guest, clitest.Fixtures("listRegions/success")},
			WantCode: 1,
			WantErr:  "unknown region \"TR\": see 'esim regions'\n",
		},
		{
			Name:     "unknown country",
			Args:     []string{"plans", "--country", "Narnia"},
			Opts:     []clitest.Option{guest, clitest.Fixtures("listCountries/success")},
			WantCode: 1,
			WantErr:  "unknown country \"Narnia\": see 'esim countries'\n",
		},
		{
			Name: "countries by name",
			Args: []string{"plans", "--country", "turkey,Lebanon"},
			Opts: []clitest.Option{guest, clitest.Fixtures("listCountries/success", "searchBundles/success")},
			WantOut: "" +
				"cfb611b1-c74c-526f-86d3-dd85f74a320d\tTR_1GB_7D\tTR\tTurkey 1GB 7 Days\t1 GB\t7 Days\t4.50 USD\t-\n" +
				"5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6\tTR_5GB_30D\tTR\tTurkey 5GB 30 Days\t5 GB\t30 Days\t13.00 USD\t-\n" +
				"eab605a0-3a19-57d1-93b6-da4bed388ccf\tTR_10GB_30D\tTR\tTurkey 10GB 30 Days\t10 GB\t30 Days\t21.99 USD\t-\n" +
				"7bfcfe5f-29c6-5446-adea-e7034bb6c57d\tTR_UNL_7D\tTR\tTurkey Unlimited 7 Days\tUnlimited\t7 Days\t29.00 USD\t-\n" +
				"246d9777-6414-5d4a-bf6a-42562759deed\tLB_500MB_1D\tLB\tLebanon 500MB 1 Day\t500 MB\t1 Day\t2.00 USD\t-\n" +
				"14f59074-7c8f-50a7-baa2-80889dffbecb\tLB_3GB_30D\tLB\tLebanon 3GB 30 Days\t3 GB\t30 Days\t12.50 USD\t-\n",
		},
		{
			Name:    "jq over the plans",
			Args:    []string{"plans", "--country", "TR,LB", "--jq", ".[] | select(.price < 15) | .name"},
			Opts:    []clitest.Option{guest, clitest.Fixtures("listCountries/success", "searchBundles/success")},
			WantOut: "TR_1GB_7D\nTR_5GB_30D\nLB_500MB_1D\nLB_3GB_30D\n",
		},
		{
			Name:    "template over the plans",
			Args:    []string{"plans", "--global", "--template", "{{range .}}{{.id}} {{.price}}{{\"\\n\"}}{{end}}"},
			Opts:    []clitest.Option{guest, clitest.Fixtures("listAreaBundles.global/success")},
			WantOut: "885392c9-bc6f-5d39-900d-db4eab7befb2 29\n",
		},
		{
			Name:    "json fields",
			Args:    []string{"plans", "--global", "--json=id,price"},
			Opts:    []clitest.Option{guest, clitest.Fixtures("listAreaBundles.global/success")},
			WantOut: "[\n  {\n    \"id\": \"885392c9-bc6f-5d39-900d-db4eab7befb2\",\n    \"price\": 29\n  }\n]\n",
		},
		{
			Name:     "unknown json field",
			Args:     []string{"plans", "--global", "--json=id,cost"},
			WantCode: 2,
			WantErr:  "unknown JSON field \"cost\"; available fields:\n  bundleUsageLevel\n  businessTitle\n  canTopup\n  durationInDays\n  flagsCodes\n  fupMsg\n  group\n  groupIconCode\n  id\n  isSpecial\n  listingDisplayTitle\n  name\n  price\n  quotaInMB\n  roamingCountries\n  thirdPartyProvider\n" + usage,
		},
		{
			Name:     "json fields after a space",
			Args:     []string{"plans", "--global", "--json", "id,price"},
			WantCode: 2,
			WantErr:  "to choose JSON fields write --json=id,price (with =)\n" + usage,
		},
		{
			Name:     "bad jq",
			Args:     []string{"plans", "--global", "--jq", ".[] |"},
			WantCode: 2,
			WantErr:  "invalid --jq expression: unexpected EOF\n" + usage,
		},
		{
			Name: "fits 80 columns",
			Args: []string{"plans", "--special"},
			Opts: []clitest.Option{clitest.TTY(80), guest, clitest.Fixtures("listSpecialBundles/success")},
			WantOut: "" +
				"NAME               PLAN                        DATA   VALIDITY  PRICE\n" +
				"HAJJ_5GB_15D       Hajj & Umrah 5GB 15 Days    5 GB   15 Days   15.00 USD\n" +
				"HAJJ_20GB_30D      Hajj & Umrah 20GB 30 Days   20 GB  30 Days   39.00 USD\n" +
				"PARIS2024_5GB_15D  Paris Olympics 5GB 15 Days  5 GB   15 Days   12.00 USD\n",
			Check: func(t *testing.T, e *clitest.Env) {
				for _, l := range strings.Split(strings.TrimSuffix(e.Out.String(), "\n"), "\n") {
					if w := lipgloss.Width(l); w > 80 {
						t.Errorf("line of %d columns: %q", w, l)
					}
				}
			},
		},
		{
			Name: "global",
			Args: []string{"plans", "--global"},
			Opts: []clitest.Option{tty, guest, clitest.Fixtures("listAreaBundles.global/success")},
			WantOut: "" +
				"ID                                    NAME            FLAG    PLAN                DATA  VALIDITY  PRICE      COVERAGE\n" +
				"885392c9-bc6f-5d39-900d-db4eab7befb2  GLOBAL_3GB_30D  global  Global 3GB 30 Days  3 GB  30 Days   29.00 USD  12 countries\n",
		},
		{
			Name: "show",
			Args: []string{"plans", "show", "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6"},
			Opts: []clitest.Option{guest, clitest.Fixtures("getBundle/success")},
			WantOut: "" +
				"Plan:     Turkey 5GB 30 Days\n" +
				"ID:       5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6\n" +
				"Name:     TR_5GB_30D\n" +
				"Data:     5 GB\n" +
				"Validity: 30 Days\n" +
				"Price:    13.00 USD\n" +
				"Type:     country\n" +
				"Top-up:   yes\n" +
				"Coverage: -\n",
		},
		{
			Name:    "show by name",
			Args:    []string{"plans", "show", "TR_5GB_30D", "--jq", ".id"},
			Opts:    []clitest.Option{guest, clitest.Fixtures("listCountries/success", "listAreaBundles/success", "getBundle/success")},
			WantOut: "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6\n",
		},
		{
			Name:     "no source",
			Args:     []string{"plans"},
			WantCode: 2,
			WantErr:  "choose one of --country, --region, --global or --special\n" + usage,
		},
		{
			Name:     "two sources",
			Args:     []string{"plans", "--global", "--special"},
			WantCode: 2,
			WantErr:  "choose one of --country, --region, --global or --special\n" + usage,
		},
		{
			Name:     "show without id",
			Args:     []string{"plans", "show"},
			WantCode: 2,
			WantErr:  "missing the PLAN (the NAME or ID column of 'esim plans')\n" + usage,
		},
	})
}

func TestPlansJSONMatchesFixture(t *testing.T) {
	tests := []struct {
		args           []string
		call, scenario string
		path           []string
	}{
		{[]string{"plans", "--global", "--json"}, "listAreaBundles.global", "success", []string{"data"}},
		{[]string{"plans", "--special", "--json"}, "listSpecialBundles", "success", []string{"data"}},
		{[]string{"plans", "--global", "--json"}, "listAreaBundles.global", "success", []string{"data"}},
	}
	for _, tt := range tests {
		t.Run(tt.call, func(t *testing.T) {
			e := clitest.New(t, clitest.Guest(), clitest.Fixtures(tt.call+"/"+tt.scenario))
			if code := e.Run(tt.args...); code != 0 {
				t.Fatalf("exit %d: %s", code, e.ErrOut)
			}
			var got any
			if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if want := clitest.FixtureJSON(t, tt.call, tt.scenario, 0, tt.path...); !reflect.DeepEqual(got, want) {
				t.Errorf("JSON differs from the fixture:\n%s", e.Out)
			}
		})
	}
	// plans show prints the one bundle, data[0].
	e := clitest.New(t, clitest.Guest(), clitest.Fixtures("getBundle/success"))
	if code := e.Run("plans", "show", "5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.ErrOut)
	}
	var got any
	if err := json.Unmarshal(e.Out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := clitest.FixtureJSON(t, "getBundle", "success", 0, "data").([]any)[0]
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JSON differs from the fixture:\n%s", e.Out)
	}
}

func TestPlansColourOnTerminal(t *testing.T) {
	tests := []struct {
		name string
		opts []clitest.Option
		bold bool
	}{
		{"colour", []clitest.Option{clitest.TTY(200), clitest.Color()}, true},
		{"NO_COLOR or piped", []clitest.Option{clitest.TTY(200)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := append(tt.opts, clitest.Guest(), clitest.Fixtures("listAreaBundles.global/success"))
			e := clitest.New(t, opts...)
			if code := e.Run("plans", "--global"); code != 0 {
				t.Fatal(code)
			}
			const bold = "\x1b[1mGlobal 3GB 30 Days\x1b[0m"
			if got := strings.Contains(e.Out.String(), bold); got != tt.bold {
				t.Errorf("bold title present = %v, want %v in %q", got, tt.bold, e.Out.String())
			}
			if !tt.bold && strings.Contains(e.Out.String(), "\x1b[") {
				t.Errorf("escape codes without colour: %q", e.Out.String())
			}
		})
	}
}
