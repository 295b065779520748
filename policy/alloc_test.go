//go:build !safejson_safe

package policy_test

// Allocation counts hold for the default build only: the safe build
// (-tags safejson_safe) reads values through reflection.

import (
	"testing"
	"time"

	"github.com/safejson/safejson/policy"
)

func TestAppendMarshalAllocatesNothingWithRoom(t *testing.T) {
	type small struct {
		A string
		B int
		T time.Time
	}
	v := &small{"</x>", 3, time.Now()}
	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3))
	buf := make([]byte, 0, 256)
	p.AppendMarshal(buf, v) // compile the type's encoder first
	if n := testing.AllocsPerRun(100, func() { buf, _ = p.AppendMarshal(buf[:0], v) }); n != 0 {
		t.Errorf("AppendMarshal made %v allocations, want 0", n)
	}
}
