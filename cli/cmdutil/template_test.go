package cmdutil

import (
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/cli/iostreams"
)

// plan is a value with the number shapes of the catalogue: a whole price, a fractional
// one, a large quota.
type plan struct {
	Name      string    `json:"name"`
	Price     float64   `json:"price"`
	QuotaInMB int64     `json:"quotaInMB"`
	Days      int       `json:"durationInDays"`
	Assigned  time.Time `json:"assigned"`
}

func TestTemplate(t *testing.T) {
	plans := []plan{
		{Name: "GLOBAL_3GB_30D", Price: 29, QuotaInMB: 3000, Days: 30, Assigned: time.Now().Add(-3 * time.Hour)},
		{Name: "TR_1GB_7D", Price: 4.5, QuotaInMB: 1000000, Days: 7, Assigned: time.Now().Add(-10 * time.Second)},
	}
	tests := []struct {
		name, tmpl, want string
		color            bool
	}{
		{"printf %f of a whole number (issue 25.8)", `{{range .}}{{printf "%6.2f" .price}}|{{end}}`, " 29.00|  4.50|", false},
		{"printf %d", `{{range .}}{{printf "%05d" .durationInDays}} {{end}}`, "00030 00007 ", false},
		{"plain numbers never take an exponent", `{{range .}}{{.quotaInMB}} {{.price}} {{end}}`, "3000 29 1000000 4.5 ", false},
		{"eq and gt take int and float literals", `{{range .}}{{if eq .durationInDays 7}}week{{end}}{{if gt .price 10}}dear{{end}}{{if le .price 4.5}}cheap{{end}};{{end}}`, "dear;weekcheap;", false},
		{"tablerow aligns", `{{range .}}{{tablerow .name .price}}{{end}}`, "GLOBAL_3GB_30D  29\nTR_1GB_7D       4.5\n", false},
		{"tablerender prints the rows so far", `{{range .}}{{tablerow .name}}{{end}}{{tablerender}}end`, "GLOBAL_3GB_30D\nTR_1GB_7D\nend", false},
		{"timeago", `{{range .}}{{timeago .assigned}};{{end}}`, "about 3 hours ago;less than a minute ago;", false},
		{"truncate", `{{range .}}{{truncate 8 .name}} {{end}}`, "GLOBAL_… TR_1GB_… ", false},
		{"pluck and join", `{{join ", " (pluck "name" .)}}`, "GLOBAL_3GB_30D, TR_1GB_7D", false},
		{"hyperlink when piped", `{{hyperlink "https://shop.example/p" "plan"}}`, "plan (https://shop.example/p)", false},
		{"hyperlink on a colour terminal", `{{hyperlink "https://shop.example/p" "plan"}}`, "\x1b]8;;https://shop.example/p\aplan\x1b]8;;\a", true},
		{"color off", `{{color "green" "ok"}}`, "ok", false},
		{"color on", `{{color "red+b" "no"}}`, "\x1b[31;1mno\x1b[0m", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.color)
			ios.SetColorEnabled(tt.color)
			j := &JSONFlag{Template: tt.tmpl}
			if err := j.validate(); err != nil {
				t.Fatal(err)
			}
			if err := j.Write(ios, plans); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got %q, want %q", out.String(), tt.want)
			}
		})
	}
}

func TestTemplateComparisonErrors(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	j := &JSONFlag{Template: `{{if lt .name 3}}x{{end}}`}
	if err := j.Write(ios, plan{Name: "a"}); err == nil || !strings.Contains(err.Error(), "incompatible types") {
		t.Fatalf("err = %v", err)
	}
}
