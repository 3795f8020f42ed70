package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"
	"text/template"

	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"
)

// JSONFlag is the machine-readable output of a data command, as gh's: --json (all fields,
// or --json=a,b for some), --jq EXPR (a jq filter over that JSON) and --template TEXT (a Go
// template over it). --jq and --template imply --json.
type JSONFlag struct {
	Enabled  bool
	Fields   []string
	JQ       string
	Template string

	fields []string // the fields the command's JSON has
}

// allFields is the --json value given without fields.
const allFields = "*"

// AddJSONFlags registers --json, --jq and --template on cmd. sample is a value of the
// command's JSON shape (a struct or a slice of structs); its JSON field names are what
// --json accepts and what completion offers.
func AddJSONFlags(cmd *cobra.Command, j *JSONFlag, sample any) {
	j.fields = FieldsOf(sample)
	fl := cmd.Flags()
	fl.Var(&jsonValue{j}, "json", "Print JSON; --json=FIELDS keeps the comma-separated `fields` only")
	fl.Lookup("json").NoOptDefVal = allFields
	fl.StringVarP(&j.JQ, "jq", "q", "", "Filter the JSON with a jq `expression`")
	fl.StringVarP(&j.Template, "template", "t", "", "Format the JSON with a Go `template`")
	_ = cmd.RegisterFlagCompletionFunc("json", func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		done, last := cutLast(toComplete)
		var out []string
		for _, f := range j.fields {
			if strings.HasPrefix(f, last) && !slices.Contains(strings.Split(done, ","), f) {
				out = append(out, joinNonEmpty(done, f))
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	})
	// `--json id,price` (a space, not =) leaves the fields as an argument: say so.
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error {
			if j.Enabled && len(j.Fields) == 0 && len(a) > 0 && j.looksLikeFields(a[len(a)-1]) {
				return FlagErrorf("to choose JSON fields write --json=%s (with =)", a[len(a)-1])
			}
			return args(c, a)
		}
	}
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		if err := j.validate(); err != nil {
			return err
		}
		if prev != nil {
			return prev(c, args)
		}
		return nil
	}
}

func cutLast(s string) (done, last string) {
	i := strings.LastIndex(s, ",")
	if i < 0 {
		return "", s
	}
	return s[:i], s[i+1:]
}

func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + "," + b
}

func (j *JSONFlag) looksLikeFields(s string) bool {
	for _, f := range strings.Split(s, ",") {
		if !slices.Contains(j.fields, strings.TrimSpace(f)) {
			return false
		}
	}
	return true
}

func (j *JSONFlag) validate() error {
	if j.JQ != "" && j.Template != "" {
		return FlagErrorf("--jq and --template cannot be combined")
	}
	if j.JQ != "" || j.Template != "" {
		j.Enabled = true
	}
	for _, f := range j.Fields {
		if len(j.fields) > 0 && !slices.Contains(j.fields, f) {
			return FlagErrorf("unknown JSON field %q; available fields:\n  %s", f, strings.Join(j.fields, "\n  "))
		}
	}
	if j.JQ != "" {
		if _, err := gojq.Parse(j.JQ); err != nil {
			return FlagErrorf("invalid --jq expression: %v", err)
		}
	}
	if j.Template != "" {
		if _, err := template.New("").Funcs(templateFuncs(nil, nil)).Parse(j.Template); err != nil {
			return FlagErrorf("invalid --template: %v", err)
		}
	}
	return nil
}

type jsonValue struct{ j *JSONFlag }

func (v *jsonValue) String() string { return strings.Join(v.j.Fields, ",") }
func (v *jsonValue) Type() string   { return "fields" }
func (v *jsonValue) Set(s string) error {
	v.j.Enabled = true
	if s == allFields || strings.TrimSpace(s) == "" {
		return nil
	}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" && !slices.Contains(v.j.Fields, f) {
			v.j.Fields = append(v.j.Fields, f)
		}
	}
	return nil
}

// Write prints v on ios.Out as the flags ask: indented JSON (only the chosen fields), the
// results of the jq filter (strings raw, other values as JSON, one per line), or the
// template's output (see template.go).
func (j *JSONFlag) Write(ios *iostreams.IOStreams, v any) error {
	w := ios.Out
	if len(j.Fields) == 0 && j.JQ == "" && j.Template == "" {
		return WriteJSON(w, v) // the entity's own field order
	}
	data, err := toGeneric(v)
	if err != nil {
		return err
	}
	if len(j.Fields) > 0 {
		data = keepFields(data, j.Fields)
	}
	switch {
	case j.JQ != "":
		return runJQ(w, j.JQ, normalizeNumbers(data))
	case j.Template != "":
		return runTemplate(ios, j.Template, templateNumbers(data))
	}
	return WriteJSON(w, data)
}

// WriteJSON writes v as indented JSON followed by a newline. The shape is the SDK's entity
// types, the same field names the provider uses, so scripts can rely on docs/contract.md.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	return nil
}

func toGeneric(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding JSON: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("encoding JSON: %w", err)
	}
	return out, nil // numbers stay json.Number until jq or a template takes them
}

// normalizeNumbers turns json.Number into int or float64, the types gojq works with, and
// the way --json writes them back.
func normalizeNumbers(v any) any {
	return mapNumbers(v, func(x json.Number) any {
		if i, err := x.Int64(); err == nil {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	})
}

// mapNumbers replaces each json.Number of decoded JSON by f of it, in place.
func mapNumbers(v any, f func(json.Number) any) any {
	switch x := v.(type) {
	case json.Number:
		return f(x)
	case []any:
		for i := range x {
			x[i] = mapNumbers(x[i], f)
		}
	case map[string]any:
		for k := range x {
			x[k] = mapNumbers(x[k], f)
		}
	}
	return v
}

func keepFields(v any, fields []string) any {
	switch x := v.(type) {
	case []any:
		for i := range x {
			x[i] = keepFields(x[i], fields)
		}
		return x
	case map[string]any:
		out := make(map[string]any, len(fields))
		for _, f := range fields {
			if val, ok := x[f]; ok {
				out[f] = val
			}
		}
		return out
	}
	return v
}

func runJQ(w io.Writer, expr string, data any) error {
	q, err := gojq.Parse(expr)
	if err != nil {
		return FlagErrorf("invalid --jq expression: %v", err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return FlagErrorf("invalid --jq expression: %v", err)
	}
	it := code.Run(data)
	for {
		r, ok := it.Next()
		if !ok {
			return nil
		}
		if err, ok := r.(error); ok {
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				return nil
			}
			return fmt.Errorf("--jq: %w", err)
		}
		if s, ok := r.(string); ok {
			if _, err := fmt.Fprintln(w, s); err != nil {
				return fmt.Errorf("writing output: %w", err)
			}
			continue
		}
		b, err := gojq.Marshal(r)
		if err != nil {
			return fmt.Errorf("--jq: %w", err)
		}
		if _, err := fmt.Fprintln(w, string(b)); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
}

// FieldsOf lists the JSON field names of a struct, a pointer to one, or a slice of them,
// sorted.
func FieldsOf(sample any) []string {
	t := reflect.TypeOf(sample)
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
