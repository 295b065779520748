package setb

import "encoding/json"

// TwitterSearch is twitter_status: one page of Twitter search results.
type TwitterSearch struct {
	Statuses []*Tweet `json:"statuses"`
	Search   struct {
		CompletedIn json.Number `json:"completed_in"` // seconds, kept as written
		Count       uint32      `json:"count"`
		MaxID       uint64      `json:"max_id"`
		MaxIDStr    uint64      `json:"max_id_str,string"`
		SinceID     uint64      `json:"since_id"`
		SinceIDStr  uint64      `json:"since_id_str,string"`
		Query       string      `json:"query"`
		NextResults string      `json:"next_results"`
		RefreshURL  string      `json:"refresh_url"`
	} `json:"search_metadata"`
}

// Tweet is a status. Ids are read from both their number and their string
// form; the string form is the exact one (the numbers pass through float64
// in JavaScript clients).
type Tweet struct {
	ID        uint64   `json:"id"`
	IDStr     uint64   `json:"id_str,string"`
	CreatedAt RubyTime `json:"created_at"`
	User      *User    `json:"user"`
	Text      string   `json:"text"`
	Source    string   `json:"source"`
	Lang      string   `json:"lang"`
	Truncated bool     `json:"truncated"`

	// result_type and iso_language_code.
	Metadata map[string]string `json:"metadata"`

	InReplyToStatusID    *uint64 `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *uint64 `json:"in_reply_to_status_id_str,string"`
	InReplyToUserID      *uint64 `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *uint64 `json:"in_reply_to_user_id_str,string"`
	InReplyToScreenName  *string `json:"in_reply_to_screen_name"`

	Geo          *GeoPoint       `json:"geo"`
	Coordinates  *GeoPoint       `json:"coordinates"`
	Place        json.RawMessage `json:"place"` // not modelled: kept as received
	Contributors []Contributor   `json:"contributors"`

	RetweetedStatus   *Tweet `json:"retweeted_status,omitempty"`
	RetweetCount      uint32 `json:"retweet_count"`
	FavoriteCount     uint32 `json:"favorite_count"`
	Favorited         bool   `json:"favorited"`
	Retweeted         bool   `json:"retweeted"`
	PossiblySensitive *bool  `json:"possibly_sensitive,omitempty"`

	Entities TweetEntities `json:"entities"`
}

// GeoPoint is a GeoJSON point, [longitude, latitude].
type GeoPoint struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

// Contributor is an account that co-wrote a tweet.
type Contributor struct {
	ID         uint64 `json:"id"`
	IDStr      uint64 `json:"id_str,string"`
	ScreenName string `json:"screen_name"`
}

// TweetEntities are the parts found in a tweet's text.
type TweetEntities struct {
	Hashtags     []Tag     `json:"hashtags"`
	Symbols      []Tag     `json:"symbols"`
	URLs         []*Link   `json:"urls"`
	UserMentions []Mention `json:"user_mentions"`
	Media        []*Media  `json:"media,omitempty"`
}

// Tag is a #hashtag or a $cashtag; Indices are its start and end in the
// text, in characters.
type Tag struct {
	Text    string `json:"text"`
	Indices [2]int `json:"indices"`
}

// Link is a shortened URL in a text.
type Link struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     [2]int `json:"indices"`
}

// Mention is an @name in a tweet.
type Mention struct {
	ID         uint64 `json:"id"`
	IDStr      uint64 `json:"id_str,string"`
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	Indices    [2]int `json:"indices"`
}

// Media is a photo attached to a tweet, with its renditions by size name
// (thumb, small, medium, large).
type Media struct {
	ID                uint64               `json:"id"`
	IDStr             uint64               `json:"id_str,string"`
	Type              string               `json:"type"`
	Indices           [2]int               `json:"indices"`
	URL               string               `json:"url"`
	DisplayURL        string               `json:"display_url"`
	ExpandedURL       string               `json:"expanded_url"`
	MediaURL          string               `json:"media_url"`
	MediaURLHTTPS     string               `json:"media_url_https"`
	Sizes             map[string]MediaSize `json:"sizes"`
	SourceStatusID    uint64               `json:"source_status_id,omitempty"`
	SourceStatusIDStr uint64               `json:"source_status_id_str,string,omitempty"`
}

// MediaSize is one rendition of a photo.
type MediaSize struct {
	W      uint32 `json:"w"`
	H      uint32 `json:"h"`
	Resize string `json:"resize"` // fit or crop
}

// User is a Twitter account.
type User struct {
	ID          uint64   `json:"id"`
	IDStr       uint64   `json:"id_str,string"`
	ScreenName  string   `json:"screen_name"`
	Name        string   `json:"name"`
	Location    string   `json:"location"`
	Description string   `json:"description"`
	URL         *string  `json:"url"`
	CreatedAt   RubyTime `json:"created_at"`
	Lang        string   `json:"lang"`
	UTCOffset   *int32   `json:"utc_offset"` // seconds
	TimeZone    *string  `json:"time_zone"`

	Entities struct {
		URL         *LinkSet `json:"url,omitempty"`
		Description LinkSet  `json:"description"`
	} `json:"entities"`

	FollowersCount  uint32 `json:"followers_count"`
	FriendsCount    uint32 `json:"friends_count"`
	ListedCount     uint32 `json:"listed_count"`
	FavouritesCount uint32 `json:"favourites_count"`
	StatusesCount   uint32 `json:"statuses_count"`

	Protected            bool `json:"protected"`
	GeoEnabled           bool `json:"geo_enabled"`
	Verified             bool `json:"verified"`
	ContributorsEnabled  bool `json:"contributors_enabled"`
	IsTranslator         bool `json:"is_translator"`
	IsTranslationEnabled bool `json:"is_translation_enabled"`
	Following            bool `json:"following"`
	FollowRequestSent    bool `json:"follow_request_sent"`
	Notifications        bool `json:"notifications"`
	DefaultProfile       bool `json:"default_profile"`
	DefaultProfileImage  bool `json:"default_profile_image"`

	Profile // its fields are the user's own in JSON
}

// LinkSet is the links found in one text.
type LinkSet struct {
	URLs []*Link `json:"urls"`
}

// Profile is how a user's page looks.
type Profile struct {
	BackgroundColor         string `json:"profile_background_color"`
	BackgroundImageURL      string `json:"profile_background_image_url"`
	BackgroundImageURLHTTPS string `json:"profile_background_image_url_https"`
	BackgroundTile          bool   `json:"profile_background_tile"`
	UseBackgroundImage      bool   `json:"profile_use_background_image"`
	ImageURL                string `json:"profile_image_url"`
	ImageURLHTTPS           string `json:"profile_image_url_https"`
	BannerURL               string `json:"profile_banner_url,omitempty"`
	LinkColor               string `json:"profile_link_color"`
	SidebarBorderColor      string `json:"profile_sidebar_border_color"`
	SidebarFillColor        string `json:"profile_sidebar_fill_color"`
	TextColor               string `json:"profile_text_color"`
}
