package root

import (
	"strings"

	"github.com/cedarsim/esim/cli/config"
	"github.com/spf13/cobra"
)

// helpTopics are `esim help config` and `esim help exit-codes`: reference pages without a
// command (cobra lists them under "Additional help topics"; docs/cli has them too).
func helpTopics() []*cobra.Command {
	return []*cobra.Command{
		{
			Use:     "config",
			Example: "  $ esim help config\n  $ ESIM_SERVER=127.0.0.1:18204 esim plans --global",
			Short:   "Settings: flags, ESIM_* environment variables and the config file keys",
			Long: `Every setting is resolved in one place for every command, esim serve included, in this
order: command-line flags, then ESIM_* environment variables, then the config file, then
defaults that point at a local sandbox (http://127.0.0.1:8080).

The config file is config.yaml (or config.yml, or config.json) in the esim config
directory: --config-dir, else ESIM_CONFIG_DIR, else the user config directory's esim/
(~/.config/esim on Linux). The stored session (session.json), the pending login code
(pending.json) and the completion caches (cache/) live there too, mode 0600. An unknown
key in the file is reported on stderr as a warning and otherwise ignored.

Keys of the config file, with their environment variable:
` + keyTable() + `
A server given without a scheme is accepted: loopback and private addresses get http://
(127.0.0.1:8080), anything else https://. server sets api_url, support_url,
esimcheck_url and log_push_url as the sandbox lays them out; a URL key given at the same
level wins over it.

Example config.yaml:

  server: https://shop.example.com
  client_id: cedarsim-shop
  client_secret: s3cret
  support_phone: "+961 1 555 010"
  timeout: 45s`,
		},
		{
			Use:     "formatting",
			Example: "  $ esim plans --country TR --template '{{range .}}{{tablerow .name (printf \"%.2f\" .price)}}{{end}}'\n  $ esim esims list --jq '.[].iccid'",
			Short:   "Machine-readable output: --json, --jq and --template",
			Long: `Every command that prints data takes --json (all fields, or --json=a,b for some),
--jq EXPRESSION (a jq filter over that JSON, strings printed raw) and --template TEXT (a
Go template over it). --jq and --template imply --json; the fields are the provider's
names (docs/contract.md).

In a template, numbers format with printf's verbs (%.2f, %d, %e) and print without an
exponent; eq, ne, lt, le, gt and ge compare them with int or float literals. Helpers, as
in gh:

  tablerow FIELDS...     a row of a table aligned when the template ends (or tablerender)
  tablerender            print the rows so far
  timeago TIME           "about 3 hours ago"
  timefmt LAYOUT TIME    a time in a Go layout, e.g. "2006-01-02"
  truncate N TEXT        at most N characters, with an ellipsis
  hyperlink URL TEXT     a terminal hyperlink; piped: TEXT (URL)
  color STYLE TEXT       "green", "red+b" (b bold, u underline, i italic); plain when
                         colour is off (NO_COLOR, piped); autocolor is the same
  pluck FIELD LIST       the field of each element
  join SEP LIST, json VALUE, upper TEXT, lower TEXT`,
		},
		{
			Use:     "exit-codes",
			Example: "  $ esim esims show 8996199000000000010 || echo \"exit $?\"",
			Short:   "What esim's exit codes mean",
			Long: `esim exits with:

  0  success (also an empty list that is really empty, e.g. "Nothing to show")
  1  an error: the server refused or failed, the server could not be reached (a hint
     names --server and ESIM_SERVER), an unknown country, region, ICCID, plan,
     customer or help topic, or an agent command refused by the server
  2  a usage error (unknown command or flag, with suggestions; a missing or malformed
     argument; a setting esim cannot use, whether a flag, an ESIM_* variable or a key
     of the config file) or an interrupt (Ctrl-C)
  4  not logged in, the session expired, or a support agent's session is needed

Errors are written for people, without call names or URLs; --debug (or ESIM_DEBUG=1)
shows them in full.`,
		},
	}
}

func keyTable() string {
	env := map[string]string{}
	for _, n := range config.EnvNames() {
		env[strings.ToLower(strings.TrimPrefix(n, "ESIM_"))] = n
	}
	var b strings.Builder
	for _, k := range config.Keys() {
		e := env[k]
		if e == "" {
			e = "-"
		}
		b.WriteString("  " + k + strings.Repeat(" ", max(18-len(k), 1)) + e + "\n")
	}
	return b.String()
}
