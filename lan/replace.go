package lan

import "slices"

// replaceable reports whether m only says how things are now, so that a
// newer message of its type makes a queued one pointless: a guest needs
// only the latest lobby, and one ping. A slow guest's queue (maxQueue) is
// never filled by these, so lobby churn cannot cost it its seat (issue 18).
func replaceable(m *Message) bool {
	return m != nil && (m.T == TLobby || m.T == TPing)
}

// dropReplaced removes from q the queued messages that m replaces; m then
// goes at the end of the queue, after everything that came before it.
func dropReplaced(q []*Message, m *Message) []*Message {
	if !replaceable(m) {
		return q
	}
	return slices.DeleteFunc(q, func(x *Message) bool { return x != nil && x.T == m.T })
}
