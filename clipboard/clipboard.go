// Package clipboard copies text to the system's clipboard and reads it
// back, for the invite link of an internet table (docs/LAN.md, Over the
// internet). Ebitengine has no clipboard; on a desktop this runs the
// system's own tool (wl-copy or xclip or xsel on Linux, pbcopy on macOS,
// clip and PowerShell on Windows), in a browser it uses the page's
// clipboard. Both calls may take a while: call them off the frame loop.
package clipboard

import "errors"

// ErrUnavailable is the error when the system offers no clipboard this
// package can reach (no tool installed, no permission in the browser).
var ErrUnavailable = errors.New("clipboard: not available here")

// MaxRead bounds what Read returns, in bytes.
const MaxRead = 64 << 10
