package format

import "strings"

// FlagKind says what a flag slot shows.
type FlagKind string

const (
	FlagRegion      FlagKind = "region"      // a regional or special icon, by Icon
	FlagCountry     FlagKind = "flag"        // a country flag, by lowercase ISO Code
	FlagPlaceholder FlagKind = "placeholder" // nothing usable to show
)

// Flag is the choice for one flag slot (spec section 3 "Flag display").
type Flag struct {
	Kind FlagKind `json:"kind"`
	Icon string   `json:"icon,omitempty"` // region asset slug, for FlagRegion
	Code string   `json:"code,omitempty"` // lowercase ISO 3166-1 alpha-2, for FlagCountry
}

// regionIcon maps the region names of the spec to the region image assets (section 1:
// Africa, Asia, Caribbean, Europe, Global, Middle East, North America, Oceania, South
// America). "europe+" and "latam" have no image of their own and reuse the nearest one.
// The special codes use an icon named after the code.
func regionIcon(k string) (string, bool) {
	switch k {
	case "africa", "asia", "caribbean", "europe", "oceania", "global":
		return k, true
	case "europe+":
		return "europe", true
	case "middle east", "north america", "south america":
		return strings.ReplaceAll(k, " ", "-"), true
	case "latam":
		return "south-america", true
	case "cyp", "ic", "an", "eu2024", "haj", "summ2024", "paris-olympics":
		return k, true
	}
	return "", false
}

// FlagFor chooses the flag for flagsCodes[0], a region name or a special code. Matching
// is case-insensitive after trimming. Special codes win over ISO codes ("IC", "AN").
// Anything else that is not exactly two ASCII letters is a placeholder, so a hostile
// value never reaches an image URL or a file path.
func FlagFor(codeOrName string) Flag {
	k := strings.ToLower(strings.TrimSpace(codeOrName))
	if icon, ok := regionIcon(k); ok {
		return Flag{Kind: FlagRegion, Icon: icon}
	}
	if isAlpha2(k) {
		return Flag{Kind: FlagCountry, Code: k}
	}
	return Flag{Kind: FlagPlaceholder}
}

// FlagEmoji is the emoji flag (two regional indicator symbols) of a two-letter code, for
// terminals; "" for anything else, including region and special codes.
func FlagEmoji(code string) string {
	f := FlagFor(code)
	if f.Kind != FlagCountry {
		return ""
	}
	k := f.Code
	const base = 0x1F1E6 // REGIONAL INDICATOR SYMBOL LETTER A
	return string([]rune{base + rune(k[0]-'a'), base + rune(k[1]-'a')})
}

func isAlpha2(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= 'a' && s[1] <= 'z'
}
