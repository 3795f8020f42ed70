package diagnose

import (
	"fmt"
	"strings"

	"github.com/cedarsim/esim/sdk/messages"
	"github.com/cedarsim/esim/sdk/support"
)

// ReplyOptions personalise the reply.
type ReplyOptions struct {
	Brand     string // "CedarSIM" when empty
	FirstName string // the customer's first name, when known
	Support   messages.Support
}

// Reply is a ready-to-send message for the customer: what was found, the next step, and
// the install links. Plain text, no markup, so it pastes into e-mail, chat or WhatsApp.
func Reply(v Verdict, o ReplyOptions) string {
	brand := o.Brand
	if brand == "" {
		brand = "CedarSIM"
	}
	var b strings.Builder
	name := strings.TrimSpace(o.FirstName)
	if name == "" {
		name = "there"
	}
	fmt.Fprintf(&b, "Hello %s,\n\nThank you for contacting %s support about your eSIM %s.\n\n", name, brand, v.ICCID)

	var steps []string
	for _, c := range v.Checks {
		if c.Status != Fail && c.Status != Warn {
			continue
		}
		s := c.Finding + "."
		if len(c.Advice) > 0 {
			s += " " + c.Advice[0]
		}
		steps = append(steps, s)
	}
	switch {
	case len(steps) > 0:
		b.WriteString("Here is what we found:\n")
		for _, s := range steps {
			b.WriteString("- " + s + "\n")
		}
	default:
		b.WriteString("Your eSIM's plan is in order on our side. Please check these settings on your device:\n")
		b.WriteString("- " + adviceRoaming + "\n")
		b.WriteString("- " + adviceWait + "\n")
	}
	b.WriteString("\n")
	b.WriteString(nextStep(v))
	if v.Install.Known() {
		b.WriteString("\nIf the eSIM is not installed yet, install it with one tap:\n")
		fmt.Fprintf(&b, "- iPhone: %s\n", v.Install.IOSLink)
		fmt.Fprintf(&b, "- Android: %s\n", v.Install.AndroidLink)
		fmt.Fprintf(&b, "- Or enter it manually: SM-DP+ address %s, activation code %s\n", v.Install.SMDPAddress, v.Install.ActivationCode)
	}
	b.WriteString("\n")
	switch {
	case o.Support.Phone != "" && o.Support.Email != "":
		fmt.Fprintf(&b, "If you need more help, reply to this message or contact us at %s or %s.\n", o.Support.Phone, o.Support.Email)
	default:
		b.WriteString("If you need more help, reply to this message.\n")
	}
	fmt.Fprintf(&b, "\n%s support\n", brand)
	return b.String()
}

// nextStep is the one thing the customer should do next.
func nextStep(v Verdict) string {
	has := func(id string, st Status) bool {
		for _, c := range v.Checks {
			if c.ID == id && c.Status == st {
				return true
			}
		}
		return false
	}
	switch {
	case has(CheckBundles, Fail):
		return "Next step: if you were charged, reply with your payment reference and we will look into it.\n"
	case has(CheckCoverage, Fail):
		return "Next step: buy a plan that covers the country you are in; the same eSIM can be topped up when the plan allows it.\n"
	case has(CheckDepleted, Fail), has(CheckExpired, Fail), has(CheckActive, Fail):
		return "Next step: buy more data, a top-up for this eSIM if your plan allows it, or a new plan.\n"
	case has(CheckRevoked, Fail):
		return "Next step: we will check why the plan was stopped and come back to you.\n"
	case has(CheckProcessing, Fail):
		return "Next step: we are checking the activation with our provider and will come back to you.\n"
	case has(CheckQueued, Warn), has(CheckProcessing, Warn):
		return "Next step: connect to a supported network with data roaming on and allow up to 10 minutes.\n"
	case has(CheckExpiring, Warn):
		return "Next step: top up before the plan ends to keep your data.\n"
	}
	return "Next step: restart the device after checking the settings above.\n"
}

// WhatsAppLink is a wa.me link that opens WhatsApp with text ready to send; phone (any
// format: only its digits are kept) picks the chat, empty lets the agent choose it.
func WhatsAppLink(phone, text string) string { return support.WhatsAppLink(phone, text) }
