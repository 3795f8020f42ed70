package catalog

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/sdk"
	"github.com/google/uuid"
)

// MaxPlans bounds the remembered plans.
const MaxPlans = 500

// Plan is what is remembered of a plan a command has shown: enough to resolve a name or
// an id prefix to the id, and to complete it in a shell.
type Plan struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Title string `json:"title"`
}

// PlanSource is the part of the SDK a plan is looked up in (*sdk.CatalogService).
type PlanSource interface {
	Source
	AreaBundles(ctx context.Context, area string) ([]sdk.Bundle, error)
	SpecialBundles(ctx context.Context) ([]sdk.Bundle, error)
}

// Plans returns the remembered plans, newest first (no TTL: a plan's id and name do not
// change; a plan taken off sale is refused by the server at checkout).
func (c Cache) Plans() []Plan {
	if c.Dir == "" {
		return nil
	}
	v, _ := readFile[Plan](c, "plans")
	return v.Items
}

// RememberPlans puts the bundles in front of the remembered plans (for `esim buy NAME`
// and completion). Failing to write only costs a lookup later.
func (c Cache) RememberPlans(bundles []sdk.Bundle) {
	if c.Dir == "" || len(bundles) == 0 {
		return
	}
	list := make([]Plan, 0, len(bundles))
	for _, b := range bundles {
		list = append(list, Plan{ID: b.ID, Name: b.Name, Title: b.BusinessTitle})
	}
	for _, p := range c.Plans() {
		if !slices.ContainsFunc(list, func(q Plan) bool { return q.ID == p.ID }) {
			list = append(list, p)
		}
	}
	if len(list) > MaxPlans {
		list = list[:MaxPlans]
	}
	write(c, "plans", list)
}

// ResolvePlan turns what the user typed into a plan id: a GUID as it is (the server
// decides), else a plan name (TR_1GB_7D, any case) or an unambiguous start of a name or
// an id. The remembered plans are searched first; then the catalogue, likeliest first,
// until a call holds a match. An unknown plan is a *cmdutil.NotFoundError (exit 1), an
// ambiguous one a usage error (exit 2).
func (c Cache) ResolvePlan(ctx context.Context, src PlanSource, arg string) (string, error) {
	q := strings.TrimSpace(arg)
	if _, err := uuid.Parse(q); err == nil && len(q) == 36 {
		return q, nil
	}
	if found := matchPlans(c.Plans(), q); len(found) > 0 {
		return pick(found, q)
	}
	for bundles, err := range c.planLoads(ctx, src, q) {
		if err != nil {
			return "", fmt.Errorf("looking plan %s up: %w", q, err)
		}
		c.RememberPlans(bundles)
		plans := make([]Plan, 0, len(bundles))
		for _, b := range bundles {
			plans = append(plans, Plan{ID: b.ID, Name: b.Name, Title: b.BusinessTitle})
		}
		if found := matchPlans(plans, q); len(found) > 0 {
			return pick(found, q)
		}
	}
	return "", &cmdutil.NotFoundError{What: "plan", Value: arg, Hint: "see the NAME and ID columns of 'esim plans'"}
}

// planLoads are the catalogue calls that may hold the plan, likeliest first, each made
// only when the ones before it did not hold it: the country a name such as TR_1GB_7D
// starts with, the global origin, the special offers, then each region.
func (c Cache) planLoads(ctx context.Context, src PlanSource, q string) iter.Seq2[[]sdk.Bundle, error] {
	return func(yield func([]sdk.Bundle, error) bool) {
		if code, _, ok := strings.Cut(q, "_"); ok && len(code) == 2 {
			list, err := c.Countries(ctx, src)
			if err != nil {
				yield(nil, err)
				return
			}
			if ct, err := ResolveCountry(list, code); err == nil && strings.EqualFold(ct.ISOCode, code) {
				if !yield(src.AreaBundles(ctx, strings.ToUpper(ct.ISOCode))) {
					return
				}
			}
		}
		if !yield(src.AreaBundles(ctx, "global")) || !yield(src.SpecialBundles(ctx)) {
			return
		}
		regions, err := c.Regions(ctx, src)
		if err != nil {
			yield(nil, err)
			return
		}
		for _, r := range regions {
			if !yield(src.AreaBundles(ctx, r.Name)) {
				return
			}
		}
	}
}

// matchPlans finds q among plans: the plan named q (or with id q) ignoring case, else
// every plan whose name or id starts with q.
func matchPlans(plans []Plan, q string) []Plan {
	if q == "" {
		return nil
	}
	for _, p := range plans {
		if strings.EqualFold(p.Name, q) || strings.EqualFold(p.ID, q) {
			return []Plan{p}
		}
	}
	var found []Plan
	for _, p := range plans {
		if hasPrefixFold(p.Name, q) || hasPrefixFold(p.ID, q) {
			found = append(found, p)
		}
	}
	return found
}

// pick is the one plan found, or a usage error naming a few of them.
func pick(found []Plan, q string) (string, error) {
	if len(found) == 1 {
		return found[0].ID, nil
	}
	names := make([]string, 0, 5)
	for i, p := range found {
		if i == 4 {
			names = append(names, "...")
			break
		}
		names = append(names, p.Name)
	}
	return "", cmdutil.FlagErrorf("%q matches %d plans (%s): type more of the name or id", q, len(found), strings.Join(names, ", "))
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
