package setb

// Catalog is citm_catalog: a concert hall's events, performances, seat
// categories and prices, with the names of everything the ids refer to.
// The name tables are JSON objects keyed by decimal ids; the ones this
// program looks up by id are keyed by [ID], the others stay keyed by the
// text of the id.
type Catalog struct {
	Events       map[ID]*Event  `json:"events"`
	Performances []*Performance `json:"performances"`

	AreaNames                map[ID]string     `json:"areaNames"`
	SeatCategoryNames        map[ID]string     `json:"seatCategoryNames"`
	AudienceSubCategoryNames map[string]string `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string `json:"blockNames"`
	SubTopicNames            map[string]string `json:"subTopicNames"`
	SubjectNames             map[string]string `json:"subjectNames"`
	TopicNames               map[string]string `json:"topicNames"`
	TopicSubTopics           map[string][]ID   `json:"topicSubTopics"`
	VenueNames               map[string]string `json:"venueNames"`
}

// ID identifies anything in the catalog.
type ID uint32

// Event is a show that has one or more performances.
type Event struct {
	ID          ID      `json:"id"`
	Name        string  `json:"name"`
	Subtitle    *string `json:"subtitle"`
	Description *string `json:"description"`
	Logo        *string `json:"logo"` // an image path
	SubjectCode *string `json:"subjectCode"`
	TopicIDs    []ID    `json:"topicIds"`
	SubTopicIDs []ID    `json:"subTopicIds"`
}

// Performance is one date of an event.
type Performance struct {
	ID           ID        `json:"id"`
	EventID      ID        `json:"eventId"`
	Name         *string   `json:"name"`
	Logo         *string   `json:"logo"`
	Start        UnixMilli `json:"start"`
	VenueCode    string    `json:"venueCode"`
	SeatMapImage *string   `json:"seatMapImage"`
	Prices       []struct {
		Amount                uint32 `json:"amount"` // in cents
		AudienceSubCategoryID ID     `json:"audienceSubCategoryId"`
		SeatCategoryID        ID     `json:"seatCategoryId"`
	} `json:"prices"`
	SeatCategories []*SeatCategory `json:"seatCategories"`
}

// SeatCategory lists the areas, and in them the blocks, that a seat
// category covers.
type SeatCategory struct {
	SeatCategoryID ID `json:"seatCategoryId"`
	Areas          []struct {
		AreaID   ID   `json:"areaId"`
		BlockIDs []ID `json:"blockIds"`
	} `json:"areas"`
}
