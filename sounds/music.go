package sounds

import "math"

// Music: a gentle loop in A minor, 8 bars at 80 beats a minute (24 s):
// a soft bass and pad on the chords Am - F - C - G, and a plucked melody
// (Karplus-Strong strings) picked from the A minor pentatonic scale by a
// fixed-seed generator. Notes that ring past the end wrap round to the
// start, so the loop has no seam.
const (
	musicBPM   = 80
	musicBars  = 8
	musicBeats = 4
)

// MusicSeconds is the length of the music loop in seconds.
const MusicSeconds = float64(musicBars*musicBeats) * 60 / musicBPM

// SynthMusic renders the music loop as PCM in the format of Synth (16-bit
// LE stereo at SampleRate), peaking at about -6 dBFS; played on a loop it
// has no seam. It takes a few tens of milliseconds.
func SynthMusic() []byte {
	b := musicMono()
	// A gentle low-pass keeps the plucks soft; run twice over the loop so
	// the filter's state at the end carries into the start without a seam.
	a, low := onePole(3500), 0.0
	for pass := 0; pass < 2; pass++ {
		for i := range b {
			low += a * (b[i] - low)
			if pass == 1 {
				b[i] = low
			}
		}
	}
	return toPCM(b, 0.5)
}

func musicMono() []float64 {
	n := int(MusicSeconds * SampleRate)
	buf := make([]float64, n)
	beat := 60.0 / musicBPM
	// Chord roots (MIDI) and tones per bar: Am F C G, twice.
	chords := [][]float64{{57, 60, 64}, {53, 57, 60}, {48, 55, 64}, {55, 59, 62}}
	scale := []float64{69, 72, 74, 76, 79, 81, 84} // A minor pentatonic, A4..C6
	r := noise(2024)
	for bar := 0; bar < musicBars; bar++ {
		ch := chords[bar%len(chords)]
		t0 := float64(bar*musicBeats) * beat
		// Bass on beats 1 and 3.
		for _, b := range []float64{0, 2} {
			loopTone(buf, t0+b*beat, 1.6*beat, note(ch[0]-12), sine, 0.32, 0.03, 0.5)
		}
		// Pad: the chord, slow to swell.
		for _, m := range ch {
			loopTone(buf, t0, 4*beat, note(m), triangle, 0.06, 0.8, 2.5)
		}
		// Melody: eighth notes, about half of them played, chord tones
		// preferred on the beat.
		for e := 0; e < musicBeats*2; e++ {
			if (r.next()+1)/2 < 0.45 {
				continue
			}
			m := scale[int((r.next()+1)/2*float64(len(scale)))%len(scale)]
			if e%2 == 0 {
				m = ch[int((r.next()+1)/2*3)%3] + 12
				for m < 69 {
					m += 12
				}
			}
			pluck(buf, t0+float64(e)*beat/2, note(m), 0.3, uint64(bar*16+e+1))
		}
	}
	return buf
}

// loopTone adds a note that wraps round the end of the buffer.
func loopTone(buf []float64, t0, dur, f float64, shape int, amp, atk, dec float64) {
	tmp := make([]float64, int(dur*SampleRate))
	tone(tmp, 0, dur, f, f, shape, amp, atk, dec)
	start := int(t0 * SampleRate)
	for i, v := range tmp {
		buf[(start+i)%len(buf)] += v
	}
}

// pluck adds a plucked string (Karplus-Strong: a noise burst circulating
// in a delay line one period long, softened by averaging) that wraps round
// the end of the buffer.
func pluck(buf []float64, t0, f, amp float64, seed uint64) {
	period := int(math.Round(SampleRate / f))
	line := make([]float64, period)
	n := noise(seed*7919 + 1)
	// A softened noise burst: less harsh than white noise.
	prev := 0.0
	for i := range line {
		prev = 0.75*prev + 0.25*n.next()
		line[i] = prev
	}
	start := int(t0 * SampleRate)
	cnt := int(1.6 * SampleRate)
	for i := 0; i < cnt; i++ {
		j := i % period
		v := line[j]
		next := line[(j+1)%period]
		line[j] = 0.996 * 0.5 * (v + next)
		fade := 1.0
		if rest := cnt - i; rest < 2000 {
			fade = float64(rest) / 2000
		}
		buf[(start+i)%len(buf)] += amp * fade * v
	}
}
