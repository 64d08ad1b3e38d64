package sounds

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// samples decodes 16-bit LE stereo PCM into left and right channels,
// scaled to [-1, 1].
func samples(pcm []byte) (l, r []float64) {
	for i := 0; i+3 < len(pcm); i += 4 {
		l = append(l, float64(int16(binary.LittleEndian.Uint16(pcm[i:])))/32767)
		r = append(r, float64(int16(binary.LittleEndian.Uint16(pcm[i+2:])))/32767)
	}
	return l, r
}

func peakRMS(x []float64) (peak, rms float64) {
	for _, v := range x {
		peak = math.Max(peak, math.Abs(v))
		rms += v * v
	}
	return peak, math.Sqrt(rms / float64(len(x)))
}

// TestSynthEffects checks every effect: whole stereo frames, a short
// length, peaks at most -3 dBFS, levelled loudness, no click
// at the end, the same on both channels, and the same bytes every time.
func TestSynthEffects(t *testing.T) {
	for _, e := range Effects() {
		pcm := Synth(e)
		if len(pcm)%4 != 0 {
			t.Errorf("%v: %d bytes is not whole 16-bit stereo frames", e, len(pcm))
		}
		l, r := samples(pcm)
		secs := float64(len(l)) / SampleRate
		if secs < 0.1 || secs > 2 {
			t.Errorf("%v: %.2f s long, want 0.1 to 2 s", e, secs)
		}
		peak, rms := peakRMS(l)
		if peak > 0.71 {
			t.Errorf("%v: peak %.3f of full scale, want at most 0.7 (-3 dBFS, far from clipping)", e, peak)
		}
		// Levelled: about -18 dBFS RMS, and no effect far quieter (a
		// peak-limited one may fall a little short).
		if db := 20 * math.Log10(rms); db < -24 || db > -17.5 {
			t.Errorf("%v: RMS %.1f dBFS, want -24 to -17.5", e, db)
		}
		if end := math.Abs(l[len(l)-1]); end > 0.01 {
			t.Errorf("%v: ends at %.3f, would click", e, end)
		}
		for i := range l {
			if l[i] != r[i] {
				t.Fatalf("%v: channels differ at sample %d", e, i)
			}
		}
		if !bytes.Equal(pcm, Synth(e)) {
			t.Errorf("%v: two syntheses differ", e)
		}
	}
	if Synth(-1) != nil || Synth(numEffects) != nil {
		t.Errorf("unknown effects gave sound")
	}
}

// fingerprint describes a sound by its length, its loudness over time
// (16 slices) and its energy in six frequency bands (one-pole low-passes
// at 150, 400, 1000, 2500 and 6000 Hz), each part scaled to sum to 1.
func fingerprint(x []float64) []float64 {
	f := []float64{float64(len(x)) / SampleRate}
	env := make([]float64, 16)
	for i, v := range x {
		env[i*16/len(x)] += v * v
	}
	f = append(f, unit(env)...)
	cuts := []float64{150, 400, 1000, 2500, 6000}
	bands := make([]float64, len(cuts)+1)
	prev := make([]float64, len(x))
	copy(prev, x)
	// Energy below each cut-off; the differences are the bands.
	below := make([]float64, len(cuts))
	for k, c := range cuts {
		a, low, e := onePole(c), 0.0, 0.0
		for _, v := range x {
			low += a * (v - low)
			e += low * low
		}
		below[k] = e
	}
	var total float64
	for _, v := range x {
		total += v * v
	}
	bands[0] = below[0]
	for k := 1; k < len(cuts); k++ {
		bands[k] = math.Max(0, below[k]-below[k-1])
	}
	bands[len(cuts)] = math.Max(0, total-below[len(cuts)-1])
	return append(f, unit(bands)...)
}

func unit(v []float64) []float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	out := make([]float64, len(v))
	for i, x := range v {
		if s > 0 {
			out[i] = x / s
		}
	}
	return out
}

// TestEffectsDistinct checks that no two effects sound alike: their
// fingerprints (length, loudness over time, frequency bands) are apart.
func TestEffectsDistinct(t *testing.T) {
	var fps [][]float64
	for _, e := range Effects() {
		l, _ := samples(Synth(e))
		fps = append(fps, fingerprint(l))
	}
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			var d float64
			for k := range fps[i] {
				d += (fps[i][k] - fps[j][k]) * (fps[i][k] - fps[j][k])
			}
			if d = math.Sqrt(d); d < 0.15 {
				t.Errorf("%v and %v sound alike (fingerprint distance %.3f)", Effect(i), Effect(j), d)
			}
		}
	}
}

// TestMusicLoop checks the music: its length, a quiet peak, audible, and no
// seam where the loop restarts (the jump from the last sample to the first
// is no bigger than the jumps inside the loop).
func TestMusicLoop(t *testing.T) {
	pcm := SynthMusic()
	l, _ := samples(pcm)
	if want := int(MusicSeconds * SampleRate); len(l) != want {
		t.Fatalf("music has %d frames, want %d", len(l), want)
	}
	peak, rms := peakRMS(l)
	if peak > 0.55 || rms < 0.02 {
		t.Errorf("music peak %.3f (want at most 0.55), RMS %.4f (want audible)", peak, rms)
	}
	var maxStep float64
	for i := 1; i < len(l); i++ {
		maxStep = math.Max(maxStep, math.Abs(l[i]-l[i-1]))
	}
	if seam := math.Abs(l[0] - l[len(l)-1]); seam > maxStep {
		t.Errorf("loop seam jumps %.4f, more than any step inside (%.4f)", seam, maxStep)
	}
}

// TestPlayerWithoutAudio checks Player is safe with no audio at all: a nil
// player and a player with no context do nothing and do not panic; volumes
// are clamped.
func TestPlayerWithoutAudio(t *testing.T) {
	var nilPlayer *Player
	nilPlayer.Play(Gold)
	nilPlayer.SetVolumes(1, 1)
	nilPlayer.SetMuted(true)
	nilPlayer.Music(true)
	if !nilPlayer.Muted() {
		t.Errorf("a nil player should report muted")
	}
	p := NewPlayer(nil)
	for _, e := range append(Effects(), -1, numEffects) {
		p.Play(e)
	}
	p.Music(true)
	p.SetVolumes(-2, 7)
	if e, m := p.Volumes(); e != 0 || m != 1 {
		t.Errorf("volumes (%v, %v), want clamped to (0, 1)", e, m)
	}
	p.SetVolumes(math.NaN(), 0.25)
	if e, m := p.Volumes(); e != 0 || m != 0.25 {
		t.Errorf("volumes (%v, %v), want (0, 0.25)", e, m)
	}
	p.SetMuted(true)
	if !p.Muted() {
		t.Errorf("SetMuted(true) did not mute")
	}
}

// TestNewContextMatchesProbe checks NewContext makes a context exactly when
// an output device opens, and then at SampleRate. (On a machine with no
// sound card, such as CI, it must give nil and an error, not a context that
// would stop the game.)
func TestNewContextMatchesProbe(t *testing.T) {
	probe := OutputAvailable()
	ctx, err := NewContext()
	t.Logf("output: %v", probe)
	if (probe == nil) != (err == nil) || (ctx == nil) != (err != nil) {
		t.Fatalf("probe %v, NewContext (%v, %v)", probe, ctx, err)
	}
	if ctx != nil && ctx.SampleRate() != SampleRate {
		t.Errorf("context at %d Hz", ctx.SampleRate())
	}
}

func TestEffectNames(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Effects() {
		if s := e.String(); s == "" || seen[s] {
			t.Errorf("effect %d has name %q", int(e), s)
		} else {
			seen[s] = true
		}
	}
	if got := Effect(42).String(); got != "Effect(42)" {
		t.Errorf("unknown effect named %q", got)
	}
}

func BenchmarkSynthAll(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range Effects() {
			Synth(e)
		}
	}
}

func BenchmarkSynthMusic(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		SynthMusic()
	}
}
