//go:build !js

package webdist

import (
	"fmt"
	"image"

	qrcode "github.com/skip2/go-qrcode"
)

// QRCode draws text (a JoinURLs address) as a QR code (ISO/IEC 18004,
// error correction level M, with the standard quiet zone) about px pixels
// square, black modules on white, for a phone's camera. px below 64 is
// raised to 64. The encoder is github.com/skip2/go-qrcode; text too long
// for a QR code is an error.
func QRCode(text string, px int) (image.Image, error) {
	if px < 64 {
		px = 64
	}
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("webdist: QR code of %q: %w", text, err)
	}
	return q.Image(px), nil
}
