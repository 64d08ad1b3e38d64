package scenes

import (
	"fmt"
	"os"

	"github.com/goldvein/goldvein/sounds"
)

// The sound effects the scenes play (sounds package).
const (
	SfxDeal     = sounds.Deal
	SfxPlace    = sounds.Place
	SfxRefuse   = sounds.Refuse
	SfxBreak    = sounds.Break
	SfxRepair   = sounds.Repair
	SfxRockfall = sounds.Rockfall
	SfxMap      = sounds.Map
	SfxCoal     = sounds.Coal
	SfxGold     = sounds.Gold
	SfxRoundEnd = sounds.RoundEnd
)

// audioOut plays the effects and music with the volumes of the settings.
// It is silent (nil player) when the app was started muted for tests.
type audioOut struct {
	a      *App
	player *sounds.Player
}

func newAudioOut(a *App) *audioOut {
	o := &audioOut{a: a}
	if a.Cfg.Mute {
		return o
	}
	// sounds.NewContext makes no context when no output device opens:
	// Ebitengine would stop the game on that error.
	ctx, err := sounds.NewContext()
	if err != nil {
		fmt.Fprintln(os.Stderr, "goldvein: audio:", err, "(sound off)")
		return o
	}
	o.player = sounds.NewPlayer(ctx)
	o.apply()
	return o
}

// apply passes the settings' volumes, mute and music on to the player.
func (o *audioOut) apply() {
	if o.player == nil {
		return
	}
	s := &o.a.Settings
	o.player.SetVolumes(s.Effects, s.Music)
	o.player.SetMuted(s.Muted)
	o.player.Music(s.MusicOn && !s.Muted)
}

// Play plays effect e (nothing when muted or silent).
func (o *audioOut) Play(e sounds.Effect) {
	if o.player == nil {
		return
	}
	o.player.Play(e)
}
