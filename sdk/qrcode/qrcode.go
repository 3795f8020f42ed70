// Package qrcode turns text (an LPA activation code) into a PNG QR code and reads one back.
package qrcode

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
	qrenc "github.com/skip2/go-qrcode"
)

// Size bounds of EncodePNG in pixels; beyond them the PNG is useless or wastefully large.
const (
	MinSize = 64
	MaxSize = 2048
)

// maxDecodeBytes bounds DecodePNG's input: a QR of an activation code is a few KB.
const maxDecodeBytes = 4 << 20

// EncodePNG returns a size x size PNG QR code of text at medium error correction.
func EncodePNG(text string, size int) ([]byte, error) {
	if text == "" {
		return nil, errors.New("qr encode: text is empty")
	}
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("qr encode: size %d outside %d..%d", size, MinSize, MaxSize)
	}
	b, err := qrenc.Encode(text, qrenc.Medium, size)
	if err != nil {
		return nil, fmt.Errorf("qr encode: %w", err)
	}
	return b, nil
}

// DecodePNG reads the text of the QR code in a PNG image.
func DecodePNG(data []byte) (string, error) {
	if len(data) == 0 {
		return "", errors.New("qr decode: image is empty")
	}
	if len(data) > maxDecodeBytes {
		return "", fmt.Errorf("qr decode: image is %d bytes, limit %d", len(data), maxDecodeBytes)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("qr decode: not a PNG: %w", err)
	}
	// A hostile header can claim a huge canvas (a few bytes of PNG can inflate to
	// gigabytes); refuse before allocating it.
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxSize || cfg.Height > MaxSize {
		return "", fmt.Errorf("qr decode: image is %dx%d pixels, limit %dx%d", cfg.Width, cfg.Height, MaxSize, MaxSize)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("qr decode: not a PNG: %w", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("qr decode: %w", err)
	}
	reader := zxqr.NewQRCodeReader()
	res, err := reader.Decode(bmp, map[gozxing.DecodeHintType]any{
		gozxing.DecodeHintType_TRY_HARDER: true,
	})
	if err != nil {
		// gozxing's finder-pattern sampling misreads about 1 in 100 generated codes whose
		// module size is not a whole number of pixels (a 256 px version-3 code), codes zbar
		// and phones read. Such an image is a code alone on a quiet zone: read it as one.
		pure, pureErr := reader.Decode(bmp, map[gozxing.DecodeHintType]any{
			gozxing.DecodeHintType_PURE_BARCODE: true,
		})
		if pureErr != nil {
			return "", fmt.Errorf("qr decode: no QR code found: %w", err)
		}
		res = pure
	}
	return res.GetText(), nil
}
