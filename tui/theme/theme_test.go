package theme

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.TrueColor) // a colour terminal, as esim tui runs in
	os.Exit(m.Run())
}

// TestQRHasItsOwnColours: the QR's lines carry white on black themselves, so a light
// terminal theme does not invert the code (issue 25.6).
func TestQRHasItsOwnColours(t *testing.T) {
	got := New().QR.Render("█▀▄ ")
	for _, want := range []string{"38;2;255;255;255", "48;2;0;0;0"} {
		if !strings.Contains(got, want) {
			t.Errorf("QR line %q lacks %q", got, want)
		}
	}
}

// TestLink: a link is one line, an OSC 8 hyperlink to the whole URL, and only its text is
// shortened to the width (issue 25.7).
func TestLink(t *testing.T) {
	const url = "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%2410326-D64AD-97847-DDE82"
	s := New()
	for _, width := range []int{40, 80, 200} {
		got := s.Link("  ", url, width)
		if strings.Contains(got, "\n") || ansi.StringWidth(got) > width {
			t.Errorf("width %d: %q is %d wide", width, got, ansi.StringWidth(got))
		}
		if !strings.Contains(got, ansi.SetHyperlink(url)) || !strings.HasSuffix(got, ansi.ResetHyperlink()) {
			t.Errorf("width %d: %q is not a hyperlink to the whole URL", width, got)
		}
	}
	s.Hyperlinks = false
	if got := s.Link("", url, 200); got != url {
		t.Errorf("without hyperlinks: %q, want the plain URL", got)
	}
}
