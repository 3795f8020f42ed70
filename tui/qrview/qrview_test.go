package qrview

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/qrcode"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/theme"
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
		{"fetched", noCode, []string{"esims.qrCode/success"}, 60},
		{"too-small", list[0], nil, 20},
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
	text, err := qrcode.DecodePNG(pngOf(t, m.qr))
	if err != nil {
		t.Fatal(err)
	}
	if text != code.String() {
		t.Fatalf("scanned %q, want %q", text, code.String())
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
