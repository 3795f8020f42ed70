package cmdutil

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/pflag"
)

// JSONFlag is the --json switch of a data command.
type JSONFlag struct{ Enabled bool }

// AddJSONFlag registers --json on a command's flags.
func AddJSONFlag(fs *pflag.FlagSet, j *JSONFlag) {
	fs.BoolVar(&j.Enabled, "json", false, "Print the data as JSON")
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
