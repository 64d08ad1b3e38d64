package webdist

import (
	"errors"
	"image"
)

// QRCode is an error in a browser: a page hosts no table (Handler is nil
// there, and the relay's lobby is the app's), so it has no join address
// to show, and goldvein.wasm leaves the QR encoder out (about 0.1 MB).
func QRCode(text string, px int) (image.Image, error) {
	return nil, errors.New("webdist: no QR codes in a browser")
}
