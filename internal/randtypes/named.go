package randtypes

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The named types below are the part of a type set that reflect.StructOf
// cannot build: types with methods and recursive types. Generated structs
// use them as fields and embed Base.

// Money is an amount in cents that writes itself as a decimal string, as
// the price types of shop and billing APIs do.
type Money int64

// MarshalJSON writes m as "units.cents".
func (m Money) MarshalJSON() ([]byte, error) {
	sign := ""
	v := int64(m)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Appendf(nil, `"%s%d.%02d"`, sign, v/100, v%100), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (m *Money) UnmarshalJSON(b []byte) error {
	s, err := strconv.Unquote(string(b))
	if err != nil {
		return err
	}
	units, cents, ok := strings.Cut(s, ".")
	if !ok || len(cents) != 2 {
		return errors.New("randtypes: Money wants units.cents")
	}
	neg := strings.HasPrefix(units, "-")
	u, err := strconv.ParseInt(strings.TrimPrefix(units, "-"), 10, 64)
	if err != nil {
		return err
	}
	c, err := strconv.ParseInt(cents, 10, 64)
	if err != nil {
		return err
	}
	v := u*100 + c
	if neg {
		v = -v
	}
	*m = Money(v)
	return nil
}

// Status is an enumeration written as its name, through text methods, so
// that it also serves as a map key.
type Status uint8

var statusNames = [...]string{"pending", "active", "suspended", "closed", "archived"}

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) {
	if int(s) >= len(statusNames) {
		return nil, fmt.Errorf("randtypes: no status %d", s)
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText reads a status's name.
func (s *Status) UnmarshalText(b []byte) error {
	for i, name := range statusNames {
		if name == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("randtypes: no status %q", b)
}

// Version is a struct that writes itself as text, "major.minor.patch".
type Version struct {
	Major, Minor, Patch uint16
}

// MarshalText writes v as "major.minor.patch".
func (v Version) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "%d.%d.%d", v.Major, v.Minor, v.Patch), nil
}

// UnmarshalText reads what MarshalText writes.
func (v *Version) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "%d.%d.%d", &v.Major, &v.Minor, &v.Patch)
	return err
}

// Label is a named string without methods.
type Label string

// Base is the group of fields that records of many APIs embed.
type Base struct {
	ID        uint64     `json:"id"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at,omitempty"`
	Owner     string     `json:"owner,omitempty"`
}

// Node is a tree node: a recursive type through a slice and a pointer.
type Node struct {
	ID       uint64            `json:"id"`
	Name     string            `json:"name"`
	Weight   float64           `json:"weight"`
	Tags     []string          `json:"tags,omitempty"`
	Attrs    map[string]string `json:"attrs,omitempty"`
	Children []Node            `json:"children,omitempty"`
	Next     *Node             `json:"next,omitempty"`
}

// Comment is a thread of replies: recursive through a slice of pointers.
type Comment struct {
	ID      uint64     `json:"id"`
	Author  string     `json:"author"`
	Body    string     `json:"body"`
	Score   int32      `json:"score"`
	At      time.Time  `json:"at"`
	Status  Status     `json:"status"`
	Replies []*Comment `json:"replies"`
}

// Expr is an expression tree: recursive through pointers and a slice,
// with most members zero.
type Expr struct {
	Op    string  `json:"op"`
	Value float64 `json:"value,omitempty"`
	Name  string  `json:"name,omitempty"`
	Left  *Expr   `json:"left,omitempty"`
	Right *Expr   `json:"right,omitempty"`
	Args  []Expr  `json:"args,omitempty"`
}
