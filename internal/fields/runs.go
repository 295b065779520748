package fields

// GroupRuns returns members with each run of two or more in a row that
// have the same key replaced by what merge makes of the run. A member
// whose key is not ok is in no run. The engines use it for the members
// reached through one embedded pointer, which a nil pointer leaves out
// together.
func GroupRuns[M any](members []M, key func(*M) (uintptr, bool), merge func([]M) M) []M {
	var out []M
	for i := 0; i < len(members); {
		k, ok := key(&members[i])
		j := i + 1
		for ok && j < len(members) {
			if kj, okj := key(&members[j]); !okj || kj != k {
				break
			}
			j++
		}
		if j-i < 2 {
			out = append(out, members[i])
		} else {
			out = append(out, merge(members[i:j]))
		}
		i = j
	}
	return out
}
