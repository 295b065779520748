package corpus

// TwitterStatus is twitter_status: one page of Twitter search API results.
type TwitterStatus struct {
	Statuses       []Status       `json:"statuses"`
	SearchMetadata SearchMetadata `json:"search_metadata"`
}

// SearchMetadata describes a search result page.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int     `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Status is a tweet.
type Status struct {
	Metadata             StatusMetadata `json:"metadata"`
	CreatedAt            string         `json:"created_at"`
	ID                   int64          `json:"id"`
	IDStr                string         `json:"id_str"`
	Text                 string         `json:"text"`
	Source               string         `json:"source"`
	Truncated            bool           `json:"truncated"`
	InReplyToStatusID    *int64         `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64         `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	User                 User           `json:"user"`
	Geo                  *Point         `json:"geo"`
	Coordinates          *Point         `json:"coordinates"`
	Place                *Place         `json:"place"`
	Contributors         []int64        `json:"contributors"`
	RetweetedStatus      *Status        `json:"retweeted_status,omitempty"`
	RetweetCount         int            `json:"retweet_count"`
	FavoriteCount        int            `json:"favorite_count"`
	Entities             Entities       `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Retweeted            bool           `json:"retweeted"`
	PossiblySensitive    *bool          `json:"possibly_sensitive,omitempty"`
	Lang                 string         `json:"lang"`
}

// StatusMetadata is a tweet's search metadata.
type StatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// Point is a GeoJSON point. The corpus has only nulls where it could occur.
type Point struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

// Place is a named location. The corpus has only nulls where it could occur.
type Place struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	PlaceType   string `json:"place_type"`
	Name        string `json:"name"`
	FullName    string `json:"full_name"`
	CountryCode string `json:"country_code"`
	Country     string `json:"country"`
}

// User is a Twitter account.
type User struct {
	ID                             int64        `json:"id"`
	IDStr                          string       `json:"id_str"`
	Name                           string       `json:"name"`
	ScreenName                     string       `json:"screen_name"`
	Location                       string       `json:"location"`
	Description                    string       `json:"description"`
	URL                            *string      `json:"url"`
	Entities                       UserEntities `json:"entities"`
	Protected                      bool         `json:"protected"`
	FollowersCount                 int          `json:"followers_count"`
	FriendsCount                   int          `json:"friends_count"`
	ListedCount                    int          `json:"listed_count"`
	CreatedAt                      string       `json:"created_at"`
	FavouritesCount                int          `json:"favourites_count"`
	UTCOffset                      *int         `json:"utc_offset"`
	TimeZone                       *string      `json:"time_zone"`
	GeoEnabled                     bool         `json:"geo_enabled"`
	Verified                       bool         `json:"verified"`
	StatusesCount                  int          `json:"statuses_count"`
	Lang                           string       `json:"lang"`
	ContributorsEnabled            bool         `json:"contributors_enabled"`
	IsTranslator                   bool         `json:"is_translator"`
	IsTranslationEnabled           bool         `json:"is_translation_enabled"`
	ProfileBackgroundColor         string       `json:"profile_background_color"`
	ProfileBackgroundImageURL      string       `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string       `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool         `json:"profile_background_tile"`
	ProfileImageURL                string       `json:"profile_image_url"`
	ProfileImageURLHTTPS           string       `json:"profile_image_url_https"`
	ProfileBannerURL               string       `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string       `json:"profile_link_color"`
	ProfileSidebarBorderColor      string       `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string       `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string       `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool         `json:"profile_use_background_image"`
	DefaultProfile                 bool         `json:"default_profile"`
	DefaultProfileImage            bool         `json:"default_profile_image"`
	Following                      bool         `json:"following"`
	FollowRequestSent              bool         `json:"follow_request_sent"`
	Notifications                  bool         `json:"notifications"`
}

// UserEntities are the links in a user's profile.
type UserEntities struct {
	URL         *URLList `json:"url,omitempty"`
	Description URLList  `json:"description"`
}

// URLList holds the links found in one text.
type URLList struct {
	URLs []URL `json:"urls"`
}

// Entities are the parsed parts of a tweet's text.
type Entities struct {
	Hashtags     []Hashtag     `json:"hashtags"`
	Symbols      []Hashtag     `json:"symbols"`
	URLs         []URL         `json:"urls"`
	UserMentions []UserMention `json:"user_mentions"`
	Media        []Media       `json:"media,omitempty"`
}

// Hashtag is a #tag or a $symbol in a tweet.
type Hashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// URL is a link in a text.
type URL struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// UserMention is an @name in a tweet.
type UserMention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// Media is a photo attached to a tweet.
type Media struct {
	ID                int64      `json:"id"`
	IDStr             string     `json:"id_str"`
	Indices           []int      `json:"indices"`
	MediaURL          string     `json:"media_url"`
	MediaURLHTTPS     string     `json:"media_url_https"`
	URL               string     `json:"url"`
	DisplayURL        string     `json:"display_url"`
	ExpandedURL       string     `json:"expanded_url"`
	Type              string     `json:"type"`
	Sizes             MediaSizes `json:"sizes"`
	SourceStatusID    int64      `json:"source_status_id,omitempty"`
	SourceStatusIDStr string     `json:"source_status_id_str,omitempty"`
}

// MediaSizes lists the renditions of a photo.
type MediaSizes struct {
	Medium MediaSize `json:"medium"`
	Small  MediaSize `json:"small"`
	Thumb  MediaSize `json:"thumb"`
	Large  MediaSize `json:"large"`
}

// MediaSize is one rendition of a photo.
type MediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}
