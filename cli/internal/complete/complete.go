// Package complete holds the dynamic shell completions: countries and regions from the
// catalogue (cached for a day), ICCIDs this machine's commands have shown, and fixed
// value lists (--state, --topic).
package complete

import (
	"context"
	"strings"
	"time"

	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/internal/catalog"
	"github.com/cedarsim/esim/cli/internal/seen"
	"github.com/cedarsim/esim/sdk"
	"github.com/spf13/cobra"
)

// Func is a cobra completion function.
type Func = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective)

// timeout bounds a completion's request: a shell must never hang on Tab.
const timeout = 3 * time.Second

// Values completes from a fixed list, each with an optional description.
func Values(values ...string) Func {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// Countries completes ISO codes (with the name as description) and, for a word that is
// not a code prefix, names, ignoring case. A comma-separated list completes its last item.
func Countries(client func() (*sdk.Client, error), cfg func() (*config.Config, error)) Func {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		list, ok := countries(cmd.Context(), client, cfg)
		if !ok {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		done, last := "", toComplete
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			done, last = toComplete[:i+1], toComplete[i+1:]
		}
		var out []string
		for _, c := range list {
			switch {
			case hasPrefixFold(c.ISOCode, last):
				out = append(out, done+typed(last, c.ISOCode)+"\t"+c.Name)
			case len(last) > 2 && hasPrefixFold(c.Name, last):
				out = append(out, done+typed(last, c.Name)+"\t"+c.ISOCode)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

func countries(ctx context.Context, client func() (*sdk.Client, error), cfg func() (*config.Config, error)) ([]sdk.Country, bool) {
	c, err := cfg()
	if err != nil {
		return nil, false
	}
	cl, err := client()
	if err != nil {
		return nil, false
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	list, err := catalog.Cache{Dir: c.Dir}.Countries(ctx, cl.Catalog)
	return list, err == nil
}

// Regions completes region names.
func Regions(client func() (*sdk.Client, error), cfg func() (*config.Config, error)) Func {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		c, err := cfg()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		cl, err := client()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx := cmd.Context()
		if ctx == nil {
			ctx = context.Background()
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		list, err := catalog.Cache{Dir: c.Dir}.Regions(ctx, cl.Catalog)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, r := range list {
			if hasPrefixFold(r.Name, toComplete) {
				out = append(out, typed(toComplete, r.Name))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// ICCIDs completes the first positional argument with ICCIDs seen before.
func ICCIDs(cfg func() (*config.Config, error)) Func {
	return func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, err := cfg()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, id := range seen.List(c.Dir) {
			if strings.HasPrefix(id, toComplete) {
				out = append(out, id)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// Plans completes the first positional argument with the names of the plans commands
// have shown (the plan title as description), matching what is typed in any case.
func Plans(cfg func() (*config.Config, error)) Func {
	return func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		c, err := cfg()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, p := range (catalog.Cache{Dir: c.Dir}).Plans() {
			if p.Name != "" && hasPrefixFold(p.Name, toComplete) {
				out = append(out, typed(toComplete, p.Name)+"\t"+p.Title)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// typed is a completion that starts with exactly what was typed: bash keeps only the
// candidates that do, so "tur" must complete to "turkey", not "Turkey" (the commands take
// names and codes in any case). The rest follows the case typed, when it is all one case.
func typed(prefix, candidate string) string {
	rest := candidate[len(prefix):]
	switch {
	case strings.HasPrefix(candidate, prefix):
		return candidate
	case prefix == strings.ToLower(prefix) && prefix != strings.ToUpper(prefix):
		rest = strings.ToLower(rest)
	case prefix == strings.ToUpper(prefix) && prefix != strings.ToLower(prefix):
		rest = strings.ToUpper(rest)
	}
	return prefix + rest
}

// hasPrefixFold reports whether s starts with prefix, ignoring case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
