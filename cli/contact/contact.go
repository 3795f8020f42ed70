// Package contact implements `esim contact`: the support contact form.
package contact

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/spf13/cobra"
)

// Topics are the departments of the contact form (spec section 5).
var Topics = []string{"Customer Service", "Sales", "Support"}

// Options are the options of `esim contact`.
type Options struct {
	Factory *factory.Factory
	Topic   string
	Email   string
	Name    string
	Message string
}

// NewCmdContact builds `esim contact`.
func NewCmdContact(f *factory.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "contact --topic TOPIC --email EMAIL --name NAME --message TEXT",
		Short: "Send a message to support",
		Long: `Send a message to CedarSIM support. TOPIC is one of: Customer Service, Sales, Support
(case-insensitive).`,
		Example: `  $ esim contact --topic Support --email me@example.com --name "Rami Haddad" \
      --message "My eSIM does not connect in Istanbul"`,
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, fl := range []struct{ name, v string }{
				{"--name", opts.Name}, {"--email", opts.Email}, {"--message", opts.Message},
			} {
				if strings.TrimSpace(fl.v) == "" {
					return cmdutil.FlagErrorf("%s is required", fl.name)
				}
			}
			i := slices.IndexFunc(Topics, func(t string) bool { return strings.EqualFold(t, strings.TrimSpace(opts.Topic)) })
			if i < 0 {
				return &cmdutil.FlagError{Err: errors.New(messages.InvalidTopic)}
			}
			opts.Topic = Topics[i]
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Topic, "topic", "t", "", "Customer Service, Sales or Support")
	fl.StringVarP(&opts.Email, "email", "e", "", "Your e-mail address")
	fl.StringVarP(&opts.Name, "name", "n", "", "Your full name")
	fl.StringVarP(&opts.Message, "message", "m", "", "Your message")
	return cmd
}

func run(ctx context.Context, opts *Options) error {
	client, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Factory.Config()
	if err != nil {
		return err
	}
	ios := opts.Factory.IOStreams
	ios.StartSpinner("Sending")
	err = client.Support.ContactUs(ctx, sdk.ContactForm{
		FullName: strings.TrimSpace(opts.Name), Email: strings.TrimSpace(opts.Email),
		Message: opts.Message, Department: opts.Topic,
	})
	ios.StopSpinner()
	if err != nil {
		var v *sdk.ValidationError
		if errors.As(err, &v) && v.Field != "department" {
			return &cmdutil.FlagError{Err: err} // e.g. a malformed e-mail, before any request
		}
		return cmdutil.Message(messages.Contact, err, cfg.Support())
	}
	fmt.Fprintln(ios.ErrOut, messages.For(messages.Contact, nil, cfg.Support()).Text)
	return nil
}
