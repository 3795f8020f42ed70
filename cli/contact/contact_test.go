package contact_test

import (
	"strings"
	"testing"

	"github.com/cedarsim/esim/cli/clitest"
)

func TestContact(t *testing.T) {
	args := func(topic string) []string {
		return []string{"contact", "--topic", topic, "--email", "rana.haddad@example.com", "--name", "Rana Haddad", "--message", "My eSIM does not connect"}
	}
	clitest.RunCases(t, []clitest.Case{
		{
			Name:    "sent",
			Args:    args("customer service"),
			Opts:    []clitest.Option{clitest.Guest(), clitest.Fixtures("contactUs/success")},
			WantErr: "Your message has been sent successfully\n",
		},
		{
			Name:     "placeholder topic",
			Args:     args("Topic - Please Select"),
			WantCode: 2,
			WantErr:  "Please select a valid topic. Topics: Customer Service, Sales, Support.\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
		{
			Name:     "missing message",
			Args:     []string{"contact", "--topic", "Sales", "--email", "a@b.co", "--name", "A"},
			WantCode: 2,
			WantErr:  "--message is required (or log in, for name and e-mail)\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
		{
			Name:    "name and e-mail from the session",
			Args:    []string{"contact", "--topic", "support", "--message", "Hello"},
			Opts:    []clitest.Option{clitest.Customer(), clitest.Fixtures("contactUs/success")},
			WantErr: "Your message has been sent successfully\n",
			Check: func(t *testing.T, e *clitest.Env) {
				body := lastBody(t, e)
				if !strings.Contains(body, `"FullName":"Rana Haddad"`) || !strings.Contains(body, `"Email":"rana.haddad@example.com"`) || !strings.Contains(body, `"Department":"Support"`) {
					t.Errorf("contact body %s", body)
				}
			},
		},
		{
			Name:    "prompts on a terminal, listing the topics",
			Args:    []string{"contact"},
			Opts:    []clitest.Option{clitest.TTY(80), clitest.Guest(), clitest.Fixtures("contactUs/success"), stdin("sales\nRami Haddad\nrami@example.com\nGroup offers?\n")},
			WantErr: "Topics: Customer Service, Sales, Support\nTopic: Full name: E-mail: Message: Your message has been sent successfully\n",
		},
		{
			Name: "a prompt asks again with the reason (issue 25.5)",
			Args: []string{"contact"},
			Opts: []clitest.Option{clitest.TTY(80), clitest.Guest(), clitest.Fixtures("contactUs/success"),
				stdin("Billing\nsales\n\nRami Haddad\nrami@\nrami@example.com\nGroup offers?\n")},
			WantErr: "Topics: Customer Service, Sales, Support\n" +
				"Topic: X Please select a valid topic. Topics: Customer Service, Sales, Support.\n" +
				"Topic: Full name: X Please enter the full name.\n" +
				"Full name: E-mail: X Enter a valid e-mail address\n" +
				"E-mail: Message: Your message has been sent successfully\n",
		},
		{
			Name:     "stdin ends at a prompt",
			Args:     []string{"contact"},
			Opts:     []clitest.Option{clitest.TTY(80), clitest.Guest(), stdin("Billing\n")},
			WantCode: 2,
			WantErr: "Topics: Customer Service, Sales, Support\n" +
				"Topic: X Please select a valid topic. Topics: Customer Service, Sales, Support.\n" +
				"Topic: \nno topic given\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
		{
			Name:     "no topic when piped lists the topics",
			Args:     []string{"contact", "--message", "x", "--name", "A", "--email", "a@b.co"},
			WantCode: 2,
			WantErr:  "--topic is required: Customer Service, Sales, Support\nRun 'esim --help' (or add --help to the command) for usage.\n",
		},
	})
}

func stdin(s string) clitest.Option { return func(e *clitest.Env) { e.In.WriteString(s) } }

// lastBody is the body of the contact-us request, as the fake transport saw it.
func lastBody(t *testing.T, e *clitest.Env) string {
	t.Helper()
	return e.LastBody("POST", "support/contact-us")
}
