// Package sounds makes the game's sound effects and music in code at
// start-up (no downloaded assets) and plays them through Ebitengine's audio
// package: deal, place, refused drop, broken tool, repair, rockfall, map,
// coal, gold, round end, and an optional gentle procedural music loop.
// Synthesis needs no audio hardware (Synth, for tests); Player plays, and
// is safe to call before a browser allows audio (after the first click)
// and with no audio context at all.
package sounds

import (
	"encoding/binary"
	"fmt"
	"math"
)

// SampleRate is the sample rate of all sound, in Hz: make the audio context
// with audio.NewContext(SampleRate).
const SampleRate = 44100

// Effect names one sound effect.
type Effect int

// The sound effects, one per game event the player should hear.
const (
	Deal     Effect = iota // a card dealt or drawn
	Place                  // a card laid in the maze or on a player (R5, R6)
	Refuse                 // an illegal drop flies back
	Break                  // a broken tool played on a player (R6.1)
	Repair                 // a broken tool repaired (R6.2)
	Rockfall               // a path card removed (R6.3)
	Map                    // a goal peeked at (R6.4)
	Coal                   // a coal goal turned up (R7.2)
	Gold                   // the gold reached (R7.3)
	RoundEnd               // the round is over (R7.3, R7.4)
	// Incan Gold's effects (sounds/incangold.go).
	IGFlip     // a quest card turned onto the path (I3.3)
	IGGems     // gems shared out or carried home (I5.1, I4.3)
	IGHazard   // a first hazard of its kind (I7.1)
	IGBust     // a second hazard: the round busts (I7.2)
	IGLeave    // explorers walk back to camp (I3.6, I4)
	IGArtifact // an artifact turned or claimed (I6)
	// Small World: Underground's effects (sounds/underground.go).
	UGConquer // a region conquered (U5)
	UGLoss    // a defender loses tokens (U6.1)
	UGDie     // the reinforcement die rolls (U5.7)
	UGDecline // a race goes into decline (U8)
	UGCoins   // coins scored or paid (U9)
	UGRelic   // a Righteous Relic found (U15)
	UGMonster // Monsters driven out, a Place found, the Balrog (U5.6, U16)
	numEffects
)

// Effects lists every effect, in order.
func Effects() []Effect {
	out := make([]Effect, numEffects)
	for i := range out {
		out[i] = Effect(i)
	}
	return out
}

var effectNames = [numEffects]string{"deal", "place", "refuse", "break", "repair", "rockfall", "map", "coal", "gold", "round-end",
	"ig-flip", "ig-gems", "ig-hazard", "ig-bust", "ig-leave", "ig-artifact",
	"ug-conquer", "ug-loss", "ug-die", "ug-decline", "ug-coins", "ug-relic", "ug-monster"}

// String returns the effect's name, e.g. "rockfall".
func (e Effect) String() string {
	if e < 0 || e >= numEffects {
		return fmt.Sprintf("Effect(%d)", int(e))
	}
	return effectNames[e]
}

// Synth renders effect e as PCM: 16-bit signed little-endian stereo at
// SampleRate, levelled to about -18 dBFS RMS with peaks at most -3 dBFS. It needs no audio hardware and
// always gives the same bytes for the same effect. An unknown effect gives
// nil.
func Synth(e Effect) []byte {
	if e < 0 || e >= numEffects {
		return nil
	}
	b := synthMono(e)
	fadeOut(b, 0.03)
	// Level by loudness (RMS) so no effect is much louder than another,
	// never letting a peak pass -3 dBFS.
	var peak, sum float64
	for _, v := range b {
		peak = math.Max(peak, math.Abs(v))
		sum += v * v
	}
	rms := math.Sqrt(sum / float64(len(b)))
	gain := math.Min(effectPeak/peak, effectRMS/rms)
	return toPCM(b, peak*gain)
}

// Loudness targets of the effects: peak at most -3 dBFS, RMS -18 dBFS
// where the peak allows.
const (
	effectPeak = 0.7
	effectRMS  = 0.126
)

// fadeOut ramps the last secs seconds of buf down to silence, so a note
// still ringing when the buffer ends does not click.
func fadeOut(buf []float64, secs float64) {
	n := min(len(buf), int(secs*SampleRate))
	for i := 0; i < n; i++ {
		buf[len(buf)-1-i] *= float64(i) / float64(n)
	}
}

func synthMono(e Effect) []float64 {
	switch e {
	case Deal:
		return deal()
	case Place:
		return place()
	case Refuse:
		return refuse()
	case Break:
		return breakTool()
	case Repair:
		return repair()
	case Rockfall:
		return rockfall()
	case Map:
		return peekMap()
	case Coal:
		return coal()
	case Gold:
		return gold()
	case RoundEnd:
		return roundEnd()
	}
	if b := igSynth(e); b != nil {
		return b
	}
	return ugSynth(e)
}

// ---- building blocks, all on mono float64 buffers in [-1, 1] ----

func buffer(seconds float64) []float64 { return make([]float64, int(seconds*SampleRate)) }

// noise is a small deterministic white-noise source (xorshift).
type noise uint64

func (n *noise) next() float64 {
	x := uint64(*n)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*n = noise(x)
	return float64(x>>11)/(1<<52) - 1
}

// wave shapes.
const (
	sine = iota
	triangle
	soft // a square wave with its edges rounded (sum of three odd harmonics)
)

func osc(shape int, phase float64) float64 {
	switch shape {
	case triangle:
		// A triangle in phase with the sine: 0 at 0, 1 at pi/2, -1 at 3pi/2.
		u := phase/(2*math.Pi) + 0.25
		u -= math.Floor(u)
		return 1 - 4*math.Abs(u-0.5)
	case soft:
		return (math.Sin(phase) + math.Sin(3*phase)/3 + math.Sin(5*phase)/5) * 0.8
	}
	return math.Sin(phase)
}

// tone adds a note starting at t0 (s) lasting dur (s): frequency gliding
// exponentially from f0 to f1 (Hz), amplitude amp, a linear attack of atk
// seconds and an exponential decay with time constant dec seconds, cut off
// smoothly at dur.
func tone(buf []float64, t0, dur, f0, f1 float64, shape int, amp, atk, dec float64) {
	start := int(t0 * SampleRate)
	n := int(dur * SampleRate)
	if n <= 0 {
		return
	}
	glide := math.Pow(f1/f0, 1/float64(n)) // per-sample frequency ratio
	fall := 1.0                            // per-sample decay after the attack
	if dec > 0 {
		fall = math.Exp(-1 / (dec * SampleRate))
	}
	attack := int(atk * SampleRate)
	fade := min(n, SampleRate/200)
	phase, f, level := 0.0, f0, 1.0
	for i := 0; i < n && start+i < len(buf); i++ {
		phase += 2 * math.Pi * f / SampleRate
		f *= glide
		e := level
		if i < attack {
			e = float64(i) / float64(attack)
		} else {
			level *= fall
		}
		if rest := n - i; rest < fade {
			e *= float64(rest) / float64(fade)
		}
		buf[start+i] += amp * e * osc(shape, phase)
	}
}

// envelope is a linear attack, an exponential decay and a 5 ms fade at the
// end, so no note clicks.
func envelope(t, dur, atk, dec float64) float64 {
	e := 1.0
	if atk > 0 && t < atk {
		e = t / atk
	}
	if dec > 0 {
		e *= math.Exp(-math.Max(0, t-atk) / dec)
	}
	if rest := dur - t; rest < 0.005 {
		e *= math.Max(0, rest/0.005)
	}
	return e
}

// bell adds a struck metal note: inharmonic partials (ratios of a small
// bar) that die away at different speeds.
func bell(buf []float64, t0, f, amp, dec float64) {
	for i, r := range []float64{1, 2.76, 5.40, 8.93} {
		k := float64(i)
		tone(buf, t0, dec*5/(1+k), f*r, f*r, sine, amp/(1+1.6*k), 0.001, dec/(1+k))
	}
}

// chime adds a soft harmonic note (a glockenspiel-like sine with an
// octave).
func chime(buf []float64, t0, f, amp, dec float64) {
	tone(buf, t0, dec*5, f, f, sine, amp, 0.003, dec)
	tone(buf, t0, dec*3, 2*f, 2*f, sine, amp*0.3, 0.003, dec*0.5)
}

// noiseBurst adds filtered noise from t0 for dur seconds: a one-pole
// low-pass at lp Hz (0 for none) after a one-pole high-pass at hp Hz (0 for
// none), shaped like tone's envelope.
func noiseBurst(buf []float64, seed uint64, t0, dur, amp, lp, hp, atk, dec float64) {
	n := noise(seed | 1)
	start := int(t0 * SampleRate)
	count := int(dur * SampleRate)
	aLP := onePole(lp)
	aHP := onePole(hp)
	var low, hpLow float64
	for i := 0; i < count && start+i < len(buf); i++ {
		x := n.next()
		if hp > 0 {
			hpLow += aHP * (x - hpLow)
			x -= hpLow
		}
		if lp > 0 {
			low += aLP * (x - low)
			x = low
		}
		buf[start+i] += amp * envelope(float64(i)/SampleRate, dur, atk, dec) * x
	}
}

// onePole is the coefficient of a one-pole filter with cut-off f Hz.
func onePole(f float64) float64 {
	if f <= 0 {
		return 1
	}
	return 1 - math.Exp(-2*math.Pi*f/SampleRate)
}

// thump adds a low knock: a sine falling in pitch, and a click.
func thump(buf []float64, seed uint64, t0, f, amp float64) {
	tone(buf, t0, 0.25, f*2, f*0.8, sine, amp, 0.002, 0.06)
	noiseBurst(buf, seed, t0, 0.04, amp*0.6, 2500, 0, 0.001, 0.008)
}

// toPCM normalises buf to peak at peak (0..1) and writes 16-bit
// little-endian stereo, the same on both channels.
func toPCM(buf []float64, peak float64) []byte {
	var m float64
	for _, v := range buf {
		m = math.Max(m, math.Abs(v))
	}
	k := 0.0
	if m > 0 {
		k = peak / m
	}
	out := make([]byte, 4*len(buf))
	for i, v := range buf {
		s := int16(math.Round(math.Max(-1, math.Min(1, v*k)) * 32767))
		binary.LittleEndian.PutUint16(out[4*i:], uint16(s))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(s))
	}
	return out
}

// note returns the frequency of MIDI note m (69 = A4 = 440 Hz).
func note(m float64) float64 { return 440 * math.Pow(2, (m-69)/12) }

// ---- the effects ----

// deal: a card sliding off the pile, a short bright swish.
func deal() []float64 {
	b := buffer(0.16)
	noiseBurst(b, 11, 0, 0.15, 0.9, 7000, 1800, 0.02, 0.035)
	tone(b, 0.01, 0.05, 2400, 3200, sine, 0.08, 0.002, 0.015)
	return b
}

// place: a card laid down on wood: a soft knock.
func place() []float64 {
	b := buffer(0.24)
	thump(b, 21, 0, 110, 0.8)
	tone(b, 0, 0.12, 520, 470, triangle, 0.25, 0.001, 0.03)
	noiseBurst(b, 22, 0, 0.08, 0.25, 5000, 800, 0.002, 0.02)
	return b
}

// refuse: two low falling blips, "nope".
func refuse() []float64 {
	b := buffer(0.34)
	tone(b, 0, 0.12, note(55), note(55), soft, 0.5, 0.005, 0.06)
	tone(b, 0.15, 0.17, note(50), note(49), soft, 0.5, 0.005, 0.07)
	return b
}

// breakTool: a crack and a clang of bent metal.
func breakTool() []float64 {
	b := buffer(0.6)
	noiseBurst(b, 31, 0, 0.09, 0.45, 0, 300, 0.0005, 0.018)
	thump(b, 32, 0, 90, 0.5)
	for i, f := range []float64{610, 1480, 2330, 3720} {
		tone(b, 0.005, 0.55, f, f*0.97, sine, 0.45/float64(i+1), 0.001, 0.14)
	}
	noiseBurst(b, 33, 0.09, 0.05, 0.4, 0, 1500, 0.001, 0.01)
	return b
}

// repair: two hammer taps on an anvil, then a rising two-note chime.
func repair() []float64 {
	b := buffer(0.9)
	for i, t := range []float64{0, 0.14} {
		bell(b, t, 1320, 0.45, 0.06)
		noiseBurst(b, uint64(41+i), t, 0.02, 0.3, 6000, 0, 0.0005, 0.005)
	}
	chime(b, 0.3, note(81), 0.4, 0.12)
	chime(b, 0.42, note(88), 0.45, 0.16)
	return b
}

// rockfall: a rumble with tumbling stones.
func rockfall() []float64 {
	b := buffer(1.3)
	noiseBurst(b, 51, 0, 1.3, 1.4, 180, 25, 0.04, 0.45)
	r := noise(52)
	for i := 0; i < 7; i++ {
		t := 0.05 + 0.75*(r.next()+1)/2
		thump(b, uint64(53+i), t, 55+35*(r.next()+1), 0.45)
	}
	noiseBurst(b, 60, 0, 0.5, 0.25, 2500, 400, 0.01, 0.12)
	return b
}

// peekMap: paper unfolding, then a soft chime of discovery.
func peekMap() []float64 {
	b := buffer(0.95)
	for i, t := range []float64{0, 0.07, 0.15} {
		noiseBurst(b, uint64(61+i), t, 0.08, 0.5, 9000, 2000, 0.01, 0.025)
	}
	chime(b, 0.24, note(84), 0.35, 0.14)
	chime(b, 0.34, note(91), 0.25, 0.15)
	return b
}

// coal: a dull knock and a falling minor third, "not this one".
func coal() []float64 {
	b := buffer(0.8)
	thump(b, 71, 0, 75, 0.7)
	tone(b, 0.12, 0.3, note(67), note(67), triangle, 0.4, 0.01, 0.12)
	tone(b, 0.32, 0.45, note(64), note(63.7), triangle, 0.4, 0.01, 0.16)
	return b
}

// gold: a sparkling rising arpeggio with glitter on top.
func gold() []float64 {
	b := buffer(1.2)
	for i, m := range []float64{84, 88, 91, 96} {
		chime(b, 0.07*float64(i), note(m), 0.4, 0.18+0.04*float64(i))
	}
	r := noise(81)
	for i := 0; i < 14; i++ {
		t := 0.25 + 0.6*(r.next()+1)/2
		f := 3000 + 2500*(r.next()+1)/2
		tone(b, t, 0.12, f, f, sine, 0.07, 0.002, 0.03)
	}
	return b
}

// roundEnd: a short warm cadence, I - IV - V - I.
func roundEnd() []float64 {
	b := buffer(1.9)
	chords := [][]float64{{60, 64, 67}, {60, 65, 69}, {59, 62, 67}, {60, 64, 67, 72}}
	for i, ch := range chords {
		t := 0.28 * float64(i)
		dur, dec := 0.32, 0.25
		if i == len(chords)-1 {
			dur, dec = 1.0, 0.45
		}
		for _, m := range ch {
			tone(b, t, dur, note(m), note(m), triangle, 0.25, 0.02, dec)
		}
		tone(b, t, dur, note(ch[0]-12), note(ch[0]-12), sine, 0.3, 0.02, dec)
	}
	return b
}
