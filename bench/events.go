package bench

import (
	"math/rand/v2"
	"time"
)

// Event is a time-heavy record: five of its seven values are times, in
// three zones, with nanoseconds.
type Event struct {
	ID      int64        `json:"id"`
	At      time.Time    `json:"at"`
	Created *time.Time   `json:"created"`
	Window  [2]time.Time `json:"window"`
	Updated time.Time    `json:"updated"`
	Kind    string       `json:"kind"`
}

// TimeEvents returns 1000 events, the same on every call.
func TimeEvents() []Event {
	r := rand.New(rand.NewPCG(1, 2))
	zones := []*time.Location{time.UTC, time.FixedZone("", -5*3600), time.FixedZone("", 5*3600+30*60)}
	at := func() time.Time {
		return time.Unix(1.6e9+r.Int64N(1e8), r.Int64N(1e9)).In(zones[r.IntN(len(zones))])
	}
	events := make([]Event, 1000)
	for i := range events {
		c := at()
		events[i] = Event{int64(i), at(), &c, [2]time.Time{at(), at()}, at(), "login"}
	}
	return events
}
