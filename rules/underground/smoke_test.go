package underground

import "testing"

func TestRandomGamesEnd(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		randomGame(t, 2+int(seed%4), seed, nil)
	}
}
