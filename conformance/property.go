package conformance

import (
	"fmt"
	"math/rand"
	"reflect"
	"time"

	"github.com/leanovate/gopter"
)

// A Property is one differential check, run over generated cases: run it
// with Run, or several with Campaign.
type Property struct {
	Name string // names the property in reports and in cmd/safejson conform -run
	Doc  string // what it checks, in one line

	gen   gopter.Gen
	check func(o *oracle, impl Impl, in any) *Mismatch
	// own marks properties of safejson's own guarantees (ScriptSafe,
	// TimePrecision), which other implementations are not held to.
	own bool
}

// property makes a Property over generated cases of type In that checks
// the Impl's function call (named as its field of Impl); an Impl without
// it fails every case as missing it.
func property[In any](name, call, doc string, gen gopter.Gen, check func(o *oracle, impl Impl, in In) *Mismatch) Property {
	return Property{Name: name, Doc: doc, gen: gen, check: func(o *oracle, impl Impl, x any) *Mismatch {
		if reflect.ValueOf(impl).FieldByName(call).IsNil() {
			return missing(call)
		}
		return check(o, impl, x.(In))
	}}
}

// ownProperty makes a Property of safejson's own guarantees, which runs no
// Impl.
func ownProperty[In any](name, doc string, gen gopter.Gen, check func(o *oracle, in In) *Mismatch) Property {
	return Property{Name: name, Doc: doc, gen: gen, own: true, check: func(o *oracle, _ Impl, x any) *Mismatch {
		return check(o, x.(In))
	}}
}

// Own reports whether p checks safejson's own guarantees (ScriptSafe,
// TimePrecision) rather than an Impl against encoding/json; such
// properties ignore the Impl they are run with.
func (p Property) Own() bool { return p.own }

// Config sets the extent of a run, for Property.Run and Campaign. Case i of
// a run uses seed Seed+i, so any case can be replayed alone with Cases 1
// and its seed.
type Config struct {
	Cases   int
	Seed    int64
	MaxSize int         // upper bound of the size parameter; 0 means 24
	Stop    func() bool // polled between cases; nil never stops
	// NoShrink reports the first failure as generated, for callers
	// that shrink later or not at all.
	NoShrink bool
	// OracleTimeout bounds each call of encoding/json; a case whose
	// call runs longer counts as "encoding/json did not return". 0
	// means DefaultOracleTimeout.
	OracleTimeout time.Duration
	// MaxTimeouts is how many calls of encoding/json a property may
	// leave running past the deadline before it stops (0 means 3).
	// Such a call cannot be stopped: a loop keeps a core busy until
	// the process exits.
	MaxTimeouts int
}

// Result sums up a property's run. Failures counts differences; the cases
// where encoding/json did not return are counted apart, in NoReturn.
type Result struct {
	Property string
	Cases    int
	Failures int
	ByKind   map[Kind]int
	First    *Failure // the first failing case, shrunk
	// NoReturn counts the cases where encoding/json did not return:
	// its call ran past the deadline (TimedOut counts those), or it is
	// known to loop on the input and was not made.
	NoReturn      int
	TimedOut      int
	FirstNoReturn *Failure // the first such case, as generated
	// Stopped reports that the property ended before its cases were
	// done, having left Config.MaxTimeouts calls running.
	Stopped bool
}

// A Failure is a failing case after shrinking, as Result.First holds it,
// or a case where encoding/json did not return (Result.FirstNoReturn). Its
// String is the report, with the seed that replays it.
type Failure struct {
	Property string
	Impl     string
	Seed     int64
	Input    string // the shrunk input, formatted
	Type     string // the type of the shrunk value
	Shrinks  int
	Mismatch Mismatch
}

// String is the report of the case: what differed or did not return, the
// command that replays it, its type and input, and the diff.
func (f *Failure) String() string {
	if f.Mismatch.Kind == KindNoReturn {
		return fmt.Sprintf("%s: %s did not return in %s, seed %d (replay: go run ./cmd/safejson conform -run '^%s$' -seed %d -n 1)\n"+
			"type: %s\ninput: %s\n%s",
			f.Property, Oracle(), f.Mismatch.Call, f.Seed, f.Property, f.Seed, f.Type, f.Input, f.Mismatch.Diff)
	}
	return fmt.Sprintf("%s: %s differs from %s in %s (%s), seed %d (replay: go run ./cmd/safejson conform -run '^%s$' -seed %d -n 1)\n"+
		"type: %s\ninput (shrunk %d times): %s\n(-want +got):\n%s",
		f.Property, f.Impl, Oracle(), f.Mismatch.Call, f.Mismatch.Kind, f.Seed, f.Property, f.Seed, f.Type, f.Shrinks, f.Input, f.Mismatch.Diff)
}

// maxShrinkChecks bounds the checks spent shrinking one failure.
const maxShrinkChecks = 3000

// Run checks impl against encoding/json on cfg.Cases generated cases.
func (p Property) Run(impl Impl, cfg Config) (res Result) {
	res = Result{Property: p.Name, ByKind: map[Kind]int{}}
	maxSize := cfg.MaxSize
	if maxSize <= 0 {
		maxSize = 24
	}
	o := newOracle(cfg.OracleTimeout, cfg.MaxTimeouts)
	defer func() { res.TimedOut = o.timedOut }()
	for i := 0; i < cfg.Cases; i++ {
		if cfg.Stop != nil && cfg.Stop() {
			break
		}
		if o.exhausted() {
			res.Stopped = true
			break
		}
		seed := cfg.Seed + int64(i)
		gr := p.gen(caseParams(seed, maxSize))
		in, ok := gr.Retrieve()
		if !ok {
			continue
		}
		res.Cases++
		m := p.checkSafely(o, impl, in)
		switch {
		case m == nil:
			continue
		case m.Kind == KindNoReturn:
			res.NoReturn++
			if res.FirstNoReturn == nil {
				input, typ := describe(in)
				res.FirstNoReturn = &Failure{Property: p.Name, Impl: impl.Name, Seed: seed, Input: input, Type: typ, Mismatch: *m}
			}
			continue
		}
		res.Failures++
		res.ByKind[m.Kind]++
		if res.First == nil {
			if cfg.NoShrink {
				gr.Shrinker = gopter.NoShrinker
			}
			res.First = p.shrink(o, impl, gr, in, m)
			res.First.Seed = seed
		}
	}
	return res
}

// caseParams derives everything a case depends on from its seed, the
// size included, so that a case replays alone.
func caseParams(seed int64, maxSize int) *gopter.GenParameters {
	r := rand.New(rand.NewSource(seed))
	return &gopter.GenParameters{MaxSize: r.Intn(maxSize + 1), MaxShrinkCount: maxShrinkChecks, Rng: r}
}

// checkSafely turns a panic escaping the check itself into a mismatch, so
// one bad case cannot end a campaign, and a call of encoding/json that did
// not return into the case's outcome.
func (p Property) checkSafely(o *oracle, impl Impl, in any) (m *Mismatch) {
	defer func() {
		if r := recover(); r != nil {
			if nr, ok := r.(noReturn); ok {
				m = &Mismatch{Kind: KindNoReturn, Call: nr.call, Diff: nr.what}
				return
			}
			m = &Mismatch{Kind: KindPanic, Call: "check", Diff: fmt.Sprint("panic outside the compared calls: ", r)}
		}
	}()
	return p.check(o, impl, in)
}

// shrink walks to simpler failing inputs, keeping the last that fails.
// A candidate on which encoding/json does not return is no simpler case of
// the failure.
func (p Property) shrink(o *oracle, impl Impl, gr *gopter.GenResult, in any, m *Mismatch) *Failure {
	steps, checks := 0, 0
	for checks < maxShrinkChecks {
		next := gr.Shrinker(in)
		found := false
		for c, ok := next(); ok && checks < maxShrinkChecks; c, ok = next() {
			checks++
			if cm := p.checkSafely(o, impl, c); cm != nil && cm.Kind != KindNoReturn {
				in, m, found = c, cm, true
				steps++
				break
			}
		}
		if !found {
			break
		}
	}
	input, typ := describe(in)
	return &Failure{Property: p.Name, Impl: impl.Name, Input: input, Type: typ, Shrinks: steps, Mismatch: *m}
}

// describer is implemented by the inputs that know how to show themselves.
type describer interface {
	describe() (input, typ string)
}

func describe(in any) (string, string) {
	if d, ok := in.(describer); ok {
		return d.describe()
	}
	t := "nil"
	if in != nil {
		t = reflect.TypeOf(in).String()
	}
	return formatValue(in), t
}
