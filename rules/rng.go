package rules

import "math/rand/v2"

// Stream is the PCG stream every game's generator uses with its seed
// ("goldvein" in ASCII), so that a seed means the same deal everywhere.
const Stream = 0x676f6c647665696e

// RNG is a match's seeded random generator: every shuffle, draw and die
// roll comes from it, so a record (seed and moves) replays exactly. It is a
// value: copying it copies its state, which is how a match is cloned for a
// search.
type RNG struct{ pcg rand.PCG }

// NewRNG returns the generator for seed.
func NewRNG(seed uint64) RNG { return RNG{pcg: *rand.NewPCG(seed, Stream)} }

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a number in [0, n); n must be positive.
func (r *RNG) IntN(n int) int { return int(r.pcg.Uint64() % uint64(n)) }

// Shuffle puts n items in a random order, calling swap to exchange two
// (Fisher-Yates, the same order for the same state).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
