package qrview

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode/qrcodetest"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

func view(t *testing.T, e sdk.ESIM, fixtures ...string) Model {
	t.Helper()
	c := tuitest.Client(t, tuitest.RegisteredSession(t), fixtures...)
	m := New(context.Background(), e, Config{Source: c.ESIMs, Styles: theme.New(), Keys: DefaultKeyMap(), FetchDelay: time.Millisecond})
	return tuitest.Drain(t, m, m.Init())
}

func TestGolden(t *testing.T) {
	list := tuitest.ESIMs(t)
	noCode := list[2]
	noCode.LinkOnIphone, noCode.Base64QRCodeImage = "", ""
	tests := []struct {
		name     string
		esim     sdk.ESIM
		fixtures []string
		height   int
	}{
		{"from-link", list[0], nil, 60},
		{"fetched", noCode, []string{"getQrCode/success"}, 60},
		{"80x24", list[0], nil, 21},
		{"too-small", list[0], nil, 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := view(t, tt.esim, tt.fixtures...)
			tuitest.Golden(t, tt.height, func(w, h int) string { return m.SetSize(w, h).View() })
		})
	}
}

// TestRenderedCodeScansBack renders the code as the terminal shows it, draws it into a
// PNG module by module, and decodes it: the terminal QR carries the activation code.
func TestRenderedCodeScansBack(t *testing.T) {
	e := tuitest.ESIMs(t)[0]
	code, err := FromESIM(e)
	if err != nil {
		t.Fatal(err)
	}
	m := view(t, e)
	if m.code != code || !strings.Contains(m.View(), code.MatchingID) {
		t.Fatalf("view shows %+v, want %+v", m.code, code)
	}
	text, err := qrcodetest.Scan(m.qr)
	if err != nil {
		t.Fatal(err)
	}
	if text != code.String() {
		t.Fatalf("scanned %q, want %q", text, code.String())
	}
}

// TestFitsAndScans: the code is drawn whole and scans back at 80×24 (the body the root
// leaves it: 21 lines) and larger, with the manual-install facts and both links on screen.
func TestFitsAndScans(t *testing.T) {
	e := tuitest.ESIMs(t)[0]
	code, err := FromESIM(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 21}, {100, 27}, {120, 40}, {60, 40}} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			v := view(t, e).SetSize(size[0], size[1]).View()
			lines := strings.Split(v, "\n")
			if len(lines) > size[1] && size[0] >= 80 {
				t.Errorf("%d lines in a body of %d:\n%s", len(lines), size[1], v)
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Errorf("line of %d columns: %q", w, l)
				}
			}
			if text, err := qrcodetest.Scan(v); err != nil || text != code.String() {
				t.Fatalf("scanned %q, %v; want %q\n%s", text, err, code.String(), v)
			}
			for _, want := range []string{code.SMDP, code.MatchingID, "https://esimsetup.apple.com/", "https://esimsetup.android.com/"} {
				if !strings.Contains(v, want) {
					t.Errorf("no %q on screen:\n%s", want, v)
				}
			}
		})
	}
}

// TestCopyKeys: c, i and a copy the activation code and the two links whole, and say so.
func TestCopyKeys(t *testing.T) {
	e := tuitest.ESIMs(t)[0]
	code, err := FromESIM(e)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key, want, said string
		system          bool
	}{
		{"c", code.String(), "Copied the activation code to the clipboard.", true},
		{"i", lpa.IPhoneLink(code), "Copied the iPhone install link to the clipboard.", true},
		{"a", lpa.AndroidLink(code), "Sent the Android install link to your terminal's clipboard.", false},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			var got string
			m := New(context.Background(), e, Config{Styles: theme.New(), Keys: DefaultKeyMap(),
				Copy: func(s string) (bool, error) { got = s; return tt.system, nil }})
			m = tuitest.Drain(t, m, m.Init())
			m = tuitest.Press(t, m.SetSize(120, 40), tt.key)
			if got != tt.want {
				t.Errorf("copied %q, want %q", got, tt.want)
			}
			if !strings.Contains(m.View(), tt.said) {
				t.Errorf("view does not say %q:\n%s", tt.said, m.View())
			}
		})
	}
}

func TestFromESIMPrefersLinkThenImage(t *testing.T) {
	list := tuitest.ESIMs(t)
	withImage := list[0]
	fromLink, err := lpa.FromIPhoneLink(withImage.LinkOnIphone)
	if err != nil {
		t.Fatal(err)
	}
	imageOnly := withImage
	imageOnly.LinkOnIphone = ""
	broken := withImage
	broken.LinkOnIphone, broken.Base64QRCodeImage = "", "not base64!"
	tests := []struct {
		name    string
		e       sdk.ESIM
		want    lpa.Code
		wantErr bool
	}{
		{"link", withImage, fromLink, false},
		{"image", imageOnly, fromLink, false},
		{"garbage image", broken, lpa.Code{}, true},
		{"nothing", sdk.ESIM{ICCID: "1"}, lpa.Code{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromESIM(tt.e)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestRenderRefusesOversizedText(t *testing.T) {
	if _, err := Render(strings.Repeat("x", 5000)); err == nil {
		t.Fatal("no error for text no QR code can hold")
	}
}
