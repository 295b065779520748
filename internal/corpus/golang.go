package corpus

// GolangSource is golang_source: a tree of the Go source repository's
// directories and files with change statistics.
type GolangSource struct {
	Tree     *Node  `json:"tree"`
	Username string `json:"username"`
}

// Node is a directory or file. Kids is empty, not null, for files.
type Node struct {
	Name     string  `json:"name"`
	Kids     []*Node `json:"kids"`
	CLWeight float64 `json:"cl_weight"`
	Touches  int     `json:"touches"`
	MinT     int64   `json:"min_t"` // Unix seconds
	MaxT     int64   `json:"max_t"`
	MeanT    int64   `json:"mean_t"`
}
