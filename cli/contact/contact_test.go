package contact_test

import (
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
			Opts:    []clitest.Option{clitest.Guest(), clitest.Fixtures("support.contactUs/success")},
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
	})
}
