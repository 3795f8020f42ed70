package cmdutil

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/tableprinter"
	"github.com/charmbracelet/x/ansi"
)

// Number is a JSON number in a --template. gh decodes numbers as float64, so that printf
// formats them; Number does that and more: %f %e %g as a float, %d when it is whole, and
// %v or a plain {{.price}} as the shortest decimal, never with an exponent (1000000, not
// 1e+06). The comparison functions (eq, lt, ...) take it with int or float literals.
type Number float64

// Format implements fmt.Formatter.
func (n Number) Format(f fmt.State, verb rune) {
	x := float64(n)
	switch verb {
	case 'd':
		if x == math.Trunc(x) && math.Abs(x) < 1<<63 {
			fmt.Fprintf(f, fmt.FormatString(f, verb), int64(x))
			return
		}
		fmt.Fprint(f, n.String())
	case 'v', 's', 'q':
		fmt.Fprintf(f, fmt.FormatString(f, verb), n.String())
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), x)
	}
}

// String is the shortest decimal of n, without an exponent.
func (n Number) String() string { return strconv.FormatFloat(float64(n), 'f', -1, 64) }

// templateNumbers turns the json.Numbers of decoded JSON into Numbers.
func templateNumbers(v any) any {
	return mapNumbers(v, func(x json.Number) any {
		f, _ := x.Float64()
		return Number(f)
	})
}

// table collects the rows of tablerow until tablerender (or the end of the template)
// prints them aligned.
type table struct{ rows [][]string }

func (t *table) render() string {
	if t == nil || len(t.rows) == 0 {
		return ""
	}
	var b strings.Builder
	p := tableprinter.New(&b, true, false, 0)
	for _, r := range t.rows {
		p.Row(r...)
	}
	t.rows = nil
	_ = p.Render() // a strings.Builder does not fail
	return b.String()
}

// templateFuncs are gh's template helpers (tablerow, tablerender, timeago, timefmt,
// truncate, hyperlink, color, autocolor, pluck, join) and json, upper, lower, plus
// number-aware comparisons. ios decides colour and hyperlinks (nil: parse only).
func templateFuncs(ios *iostreams.IOStreams, t *table) template.FuncMap {
	color := ios != nil && ios.ColorEnabled()
	links := color && ios.IsStdoutTTY()
	return template.FuncMap{
		"json": func(v any) (string, error) {
			b, err := json.Marshal(v)
			return string(b), err
		},
		"join": func(sep string, v any) string {
			var parts []string
			if xs, ok := v.([]any); ok {
				for _, x := range xs {
					parts = append(parts, fmt.Sprint(x))
				}
			}
			return strings.Join(parts, sep)
		},
		"pluck": func(field string, v any) []any {
			var out []any
			if xs, ok := v.([]any); ok {
				for _, x := range xs {
					if m, ok := x.(map[string]any); ok {
						out = append(out, m[field])
					}
				}
			}
			return out
		},
		"upper":    strings.ToUpper,
		"lower":    strings.ToLower,
		"truncate": truncate,
		"tablerow": func(fields ...any) string {
			row := make([]string, len(fields))
			for i, f := range fields {
				row[i] = fmt.Sprint(f)
			}
			if t != nil {
				t.rows = append(t.rows, row)
			}
			return ""
		},
		"tablerender": func() string { return t.render() },
		"timeago": func(s string) (string, error) {
			at, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return "", fmt.Errorf("timeago: %w", err)
			}
			return fuzzyAgo(time.Since(at)), nil
		},
		"timefmt": func(layout, s string) (string, error) {
			at, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return "", fmt.Errorf("timefmt: %w", err)
			}
			return at.Format(layout), nil
		},
		"hyperlink": func(url, text string) string {
			if text == "" {
				text = url
			}
			switch {
			case links:
				return ansi.SetHyperlink(url) + text + ansi.ResetHyperlink()
			case text == url:
				return url
			}
			return text + " (" + url + ")" // piped: the link stays readable, no escapes
		},
		"color":     colorFunc(color),
		"autocolor": colorFunc(color),
		"eq":        func(a any, bs ...any) (bool, error) { return anyEqual(a, bs) },
		"ne": func(a, b any) (bool, error) {
			eq, err := anyEqual(a, []any{b})
			return !eq, err
		},
		"lt": func(a, b any) (bool, error) { return less(a, b, false) },
		"le": func(a, b any) (bool, error) { return less(a, b, true) },
		"gt": func(a, b any) (bool, error) { return less(b, a, false) },
		"ge": func(a, b any) (bool, error) { return less(b, a, true) },
	}
}

func runTemplate(ios *iostreams.IOStreams, text string, data any) error {
	t := &table{}
	tmpl, err := template.New("").Option("missingkey=zero").Funcs(templateFuncs(ios, t)).Parse(text)
	if err != nil {
		return FlagErrorf("invalid --template: %v", err)
	}
	if err := tmpl.Execute(ios.Out, data); err != nil {
		return fmt.Errorf("--template: %w", err)
	}
	if _, err := fmt.Fprint(ios.Out, t.render()); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// truncate cuts text to n runes with an ellipsis (gh's argument order: length, text).
func truncate(n, text any) string {
	s := fmt.Sprint(text)
	l, ok := number(n)
	if !ok {
		return s
	}
	r := []rune(s)
	switch {
	case len(r) <= int(l):
		return s
	case l <= 1:
		return string(r[:max(int(l), 0)])
	}
	return string(r[:int(l)-1]) + "…"
}

// colorFunc is gh's color helper: a style such as "green", "red+b" or "yellow+bu" (b
// bold, u underline, i italic), applied only when colour is on.
func colorFunc(enabled bool) func(style string, text any) string {
	codes := map[string]string{"black": "30", "red": "31", "green": "32", "yellow": "33", "blue": "34",
		"magenta": "35", "cyan": "36", "white": "37", "gray": "90", "grey": "90", "default": "39"}
	attrs := map[rune]string{'b': "1", 'i': "3", 'u': "4"}
	return func(style string, text any) string {
		s := fmt.Sprint(text)
		if !enabled {
			return s
		}
		name, mods, _ := strings.Cut(style, "+")
		var sgr []string
		if c, ok := codes[strings.ToLower(name)]; ok {
			sgr = append(sgr, c)
		} else if name == "bold" {
			sgr = append(sgr, "1")
		}
		for _, m := range mods {
			if a, ok := attrs[m]; ok {
				sgr = append(sgr, a)
			}
		}
		if len(sgr) == 0 {
			return s
		}
		return "\x1b[" + strings.Join(sgr, ";") + "m" + s + "\x1b[0m"
	}
}

// number reads any numeric value (a Number, an int or float literal) as a float64.
func number(v any) (float64, bool) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

// anyEqual is text/template's eq, with numbers compared by value whatever their type.
func anyEqual(a any, bs []any) (bool, error) {
	if len(bs) == 0 {
		return false, fmt.Errorf("eq: missing argument for comparison")
	}
	for _, b := range bs {
		x, xok := number(a)
		y, yok := number(b)
		switch {
		case xok && yok:
			if x == y {
				return true, nil
			}
		case a == nil || b == nil:
			if a == nil && b == nil {
				return true, nil
			}
		case reflect.TypeOf(a).Comparable() && reflect.TypeOf(a) == reflect.TypeOf(b):
			if a == b {
				return true, nil
			}
		default:
			return false, fmt.Errorf("incompatible types for comparison: %T and %T", a, b)
		}
	}
	return false, nil
}

// less is a < b (or a <= b with orEqual) for two numbers or two strings.
func less(a, b any, orEqual bool) (bool, error) {
	if x, ok := number(a); ok {
		if y, ok := number(b); ok {
			return x < y || (orEqual && x == y), nil
		}
	}
	if x, ok := a.(string); ok {
		if y, ok := b.(string); ok {
			return x < y || (orEqual && x == y), nil
		}
	}
	return false, fmt.Errorf("incompatible types for comparison: %T and %T", a, b)
}

// fuzzyAgo words a past duration as gh does: "less than a minute ago", "about 3 hours ago".
func fuzzyAgo(d time.Duration) string {
	unit := func(n int, what string) string {
		if n == 1 {
			return "about 1 " + what + " ago"
		}
		return fmt.Sprintf("about %d %ss ago", n, what)
	}
	switch {
	case d < time.Minute:
		return "less than a minute ago"
	case d < time.Hour:
		return unit(int(d.Minutes()), "minute")
	case d < 24*time.Hour:
		return unit(int(d.Hours()), "hour")
	case d < 30*24*time.Hour:
		return unit(int(d.Hours()/24), "day")
	case d < 365*24*time.Hour:
		return unit(int(d.Hours()/24/30), "month")
	}
	return unit(int(d.Hours()/24/365), "year")
}
