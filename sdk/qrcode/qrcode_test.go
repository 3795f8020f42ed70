package qrcode

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		text string
		size int
	}{
		{"lpa", "LPA:1$smdp.cedarsim.example$K2-1A2B3C-4D5E6F", 256},
		{"lpa small", "LPA:1$rsp.example.com$ABC", MinSize * 2},
		{"long", "LPA:1$smdp.cedarsim.example$" + strings.Repeat("A1", 60), 512},
		{"unicode", "Beyrouth, Liban — élan", 300},
		// Sandbox codes gozxing's detector alone misread (about 1 in 100 at 256 px; zbarimg
		// reads them): the sandbox journey test failed on such a draw.
		{"sandbox draw 1", "LPA:1$smdp.sandbox.test$FE336EACCA704399A363", 256},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := EncodePNG(tt.text, tt.size)
			if err != nil {
				t.Fatalf("EncodePNG: %v", err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("not a PNG: %v", err)
			}
			if cfg.Width != tt.size || cfg.Height != tt.size {
				t.Fatalf("size %dx%d, want %d", cfg.Width, cfg.Height, tt.size)
			}
			got, err := DecodePNG(b)
			if err != nil {
				t.Fatalf("DecodePNG: %v", err)
			}
			if got != tt.text {
				t.Fatalf("decoded %q, want %q", got, tt.text)
			}
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		text string
		size int
	}{
		{"", 256},
		{"x", MinSize - 1},
		{"x", MaxSize + 1},
		{strings.Repeat("x", 5000), 256}, // more than a QR code holds
	}
	for _, tt := range tests {
		if _, err := EncodePNG(tt.text, tt.size); err == nil {
			t.Errorf("EncodePNG(len %d, %d): want error", len(tt.text), tt.size)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	var blank bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 100, 100))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	if err := png.Encode(&blank, img); err != nil {
		t.Fatal(err)
	}
	valid, err := EncodePNG("LPA:1$a.example$B", 128)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   []byte
	}{
		{"empty", nil},
		{"not png", []byte("hello")},
		{"truncated png", valid[:len(valid)/2]},
		{"blank image", blank.Bytes()},
		{"huge", make([]byte, maxDecodeBytes+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := DecodePNG(tt.in); err == nil {
				t.Fatalf("DecodePNG = %q, want error", got)
			}
		})
	}
}

func TestDecodeRefusesHugeCanvas(t *testing.T) {
	// A 1-pixel-high PNG whose width exceeds MaxSize: refused from its header.
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, MaxSize+1, 1))); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodePNG(buf.Bytes()); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("DecodePNG err = %v, want the size limit", err)
	}
}

func FuzzDecodePNG(f *testing.F) {
	valid, err := EncodePNG("LPA:1$a.example$B", 128)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(valid)
	f.Add(valid[:40])
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = DecodePNG(b) // must not panic
	})
}
