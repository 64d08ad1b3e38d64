//go:build linux && !android && cgo

package sounds

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
//
// static void quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}
//
// // probe opens and closes a playback device, with ALSA's own error
// // printing silenced; it returns 0 or a negative ALSA error code.
// static int probe(const char *name) {
// 	snd_pcm_t *h;
// 	snd_lib_error_set_handler(quiet);
// 	int err = snd_pcm_open(&h, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
// 	if (err == 0) snd_pcm_close(h);
// 	snd_lib_error_set_handler(NULL);
// 	return err;
// }
import "C"

import (
	"fmt"
	"unsafe"
)

// outputAvailable opens and closes the ALSA playback devices that
// Ebitengine's audio (oto) falls back to, "default" then "plug:default".
func outputAvailable() error {
	var msgs []string
	for _, name := range []string{"default", "plug:default"} {
		cname := C.CString(name)
		err := C.probe(cname)
		C.free(unsafe.Pointer(cname))
		if err == 0 {
			return nil
		}
		msgs = append(msgs, fmt.Sprintf("%q: %s", name, C.GoString(C.snd_strerror(err))))
	}
	return fmt.Errorf("sounds: no ALSA playback device: %v", msgs)
}
