package corpus

// CanadaGeometry is canada_geometry: a GeoJSON feature collection holding
// the outline of Canada as one polygon of many rings.
type CanadaGeometry struct {
	Type     string    `json:"type"`
	Features []Feature `json:"features"`
}

// Feature is a GeoJSON feature.
type Feature struct {
	Type       string            `json:"type"`
	Properties FeatureProperties `json:"properties"`
	Geometry   Geometry          `json:"geometry"`
}

// FeatureProperties are a feature's attributes.
type FeatureProperties struct {
	Name string `json:"name"`
}

// Geometry is a GeoJSON polygon: rings of [longitude, latitude] points.
type Geometry struct {
	Type        string        `json:"type"`
	Coordinates [][][]float64 `json:"coordinates"`
}
