package relay

import "time"

// bucket is a token bucket: it holds at most burst tokens and gains rate
// tokens a second; it starts full.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate, burst float64, now time.Time) bucket {
	return bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

// take spends n tokens at now; false (and nothing spent) when there are
// fewer.
func (b *bucket) take(n float64, now time.Time) bool {
	if now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
	}
	if b.tokens < n {
		return false
	}
	b.tokens -= n
	return true
}
