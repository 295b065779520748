package randtypes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
)

// valueGen fills values of drawn types with data of realistic sizes.
type valueGen struct {
	r *rand.Rand
	// setRatio is the chance that a member of a struct is set at all.
	setRatio float64
	// deep makes trees of Node, Comment and Expr deep and large.
	deep bool
}

// fillRecord sets each exported member of the struct v with the chance
// setRatio, leaving the others zero.
func (g *valueGen) fillRecord(v reflect.Value) {
	for i := range v.NumField() {
		if f := v.Field(i); f.CanSet() && g.r.Float64() < g.setRatio {
			g.fill(f)
		}
	}
}

// fill sets v to a value of its type.
func (g *valueGen) fill(v reflect.Value) {
	r := g.r
	switch v.Type() {
	case timeType:
		v.Set(reflect.ValueOf(g.time()))
		return
	case numberType:
		v.SetString(g.number())
		return
	case moneyType:
		v.SetInt(r.Int64N(2_000_000) - 100_000)
		return
	case statusType:
		v.SetUint(uint64(r.IntN(len(statusNames))))
		return
	case versionType:
		v.Set(reflect.ValueOf(Version{uint16(r.IntN(5)), uint16(r.IntN(30)), uint16(r.IntN(200))}))
		return
	case anyType:
		if x := g.anyValue(2); x != nil {
			v.Set(reflect.ValueOf(x))
		}
		return
	case nodeType:
		budget := g.treeBudget()
		v.Set(reflect.ValueOf(g.node(&budget, 0)))
		return
	case commentType:
		budget := g.treeBudget()
		v.Set(reflect.ValueOf(*g.comment(&budget, 0)))
		return
	case exprType:
		budget := g.treeBudget()
		v.Set(reflect.ValueOf(*g.expr(&budget, 0)))
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.integer(v.Type().Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(g.unsigned(v.Type().Bits()))
	case reflect.Float32:
		v.SetFloat(float64(float32(g.float())))
	case reflect.Float64:
		v.SetFloat(g.float())
	case reflect.String:
		v.SetString(g.text())
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		g.fill(p.Elem())
		v.Set(p)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, 8+r.IntN(57))
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			v.SetBytes(b)
			return
		}
		n := g.length()
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			g.fill(s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i))
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for n := g.length(); n > 0; n-- {
			k := reflect.New(v.Type().Key()).Elem()
			g.fill(k)
			e := reflect.New(v.Type().Elem()).Elem()
			g.fill(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		g.fillRecord(v)
	}
}

// length is a container's length: mostly a handful, sometimes dozens.
func (g *valueGen) length() int {
	if g.r.IntN(20) == 0 {
		return 10 + g.r.IntN(20)
	}
	return g.r.IntN(6)
}

// integer draws counts, years, ids and now and then a large or negative
// number, within bits.
func (g *valueGen) integer(bits int) int64 {
	r := g.r
	var n int64
	switch k := r.IntN(10); {
	case k < 5:
		n = r.Int64N(100)
	case k < 8:
		n = r.Int64N(1 << 20)
	case k < 9:
		n = -r.Int64N(1000)
	default:
		n = r.Int64()
	}
	if bits < 64 {
		n %= 1 << (bits - 1)
	}
	return n
}

// unsigned draws ids, mostly large, within bits.
func (g *valueGen) unsigned(bits int) uint64 {
	n := g.r.Uint64()
	if g.r.IntN(3) == 0 {
		n = g.r.Uint64N(10_000)
	}
	if bits < 64 {
		n %= 1 << bits
	}
	return n
}

// float draws prices, coordinates, ratios, whole numbers and now and then
// a very large or small one.
func (g *valueGen) float() float64 {
	r := g.r
	switch r.IntN(6) {
	case 0:
		return math.Round(r.Float64()*10000) / 100
	case 1:
		return (r.Float64() - 0.5) * 360
	case 2:
		return r.Float64()
	case 3:
		return float64(r.IntN(1000))
	case 4:
		return r.NormFloat64() * 1e6
	}
	return r.Float64() * math.Pow(10, float64(r.IntN(60)-30))
}

// text draws a string: mostly short ASCII words, some with non-ASCII
// letters, quotes, HTML characters or control characters, and now and
// then a long text.
func (g *valueGen) text() string {
	r := g.r
	n := 1 + r.IntN(3)
	switch k := r.IntN(40); {
	case k == 0:
		return ""
	case k < 3:
		n = 20 + r.IntN(200)
	}
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[r.IntN(len(words))])
		switch r.IntN(25) {
		case 0:
			b.WriteString("é日本")
		case 1:
			b.WriteString(`"<a&b>"`)
		case 2:
			b.WriteString("\n\t")
		}
	}
	return b.String()
}

// number is a json.Number: an integer or a decimal.
func (g *valueGen) number() string {
	if g.r.IntN(2) == 0 {
		return fmt.Sprint(g.r.Int64N(1 << 40))
	}
	return fmt.Sprintf("%d.%03d", g.r.IntN(100000), g.r.IntN(1000))
}

// time draws a timestamp between 1990 and 2040, in UTC or at an offset,
// to the second, the millisecond, the microsecond or the nanosecond.
func (g *valueGen) time() time.Time {
	r := g.r
	zones := []*time.Location{time.UTC, time.UTC, time.UTC, time.FixedZone("", 2*3600), time.FixedZone("", -5*3600),
		time.FixedZone("", 5*3600+1800)}
	t := time.Unix(631152000+r.Int64N(50*365*86400), 0).In(zones[r.IntN(len(zones))])
	switch r.IntN(4) {
	case 1:
		t = t.Add(time.Duration(r.IntN(1000)) * time.Millisecond)
	case 2:
		t = t.Add(time.Duration(r.IntN(1e6)) * time.Microsecond)
	case 3:
		t = t.Add(time.Duration(r.IntN(1e9)))
	}
	return t
}

// anyValue is what an interface holds: a scalar, or a small map or slice
// of them.
func (g *valueGen) anyValue(level int) any {
	r := g.r
	k := r.IntN(7)
	if level == 0 {
		k %= 4
	}
	switch k {
	case 0:
		return g.text()
	case 1:
		return float64(r.IntN(100000))
	case 2:
		return r.IntN(2) == 0
	case 3:
		return nil
	case 4, 5:
		m := map[string]any{}
		for n := g.length(); n > 0; n-- {
			m[words[r.IntN(len(words))]] = g.anyValue(level - 1)
		}
		return m
	}
	s := make([]any, g.length())
	for i := range s {
		s[i] = g.anyValue(level - 1)
	}
	return s
}

// treeBudget is how many nodes a tree may have: a few in ordinary
// records, hundreds in recursive sets.
func (g *valueGen) treeBudget() int {
	if g.deep {
		return 50 + g.r.IntN(400)
	}
	return 1 + g.r.IntN(6)
}

// maxDepth bounds the nesting of a tree.
func (g *valueGen) maxDepth() int {
	if g.deep {
		return 60
	}
	return 4
}

// node builds a tree of Node, now and then a long chain through Next.
func (g *valueGen) node(budget *int, level int) Node {
	r := g.r
	*budget--
	n := Node{ID: g.unsigned(64), Name: g.text(), Weight: g.float()}
	if r.IntN(3) == 0 {
		n.Tags = []string{g.text(), g.text()}
	}
	if r.IntN(4) == 0 {
		n.Attrs = map[string]string{words[r.IntN(len(words))]: g.text()}
	}
	if level >= g.maxDepth() {
		return n
	}
	if *budget > 0 && r.IntN(3) == 0 {
		next := g.node(budget, level+1)
		n.Next = &next
	}
	for k := r.IntN(4); k > 0 && *budget > 0; k-- {
		n.Children = append(n.Children, g.node(budget, level+1))
	}
	return n
}

// comment builds a thread of replies.
func (g *valueGen) comment(budget *int, level int) *Comment {
	*budget--
	c := &Comment{ID: g.unsigned(64), Author: g.text(), Body: g.text(), Score: int32(g.integer(32)),
		At: g.time(), Status: Status(g.r.IntN(len(statusNames)))}
	if level >= g.maxDepth() {
		return c
	}
	for k := g.r.IntN(4); k > 0 && *budget > 0; k-- {
		c.Replies = append(c.Replies, g.comment(budget, level+1))
	}
	return c
}

// expr builds an expression tree, mostly binary operators over names and
// numbers, with calls that take argument lists.
func (g *valueGen) expr(budget *int, level int) *Expr {
	r := g.r
	*budget--
	if *budget <= 0 || level >= g.maxDepth() || r.IntN(4) == 0 {
		if r.IntN(2) == 0 {
			return &Expr{Op: "num", Value: g.float()}
		}
		return &Expr{Op: "ref", Name: words[r.IntN(len(words))]}
	}
	if r.IntN(5) == 0 {
		e := &Expr{Op: "call", Name: words[r.IntN(len(words))]}
		for k := 1 + r.IntN(3); k > 0; k-- {
			e.Args = append(e.Args, *g.expr(budget, level+1))
		}
		return e
	}
	return &Expr{Op: []string{"+", "-", "*", "/", "and", "or"}[r.IntN(6)],
		Left: g.expr(budget, level+1), Right: g.expr(budget, level+1)}
}
