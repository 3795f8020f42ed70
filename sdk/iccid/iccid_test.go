package iccid

import (
	"errors"
	"testing"
)

func TestValid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want error
	}{
		// 8944500102198304826 is a commonly published sample ICCID with a correct Luhn digit.
		{"valid 19 digits", "8944500102198304826", nil},
		{"valid 20 digits", "89961010000000000013", nil},
		{"empty", "", ErrEmpty},
		{"letter", "89445001021983048A6", ErrNonDigit},
		{"space", "8944500102198304826 ", ErrNonDigit},
		{"dash", "8944-500102198304826", ErrNonDigit},
		{"too short", "894450010219830482", ErrLength},
		{"too long", "894450010219830482600", ErrLength},
		{"bad check digit", "8944500102198304827", ErrChecksum},
		{"unicode digit", "894450010219830482٦", ErrNonDigit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Valid(tt.in)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Valid(%q) = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
}

func TestCheckDigit(t *testing.T) {
	tests := []struct {
		payload string
		want    byte
	}{
		{"7992739871", '3'}, // the classic Luhn example
		{"894450010219830482", '6'},
		{"8996101000000000001", '3'},
		{"", '0'},
	}
	for _, tt := range tests {
		if got := CheckDigit(tt.payload); got != tt.want {
			t.Errorf("CheckDigit(%q) = %c, want %c", tt.payload, got, tt.want)
		}
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name    string
		prefix  string
		serial  uint64
		length  int
		want    string
		wantErr bool
	}{
		{"20 digits", "8996101", 1, 20, "89961010000000000013", false},
		{"19 digits", "89445001021983048", 2, 19, "8944500102198304826", false},
		{"serial fills room", "89", 12345678901234567, 20, "", false},
		{"bad length", "89", 1, 18, "", true},
		{"prefix not digits", "89x", 1, 20, "", true},
		{"prefix too long", "8996101000000000000", 1, 19, "", true},
		{"serial too big", "89961010000000000", 1000, 20, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Generate(tt.prefix, tt.serial, tt.length)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Generate() = %q, want error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Generate() error: %v", err)
			}
			if tt.want != "" && got != tt.want {
				t.Fatalf("Generate() = %q, want %q", got, tt.want)
			}
			if len(got) != tt.length {
				t.Fatalf("len = %d, want %d", len(got), tt.length)
			}
			if err := Valid(got); err != nil {
				t.Fatalf("generated %q is not valid: %v", got, err)
			}
		})
	}
}
