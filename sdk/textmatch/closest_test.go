package textmatch

import "testing"

func TestClosest(t *testing.T) {
	flags := []string{"country", "region", "global", "special", "json", "jq", "template"}
	tests := []struct {
		query string
		max   int
		want  string
		ok    bool
	}{
		{"contry", 2, "country", true},
		{"Regoin", 2, "region", true},
		{"temlpate", 2, "template", true},
		{"country", 2, "", false}, // not a typo
		{"xyz", 2, "", false},
		{"rana.hadad@example.com", 3, "", false},
	}
	for _, tt := range tests {
		got, ok := Closest(tt.query, flags, tt.max)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", tt.query, got, ok, tt.want, tt.ok)
		}
	}
	emails := []string{"rana.haddad@example.com", "karim.nassar@example.com"}
	if got, ok := Closest("rana.hadad@example.com", emails, 3); !ok || got != "rana.haddad@example.com" {
		t.Errorf("e-mail typo: %q, %v", got, ok)
	}
}
