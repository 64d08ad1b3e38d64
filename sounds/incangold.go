package sounds

// Incan Gold's effects, built from the same blocks as Saboteur's.

func igSynth(e Effect) []float64 {
	switch e {
	case IGFlip:
		return igFlip()
	case IGGems:
		return igGems()
	case IGHazard:
		return igHazard()
	case IGBust:
		return igBust()
	case IGLeave:
		return igLeave()
	case IGArtifact:
		return igArtifact()
	}
	return nil
}

// igFlip: a card snapped over onto stone: a flick and a soft tap.
func igFlip() []float64 {
	b := buffer(0.22)
	noiseBurst(b, 101, 0, 0.07, 0.7, 8000, 2500, 0.003, 0.02)
	thump(b, 102, 0.06, 180, 0.45)
	tone(b, 0.06, 0.08, 900, 760, triangle, 0.15, 0.001, 0.03)
	return b
}

// igGems: a handful of small stones clicking together.
func igGems() []float64 {
	b := buffer(0.55)
	r := noise(111)
	for i := 0; i < 9; i++ {
		t := 0.03*float64(i) + 0.02*(r.next()+1)/2
		f := 2200 + 1800*(r.next()+1)/2
		tone(b, t, 0.06, f, f*0.98, sine, 0.25, 0.001, 0.018)
		noiseBurst(b, uint64(112+i), t, 0.015, 0.2, 9000, 3000, 0.0005, 0.005)
	}
	return b
}

// igHazard: a low warning: a dull knock and a tritone.
func igHazard() []float64 {
	b := buffer(0.8)
	thump(b, 121, 0, 70, 0.6)
	tone(b, 0.05, 0.6, note(50), note(50), soft, 0.35, 0.01, 0.2)
	tone(b, 0.05, 0.6, note(56), note(56), soft, 0.25, 0.01, 0.2)
	return b
}

// igBust: the temple collapses: a long rumble and a falling cry.
func igBust() []float64 {
	b := buffer(1.5)
	noiseBurst(b, 131, 0, 1.5, 1.4, 160, 20, 0.02, 0.5)
	r := noise(132)
	for i := 0; i < 9; i++ {
		t := 0.05 + 0.9*(r.next()+1)/2
		thump(b, uint64(133+i), t, 50+40*(r.next()+1), 0.5)
	}
	tone(b, 0.0, 0.9, note(62), note(45), triangle, 0.22, 0.01, 0.3)
	return b
}

// igLeave: footsteps on the way back to camp.
func igLeave() []float64 {
	b := buffer(0.8)
	for i := 0; i < 4; i++ {
		t := 0.18 * float64(i)
		thump(b, uint64(141+i), t, 95-float64(i%2)*15, 0.45)
		noiseBurst(b, uint64(151+i), t, 0.06, 0.25, 2500, 300, 0.003, 0.02)
	}
	return b
}

// igArtifact: a mysterious shimmer, a rising fifth over a low drone.
func igArtifact() []float64 {
	b := buffer(1.2)
	tone(b, 0, 1.1, note(45), note(45), sine, 0.25, 0.1, 0.4)
	chime(b, 0.05, note(76), 0.35, 0.25)
	chime(b, 0.25, note(83), 0.35, 0.3)
	chime(b, 0.45, note(88), 0.3, 0.35)
	return b
}
