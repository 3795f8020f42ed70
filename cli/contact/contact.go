// Package contact implements `esim contact`: the support contact form.
package contact

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cedarsim/esim/cli/cmdutil"
	"github.com/cedarsim/esim/cli/config"
	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/internal/complete"
	"github.com/cedarsim/esim/cli/internal/prompt"
	"github.com/cedarsim/esim/cli/iostreams"
	"github.com/cedarsim/esim/cli/session"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/signupform"
	"github.com/spf13/cobra"
)

// Topics are the departments of the contact form (spec section 5).
var Topics = []string{"Customer Service", "Sales", "Support"}

// Options are the options of `esim contact`.
type Options struct {
	IO      *iostreams.IOStreams
	Client  func() (*sdk.Client, error)
	Config  func() (*config.Config, error)
	Topic   string
	Email   string
	Name    string
	Message string
}

// NewCmdContact builds `esim contact`.
func NewCmdContact(f *factory.Factory) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Config: f.Config}
	cmd := &cobra.Command{
		Use:   "contact [--topic TOPIC] [--message TEXT] [--name NAME] [--email EMAIL]",
		Short: "Send a message to support",
		Long: `Send a message to CedarSIM support. TOPIC is one of: Customer Service, Sales, Support
(case-insensitive). Name and e-mail default to the logged-in customer's; on a terminal,
whatever is still missing is asked for. --message - reads the message from stdin.`,
		Example: `  $ esim contact --topic Support --message "My eSIM does not connect in Istanbul"
  $ esim contact --topic Sales --email me@example.com --name "Rami Haddad" --message "Group offers?"
  $ esim contact --topic support --message - < message.txt`,
		Args:    cmdutil.NoArgs,
		GroupID: "account",
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Topic, "topic", "t", "", "Customer Service, Sales or Support")
	fl.StringVarP(&opts.Email, "email", "e", "", "Your e-mail address (default: the logged-in customer's)")
	fl.StringVarP(&opts.Name, "name", "n", "", "Your full name (default: the logged-in customer's)")
	fl.StringVarP(&opts.Message, "message", "m", "", "Your message (- reads it from stdin)")
	_ = cmd.RegisterFlagCompletionFunc("topic", complete.Values(Topics...))
	return cmd
}

// topic resolves --topic; an invalid one is the spec's alert plus the valid topics.
func topic(s string) (string, error) {
	i := slices.IndexFunc(Topics, func(t string) bool { return strings.EqualFold(t, strings.TrimSpace(s)) })
	if i < 0 {
		return "", cmdutil.FlagErrorf("%s", invalidTopic())
	}
	return Topics[i], nil
}

// invalidTopic is the spec's alert for a topic not in the list, with the list.
func invalidTopic() string {
	return fmt.Sprintf("%s Topics: %s.", messages.InvalidTopic, strings.Join(Topics, ", "))
}

func run(ctx context.Context, opts *Options) error {
	ios := opts.IO
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	// Name and e-mail of the logged-in customer, when any.
	if opts.Name == "" || opts.Email == "" {
		if c, err := session.Customer(ctx, client); err == nil {
			if opts.Email == "" {
				opts.Email = c.Email
			}
			if n := strings.TrimSpace(c.FirstName + " " + c.LastName); opts.Name == "" && n != "" {
				opts.Name = n
			}
		}
	}
	if opts.Topic == "" && ios.CanPrompt() {
		fmt.Fprintf(ios.ErrOut, "Topics: %s\n", strings.Join(Topics, ", "))
		if opts.Topic, err = prompt.Ask(ctx, ios, "Topic: ", func(v string) string {
			if _, err := topic(v); err != nil {
				return invalidTopic()
			}
			return ""
		}); err != nil {
			return err
		}
	}
	if opts.Topic == "" {
		return cmdutil.FlagErrorf("--topic is required: %s", strings.Join(Topics, ", "))
	}
	if opts.Topic, err = topic(opts.Topic); err != nil {
		return err
	}
	if opts.Message == "-" {
		var lines []string
		for {
			l, err := ios.ReadLine()
			if err != nil {
				break
			}
			lines = append(lines, l)
		}
		opts.Message = strings.Join(lines, "\n")
	}
	for _, q := range []struct {
		flag, label string
		p           *string
	}{
		{"--name", "Full name: ", &opts.Name}, {"--email", "E-mail: ", &opts.Email}, {"--message", "Message: ", &opts.Message},
	} {
		*q.p = strings.TrimSpace(*q.p)
		if *q.p != "" {
			continue
		}
		if !ios.CanPrompt() {
			return cmdutil.FlagErrorf("%s is required (or log in, for name and e-mail)", q.flag)
		}
		check := func(v string) string {
			if v == "" {
				return "Please enter the " + strings.ToLower(strings.TrimSuffix(q.label, ": ")) + "."
			}
			if q.flag == "--email" {
				return signupform.Check(signupform.Email, v)
			}
			return ""
		}
		if *q.p, err = prompt.Ask(ctx, ios, q.label, check); err != nil {
			return err
		}
	}
	ios.StartSpinner("Sending")
	err = client.Support.ContactUs(ctx, sdk.ContactForm{
		FullName: opts.Name, Email: opts.Email, Message: opts.Message, Department: opts.Topic,
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
