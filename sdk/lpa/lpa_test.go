package lpa

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    Code
		wantErr bool
	}{
		{"LPA:1$smdp.example.com$ABC-123", Code{"smdp.example.com", "ABC-123"}, false},
		{"lpa:1$smdp.example.com$ABC", Code{"smdp.example.com", "ABC"}, false},
		{"LPA:1$rsp.truphone.com:8443$QRF-BETTERROAMING-PMRDGIR2EARDEIT5", Code{"rsp.truphone.com:8443", "QRF-BETTERROAMING-PMRDGIR2EARDEIT5"}, false},
		{"", Code{}, true},
		{"LPA:", Code{}, true},
		{"1$smdp.example.com$ABC", Code{}, true},
		{"LPA:2$smdp.example.com$ABC", Code{}, true},
		{"LPA:1$smdp.example.com", Code{}, true},
		{"LPA:1$$ABC", Code{}, true},
		{"LPA:1$smdp.example.com$", Code{}, true},
		{"LPA:1$smdp.example.com$ABC$1.3.6.1$1", Code{}, true},
		{"LPA:1$smdp example.com$ABC", Code{}, true},
		{"LPA:1$smdp.example.com:$ABC", Code{}, true},
		{"LPA:1$smdp.example.com:80a$ABC", Code{}, true},
		{"LPA:1$.example.com$ABC", Code{}, true},
		{"LPA:1$smdp.example.com$AB C", Code{}, true},
		{"LPA:1$smdp.example.com$AB&C", Code{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("Parse(%q) = %+v, %v; want ErrInvalid", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Parse(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestStringRoundTrip(t *testing.T) {
	c := Code{SMDP: "smdp.cedarsim.example", MatchingID: "K2-1A2B3C-4D5E6F"}
	if got, want := c.String(), "LPA:1$smdp.cedarsim.example$K2-1A2B3C-4D5E6F"; got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
	back, err := Parse(c.String())
	if err != nil || back != c {
		t.Fatalf("Parse(String()) = %+v, %v", back, err)
	}
}

func TestIPhoneLink(t *testing.T) {
	c := Code{SMDP: "smdp.cedarsim.example", MatchingID: "K2-1A2B"}
	want := "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%24K2-1A2B"
	if got := IPhoneLink(c); got != want {
		t.Fatalf("IPhoneLink() = %q, want %q", got, want)
	}
	back, err := FromIPhoneLink(want)
	if err != nil || back != c {
		t.Fatalf("FromIPhoneLink() = %+v, %v", back, err)
	}
}

func TestFromIPhoneLinkErrors(t *testing.T) {
	tests := []string{
		"",
		"http://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C",
		"https://evil.example/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C",
		"https://esimsetup.apple.com/other?carddata=LPA%3A1%24a.b%24C",
		"https://esimsetup.apple.com/esim_qrcode_provisioning",
		"https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=a&carddata=b",
		"https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=%zz",
		"https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b",
		"://bad",
	}
	for _, link := range tests {
		t.Run(link, func(t *testing.T) {
			if c, err := FromIPhoneLink(link); !errors.Is(err, ErrInvalid) {
				t.Fatalf("FromIPhoneLink(%q) = %+v, %v; want ErrInvalid", link, c, err)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"LPA:1$smdp.example.com$ABC-123", "LPA:1$$", "LPA:1$a:$b", "lpa:1$a.b$c$d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		// Whatever parses must survive a round trip, also through the Apple link.
		back, err := FromIPhoneLink(IPhoneLink(c))
		if err != nil || back != c {
			t.Fatalf("round trip of %q: %+v, %v", s, back, err)
		}
	})
}
