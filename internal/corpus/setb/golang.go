package setb

// SourceTree is golang_source: the Go repository's directories and files,
// each with its change statistics.
type SourceTree struct {
	Username string `json:"username"`
	Tree     Node   `json:"tree"`
}

// Node is a directory, or a file (with no kids). MinT, MaxT and MeanT are
// the first, last and mean change times.
type Node struct {
	Name     string   `json:"name"`
	Touches  uint32   `json:"touches"`
	CLWeight float64  `json:"cl_weight"`
	MinT     UnixTime `json:"min_t"`
	MaxT     UnixTime `json:"max_t"`
	MeanT    UnixTime `json:"mean_t"`
	Kids     []Node   `json:"kids"`
}
