package saboteur

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goldvein/goldvein/rules"
)

// Saboteur's views on the wire (rules.ViewCodec; lan/PROTOCOL.md,
// Updates). After every move a LAN host hands each seat a fresh view; a
// view holds the maze with its 96x96 cell grid (about 9 KB), so keeping
// whole views per connection and marshalling them by reflection would be
// the bulk of the host's work and garbage per move. Instead a seat's
// update keeps a seatView (the view without the grid: the maze is its
// tiles) and the connection's writer appends the JSON by hand: the fields
// that changed since the connection's previous update (a delta) or all of
// them (the first update), the maze's JSON shared by every connection of
// the host (boardCache), and the events. Tests check that the JSON is the
// view's and the events' as encoding/json writes them
// (TestViewWriterMatchesMarshalJSON, TestAppendEventMatchesMarshalJSON)
// and that merged deltas rebuild the view (TestMergeViewRebuildsTheView).

// NewViewWriter returns the writer of one host's views, with its own
// cache of the maze's JSON (rules.ViewCodec).
func (Rules) NewViewWriter() rules.ViewWriter { return &viewWriter{} }

// viewWriter is Saboteur's rules.ViewWriter.
type viewWriter struct{ boards boardCache }

// Snapshot takes seat's view of m, a *Match, without the maze's cell
// grid; nil for another game's match.
func (w *viewWriter) Snapshot(m rules.Match, seat int) rules.ViewSnapshot {
	sm, ok := m.(*Match)
	if !ok {
		return nil
	}
	v := sm.Game().View(seat)
	return snapshot(&v)
}

// AppendView appends cur as a whole view (prev nil, or another seat's)
// or as a delta against prev.
func (w *viewWriter) AppendView(b []byte, prev, cur rules.ViewSnapshot) ([]byte, error) {
	c, ok := cur.(*seatView)
	if !ok {
		return nil, fmt.Errorf("saboteur: a view snapshot of type %T", cur)
	}
	p, _ := prev.(*seatView)
	if p != nil && p.seat != c.seat {
		p = nil
	}
	return appendView(b, p, c, &w.boards)
}

// AppendEvent appends an *Event as Event.MarshalJSON writes it.
func (w *viewWriter) AppendEvent(b []byte, e rules.Event) ([]byte, error) {
	if x, ok := e.(*Event); ok {
		return appendEvent(b, x)
	}
	return nil, fmt.Errorf("saboteur: an event of type %T", e)
}

// MergeView returns prev, a View, with the fields of delta replaced
// (rules.ViewCodec), strictly.
func (Rules) MergeView(prev rules.View, delta []byte) (rules.View, error) {
	v, ok := prev.(View)
	if !ok {
		return nil, fmt.Errorf("saboteur: merge into a view of type %T", prev)
	}
	nv, err := mergeDelta(&v, delta)
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return *nv, nil
}

// seatView is a View without the maze's cell grid.
type seatView struct {
	seat       int
	options    Options
	round      int
	phase      Phase
	turn       int
	moves      int
	role       Role
	hand       []Card
	peeked     [3]GoalCard
	tiles      []Tile // the maze: View.Board.Tiles()
	broken     []Tool
	handSizes  []int
	drawPile   int
	discards   int
	mapsPlayed []MapSight
	lastMover  int
	offer      []int
	offerCount int
	gold       int
	scores     []int
	results    []RoundResult
}

// snapshot takes the view's fields. It shares v's slices: a view a table
// delivers is made for that one seat and changed by nobody.
func snapshot(v *View) *seatView {
	return &seatView{seat: v.Seat, options: v.Options, round: v.Round, phase: v.Phase, turn: v.Turn,
		moves: v.Moves, role: v.Role, hand: v.Hand, peeked: v.Peeked, tiles: v.Board.Tiles(),
		broken: v.Broken, handSizes: v.HandSizes, drawPile: v.DrawPile, discards: v.Discards,
		mapsPlayed: v.MapsPlayed, lastMover: v.LastMover, offer: v.Offer, offerCount: v.OfferCount,
		gold: v.Gold, scores: v.Scores, results: v.Results}
}

// viewField is one top-level field of View's JSON form: its name,
// whether two views agree on it, and how to append its JSON. A delta
// carries the fields on which the connection's previous view and the new
// one disagree; a whole view carries them all.
type viewField struct {
	name  string
	same  func(a, b *seatView) bool
	put   func(b []byte, v *seatView, boards *boardCache) ([]byte, error)
	empty func(v *seatView) bool // non-nil: left out of a whole view when empty, as View's JSON does (omitempty)
}

func sameSlice[T comparable](a, b []T) bool { return (a == nil) == (b == nil) && slices.Equal(a, b) }

// viewFields lists every field of View's JSON form (a test checks
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

// boardCache keeps the JSON of the newest maze: the maze is public, so
// every seat's update after a move carries the same bytes, written once.
type boardCache struct {
	mu    sync.Mutex
	tiles []Tile
	json  []byte
}

// appendTiles appends the maze's JSON, as Board.MarshalJSON writes
// it. A nil cache writes it every time.
func (c *boardCache) appendTiles(b []byte, tiles []Tile) []byte {
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
// (Board.MarshalJSON; TestAppendBoardMatchesMarshalJSON).
func appendBoard(b []byte, tiles []Tile) []byte {
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
	if e.Card.Kind != NoCard {
		b = append(b, `,"card":`...)
		b = appendCard(b, e.Card)
	}
	if len(e.Cards) > 0 {
		b = append(b, `,"cards":`...)
		b = appendCards(b, e.Cards)
	}
	if e.At != (Cell{}) {
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
	if e.Winner != NoTeam || e.Type == RoundEnded {
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
func appendCards(b []byte, cs []Card) []byte {
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

// appendCard writes a card's code as a string (Card.MarshalText).
func appendCard(b []byte, c Card) []byte {
	if c.Kind == NoCard {
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

// viewJSONField maps each JSON name of View to its field index.
var viewJSONField = func() map[string]int {
	m := map[string]int{}
	t := reflect.TypeFor[View]()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}()

// mergeDelta returns prev with the fields of delta replaced. Replaced
// fields are zeroed first, so that decoding never writes into prev's
// slices (views handed out earlier stay as they were); the others are
// shared with prev, and nobody changes a view once made.
//
// The new view is allocated once, here (a view is about 9 KB: the maze's
// cell grid).
func mergeDelta(prev *View, delta json.RawMessage) (*View, error) {
	keys, err := objectKeys(delta)
	if err != nil {
		return nil, err
	}
	nv := new(View)
	*nv = *prev
	rv := reflect.ValueOf(nv).Elem()
	for _, k := range keys {
		i, ok := viewJSONField[k]
		if !ok {
			return nil, fmt.Errorf("unknown view field %q", k)
		}
		rv.Field(i).SetZero()
	}
	if err := strictDecode(delta, nv); err != nil {
		return nil, err
	}
	return nv, nil
}

// objectKeys returns the keys of the JSON object p, in order, without
// decoding their values. p that is not an object, or not valid JSON, is an
// error.
func objectKeys(p []byte) ([]string, error) {
	if !json.Valid(p) {
		return nil, errors.New("not valid JSON")
	}
	p = bytes.TrimSpace(p)
	if len(p) == 0 || p[0] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var keys []string
	depth, expectKey := 0, false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{', '[':
			depth++
			expectKey = depth == 1
		case '}', ']':
			depth--
		case ',':
			expectKey = depth == 1
		case '"':
			j, escaped := i+1, false
			for p[j] != '"' { // valid JSON: the string ends
				if p[j] == '\\' {
					escaped = true
					j++
				}
				j++
			}
			if expectKey {
				k := string(p[i+1 : j])
				if escaped {
					if err := json.Unmarshal(p[i:j+1], &k); err != nil {
						return nil, err
					}
				}
				keys = append(keys, k)
				expectKey = false
			}
			i = j
		}
	}
	return keys, nil
}

// CheckView checks that v, a View from a LAN host, is seat's own and fits
// its table, before the player or a computer player sees it
// (rules.ViewChecker): the seat, valid options, a turn and last mover
// inside the table, a hand size and broken tools per seat, and, once the
// game is over, every seat's score. Errors start "view:".
func (Rules) CheckView(rv rules.View, seat int) error {
	v, ok := rv.(View)
	if !ok {
		return fmt.Errorf("view: of type %T, not a Saboteur view", rv)
	}
	if v.Seat != seat {
		return fmt.Errorf("view: of seat %d, but this is seat %d", v.Seat, seat)
	}
	if err := v.Options.Validate(); err != nil {
		return fmt.Errorf("view: %w", err)
	}
	n := v.Options.Players
	switch {
	case seat < 0 || seat >= n:
		return fmt.Errorf("view: seat %d at a table of %d", seat, n)
	case v.Turn < 0 || v.Turn >= n:
		return fmt.Errorf("view: turn %d at a table of %d", v.Turn, n)
	case v.LastMover < -1 || v.LastMover >= n:
		return fmt.Errorf("view: last mover %d at a table of %d", v.LastMover, n)
	case len(v.HandSizes) != n || len(v.Broken) != n:
		return fmt.Errorf("view: %d hand sizes and %d broken-tool lists for %d seats", len(v.HandSizes), len(v.Broken), n)
	case v.Phase == Over && len(v.Scores) != n:
		return fmt.Errorf("view: the game is over with %d scores for %d seats", len(v.Scores), n)
	}
	return nil
}

// LegalMoves lists the legal moves of v's seat, a discard first when
// there is one (R4.1: a pass is always legal), as Match.Legal does
// (rules.LegalLister). A value of another type has none.
func (Rules) LegalMoves(rv rules.View) []rules.Move {
	v, ok := rv.(View)
	if !ok || !v.MyTurn() {
		return nil
	}
	ms := v.LegalMoves()
	if i := slices.IndexFunc(ms, func(x Move) bool { return x.Type == Discard }); i > 0 {
		d := ms[i]
		copy(ms[1:i+1], ms[:i])
		ms[0] = d
	}
	out := make([]rules.Move, len(ms))
	for i, x := range ms {
		out[i] = x
	}
	return out
}

// QuickPhrases are Saboteur's quick chat phrases (issue 5: the table talk
// the game is built on; rules.Phraser). The IDs are stable: the message
// catalogues (i18n) and the LAN protocol use them.
var QuickPhrases = []rules.Phrase{
	{ID: "digger", Text: "I am a gold-digger!"},
	{ID: "gold_top", Text: "The gold is at the top."},
	{ID: "gold_middle", Text: "The gold is in the middle."},
	{ID: "gold_bottom", Text: "The gold is at the bottom."},
	{ID: "saboteur", Text: "That was a saboteur!"},
	{ID: "repair_me", Text: "Repair me, please."},
	{ID: "well_played", Text: "Well played."},
	{ID: "hurry", Text: "Your turn!"},
}

// Phrases returns QuickPhrases (rules.Phraser).
func (Rules) Phrases() []rules.Phrase { return slices.Clone(QuickPhrases) }
