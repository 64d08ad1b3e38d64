package sounds

// Small World: Underground's effects, built from the same blocks as the
// other games'.

func ugSynth(e Effect) []float64 {
	switch e {
	case UGConquer:
		return ugConquer()
	case UGLoss:
		return ugLoss()
	case UGDie:
		return ugDie()
	case UGDecline:
		return ugDecline()
	case UGCoins:
		return ugCoins()
	case UGRelic:
		return ugRelic()
	case UGMonster:
		return ugMonster()
	}
	return nil
}

// ugConquer: tokens marching in: three quick stamps and a short horn.
func ugConquer() []float64 {
	b := buffer(0.6)
	for i := 0; i < 3; i++ {
		t := 0.07 * float64(i)
		thump(b, uint64(201+i), t, 120-float64(i)*10, 0.45)
		noiseBurst(b, uint64(211+i), t, 0.04, 0.25, 3000, 400, 0.002, 0.015)
	}
	tone(b, 0.22, 0.3, note(55), note(55), triangle, 0.25, 0.01, 0.12)
	tone(b, 0.22, 0.3, note(62), note(62), triangle, 0.18, 0.01, 0.12)
	return b
}

// ugLoss: a token knocked off the board: a clack and a falling note.
func ugLoss() []float64 {
	b := buffer(0.5)
	noiseBurst(b, 221, 0, 0.05, 0.6, 6000, 1200, 0.001, 0.02)
	tone(b, 0.03, 0.4, note(60), note(48), soft, 0.3, 0.005, 0.2)
	return b
}

// ugDie: the die rattles in the hand, then lands.
func ugDie() []float64 {
	b := buffer(0.75)
	r := noise(231)
	for i := 0; i < 8; i++ {
		t := 0.04*float64(i) + 0.01*(r.next()+1)
		noiseBurst(b, uint64(232+i), t, 0.02, 0.35, 7000, 1800, 0.0005, 0.01)
	}
	thump(b, 241, 0.45, 160, 0.5)
	noiseBurst(b, 242, 0.45, 0.05, 0.4, 5000, 900, 0.001, 0.02)
	thump(b, 243, 0.56, 170, 0.25)
	return b
}

// ugDecline: the race turns over and fades: a slow falling minor third.
func ugDecline() []float64 {
	b := buffer(1.1)
	tone(b, 0, 0.5, note(64), note(64), soft, 0.3, 0.02, 0.25)
	tone(b, 0.35, 0.7, note(61), note(57), soft, 0.3, 0.02, 0.4)
	noiseBurst(b, 251, 0, 0.6, 0.15, 900, 100, 0.1, 0.3)
	return b
}

// ugCoins: coins dropping into a pile.
func ugCoins() []float64 {
	b := buffer(0.6)
	r := noise(261)
	for i := 0; i < 6; i++ {
		t := 0.06*float64(i) + 0.02*(r.next()+1)/2
		f := 2600 + 900*(r.next()+1)/2
		chime(b, t, f, 0.22, 0.08)
		tone(b, t, 0.05, f*1.5, f*1.48, sine, 0.1, 0.001, 0.02)
	}
	return b
}

// ugRelic: a bright arpeggio, a treasure found.
func ugRelic() []float64 {
	b := buffer(1.0)
	chime(b, 0, note(72), 0.3, 0.3)
	chime(b, 0.12, note(76), 0.3, 0.3)
	chime(b, 0.24, note(79), 0.3, 0.35)
	chime(b, 0.36, note(84), 0.3, 0.45)
	return b
}

// ugMonster: a low growl from the lair.
func ugMonster() []float64 {
	b := buffer(0.9)
	noiseBurst(b, 271, 0, 0.8, 1.0, 300, 40, 0.05, 0.35)
	tone(b, 0, 0.8, note(38), note(33), triangle, 0.3, 0.05, 0.3)
	thump(b, 272, 0.05, 55, 0.4)
	return b
}
