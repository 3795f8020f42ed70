// Package docsgen writes the CLI reference (docs/cli) from the command tree with
// cobra/doc, so the reference cannot drift from --help.
package docsgen

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/root"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// Generate replaces the Markdown files of dir with one page per command.
func Generate(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return fmt.Errorf("listing %s: %w", dir, err)
	}
	for _, p := range old {
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("removing stale page: %w", err)
		}
	}
	cmd := Root()
	if err := doc.GenMarkdownTree(cmd, dir); err != nil {
		return fmt.Errorf("generating the CLI reference: %w", err)
	}
	// Help topics (esim help config, esim help exit-codes) have no command page of their own
	// in cobra's generator; they get one here.
	for _, c := range cmd.Commands() {
		if !c.IsAdditionalHelpTopicCommand() {
			continue
		}
		body := fmt.Sprintf("## esim help %s\n\n%s\n\n### Synopsis\n\n```\n%s\n```\n\n### Examples\n\n```\n%s\n```\n\n### SEE ALSO\n\n* [esim](esim.md)\t - %s\n",
			c.Name(), c.Short, c.Long, c.Example, cmd.Short)
		p := filepath.Join(dir, "esim_help_"+c.Name()+".md")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", p, err)
		}
	}
	return nil
}

// Root is the command tree as documented: no environment, no terminal, version "dev",
// and no date stamp, so two runs give the same bytes.
func Root() *cobra.Command {
	ios, _, _, _ := iostreams.Test()
	f := &factory.Factory{AppVersion: "dev", IOStreams: ios, Getenv: func(string) string { return "" }}
	cmd := root.NewCmdRoot(f)
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		c.DisableAutoGenTag = true
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	cmd.InitDefaultCompletionCmd()
	cmd.InitDefaultHelpCmd()
	walk(cmd)
	return cmd
}
