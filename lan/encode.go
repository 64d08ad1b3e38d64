package lan

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"

	"github.com/goldvein/goldvein/rules/saboteur"
)

// The host's fast path for updates (lan/PROTOCOL.md, Updates). After every
// move the table hands each seat a fresh saboteur.View; a view holds the maze
// with its 96x96 cell grid (about 9 KB), so keeping whole views per
// connection and marshalling them by reflection was the bulk of the host's
// work and garbage per move. Instead a seat's update keeps a seatView (the
// view without the grid: the maze is its tiles) and the connection's writer
// appends the JSON by hand: the fields that changed since the connection's
// previous update (a delta) or all of them (the first update), the maze's
// JSON shared by every connection (boardCache), and the events. Tests check
// that what the client rebuilds is the view the table made
// (TestFastUpdatesRebuildTheView) and that events are written byte for byte
// as Event.MarshalJSON writes them (TestAppendEventMatchesMarshalJSON).

// seatView is a saboteur.View without the maze's cell grid.
type seatView struct {
	seat       int
	options    saboteur.Options
	round      int
	phase      saboteur.Phase
	turn       int
	moves      int
	role       saboteur.Role
	hand       []saboteur.Card
	peeked     [3]saboteur.GoalCard
	tiles      []saboteur.Tile // the maze: View.Board.Tiles()
	broken     []saboteur.Tool
	handSizes  []int
	drawPile   int
	discards   int
	mapsPlayed []saboteur.MapSight
	lastMover  int
	offer      []int
	offerCount int
	gold       int
	scores     []int
	results    []saboteur.RoundResult
}

// snapshot takes the view's fields. It shares v's slices: a view a table
// delivers is made for that one seat and changed by nobody.
func snapshot(v *saboteur.View) *seatView {
	return &seatView{seat: v.Seat, options: v.Options, round: v.Round, phase: v.Phase, turn: v.Turn,
		moves: v.Moves, role: v.Role, hand: v.Hand, peeked: v.Peeked, tiles: v.Board.Tiles(),
		broken: v.Broken, handSizes: v.HandSizes, drawPile: v.DrawPile, discards: v.Discards,
		mapsPlayed: v.MapsPlayed, lastMover: v.LastMover, offer: v.Offer, offerCount: v.OfferCount,
		gold: v.Gold, scores: v.Scores, results: v.Results}
}

// viewField is one top-level field of saboteur.View's JSON form: its name,
// whether two views agree on it, and how to append its JSON. A delta
// carries the fields on which the connection's previous view and the new
// one disagree; a whole view carries them all.
type viewField struct {
	name  string
	same  func(a, b *seatView) bool
	put   func(b []byte, v *seatView, boards *boardCache) ([]byte, error)
	empty func(v *seatView) bool // non-nil: left out of a whole view when empty, as saboteur.View's JSON does (omitempty)
}

func sameSlice[T comparable](a, b []T) bool { return (a == nil) == (b == nil) && slices.Equal(a, b) }

// viewFields lists every field of saboteur.View's JSON form (a test checks
// that none is missing).
var viewFields = []viewField{
	{name: "seat", same: func(a, b *seatView) bool { return a.seat == b.seat },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.seat), 10), nil
		}},
	{name: "options", same: func(a, b *seatView) bool { return a.options == b.options },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.options) }},
	{name: "round", same: func(a, b *seatView) bool { return a.round == b.round },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.round), 10), nil
		}},
	{name: "phase", same: func(a, b *seatView) bool { return a.phase == b.phase },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.phase) }},
	{name: "turn", same: func(a, b *seatView) bool { return a.turn == b.turn },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.turn), 10), nil
		}},
	{name: "moves", same: func(a, b *seatView) bool { return a.moves == b.moves },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.moves), 10), nil
		}},
	{name: "role", same: func(a, b *seatView) bool { return a.role == b.role },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.role) }},
	{name: "hand", same: func(a, b *seatView) bool { return sameSlice(a.hand, b.hand) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendCards(b, v.hand), nil }},
	{name: "peeked", same: func(a, b *seatView) bool { return a.peeked == b.peeked },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.peeked) }},
	{name: "board", same: func(a, b *seatView) bool { return slices.Equal(a.tiles, b.tiles) },
		put: func(b []byte, v *seatView, boards *boardCache) ([]byte, error) {
			return boards.appendTiles(b, v.tiles), nil
		}},
	{name: "broken", same: func(a, b *seatView) bool { return sameSlice(a.broken, b.broken) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.broken) }},
	{name: "hand_sizes", same: func(a, b *seatView) bool { return sameSlice(a.handSizes, b.handSizes) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendInts(b, v.handSizes), nil }},
	{name: "draw_pile", same: func(a, b *seatView) bool { return a.drawPile == b.drawPile },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.drawPile), 10), nil
		}},
	{name: "discards", same: func(a, b *seatView) bool { return a.discards == b.discards },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.discards), 10), nil
		}},
	{name: "maps_played", same: func(a, b *seatView) bool { return sameSlice(a.mapsPlayed, b.mapsPlayed) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.mapsPlayed) }},
	{name: "last_mover", same: func(a, b *seatView) bool { return a.lastMover == b.lastMover },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.lastMover), 10), nil
		}},
	{name: "offer", empty: func(v *seatView) bool { return len(v.offer) == 0 }, same: func(a, b *seatView) bool { return sameSlice(a.offer, b.offer) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendInts(b, v.offer), nil }},
	{name: "offer_count", same: func(a, b *seatView) bool { return a.offerCount == b.offerCount },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.offerCount), 10), nil
		}},
	{name: "gold", same: func(a, b *seatView) bool { return a.gold == b.gold },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) {
			return strconv.AppendInt(b, int64(v.gold), 10), nil
		}},
	{name: "scores", empty: func(v *seatView) bool { return len(v.scores) == 0 }, same: func(a, b *seatView) bool { return sameSlice(a.scores, b.scores) },
		put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendInts(b, v.scores), nil }},
	{name: "results", same: func(a, b *seatView) bool {
		return (a.results == nil) == (b.results == nil) && reflect.DeepEqual(a.results, b.results)
	}, put: func(b []byte, v *seatView, _ *boardCache) ([]byte, error) { return appendJSON(b, v.results) }},
}

// appendView appends the JSON object of cur: every field when prev is
// nil (a whole view), else the fields that differ from prev (a delta,
// where a field that became empty is null).
func appendView(b []byte, prev, cur *seatView, boards *boardCache) ([]byte, error) {
	b = append(b, '{')
	first := true
	for i := range viewFields {
		f := &viewFields[i]
		if prev != nil && f.same(prev, cur) {
			continue
		}
		if prev == nil && f.empty != nil && f.empty(cur) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, f.name...)
		b = append(b, '"', ':')
		var err error
		if b, err = f.put(b, cur, boards); err != nil {
			return nil, fmt.Errorf("lan: view field %s: %w", f.name, err)
		}
	}
	return append(b, '}'), nil
}

// appendUpdateFrame appends one frame (length header and payload) of an
// update: cur as a whole view when prev is nil or another seat's, else as
// a delta against prev, and the events.
func appendUpdateFrame(b []byte, prev, cur *seatView, evs []Event, boards *boardCache) ([]byte, error) {
	start := len(b)
	b = append(b, 0, 0, 0, 0)
	if prev == nil || prev.seat != cur.seat {
		b = append(b, `{"t":"update","view":`...)
		prev = nil
	} else {
		b = append(b, `{"t":"update","delta":`...)
	}
	b, err := appendView(b, prev, cur, boards)
	if err != nil {
		return nil, err
	}
	if len(evs) > 0 {
		b = append(b, `,"events":[`...)
		for i := range evs {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendEvent(b, &evs[i]); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	n := len(b) - start - 4
	if n > MaxHostMessage {
		return nil, fmt.Errorf("lan: update of %d bytes, limit %d", n, MaxHostMessage)
	}
	binary.BigEndian.PutUint32(b[start:], uint32(n))
	return b, nil
}

// boardCache keeps the JSON of the newest maze: the maze is public, so
// every seat's update after a move carries the same bytes, written once.
type boardCache struct {
	mu    sync.Mutex
	tiles []saboteur.Tile
	json  []byte
}

// appendTiles appends the maze's JSON, as saboteur.Board.MarshalJSON writes
// it. A nil cache writes it every time.
func (c *boardCache) appendTiles(b []byte, tiles []saboteur.Tile) []byte {
	if c == nil {
		return appendBoard(b, tiles)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.json == nil || !slices.Equal(c.tiles, tiles) {
		c.tiles, c.json = slices.Clone(tiles), appendBoard(nil, tiles)
	}
	return append(b, c.json...)
}

// appendBoard writes {"tiles":[{"card":"START","x":0,"y":0,"id":-1},...]}
// (saboteur.Board.MarshalJSON; TestAppendBoardMatchesMarshalJSON).
func appendBoard(b []byte, tiles []saboteur.Tile) []byte {
	b = append(b, `{"tiles":[`...)
	for i, t := range tiles {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"card":`...)
		b = appendCard(b, t.Card)
		b = append(b, `,"x":`...)
		b = strconv.AppendInt(b, int64(t.At.X), 10)
		b = append(b, `,"y":`...)
		b = strconv.AppendInt(b, int64(t.At.Y), 10)
		b = append(b, `,"id":`...)
		b = strconv.AppendInt(b, int64(t.ID), 10)
		b = append(b, '}')
	}
	return append(b, ']', '}')
}

// appendEvent appends the event's JSON exactly as Event.MarshalJSON writes
// it, without reflection.
func appendEvent(b []byte, e *Event) ([]byte, error) {
	b = append(b, `{"type":`...)
	b = appendString(b, e.Type.String())
	putInt := func(name string, x int) {
		if x != 0 {
			b = append(b, ',', '"')
			b = append(b, name...)
			b = append(b, '"', ':')
			b = strconv.AppendInt(b, int64(x), 10)
		}
	}
	putStr := func(name, s string) {
		if s != "" {
			b = append(b, ',', '"')
			b = append(b, name...)
			b = append(b, '"', ':')
			b = appendString(b, s)
		}
	}
	putInt("round", e.Round)
	putInt("seat", e.Seat)
	putInt("target", e.Target)
	if e.Card.Kind != saboteur.NoCard {
		b = append(b, `,"card":`...)
		b = appendCard(b, e.Card)
	}
	if len(e.Cards) > 0 {
		b = append(b, `,"cards":`...)
		b = appendCards(b, e.Cards)
	}
	if e.At != (saboteur.Cell{}) {
		b = append(b, `,"at":[`...)
		b = strconv.AppendInt(b, int64(e.At.X), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.At.Y), 10)
		b = append(b, ']')
	}
	putStr("tool", e.Tool.String())
	putInt("goal", e.Goal)
	putInt("gold", e.Gold)
	if len(e.Golds) > 0 {
		b = append(b, `,"golds":`...)
		b = appendInts(b, e.Golds)
	}
	putInt("count", e.Count)
	putStr("role", roleName(e.Role))
	if len(e.Roles) > 0 {
		b = append(b, `,"roles":[`...)
		for i, r := range e.Roles {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, roleName(r))
		}
		b = append(b, ']')
	}
	putStr("set_aside", roleName(e.SetAside))
	if len(e.Goals) > 0 {
		b = append(b, `,"goals":[`...)
		for i, g := range e.Goals {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, g.String())
		}
		b = append(b, ']')
	}
	if e.Winner != saboteur.NoTeam || e.Type == saboteur.RoundEnded {
		putStr("winner", e.Winner.String())
	}
	if len(e.Scores) > 0 {
		b = append(b, `,"scores":`...)
		b = appendInts(b, e.Scores)
	}
	if e.Winners != nil {
		b = append(b, `,"winners":`...)
		b = appendInts(b, e.Winners)
	}
	return append(b, '}'), nil
}

// appendInts writes a list of numbers; nil is null.
func appendInts(b []byte, xs []int) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendCards writes a list of card codes; nil is null.
func appendCards(b []byte, cs []saboteur.Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCard(b, c)
	}
	return append(b, ']')
}

// appendCard writes a card's code as a string (saboteur.Card.MarshalText).
func appendCard(b []byte, c saboteur.Card) []byte {
	if c.Kind == saboteur.NoCard {
		return append(b, `""`...)
	}
	return appendString(b, c.String())
}

// appendString writes s as a JSON string. Card codes, roles and tools are
// plain ASCII; anything else goes through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			p, _ := json.Marshal(s)
			return append(b, p...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func appendJSON(b []byte, v any) ([]byte, error) {
	p, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, p...), nil
}
