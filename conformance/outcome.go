package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Kind classifies the outcome of a case that is not agreement: a
// difference from encoding/json, or KindNoReturn. A report groups cases
// by it.
type Kind int

// The kinds of difference, in the order a mismatch is classified: a panic
// hides the rest, then error types, error texts, and last the output
// itself. KindNoReturn is no difference: encoding/json gave nothing to
// compare with, and Result counts it apart.
const (
	KindBytes        Kind = iota + 1 // output bytes, or the decoded value, differ
	KindErrorType                    // an error is missing, extra, or of another type
	KindErrorMessage                 // same error type, other text or offset
	KindMissing                      // the implementation lacks the API
	KindPanic                        // one side panicked and the other did not, or not alike
	KindNoReturn                     // encoding/json did not return
)

// String names the kind in reports.
func (k Kind) String() string {
	switch k {
	case KindBytes:
		return "bytes"
	case KindErrorType:
		return "error type"
	case KindErrorMessage:
		return "error message"
	case KindMissing:
		return "missing API"
	case KindPanic:
		return "panic"
	case KindNoReturn:
		return "encoding/json did not return"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// A Mismatch is one observed difference from encoding/json, or a call of
// encoding/json that did not return (Kind KindNoReturn); a Failure holds
// it.
type Mismatch struct {
	Kind Kind
	Call string // the call that differed, e.g. "Marshal"
	Diff string // cmp.Diff of the two outcomes, (-want +got)
}

// outcome is everything a caller can observe of one call.
type outcome struct {
	Value any // output as a string, decoded value, or bool
	Err   []errLink
	Panic string
}

// errLink is one error of an Unwrap chain. Offset is kept for the error
// types that carry one, since callers use it to point at the input.
type errLink struct {
	Step    int // which call of a sequence, for stepError chains
	Type    string
	Message string
	Offset  int64
}

func errChain(err error) []errLink {
	var out []errLink
	for err != nil {
		if s, ok := err.(*stepError); ok {
			for _, l := range errChain(s.Err) {
				l.Step = s.Step
				out = append(out, l)
			}
			err = s.next
			continue
		}
		l := errLink{Type: fmt.Sprintf("%T", err), Message: err.Error()}
		switch e := err.(type) {
		case *json.SyntaxError:
			l.Offset = e.Offset
		case *json.UnmarshalTypeError:
			l.Offset = e.Offset
		}
		out = append(out, l)
		err = errors.Unwrap(err)
	}
	return out
}

// observe runs f, turning a panic into part of the outcome.
func observe(f func() (any, error)) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{Panic: fmt.Sprint(r)}
		}
	}()
	v, err := f()
	return outcome{Value: v, Err: errChain(err)}
}

// bytesValue is the observable form of returned bytes: nil stays nil.
func bytesValue(b []byte) any {
	if b == nil {
		return nil
	}
	return string(b)
}

// cmpOptions compare decoded values exactly: unexported fields included,
// times by instant, location name and offset (time.Time.Equal ignores them).
func cmpOptions() cmp.Options {
	return cmp.Options{
		cmp.Exporter(func(reflect.Type) bool { return true }),
		cmp.Transformer("time", func(t time.Time) string { return t.String() }),
		cmpopts.EquateNaNs(),
	}
}

// compare classifies the difference between want (encoding/json) and got.
func compare(call string, want, got outcome) *Mismatch {
	opts := cmpOptions()
	var kind Kind
	switch {
	case want.Panic != got.Panic:
		kind = KindPanic
	case !sameTypes(want.Err, got.Err):
		kind = KindErrorType
	case !reflect.DeepEqual(want.Err, got.Err):
		kind = KindErrorMessage
	case !reflect.DeepEqual(want.Value, got.Value) && !cmp.Equal(want.Value, got.Value, opts):
		// DeepEqual first: cmp's time grows exponentially with the depth
		// of nested slices, and v2's partial values can nest thousands
		// of levels deep.
		kind = KindBytes
	default:
		return nil
	}
	return &Mismatch{Kind: kind, Call: call, Diff: cmp.Diff(want, got, opts)}
}

func sameTypes(a, b []errLink) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type != b[i].Type || a[i].Step != b[i].Step {
			return false
		}
	}
	return true
}

// missing reports an API the implementation lacks.
func missing(call string) *Mismatch {
	return &Mismatch{Kind: KindMissing, Call: call, Diff: "the implementation has no " + call}
}

// formatOutcome shows an outcome in one line, for reports.
func formatOutcome(o outcome) string {
	if o.Panic != "" {
		return "a panic: " + o.Panic
	}
	s := fmt.Sprintf("%q", o.Value)
	for _, e := range o.Err[:min(1, len(o.Err))] {
		s += fmt.Sprintf(" and the error %s: %s", e.Type, e.Message)
	}
	return s
}
