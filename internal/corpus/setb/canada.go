package setb

// FeatureCollection is canada_geometry: GeoJSON with the outline of Canada
// as one feature.
type FeatureCollection struct {
	Type     string     `json:"type"`
	Features []*Feature `json:"features"`
}

// Feature is a GeoJSON feature whose properties are free-form strings.
type Feature struct {
	Type       string            `json:"type"`
	Properties map[string]string `json:"properties"`
	Geometry   *Polygon          `json:"geometry"`
}

// Polygon is a GeoJSON polygon: an outer ring, then its holes.
type Polygon struct {
	Type        string       `json:"type"`
	Coordinates [][]Position `json:"coordinates"`
}

// Position is a [longitude, latitude] pair.
type Position [2]float64
