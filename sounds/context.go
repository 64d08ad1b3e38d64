package sounds

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

// OutputAvailable reports, as a nil error, whether a sound output device
// can be opened. On Linux it opens and closes ALSA's default playback
// device (what Ebitengine's audio uses); elsewhere it assumes yes. It
// matters because Ebitengine stops the game with an error when its audio
// context cannot open a device, so a machine with no sound card must not
// make one.
func OutputAvailable() error { return outputAvailable() }

// NewContext returns the process's audio context at SampleRate, making it
// if there is none yet, or nil and an error when no sound output can be
// opened (OutputAvailable): then play silently with NewPlayer(nil). An
// existing context with another sample rate is an error too.
func NewContext() (*audio.Context, error) {
	if ctx := audio.CurrentContext(); ctx != nil {
		if ctx.SampleRate() != SampleRate {
			return nil, fmt.Errorf("sounds: the audio context runs at %d Hz, want %d", ctx.SampleRate(), SampleRate)
		}
		return ctx, nil
	}
	if err := OutputAvailable(); err != nil {
		return nil, err
	}
	return audio.NewContext(SampleRate), nil
}
