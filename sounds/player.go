package sounds

import (
	"bytes"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

// voices is how many copies of one effect may sound at once (a deal of
// several cards); a further Play restarts the oldest.
const voices = 4

// Player plays the effects and the music on one audio context. All methods
// are safe to call from any goroutine, on a nil *Player (they do nothing),
// with a nil context (silent), and before the context is ready (in a
// browser, audio may start only after the first click or key): effects
// asked for before then are skipped rather than saved up for a burst, and
// music asked for starts when audio does.
type Player struct {
	ctx *audio.Context
	pcm [numEffects][]byte

	mu      sync.Mutex
	pool    [numEffects][]*audio.Player
	effects float64 // effects volume, 0..1
	music   float64 // music volume, 0..1
	muted   bool
	musicOn bool
	song    *audio.Player // nil until the music is first made
	making  bool          // the music is being synthesised
}

// NewPlayer synthesises every effect (a few tens of milliseconds) and
// returns a player for ctx, made by audio.NewContext(SampleRate). ctx may
// be nil: the player is then silent. Volumes start at 1 for effects and
// 0.5 for music; music is off until Music(true).
func NewPlayer(ctx *audio.Context) *Player {
	p := &Player{ctx: ctx, effects: 1, music: 0.5}
	if ctx == nil {
		return p
	}
	for e := range p.pcm {
		p.pcm[e] = Synth(Effect(e))
	}
	return p
}

// Play starts effect e at the effects volume. It does nothing when muted,
// at volume 0, for an unknown effect, or while the context is not ready.
func (p *Player) Play(e Effect) {
	if p == nil || p.ctx == nil || e < 0 || e >= numEffects {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.muted || p.effects <= 0 || !p.ctx.IsReady() {
		return
	}
	var v *audio.Player
	for _, q := range p.pool[e] {
		if !q.IsPlaying() {
			v = q
			break
		}
	}
	if v == nil {
		if len(p.pool[e]) < voices {
			v = p.ctx.NewPlayerFromBytes(p.pcm[e])
			p.pool[e] = append(p.pool[e], v)
		} else {
			// Restart the oldest: rotate it to the back.
			v = p.pool[e][0]
			copy(p.pool[e], p.pool[e][1:])
			p.pool[e][voices-1] = v
		}
	}
	_ = v.Rewind()
	v.SetVolume(p.effects)
	v.Play()
}

// SetVolumes sets the effects and music volumes, each clamped to 0..1
// (0 silent, 1 full).
func (p *Player) SetVolumes(effects, music float64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.effects, p.music = clamp01(effects), clamp01(music)
	if p.song != nil {
		p.song.SetVolume(p.music)
	}
}

// Volumes returns the effects and music volumes.
func (p *Player) Volumes() (effects, music float64) {
	if p == nil {
		return 0, 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.effects, p.music
}

// SetMuted silences everything (true) or lets it sound again (false):
// sounding effects stop, the music pauses and later resumes where it was.
func (p *Player) SetMuted(m bool) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.muted = m
	if m {
		for _, pool := range p.pool {
			for _, v := range pool {
				v.Pause()
			}
		}
	}
	p.updateSong()
}

// Muted reports whether the player is muted.
func (p *Player) Muted() bool {
	if p == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.muted
}

// Music turns the music loop on or off. The loop is synthesised on first
// use off the calling goroutine, and starts when it is ready.
func (p *Player) Music(on bool) {
	if p == nil || p.ctx == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.musicOn = on
	if on && p.song == nil && !p.making {
		p.making = true
		go p.makeSong()
	}
	p.updateSong()
}

func (p *Player) makeSong() {
	pcm := SynthMusic()
	loop := audio.NewInfiniteLoop(bytes.NewReader(pcm), int64(len(pcm)))
	song, err := p.ctx.NewPlayer(loop)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.making = false
	if err != nil {
		// No music, but effects still work: the game goes on.
		return
	}
	p.song = song
	p.song.SetVolume(p.music)
	p.updateSong()
}

// updateSong plays or pauses the music to match the settings; p.mu held.
func (p *Player) updateSong() {
	if p.song == nil {
		return
	}
	if p.musicOn && !p.muted {
		p.song.Play()
	} else {
		p.song.Pause()
	}
}

func clamp01(v float64) float64 {
	if v < 0 || v != v {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}
