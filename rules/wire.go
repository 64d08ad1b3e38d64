package rules

// Optional interfaces of a Game for the network (package lan,
// lan/PROTOCOL.md, version 3). The network carries every game's moves,
// views and events as the game's own JSON (encoding/json out, the Game's
// strict decoders in) and needs none of these; a game implements one when
// it wants what it offers.

// ViewCodec is a Game whose views are large and change little from move
// to move (Saboteur's maze): the LAN host writes its views itself, as
// deltas against the connection's previous view (lan/PROTOCOL.md,
// Updates), and a guest merges them without reading the whole view again.
type ViewCodec interface {
	// NewViewWriter returns the writer of one host's updates. It may keep
	// a cache that the host's connections share; it is safe for
	// concurrent use.
	NewViewWriter() ViewWriter
	// MergeView returns prev (a view of DecodeView or MergeView) with the
	// top-level fields of delta, a JSON object, replaced: as DecodeView
	// would read prev's JSON with delta's fields put in, as strictly (an
	// unknown field is an error). prev is not changed.
	MergeView(prev View, delta []byte) (View, error)
}

// ViewWriter writes the views and events of one host (ViewCodec).
type ViewWriter interface {
	// Snapshot takes seat's view of m as it stands. It runs with the table
	// locked and must not keep m; nobody changes the snapshot afterwards,
	// so AppendView may write it later on another goroutine.
	Snapshot(m Match, seat int) ViewSnapshot
	// AppendView appends cur's JSON to b: the whole view when prev is nil;
	// else a delta, an object of the top-level fields on which prev and
	// cur differ, with null for a field that became empty. prev and cur
	// are this writer's snapshots of one seat.
	AppendView(b []byte, prev, cur ViewSnapshot) ([]byte, error)
	// AppendEvent appends e's JSON to b, byte for byte as encoding/json
	// writes it.
	AppendEvent(b []byte, e Event) ([]byte, error)
}

// ViewSnapshot is a view as a ViewWriter took it, in the writer's own type.
type ViewSnapshot any

// ViewChecker is a Game that checks a view a guest received before the
// player or a computer player sees it: that it is the view of the guest's
// seat and fits its table (seats, turn, scores). The error names the
// field.
type ViewChecker interface {
	CheckView(v View, seat int) error
}

// LegalLister is a Game that lists the legal moves of a seat from its
// view alone (the safe move first, as Match.Legal): a headless guest whose
// computer player's move the host refused plays the first of them.
type LegalLister interface {
	LegalMoves(v View) []Move
}

// Phrase is one quick chat phrase: a stable ID for the message catalogues
// and its English text.
type Phrase struct {
	ID   string
	Text string
}

// Phraser is a Game with quick chat phrases (its table talk): a chat
// message may carry one of their IDs instead of text. A game without
// them has none.
type Phraser interface {
	Phrases() []Phrase
}

// PhrasesOf returns g's quick phrases (Phraser), none when it has none.
func PhrasesOf(g Game) []Phrase {
	if p, ok := g.(Phraser); ok {
		return p.Phrases()
	}
	return nil
}

// PhraseText returns the English text of g's quick phrase id, "" when g
// has no such phrase.
func PhraseText(g Game, id string) string {
	for _, p := range PhrasesOf(g) {
		if p.ID == id {
			return p.Text
		}
	}
	return ""
}
