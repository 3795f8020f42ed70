package sandbox

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/biter777/countries"
	"github.com/cedarsim/esim/contract/wire"
	"github.com/google/uuid"
)

// CountryRef is a country as bundles list them (the generated wire type).
type CountryRef = wire.Country

// Bundle is a catalogue bundle exactly as the provider answers it (the generated wire
// type), with the area it is listed under.
type Bundle struct {
	wire.Bundle

	// area is the origin the bundle is listed under: an ISO code, a region name, "global"
	// or a special group code. Not part of the answer.
	area string
}

// Catalogue is the sandbox's read-only product data, built once per Server.
type Catalogue struct {
	Countries []CountryRef
	Regions   []wire.Region
	Bundles   []*Bundle
	byID      map[string]*Bundle
	byName    map[string]*Bundle
	byArea    map[string][]*Bundle // key: lower-case area
	country   map[string]CountryRef

	// bodies caches the encoded answers of the read-only lists (key: list name); the
	// catalogue never changes after NewCatalogue, so an answer is encoded once.
	bodies sync.Map
}

// body returns the cached JSON of the answer made by answer under key.
func (c *Catalogue) body(key string, answer func() any) []byte {
	if b, ok := c.bodies.Load(key); ok {
		return b.([]byte)
	}
	b, err := json.Marshal(answer())
	if err != nil {
		// Catalogue values are plain structs; Marshal cannot fail on them.
		panic(fmt.Sprintf("encode catalogue %s: %v", key, err))
	}
	b = append(b, '\n')
	v, _ := c.bodies.LoadOrStore(key, b)
	return v.([]byte)
}

// bundleNamespace seeds the deterministic bundle ids, so a bundle keeps its id across
// restarts and the persisted orders still point at it.
var bundleNamespace = uuid.MustParse("6f1c2a9e-3b7d-4c8e-9a51-2d4e8f0b7c63")

const (
	fupText = "Speed is reduced to 1 Mbps after 2 GB per day (fair use)."
	// ProviderPartner is the thirdPartyProvider number of bundles not served by the main network.
	ProviderPartner = 2
)

type regionDef struct {
	name, code string // code: the bundle-name prefix
	members    func(all []countries.CountryCode) []string
}

func byContinent(rc ...countries.RegionCode) func([]countries.CountryCode) []string {
	return func(all []countries.CountryCode) []string {
		var out []string
		for _, c := range all {
			for _, r := range rc {
				if c.Region() == r {
					out = append(out, c.Alpha2())
				}
			}
		}
		return out
	}
}

func fixed(codes ...string) func([]countries.CountryCode) []string {
	return func([]countries.CountryCode) []string { return codes }
}

func union(fs ...func([]countries.CountryCode) []string) func([]countries.CountryCode) []string {
	return func(all []countries.CountryCode) []string {
		seen := map[string]bool{}
		var out []string
		for _, f := range fs {
			for _, c := range f(all) {
				if !seen[c] {
					seen[c] = true
					out = append(out, c)
				}
			}
		}
		return out
	}
}

// regionDefs are the regions of the Regions tab. None is named "Global": a region's area
// key is its lower-case name, and "global" is the global origin's (the Global tab), so such
// a region mixed its plans into the global list and the global plans into its own.
func regionDefs() []regionDef {
	return []regionDef{
		{"Africa", "AFRICA", byContinent(countries.RegionAfrica)},
		{"Asia", "ASIA", byContinent(countries.RegionAsia)},
		{"Caribbean", "CARIBBEAN", fixed("AG", "AI", "AW", "BB", "BL", "BQ", "BS", "CU", "CW", "DM", "DO", "GD", "GP", "HT", "JM", "KN", "KY", "LC", "MF", "MQ", "MS", "PR", "SX", "TC", "TT", "VC", "VG", "VI")},
		{"Europe", "EUROPE", byContinent(countries.RegionEurope)},
		{"Europe+", "EUROPEPLUS", union(byContinent(countries.RegionEurope), fixed("TR", "IL", "MA", "EG", "CY"))},
		{"Latam", "LATAM", union(fixed("MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CU", "DO", "PR"), byContinent(countries.RegionSouthAmerica))},
		{"Middle East", "MIDDLEEAST", fixed("AE", "BH", "EG", "IL", "IQ", "IR", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY", "TR", "YE")},
		{"North America", "NORTHAMERICA", fixed("US", "CA", "MX")},
		{"Oceania", "OCEANIA", byContinent(countries.RegionOceania)},
		{"South America", "SOUTHAMERICA", byContinent(countries.RegionSouthAmerica)},
	}
}

type specialDef struct {
	code, group, level string
	members            []string
	plans              [][2]int64 // quota MB, days
}

// specialDefs are the special groups the sandbox sells. The spec's dated ones (eu2024,
// summ2024, paris-olympics: Euro 2024, Summer 2024, the Paris Olympics) are not sold: a
// sandbox running today offering events long past looked stale. The shop still draws their
// icons (spec section 3) for a provider that lists them.
func specialDefs() []specialDef {
	return []specialDef{
		{"cyp", "Cyprus (North and South)", "country", []string{"CY"}, [][2]int64{{3000, 15}, {10000, 30}}},
		{"ic", "Canary Islands", "country", []string{"ES"}, [][2]int64{{5000, 15}, {-1, 7}}},
		{"an", "Andorra", "country", []string{"AD", "ES", "FR"}, [][2]int64{{2000, 7}, {5000, 15}}},
		{"haj", "Hajj and Umrah", "country", []string{"SA"}, [][2]int64{{5000, 15}, {20000, 30}, {-1, 14}}},
	}
}

// plan is one quota/duration combination of the catalogue.
type plan struct{ mb, days int64 }

func hashOf(s string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return h.Sum32()
}

func quotaLabel(mb int64) string {
	switch {
	case mb < 0:
		return "Unlimited"
	case mb < 1000:
		return fmt.Sprintf("%dMB", mb)
	default:
		return fmt.Sprintf("%dGB", mb/1000)
	}
}

func daysLabel(d int64) string {
	if d == 1 {
		return "1 Day"
	}
	return fmt.Sprintf("%d Days", d)
}

// price gives a realistic USD price: a per-GB rate by destination tier, never under 2 USD.
func price(tier float64, p plan) float64 {
	var v float64
	if p.mb < 0 {
		v = tier * 4 * float64(p.days)
	} else {
		gb := float64(p.mb) / 1000
		v = tier * (1.5 + gb*1.6) * (0.8 + float64(p.days)/60)
	}
	v = math.Max(2, v)
	// Prices end in .99 or .00 like a shop's.
	return math.Round(v*100) / 100
}

// withdrawn are codes the ISO 3166-1 list of the countries library still carries but ISO
// withdrew: Yugoslavia (a page translated by Intl.DisplayNames showed "Serbia" twice in
// Europe's coverage, once with a placeholder flag) and the Netherlands Antilles (whose "AN"
// is the Andorra special group's area key).
var withdrawn = map[string]bool{"YU": true, "AN": true}

// NewCatalogue builds the catalogue from the ISO 3166-1 list of
// github.com/biter777/countries. It is deterministic: the same ids every run.
func NewCatalogue() *Catalogue {
	all := countries.All()
	c := &Catalogue{byID: map[string]*Bundle{}, byName: map[string]*Bundle{}, byArea: map[string][]*Bundle{}, country: map[string]CountryRef{}}
	var valid []countries.CountryCode
	for _, cc := range all {
		a2 := cc.Alpha2()
		if len(a2) != 2 || cc.Region() == countries.RegionUnknown || withdrawn[a2] {
			continue
		}
		if _, dup := c.country[a2]; dup {
			continue
		}
		valid = append(valid, cc)
		ref := CountryRef{IsoCode: a2, Name: cc.String()}
		c.country[a2] = ref
		c.Countries = append(c.Countries, ref)
	}
	sort.Slice(c.Countries, func(i, j int) bool { return c.Countries[i].Name < c.Countries[j].Name })

	countryPlans := []plan{{500, 1}, {1000, 7}, {3000, 15}, {5000, 30}, {10000, 30}, {20000, 30}, {50000, 30}, {-1, 7}}
	for _, a := range c.Countries {
		h := hashOf(a.IsoCode)
		tier := 0.8 + float64(h%5)*0.3
		provider := 0
		if h%7 == 0 {
			provider = ProviderPartner
		}
		for i, p := range countryPlans {
			// Not every destination sells every plan; the first four always exist.
			if i >= 4 && (h>>uint(i))%3 == 0 {
				continue
			}
			c.add(&Bundle{area: a.IsoCode, Bundle: wire.Bundle{
				Name:             fmt.Sprintf("%s_%s_%dD", a.IsoCode, strings.ToUpper(quotaLabel(p.mb)), p.days),
				BusinessTitle:    fmt.Sprintf("%s %s %s", a.Name, quotaLabel(p.mb), daysLabel(p.days)),
				QuotaInMB:        p.mb,
				DurationInDays:   p.days,
				Price:            price(tier, p),
				FlagsCodes:       []string{a.IsoCode},
				RoamingCountries: []CountryRef{c.country[a.IsoCode]},
				BundleUsageLevel: "country",
				CanTopup:         p.mb > 0 && p.days >= 7,
				// The unlimited plans come from the partner network of some destinations.
				ThirdPartyProvider: map[bool]int{true: provider, false: 0}[p.mb < 0],
			}})
		}
	}

	regionPlans := []plan{{1000, 7}, {5000, 30}, {10000, 30}, {20000, 30}, {-1, 15}}
	for _, rd := range regionDefs() {
		members := c.refs(rd.members(valid))
		c.Regions = append(c.Regions, wire.Region{Name: rd.name})
		for _, p := range regionPlans {
			c.add(&Bundle{area: strings.ToLower(rd.name), Bundle: wire.Bundle{
				Name:             fmt.Sprintf("%s_%s_%dD", rd.code, strings.ToUpper(quotaLabel(p.mb)), p.days),
				BusinessTitle:    fmt.Sprintf("%s %s %s", rd.name, quotaLabel(p.mb), daysLabel(p.days)),
				QuotaInMB:        p.mb,
				DurationInDays:   p.days,
				Price:            price(1.6, p),
				FlagsCodes:       []string{rd.name},
				RoamingCountries: members,
				BundleUsageLevel: "region",
				CanTopup:         p.mb > 0,
			}})
		}
	}

	// The global origin ("global"): bundles that roam in every country.
	everywhere := make([]CountryRef, 0, len(c.Countries))
	for _, a := range c.Countries {
		everywhere = append(everywhere, c.country[a.IsoCode])
	}
	for _, p := range []plan{{1000, 7}, {3000, 30}, {10000, 30}, {50000, 30}} {
		c.add(&Bundle{area: "global", Bundle: wire.Bundle{
			Name:             fmt.Sprintf("GLOBAL_%s_%dD", strings.ToUpper(quotaLabel(p.mb)), p.days),
			BusinessTitle:    fmt.Sprintf("Global %s %s", quotaLabel(p.mb), daysLabel(p.days)),
			QuotaInMB:        p.mb,
			DurationInDays:   p.days,
			Price:            price(2.5, p),
			FlagsCodes:       []string{"global"},
			RoamingCountries: everywhere,
			BundleUsageLevel: "global",
			CanTopup:         true,
		}})
	}

	for _, sd := range specialDefs() {
		for _, p := range sd.plans {
			pl := plan{p[0], p[1]}
			c.add(&Bundle{area: sd.code, Bundle: wire.Bundle{
				Name:             fmt.Sprintf("%s_%s_%dD", strings.ToUpper(strings.ReplaceAll(sd.code, "-", "")), strings.ToUpper(quotaLabel(pl.mb)), pl.days),
				BusinessTitle:    fmt.Sprintf("%s %s %s", sd.group, quotaLabel(pl.mb), daysLabel(pl.days)),
				QuotaInMB:        pl.mb,
				DurationInDays:   pl.days,
				Price:            price(1.4, pl),
				FlagsCodes:       []string{sd.code},
				RoamingCountries: c.refs(sd.members),
				IsSpecial:        true,
				BundleUsageLevel: wire.BundleUsageLevel(sd.level),
				CanTopup:         false,
				Group:            sd.group,
				GroupIconCode:    sd.code,
			}})
		}
	}
	c.Countries = popularFirst(c.Countries)
	return c
}

// popular are the destinations the countries list opens with, as the provider's does
// (fixtures/api/listCountries): the shop's home country, then the spec's popular
// destinations (home page cards: Turkey, UAE, France, United States, United Kingdom,
// Italy, KSA, Spain, Greece). The rest follow A-Z. The web's Countries tab and the TUI's
// show the list in this order, so they open on the popular set, not on Afghanistan.
var popular = []string{"LB", "TR", "AE", "FR", "US", "GB", "IT", "SA", "ES", "GR"}

// popularFirst orders the countries: popular in that order, then the others as they are.
func popularFirst(list []CountryRef) []CountryRef {
	rank := func(a CountryRef) int {
		if i := slices.Index(popular, a.IsoCode); i >= 0 {
			return i
		}
		return len(popular)
	}
	out := slices.Clone(list)
	slices.SortStableFunc(out, func(a, b CountryRef) int { return rank(a) - rank(b) })
	return out
}

func (c *Catalogue) refs(codes []string) []CountryRef {
	out := make([]CountryRef, 0, len(codes))
	for _, code := range codes {
		if ref, ok := c.country[code]; ok {
			out = append(out, ref)
		}
	}
	return out
}

func (c *Catalogue) add(b *Bundle) {
	b.ID = uuid.NewSHA1(bundleNamespace, []byte(b.Name)).String()
	b.ListingDisplayTitle = fmt.Sprintf("%s - %s", quotaLabel(b.QuotaInMB), daysLabel(b.DurationInDays))
	if b.QuotaInMB < 0 {
		b.FupMsg = fupText
	}
	c.Bundles = append(c.Bundles, b)
	c.byID[b.ID] = b
	c.byName[b.Name] = b
	key := strings.ToLower(b.area)
	c.byArea[key] = append(c.byArea[key], b)
}

// ByID finds a bundle by its GUID (case-insensitive).
func (c *Catalogue) ByID(id string) (*Bundle, bool) {
	b, ok := c.byID[strings.ToLower(id)]
	return b, ok
}

// ByName finds a bundle by its identifier, e.g. "TR_5GB_30D".
func (c *Catalogue) ByName(name string) (*Bundle, bool) {
	b, ok := c.byName[name]
	return b, ok
}

// Area lists the bundles of an ISO code, a region name, "global" or a special group code,
// all case-insensitive. Special bundles are not listed under countries.
func (c *Catalogue) Area(area string) []*Bundle {
	return c.byArea[strings.ToLower(strings.TrimSpace(area))]
}

// Country returns the name of an ISO code.
func (c *Catalogue) Country(iso string) (CountryRef, bool) {
	ref, ok := c.country[strings.ToUpper(iso)]
	return ref, ok
}

// Special lists the special bundles.
func (c *Catalogue) Special() []*Bundle {
	var out []*Bundle
	for _, b := range c.Bundles {
		if b.IsSpecial {
			out = append(out, b)
		}
	}
	return out
}

// Search answers search_bundles: the country bundles of each code in order, then the
// regional and global bundles that cover every code.
func (c *Catalogue) Search(codes []string) []*Bundle {
	var out []*Bundle
	want := map[string]bool{}
	for _, code := range codes {
		code = strings.ToUpper(strings.TrimSpace(code))
		if code == "" || want[code] {
			continue
		}
		want[code] = true
		for _, b := range c.byArea[strings.ToLower(code)] {
			out = append(out, b)
		}
	}
	if len(want) == 0 {
		return out
	}
	for _, b := range c.Bundles {
		if b.BundleUsageLevel == "country" || b.IsSpecial {
			continue
		}
		if covers(b, want) {
			out = append(out, b)
		}
	}
	return out
}

func covers(b *Bundle, want map[string]bool) bool {
	n := 0
	for _, r := range b.RoamingCountries {
		if want[r.IsoCode] {
			n++
		}
	}
	return n == len(want)
}
