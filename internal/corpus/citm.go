package corpus

// CITMCatalog is citm_catalog: a concert hall's catalog of events,
// performances and prices. Most name tables are JSON objects keyed by
// numeric ids; they are typed as maps with int64 keys, which encoding/json
// writes as quoted decimal strings. Events stays keyed by string so that
// both key kinds are exercised.
type CITMCatalog struct {
	AreaNames                map[int64]string  `json:"areaNames"`
	AudienceSubCategoryNames map[int64]string  `json:"audienceSubCategoryNames"`
	BlockNames               map[int64]string  `json:"blockNames"`
	Events                   map[string]Event  `json:"events"`
	Performances             []Performance     `json:"performances"`
	SeatCategoryNames        map[int64]string  `json:"seatCategoryNames"`
	SubTopicNames            map[int64]string  `json:"subTopicNames"`
	SubjectNames             map[int64]string  `json:"subjectNames"`
	TopicNames               map[int64]string  `json:"topicNames"`
	TopicSubTopics           map[int64][]int64 `json:"topicSubTopics"`
	VenueNames               map[string]string `json:"venueNames"`
}

// Event is a show that has one or more performances.
type Event struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// Performance is one date of an event.
type Performance struct {
	EventID        int64          `json:"eventId"`
	ID             int64          `json:"id"`
	Logo           *string        `json:"logo"`
	Name           *string        `json:"name"`
	Prices         []Price        `json:"prices"`
	SeatCategories []SeatCategory `json:"seatCategories"`
	SeatMapImage   *string        `json:"seatMapImage"`
	Start          int64          `json:"start"` // milliseconds since the Unix epoch
	VenueCode      string         `json:"venueCode"`
}

// Price is the price of one seat category for one audience.
type Price struct {
	Amount                int64 `json:"amount"` // in cents
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// SeatCategory lists the areas that a seat category covers.
type SeatCategory struct {
	Areas          []Area `json:"areas"`
	SeatCategoryID int64  `json:"seatCategoryId"`
}

// Area is a part of the hall.
type Area struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}
